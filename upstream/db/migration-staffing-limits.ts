import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * 0022: the limits of the small companies' staffing indicator become the borrower type's
 * settings, maintained on the client groups screen: the key-group hires' share of the staff
 * (%), the share that suffices above the staff threshold (%) and that threshold. Other borrower
 * types have none. Small companies start with the policy's 15%, 8% above 100 staff.
 */
export const staffingLimits: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('borrower_type_config')
      .addColumn('key_hire_share', 'numeric(5, 2)', (c) => c.check(sql`key_hire_share between 0 and 100`))
      .addColumn('key_hire_large_share', 'numeric(5, 2)', (c) => c.check(sql`key_hire_large_share between 0 and 100`))
      .addColumn('key_hire_staff_threshold', 'integer', (c) => c.check(sql`key_hire_staff_threshold between 1 and 100000`))
      .execute();
    await db.updateTable('borrower_type_config').set({ key_hire_share: '15', key_hire_large_share: '8', key_hire_staff_threshold: 100 })
      .where('borrower_type', '=', 'SMALL_COMPANY').execute();
  },
};
