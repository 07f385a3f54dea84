import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The seeded roles' names and descriptions in Chinese and English (upstream/db/seed/index.ts). */
export const SEEDED_ROLE_TEXTS = [
  { was: 'registered', name: '注册用户', nameEn: 'Registered users', description: '自行注册、等待分配角色的账号', descriptionEn: 'Self-registered accounts awaiting roles' },
  { was: '人社审核员', name: '人社审核员', nameEn: 'Renshe reviewers', description: '人社局的审核人员', descriptionEn: 'Renshe reviewers' },
  { was: '担保审核员', name: '担保审核员', nameEn: 'Guarantee reviewers', description: '担保公司的审核人员', descriptionEn: 'Guarantee company reviewers' },
  { was: '银行审核员', name: '银行审核员', nameEn: 'Bank reviewers', description: '银行的审核人员', descriptionEn: 'Bank reviewers' },
] as const;

/**
 * 0023: a role's name and description in English beside the Chinese ones (empty: the Chinese
 * text serves both languages), the seeded roles filled in both, and the role self-registered
 * accounts receive marked as built in rather than known by its name.
 */
export const roleNames: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('role').addColumn('name_en', 'varchar(64)', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('role').addColumn('description_en', 'varchar(255)', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('role').addColumn('built_in', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
    await sql`create unique index role_built_in_uq on role (built_in) where built_in`.execute(db);
    for (const role of SEEDED_ROLE_TEXTS) {
      // A seeded role still under its seeded name gets both names; its description too, unless an administrator changed it.
      await db.updateTable('role')
        .set((eb) => ({
          name: role.name, name_en: role.nameEn, built_in: role.was === 'registered', version: eb('version', '+', 1), updated_at: new Date(),
          description: eb.case().when('description', '=', role.descriptionEn).then(role.description).else(eb.ref('description')).end(),
          description_en: eb.case().when('description', '=', role.descriptionEn).then(role.descriptionEn).else('').end(),
        }))
        .where('name', '=', role.was)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('role as o').select('o.id').where('o.name', '=', role.name).whereRef('o.id', '<>', 'role.id'))))
        .execute();
    }
    // The registered role stays the built-in one even where another role had taken its Chinese name.
    await db.updateTable('role').set({ built_in: true }).where('name', '=', 'registered')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('role as o').select('o.id').where('o.built_in', '=', true))))
      .execute();
  },
};
