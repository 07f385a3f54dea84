import { sql, type Kysely } from 'kysely';

/**
 * The application statistics' summary tables, kept exact by triggers in the transaction of
 * every write (DOMAIN.md section 5; answers within 500 ms at 1,000,000 applications):
 *
 * - application.last_stage: the stage a case was last at (it keeps the stage where a case was
 *   refused, withdrawn or returned, which `stage` forgets);
 * - approval_record.wait_days: for each record that takes a case off a stage, the working days
 *   (Monday to Friday, China's calendar) since the case entered that stage;
 * - application_tally: applications per China day of creation, bureau, borrower type, client
 *   group, product, status, stage, funnel level and refusal reason, with their amounts;
 * - overdue_tally: cases in review by the day of their deadline (the overdue share);
 * - stage_tally: the records that took cases off each stage, with the working days they waited,
 *   by the same day and dimensions of their case.
 */
export async function createTallies(db: Kysely<any>) {
  // Working days after the China day of `a` up to and including the China day of `b` (lib/workflow/working-days.ts).
  await sql`create function working_days(a timestamptz, b timestamptz) returns integer language sql stable as $$
    select case when e <= s then 0 else ((e - s) / 7) * 5
      + (select count(*)::int from generate_series(((e - s) / 7) * 7 + 1, e - s) i where extract(isodow from s + i) < 6) end
    from (select (a at time zone 'UTC' + interval '8 hours')::date as s, (b at time zone 'UTC' + interval '8 hours')::date as e) x
  $$`.execute(db);
  // How far a case got: 0 submitted, 1 past renshe, 2 past the guarantee company, 3 approved by the bank, 4 loaned.
  await sql`create function funnel_level(status varchar, last_stage varchar) returns smallint language sql immutable as $$
    -- Called with coalesce(last_stage, stage).
    select (case when status = 'LOANED' then 4 when status in ('APPROVED', 'NOT_ISSUED') then 3
      when last_stage like 'BANK%' then 2 when last_stage like 'GC%' then 1 else 0 end)::smallint
  $$`.execute(db);

  await db.schema.alterTable('application').addColumn('last_stage', 'varchar(16)').execute();
  // Cases at a stage read it from `stage` until their next write; only those that left one need it copied now.
  await sql`update application a set last_stage = r.stage from (
      select distinct on (application_id) application_id, stage from approval_record
      where stage is not null and action in ('REFUSE', 'WITHDRAW', 'RETURN') order by application_id, id desc) r
    where a.id = r.application_id and a.stage is null`.execute(db);
  await sql`create function application_last_stage() returns trigger language plpgsql as $$ begin
      new.last_stage := coalesce(new.stage, new.last_stage, case when tg_op = 'UPDATE' then old.last_stage end);
      return new;
    end $$`.execute(db);
  await sql`create trigger application_last_stage before insert or update on application for each row execute function application_last_stage()`.execute(db);
  // A refusal, withdrawal or return clears the case's stage: the record names where it stopped.
  await sql`create function record_last_stage() returns trigger language plpgsql as $$ begin
      update application set last_stage = new.stage where id = new.application_id and stage is null and last_stage is distinct from new.stage;
      return null;
    end $$`.execute(db);
  await sql`create trigger record_last_stage after insert on approval_record for each row
    when (new.stage is not null and new.action in ('REFUSE', 'WITHDRAW', 'RETURN')) execute function record_last_stage()`.execute(db);

  await db.schema.alterTable('approval_record').addColumn('wait_days', 'integer').execute();
  await sql`create function record_wait_days() returns trigger language plpgsql as $$ begin
      select working_days(e.created_at, new.created_at) into new.wait_days from approval_record e
        where e.application_id = new.application_id and e.to_stage = new.stage and e.stage is distinct from new.stage and e.id < new.id
        order by e.id desc limit 1;
      return new;
    end $$`.execute(db);
  await sql`create trigger record_wait_days before insert on approval_record for each row
    when (new.stage is not null and new.action in ('CHECK', 'REFUSE', 'REJECT', 'RETURN', 'WITHDRAW')) execute function record_wait_days()`.execute(db);
  await sql`update approval_record r set wait_days = (
      select working_days(e.created_at, r.created_at) from approval_record e
      where e.application_id = r.application_id and e.to_stage = r.stage and e.stage is distinct from r.stage and e.id < r.id
      order by e.id desc limit 1)
    where r.stage is not null and r.action in ('CHECK', 'REFUSE', 'REJECT', 'RETURN', 'WITHDRAW')`.execute(db);

  await sql`create table application_tally (
      day date not null, renshe_org_id integer not null, borrower_type varchar(16) not null, client_group_id integer not null,
      product_id integer not null, status varchar(16) not null, stage varchar(16) not null, level smallint not null, refuse_reason_id integer not null,
      n integer not null, amount numeric(18, 2) not null, loan_amount numeric(18, 2) not null,
      primary key (day, renshe_org_id, borrower_type, client_group_id, product_id, status, stage, level, refuse_reason_id))`.execute(db);
  // Statement-level triggers over the rows a statement wrote: one upsert per group, however many rows a batch holds.
  const applicationRows = (rows: string, sign: number) => `
      insert into application_tally as t
        select (a.created_at at time zone 'UTC' + interval '8 hours')::date, a.renshe_org_id, a.borrower_type, coalesce(a.client_group_id, 0),
          coalesce(a.product_id, 0), a.status, coalesce(a.stage, ''), funnel_level(a.status, coalesce(a.last_stage, a.stage)), coalesce(a.refuse_reason_id, 0),
          ${sign} * count(*), ${sign} * sum(a.amount), ${sign} * coalesce(sum(a.loan_amount), 0)
        from ${rows} a group by 1, 2, 3, 4, 5, 6, 7, 8, 9
      on conflict (day, renshe_org_id, borrower_type, client_group_id, product_id, status, stage, level, refuse_reason_id)
      do update set n = t.n + excluded.n, amount = t.amount + excluded.amount, loan_amount = t.loan_amount + excluded.loan_amount;`;
  await statementTriggers(db, 'application', 'application_tally', applicationRows);
  await sql`insert into application_tally
      select (created_at at time zone 'UTC' + interval '8 hours')::date, renshe_org_id, borrower_type, coalesce(client_group_id, 0), coalesce(product_id, 0),
        status, coalesce(stage, ''), funnel_level(status, coalesce(last_stage, stage)), coalesce(refuse_reason_id, 0), count(*), sum(amount), coalesce(sum(loan_amount), 0)
      from application group by 1, 2, 3, 4, 5, 6, 7, 8, 9`.execute(db);

  await createOverdueTally(db);

  await sql`create table stage_tally (
      day date not null, renshe_org_id integer not null, borrower_type varchar(16) not null, client_group_id integer not null,
      product_id integer not null, stage varchar(16) not null, n integer not null, wait_days bigint not null,
      primary key (day, renshe_org_id, borrower_type, client_group_id, product_id, stage))`.execute(db);
  await sql.raw(`create function stage_tally() returns trigger language plpgsql as $$ begin
      insert into stage_tally as t
        select (a.created_at at time zone 'UTC' + interval '8 hours')::date, a.renshe_org_id, a.borrower_type, coalesce(a.client_group_id, 0),
          coalesce(a.product_id, 0), r.stage, count(*), sum(r.wait_days)
        from new_rows r join application a on a.id = r.application_id where r.wait_days is not null group by 1, 2, 3, 4, 5, 6
      on conflict (day, renshe_org_id, borrower_type, client_group_id, product_id, stage)
      do update set n = t.n + excluded.n, wait_days = t.wait_days + excluded.wait_days;
      return null;
    end $$`).execute(db);
  await sql`create trigger stage_tally after insert on approval_record referencing new table as new_rows for each statement execute function stage_tally()`.execute(db);
  await sql`insert into stage_tally
      select (a.created_at at time zone 'UTC' + interval '8 hours')::date, a.renshe_org_id, a.borrower_type, coalesce(a.client_group_id, 0),
        coalesce(a.product_id, 0), r.stage, count(*), sum(r.wait_days)
      from approval_record r join application a on a.id = r.application_id where r.wait_days is not null group by 1, 2, 3, 4, 5, 6`.execute(db);
}

/**
 * Three statement-level triggers on `table` (insert, update, delete; PostgreSQL allows one
 * event per trigger with transition tables) running `apply(rows, sign)`: the new rows added,
 * the old rows taken away.
 */
export async function statementTriggers(db: Kysely<any>, table: string, name: string, apply: (rows: string, sign: number) => string) {
  const fn = (event: string, body: string) => sql.raw(`create function ${name}_${event}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`).execute(db);
  await fn('insert', apply('new_rows', 1));
  await fn('update', apply('old_rows', -1) + apply('new_rows', 1));
  await fn('delete', apply('old_rows', -1));
  await sql.raw(`create trigger ${name}_insert after insert on ${table} referencing new table as new_rows for each statement execute function ${name}_insert()`).execute(db);
  await sql.raw(`create trigger ${name}_update after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function ${name}_update()`).execute(db);
  await sql.raw(`create trigger ${name}_delete after delete on ${table} referencing old table as old_rows for each statement execute function ${name}_delete()`).execute(db);
}

/** overdue_tally: cases in review by the China day of their deadline, kept like the others, filled from the cases already there. */
async function createOverdueTally(db: Kysely<any>) {
  // Those due before today are overdue whatever the hour; today's are counted live.
  await sql`create table overdue_tally (
      day date not null, renshe_org_id integer not null, borrower_type varchar(16) not null, client_group_id integer not null,
      product_id integer not null, deadline_day date not null, n integer not null,
      primary key (day, renshe_org_id, borrower_type, client_group_id, product_id, deadline_day))`.execute(db);
  const reviewRows = (rows: string, sign: number) => `
      insert into overdue_tally as t
        select (a.created_at at time zone 'UTC' + interval '8 hours')::date, a.renshe_org_id, a.borrower_type, coalesce(a.client_group_id, 0),
          coalesce(a.product_id, 0), (a.deadline at time zone 'UTC' + interval '8 hours')::date, ${sign} * count(*)
        from ${rows} a where a.status = 'IN_REVIEW' and a.deadline is not null group by 1, 2, 3, 4, 5, 6
      on conflict (day, renshe_org_id, borrower_type, client_group_id, product_id, deadline_day) do update set n = t.n + excluded.n;`;
  await statementTriggers(db, 'application', 'overdue_tally', reviewRows);
  await sql.raw(reviewRows('application', 1).replace(/on conflict[\s\S]*$/, '')).execute(db);
}
