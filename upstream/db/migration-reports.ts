import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { createTallies } from './migration-tally';
import { createLoanTallies } from './migration-loan-tally';

/**
 * 0014: what the mortgage stage records on a house (its mortgage registration number), the
 * guarantee companies' quotas, the application statistics' and the monthly report's summary tables (migration-tally.ts,
 * migration-loan-tally.ts)
 * and the indexes of the reports (loans issued by month; houses by state).
 */
export const reports: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('house_property').addColumn('mortgage_no', 'varchar(64)', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('house_property').addColumn('updated_by', 'integer', (c) => c.references('app_user.id')).execute();
    await db.schema.createIndex('house_property_state_idx').on('house_property').columns(['mortgage_state', 'id']).execute();

    // The total a guarantee company may guarantee at once (its quota); the balance it guarantees is counted from the loans.
    await db.schema.createTable('guarantee_quota')
      .addColumn('org_id', 'integer', (c) => c.primaryKey().references('organization.id').onDelete('cascade'))
      .addColumn('quota', 'numeric(14, 2)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    // Loans issued, by the day they were issued (the monthly report and the guarantee balances).
    await createTallies(db);
    await createLoanTallies(db);

    await sql`create index application_loan_date_idx on application (loan_date, guarantee_org_id) include (loan_amount, term_months, bank_org_id) where status = 'LOANED'`.execute(db);
  },
};
