import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { MENU_ROUTES } from '../../lib/contract/menu-routes';
import { syncMenus } from './seed';
import { grantPostLoan } from './seed/post-loan-grants';

const fen = 'bigint';

/**
 * 0037: the loan after issue (DOMAIN.md section 6). A loan account per issued loan with its
 * schedule, the bank's repayment reports, compensations (four eyes), recoveries, write-offs, the
 * guarantee funds' entries, the keys of post-loan actions and the post-loan settings (seeded:
 * claim after 90 days overdue, write-off after 3 years, leverage at most 5, compensation rate
 * flagged above 5%). The accounts of loans issued before are opened after the migrations, in
 * batches (upstream/modules/loans/backfill.ts), not here: one transaction over every loan would
 * hold a large database for minutes. On an existing installation the seeded roles get the new pages.
 */
export const loans: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('loan_account')
      .addColumn('application_id', 'integer', (c) => c.primaryKey().references('application.id'))
      .addColumn('bank_org_id', 'integer', (c) => c.notNull())
      .addColumn('guarantee_org_id', 'integer', (c) => c.notNull())
      .addColumn('renshe_org_id', 'integer', (c) => c.notNull())
      .addColumn('principal', fen, (c) => c.notNull().check(sql`principal > 0`))
      .addColumn('outstanding', fen, (c) => c.notNull().check(sql`outstanding >= 0`))
      .addColumn('issue_date', 'date', (c) => c.notNull())
      .addColumn('maturity_date', 'date', (c) => c.notNull())
      .addColumn('term_months', 'integer', (c) => c.notNull())
      .addColumn('rate', 'numeric(8, 6)', (c) => c.notNull())
      .addColumn('method', 'varchar(20)', (c) => c.notNull())
      .addColumn('state', 'varchar(12)', (c) => c.notNull())
      .addColumn('overdue_days', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_due_date', 'date')
      .addColumn('next_due_amount', fen)
      .addColumn('settled_how', 'varchar(12)')
      .addColumn('settled_on', 'date')
      .addColumn('compensated', fen, (c) => c.notNull().defaultTo(0))
      .addColumn('compensated_on', 'date')
      .addColumn('recovered', fen, (c) => c.notNull().defaultTo(0))
      .addColumn('written_off', fen, (c) => c.notNull().defaultTo(0))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    // The ledger's pages come off these in order (upstream/modules/loans/read.ts): by next due date,
    // for everyone and per kind of organisation (each its own scope), with or without a state; the
    // operator's other orders. The daily roll walks the state and due date.
    for (const org of ['bank_org_id', 'guarantee_org_id', 'renshe_org_id']) {
      await sql`create index ${sql.raw(`loan_account_${org}_idx`)} on loan_account (${sql.raw(org)}, next_due_date, application_id)`.execute(db);
      await sql`create index ${sql.raw(`loan_account_${org}_state_idx`)} on loan_account (${sql.raw(org)}, state, next_due_date, application_id)`.execute(db);
    }
    await sql`create index loan_account_due_idx on loan_account (state, next_due_date, application_id)`.execute(db);
    await sql`create index loan_account_next_idx on loan_account (next_due_date, application_id)`.execute(db);
    for (const column of ['outstanding', 'issue_date', 'overdue_days']) {
      await sql`create index ${sql.raw(`loan_account_${column}_idx`)} on loan_account (${sql.raw(column)}, application_id)`.execute(db);
    }

    await db.schema.createTable('loan_period')
      .addColumn('application_id', 'integer', (c) => c.notNull().references('loan_account.application_id'))
      .addColumn('period', 'integer', (c) => c.notNull())
      .addColumn('due_date', 'date', (c) => c.notNull())
      .addColumn('principal', fen, (c) => c.notNull())
      .addColumn('interest', fen, (c) => c.notNull())
      .addColumn('paid_principal', fen, (c) => c.notNull().defaultTo(0))
      .addColumn('paid_interest', fen, (c) => c.notNull().defaultTo(0))
      .addColumn('paid_on', 'date')
      .addColumn('state', 'varchar(10)', (c) => c.notNull())
      .addColumn('overdue_days', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('loan_period_pk', ['application_id', 'period'])
      .execute();
    // The daily roll finds the periods fallen due and unpaid.
    await sql`create index loan_period_due_idx on loan_period (due_date, application_id) where state = 'DUE'`.execute(db);

    await db.schema.createTable('loan_repayment')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('application_id', 'integer', (c) => c.notNull().references('loan_account.application_id'))
      .addColumn('report_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('kind', 'varchar(10)', (c) => c.notNull())
      .addColumn('period', 'integer')
      .addColumn('paid_on', 'date', (c) => c.notNull())
      .addColumn('principal', fen, (c) => c.notNull())
      .addColumn('interest', fen, (c) => c.notNull())
      .addColumn('late_days', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('recorded_by', 'integer')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('loan_repayment_report_uq', ['application_id', 'report_id'])
      .execute();

    await db.schema.createTable('loan_compensation')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('application_id', 'integer', (c) => c.notNull().references('loan_account.application_id'))
      .addColumn('principal', fen, (c) => c.notNull())
      .addColumn('interest', fen, (c) => c.notNull())
      .addColumn('paid_on', 'date', (c) => c.notNull())
      .addColumn('state', 'varchar(10)', (c) => c.notNull())
      .addColumn('recorded_by', 'integer')
      .addColumn('decided_by', 'integer')
      .addColumn('opinion', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('decided_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create index loan_compensation_app_idx on loan_compensation (application_id)`.execute(db);

    await db.schema.createTable('loan_recovery')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('application_id', 'integer', (c) => c.notNull().references('loan_account.application_id'))
      .addColumn('recovered_on', 'date', (c) => c.notNull())
      .addColumn('amount', fen, (c) => c.notNull())
      .addColumn('source', 'varchar(12)', (c) => c.notNull())
      .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('recorded_by', 'integer')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create index loan_recovery_app_idx on loan_recovery (application_id)`.execute(db);

    await db.schema.createTable('loan_write_off')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('application_id', 'integer', (c) => c.notNull().references('loan_account.application_id'))
      .addColumn('amount', fen, (c) => c.notNull())
      .addColumn('reason', 'varchar(500)', (c) => c.notNull())
      .addColumn('state', 'varchar(10)', (c) => c.notNull())
      .addColumn('requested_by', 'integer')
      .addColumn('decided_by', 'integer')
      .addColumn('opinion', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('decided_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create index loan_write_off_app_idx on loan_write_off (application_id)`.execute(db);

    await db.schema.createTable('guarantee_fund_entry')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('org_id', 'integer', (c) => c.notNull().references('organization.id'))
      .addColumn('kind', 'varchar(14)', (c) => c.notNull())
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('amount', fen, (c) => c.notNull())
      .addColumn('source', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('application_id', 'integer')
      .addColumn('recorded_by', 'integer')
      .addColumn('client_key', 'varchar(64)', (c) => c.unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create index guarantee_fund_entry_org_idx on guarantee_fund_entry (org_id, id desc)`.execute(db);

    await db.schema.createTable('loan_action_key')
      .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('action', 'varchar(32)', (c) => c.notNull())
      .addColumn('application_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema.createTable('post_loan_setting')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('claim_days', 'integer', (c) => c.notNull())
      .addColumn('write_off_years', 'integer', (c) => c.notNull())
      .addColumn('leverage_max', 'numeric(6, 2)', (c) => c.notNull())
      .addColumn('compensation_rate_max', 'numeric(6, 2)', (c) => c.notNull())
      .addColumn('compensation_rate_action', 'varchar(8)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'timestamptz')
      .execute();
    await db.insertInto('post_loan_setting').values({
      id: 1, claim_days: 90, write_off_years: 3, leverage_max: '5', compensation_rate_max: '5', compensation_rate_action: 'FLAG',
    }).execute();

    // An existing installation: its menu gains the new pages and its seeded roles their grants.
    if (await db.selectFrom('role').select('id').executeTakeFirst()) {
      await syncMenus(db, MENU_ROUTES, null);
      await grantPostLoan(db);
    }
  },
};
