import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { statementTriggers } from './migration-tally';

const CHINA_DAY = `(a.created_at at time zone 'UTC' + interval '8 hours')::date`;
const LEVEL = 'funnel_level(a.status, coalesce(a.last_stage, a.stage))';

/**
 * The application statistics' rollups: `application_tally` summed over fewer dimensions, for
 * 申请统计 without a client group or product filter (its usual forms), which then read a few
 * rows per day whatever the combinations of the nine dimensions:
 *
 * - application_status_tally: per China day, bureau, borrower type, status, funnel level and
 *   refusal reason (the series, regions, borrower types, funnel, refusals);
 * - application_group_tally: per day, bureau, borrower type, client group and status;
 * - application_product_tally: per day, bureau, borrower type, product and status.
 *
 * Kept exact like application_tally by statement-level triggers on application in the
 * transaction of every write; filled here from application_tally itself (already exact, and a
 * fraction of the cases' size). Two indexes serve the forms that filter by client group or
 * product, which still read application_tally.
 *
 * And stage_wait_case: the cases taken off each stage (those with a record of the working days
 * they waited there), by the case's creation time, so that the unfold of a stage's waits reads
 * its page and its count (up to the lists' cap) in the list's order, newest first, instead of
 * walking all the newer cases that have not reached the stage yet. Kept by triggers on
 * approval_record (insert, delete) and on a case's creation time; filled in batches of cases.
 */
const ROLLUPS = [
  { table: 'application_status_tally', columns: ['renshe_org_id', 'borrower_type', 'status', 'level', 'refuse_reason_id'], of: ['a.renshe_org_id', 'a.borrower_type', 'a.status', LEVEL, 'coalesce(a.refuse_reason_id, 0)'] },
  { table: 'application_group_tally', columns: ['renshe_org_id', 'borrower_type', 'client_group_id', 'status'], of: ['a.renshe_org_id', 'a.borrower_type', 'coalesce(a.client_group_id, 0)', 'a.status'] },
  { table: 'application_product_tally', columns: ['renshe_org_id', 'borrower_type', 'product_id', 'status'], of: ['a.renshe_org_id', 'a.borrower_type', 'coalesce(a.product_id, 0)', 'a.status'] },
] as const;

const TYPES: Record<string, string> = {
  renshe_org_id: 'integer', borrower_type: 'varchar(16)', status: 'varchar(16)', level: 'smallint', refuse_reason_id: 'integer', client_group_id: 'integer', product_id: 'integer',
};

export const applyRollup: Migration = {
  async up(db: Kysely<any>) {
    for (const { table, columns } of ROLLUPS) {
      await sql.raw(`create table ${table} (day date not null, ${columns.map((c) => `${c} ${TYPES[c]} not null`).join(', ')},
        n integer not null, amount numeric(18, 2) not null, loan_amount numeric(18, 2) not null, primary key (day, ${columns.join(', ')}))`).execute(db);
    }
    const rollupRows = (rows: string, sign: number) => ROLLUPS.map(({ table, columns, of }) => {
      const keys = ['day', ...columns].join(', ');
      return `
      insert into ${table} as t
        select ${CHINA_DAY}, ${of.join(', ')}, ${sign} * count(*), ${sign} * sum(a.amount), ${sign} * coalesce(sum(a.loan_amount), 0)
        from ${rows} a group by ${['day', ...columns].map((_, i) => i + 1).join(', ')}
      on conflict (${keys}) do update set n = t.n + excluded.n, amount = t.amount + excluded.amount, loan_amount = t.loan_amount + excluded.loan_amount;`;
    }).join('');
    await statementTriggers(db, 'application', 'application_rollup', rollupRows);
    for (const { table, columns } of ROLLUPS) {
      const keys = ['day', ...columns].join(', ');
      await sql.raw(`insert into ${table} select ${keys}, sum(n), sum(amount), sum(loan_amount) from application_tally group by ${keys}`).execute(db);
    }
    await sql`create index application_tally_group_idx on application_tally (client_group_id, day)`.execute(db);
    await sql`create index application_tally_product_idx on application_tally (product_id, day)`.execute(db);
    await stageWaitCases(db);
    await sql.raw(`analyze ${ROLLUPS.map((r) => r.table).join(', ')}, application_tally, stage_wait_case`).execute(db);
  },
};

const BACKFILL_BATCH = 200_000;

async function stageWaitCases(db: Kysely<any>) {
  await sql`create table stage_wait_case (
      stage varchar(16) not null, application_id integer not null references application (id) on delete cascade,
      created_at timestamptz not null, primary key (application_id, stage))`.execute(db);
  await sql`create function stage_wait_case_insert() returns trigger language plpgsql as $$ begin
      insert into stage_wait_case (stage, application_id, created_at)
        select distinct r.stage, a.id, a.created_at from new_rows r join application a on a.id = r.application_id where r.wait_days is not null
      on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger stage_wait_case_insert after insert on approval_record referencing new table as new_rows
    for each statement execute function stage_wait_case_insert()`.execute(db);
  // A case leaves the table for a stage when its last record of a wait there goes (a case's deletion cascades).
  await sql`create function stage_wait_case_delete() returns trigger language plpgsql as $$ begin
      delete from stage_wait_case w using (select distinct application_id, stage from old_rows where wait_days is not null) o
        where w.application_id = o.application_id and w.stage = o.stage
          and not exists (select 1 from approval_record r where r.application_id = o.application_id and r.stage = o.stage and r.wait_days is not null);
      return null;
    end $$`.execute(db);
  await sql`create trigger stage_wait_case_delete after delete on approval_record referencing old table as old_rows
    for each statement execute function stage_wait_case_delete()`.execute(db);
  await sql`create function stage_wait_case_created() returns trigger language plpgsql as $$ begin
      update stage_wait_case set created_at = new.created_at where application_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger stage_wait_case_created after update of created_at on application for each row
    when (old.created_at is distinct from new.created_at) execute function stage_wait_case_created()`.execute(db);
  const { rows } = await sql<{ hi: number | null }>`select max(id) as hi from application`.execute(db);
  for (let from = 0; from <= (rows[0]?.hi ?? 0); from += BACKFILL_BATCH) {
    await sql`insert into stage_wait_case (stage, application_id, created_at)
        select w.stage, a.id, a.created_at from (select distinct application_id, stage from approval_record
          where wait_days is not null and application_id > ${from} and application_id <= ${from + BACKFILL_BATCH}) w
        join application a on a.id = w.application_id`.execute(db);
  }
  await sql`create index stage_wait_case_created_idx on stage_wait_case (stage, created_at desc, application_id desc)`.execute(db);
}
