import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * 0036: the renshe group's English title matches its pages ('Renshe first review'...) and the
 * guarantee and bank groups ('Guarantee review', 'Bank review'): 'Renshe review'. A title an
 * administrator changed is left as it is.
 */
export const menuTitles: Migration = {
  async up(db: Kysely<any>) {
    await db.updateTable('permission').set({ title_en: 'Renshe review' })
      .where('kind', '=', 'MENU').where('path', '=', '/renshe').where('title_en', '=', 'Social security review').execute();
  },
};
