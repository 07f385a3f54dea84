import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { MODULE_NAMES } from './seed/workflow-names';

/**
 * 0032: an approval flow's English name beside its Chinese one (blank: every reader sees the
 * Chinese name), so the flow list and a case's details name the flow in the reader's language;
 * the seeded flows get theirs (an install seeded later gets them from the seed).
 */
export const flowNames: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('approval_module').addColumn('name_en', 'varchar(64)', (c) => c.notNull().defaultTo('')).execute();
    const rows = Object.values(MODULE_NAMES).map(({ zh, en }) => sql`(${zh}, ${en})`);
    await sql`update approval_module m set name_en = v.en from (values ${sql.join(rows)}) as v(zh, en) where m.name = v.zh`.execute(db);
  },
};
