import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { statementTriggers } from './migration-tally';

const CHINA_DAY = (column: string) => `(${column} at time zone 'UTC' + interval '8 hours')::date`;

/**
 * 0018: the summary tables of the bank and guarantee statistics (银行统计, 机构业务统计 and their
 * counts per borrower type), kept exact by statement-level triggers like the application
 * statistics' (migration-tally.ts), so that they answer from a few thousand rows per month
 * whatever the number of cases, for every scope (the organisation columns are kept):
 *
 * - case_tally: applications per China day of creation, bureau, guarantee company, bank,
 *   borrower type, status and stage, with their amounts;
 * - case_overdue_tally: cases in review per the same day and organisations, borrower type,
 *   stage and the China day of their deadline (those due before today are overdue; today's
 *   are counted live);
 * - guarantee_tally: per guarantee company the loans issued by the day issued and the day their
 *   term ends (the balance guaranteed on a day sums those issued by then and not yet ended), and
 *   the approved cases waiting for the loan at their guarantee quota (getBondingCompanyList);
 *
 * and the indexes of the application statistics' unfolds: refusals by reason, cases in review by
 * creation, the records that took a case off a stage.
 */
export const caseTally: Migration = {
  async up(db: Kysely<any>) {
    await sql`create table case_tally (
        day date not null, renshe_org_id integer not null, guarantee_org_id integer not null, bank_org_id integer not null,
        borrower_type varchar(16) not null, status varchar(16) not null, stage varchar(16) not null,
        n integer not null, amount numeric(18, 2) not null, loan_amount numeric(18, 2) not null,
        primary key (day, renshe_org_id, guarantee_org_id, bank_org_id, borrower_type, status, stage))`.execute(db);
    const caseRows = (rows: string, sign: number) => `
        insert into case_tally as t
          select ${CHINA_DAY('a.created_at')}, coalesce(a.renshe_org_id, 0), coalesce(a.guarantee_org_id, 0), coalesce(a.bank_org_id, 0),
            a.borrower_type, a.status, coalesce(a.stage, ''), ${sign} * count(*), ${sign} * sum(a.amount), ${sign} * coalesce(sum(a.loan_amount), 0)
          from ${rows} a group by 1, 2, 3, 4, 5, 6, 7
        on conflict (day, renshe_org_id, guarantee_org_id, bank_org_id, borrower_type, status, stage)
        do update set n = t.n + excluded.n, amount = t.amount + excluded.amount, loan_amount = t.loan_amount + excluded.loan_amount;`;
    await statementTriggers(db, 'application', 'case_tally', caseRows);
    await sql.raw(caseRows('application', 1).replace(/on conflict[\s\S]*$/, '')).execute(db);

    await sql`create table case_overdue_tally (
        day date not null, renshe_org_id integer not null, guarantee_org_id integer not null, bank_org_id integer not null,
        borrower_type varchar(16) not null, stage varchar(16) not null, deadline_day date not null, n integer not null,
        primary key (day, renshe_org_id, guarantee_org_id, bank_org_id, borrower_type, stage, deadline_day))`.execute(db);
    const reviewRows = (rows: string, sign: number) => `
        insert into case_overdue_tally as t
          select ${CHINA_DAY('a.created_at')}, coalesce(a.renshe_org_id, 0), coalesce(a.guarantee_org_id, 0), coalesce(a.bank_org_id, 0),
            a.borrower_type, coalesce(a.stage, ''), ${CHINA_DAY('a.deadline')}, ${sign} * count(*)
          from ${rows} a where a.status = 'IN_REVIEW' and a.deadline is not null group by 1, 2, 3, 4, 5, 6, 7
        on conflict (day, renshe_org_id, guarantee_org_id, bank_org_id, borrower_type, stage, deadline_day) do update set n = t.n + excluded.n;`;
    await statementTriggers(db, 'application', 'case_overdue_tally', reviewRows);
    await sql.raw(reviewRows('application', 1).replace(/on conflict[\s\S]*$/, '')).execute(db);

    await sql`create table guarantee_tally (
        guarantee_org_id integer not null, status varchar(16) not null, start_day date not null, end_day date not null,
        n integer not null, amount numeric(18, 2) not null, primary key (guarantee_org_id, status, start_day, end_day))`.execute(db);
    // A loan counts from the day issued to the day its term ends; a case waiting for the loan has no days (the epoch).
    const guaranteeRows = (rows: string, sign: number) => `
        insert into guarantee_tally as t
          select coalesce(a.guarantee_org_id, 0), a.status,
            case when a.status = 'LOANED' then a.loan_date else date '1970-01-01' end,
            case when a.status = 'LOANED' then (a.loan_date + make_interval(months => a.term_months))::date else date '1970-01-01' end,
            ${sign} * count(*), ${sign} * coalesce(sum(case when a.status = 'LOANED' then a.loan_amount else coalesce(a.guarantee_quota, a.amount) end), 0)
          from ${rows} a where (a.status = 'LOANED' and a.loan_date is not null) or a.status = 'APPROVED' group by 1, 2, 3, 4
        on conflict (guarantee_org_id, status, start_day, end_day) do update set n = t.n + excluded.n, amount = t.amount + excluded.amount;`;
    await statementTriggers(db, 'application', 'guarantee_tally', guaranteeRows);
    await sql.raw(guaranteeRows('application', 1).replace(/on conflict[\s\S]*$/, '')).execute(db);

    await sql`create index application_refused_idx on application (refuse_reason_id, created_at desc, id desc) where status = 'REFUSED'`.execute(db);
    await sql`create index application_in_review_idx on application (created_at desc, id desc) include (deadline) where status = 'IN_REVIEW'`.execute(db);
    await sql`create index approval_record_waits_idx on approval_record (application_id, stage) where wait_days is not null`.execute(db);
    // The planner learns the filled summaries' sizes now, not at the next autovacuum (which may be off).
    await sql`analyze case_tally, case_overdue_tally, guarantee_tally, application_tally, stage_tally, overdue_tally`.execute(db);
  },
};
