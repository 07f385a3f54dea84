import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { REGION_NAMES_EN } from './seed/regions-en';

/**
 * 0031: a region's English name beside its Chinese one, so statistics, reports and the region
 * picker show regions in the reader's language; the seeded regions get theirs (an install
 * seeded later gets them from the seed).
 */
export const regionNames: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('region').addColumn('name_en', 'varchar(64)', (c) => c.notNull().defaultTo('')).execute();
    const rows = Object.entries(REGION_NAMES_EN).map(([code, en]) => sql`(${code}, ${en})`);
    await sql`update region r set name_en = v.en from (values ${sql.join(rows)}) as v(code, en) where r.code = v.code`.execute(db);
  },
};
