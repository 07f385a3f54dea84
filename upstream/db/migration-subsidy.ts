import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { MENU_ROUTES } from '../../lib/contract/menu-routes';
import { syncMenus } from './seed';
import { grantSubsidy } from './seed/post-loan-grants';
import { loanTallySql } from './migration-loan-tally';

const fen = 'bigint';

/** The one-year LPR as published (and the benchmark rate before it), effective from each date. */
const LPR_HISTORY: readonly [string, string][] = [
  ['2015-10-24', '0.0435'], ['2019-08-20', '0.0425'], ['2019-09-20', '0.0420'], ['2019-11-20', '0.0415'], ['2020-02-20', '0.0405'],
  ['2020-04-20', '0.0385'], ['2021-12-20', '0.0380'], ['2022-01-20', '0.0370'], ['2022-08-22', '0.0365'], ['2023-06-20', '0.0355'],
  ['2023-08-21', '0.0345'], ['2024-07-22', '0.0335'], ['2024-10-21', '0.0310'], ['2025-05-20', '0.0300'],
];

/**
 * 0041: the interest subsidy 贴息 (DOMAIN.md section 6).
 *
 * - lpr_history: the LPR from each effective date; a loan takes the one in force on its signing.
 * - subsidy_rule: the rule of each borrower type, versioned by the due date a version takes
 *   effect on (seeded: the national rule, LPR − 150 bp, for 3 years for persons and partnerships
 *   and 2 for small companies, for a person's first 3 loans).
 * - loan_account gains the borrower type, the LPR of its signing, which of the person's loans it
 *   is and whether it was extended; loan_period the subsidy and the borrower's part of a period
 *   repaid (and the rule version). The accounts opened before are filled after the migrations,
 *   in batches (upstream/modules/subsidy/backfill.ts).
 * - subsidy_claim, its lines (a period is claimed once: a unique index over the lines not left
 *   out) and its steps; subsidy_tally, the subsidy owed, claimed and paid per month of repayment,
 *   bureau, bank, guarantee company and product (and the periods owed and claimed), written by
 *   the service with each change. It
 *   replaces the old estimate (a share of the interest on the whole amount over the whole term).
 */
export const subsidy: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('lpr_history')
      .addColumn('effective_from', 'date', (c) => c.primaryKey())
      .addColumn('rate', 'numeric(6, 4)', (c) => c.notNull().check(sql`rate > 0`))
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.insertInto('lpr_history').values(LPR_HISTORY.map(([effective_from, rate]) => ({ effective_from, rate }))).execute();

    await db.schema.createTable('subsidy_rule')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('borrower_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('effective_from', 'date', (c) => c.notNull())
      .addColumn('kind', 'varchar(12)', (c) => c.notNull())
      .addColumn('offset_bp', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('share', 'numeric(5, 4)', (c) => c.notNull().defaultTo(0))
      .addColumn('years', 'integer', (c) => c.notNull())
      .addColumn('max_loans', 'integer', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('subsidy_rule_version_uq', ['borrower_type', 'effective_from'])
      .execute();
    await db.insertInto('subsidy_rule').values([['PERSON', 3], ['PARTNERSHIP', 3], ['SMALL_COMPANY', 2]].map(([borrower_type, years]) => ({
      borrower_type, effective_from: '2000-01-01', kind: 'LPR_OFFSET', offset_bp: -150, share: '0', years, max_loans: 3,
    }))).execute();

    await db.schema.alterTable('loan_account')
      .addColumn('borrower_type', 'varchar(16)')
      .addColumn('lpr', 'numeric(6, 4)')
      .addColumn('subsidy_seq', 'integer')
      .addColumn('extended', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await sql`create index loan_account_terms_todo_idx on loan_account (application_id) where borrower_type is null`.execute(db);
    await db.schema.alterTable('loan_period')
      .addColumn('subsidy', fen)
      .addColumn('borrower_interest', fen)
      .addColumn('subsidy_rule_id', 'integer')
      .execute();
    // The claimable periods: repaid on time with a subsidy, by the month they were paid.
    await sql`create index loan_period_subsidy_idx on loan_period (paid_on, application_id) where subsidy > 0`.execute(db);

    await db.schema.createTable('subsidy_claim')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('bank_org_id', 'integer', (c) => c.notNull())
      .addColumn('renshe_org_id', 'integer', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('quarter', 'integer', (c) => c.notNull().check(sql`quarter between 1 and 4`))
      .addColumn('state', 'varchar(12)', (c) => c.notNull())
      .addColumn('periods', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('amount', fen, (c) => c.notNull().defaultTo(0))
      .addColumn('submitted_at', 'timestamptz')
      .addColumn('checked_by', 'integer')
      .addColumn('paid_on', 'date')
      .addColumn('paid_amount', fen)
      .addColumn('voucher_no', 'varchar(64)')
      .addColumn('created_by', 'integer', (c) => c.notNull())
      .addColumn('client_key', 'varchar(64)')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create index subsidy_claim_bank_idx on subsidy_claim (bank_org_id, id desc)`.execute(db);
    await sql`create index subsidy_claim_renshe_idx on subsidy_claim (renshe_org_id, id desc)`.execute(db);
    await db.schema.createTable('subsidy_claim_line')
      .addColumn('claim_id', 'integer', (c) => c.notNull().references('subsidy_claim.id').onDelete('cascade'))
      .addColumn('application_id', 'integer', (c) => c.notNull())
      .addColumn('period', 'integer', (c) => c.notNull())
      .addColumn('subsidy', fen, (c) => c.notNull())
      .addColumn('excluded', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addPrimaryKeyConstraint('subsidy_claim_line_pk', ['claim_id', 'application_id', 'period'])
      .execute();
    await sql`create unique index subsidy_claim_line_once on subsidy_claim_line (application_id, period) where not excluded`.execute(db);
    await db.schema.createTable('subsidy_claim_step')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('claim_id', 'integer', (c) => c.notNull().references('subsidy_claim.id').onDelete('cascade'))
      .addColumn('action', 'varchar(12)', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('opinion', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create index subsidy_claim_step_claim_idx on subsidy_claim_step (claim_id, id)`.execute(db);

    // The old estimate goes: the loan tally's triggers no longer write it.
    for (const [event, body] of [['insert', loanTallySql('new_rows', 1, false)], ['update', loanTallySql('old_rows', -1, false) + loanTallySql('new_rows', 1, false)], ['delete', loanTallySql('old_rows', -1, false)]]) {
      await sql.raw(`create or replace function loan_tally_${event}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`).execute(db);
    }
    await db.schema.dropTable('subsidy_tally').execute();
    await sql`create table subsidy_tally (
        month date not null, renshe_org_id integer not null, bank_org_id integer not null, guarantee_org_id integer not null, product_id integer not null,
        owed bigint not null default 0, claimed bigint not null default 0, paid bigint not null default 0,
        owed_n integer not null default 0, claimed_n integer not null default 0,
        primary key (month, renshe_org_id, bank_org_id, guarantee_org_id, product_id))`.execute(db);

    // An existing installation: its menu gains the new pages and its seeded roles their grants.
    if (await db.selectFrom('role').select('id').executeTakeFirst()) {
      await syncMenus(db, MENU_ROUTES, null);
      await grantSubsidy(db);
    }
  },
};
