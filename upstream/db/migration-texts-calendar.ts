import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { SEEDED_CALENDAR } from './calendar-data';
import { messageTextOf } from './message-texts';

/**
 * 0020: the holiday calendar that working days follow (DESIGN.md section 5), seeded with this
 * and next year's public holidays and make-up working days; the SQL working-day functions read
 * it; and texts the service stores for people become message keys with parameters, shown in
 * the reader's language.
 */
export const textsCalendar: Migration = {
  async up(db: Kysely<any>) {
    await storedTexts(db);
    await db.schema.createTable('calendar_day')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('day', 'date', (c) => c.notNull().unique())
      .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('HOLIDAY','WORKDAY')`))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('name_en', 'varchar(64)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.insertInto('calendar_day')
      .values(SEEDED_CALENDAR.map((d) => ({ day: d.day, kind: d.kind, name: d.name, name_en: d.nameEn })))
      .execute();

    // Whether a China day is worked: a make-up day is, a holiday is not, else Monday to Friday.
    await sql`create function is_working_day(d date) returns boolean language sql stable as $$
      select coalesce((select c.kind = 'WORKDAY' from calendar_day c where c.day = d), extract(isodow from d) < 6)
    $$`.execute(db);
    // Working days after the China day of `a` up to and including the China day of `b` (lib/workflow/working-days.ts).
    await sql`create or replace function working_days(a timestamptz, b timestamptz) returns integer language sql stable as $$
      select count(*)::int from generate_series((a at time zone 'UTC' + interval '8 hours')::date + 1,
        (b at time zone 'UTC' + interval '8 hours')::date, interval '1 day') g(d)
      where is_working_day(g.d::date)
    $$`.execute(db);
    // The moment `n` working days after `a` at the same China time (lib/workflow/working-days.ts addWorkingDays, n >= 0).
    await sql`create function add_working_days(a timestamptz, n integer) returns timestamptz language sql stable as $$
      select case when n <= 0 then a else a + make_interval(days => (
        select i from generate_series(1, n * 7 + 60) i
        where is_working_day((a at time zone 'UTC' + interval '8 hours')::date + i)
        order by i offset n - 1 limit 1)) end
    $$`.execute(db);
    // Waits recorded this year were counted without the calendar: count them again.
    await sql`update approval_record r set wait_days = (
        select working_days(e.created_at, r.created_at) from approval_record e
        where e.application_id = r.application_id and e.to_stage = r.stage and e.stage is distinct from r.stage and e.id < r.id
        order by e.id desc limit 1)
      where r.wait_days is not null and r.created_at >= '2026-01-01T00:00:00+08:00'`.execute(db);
    // ...and the statistics' summary of waits with them (migration-tally.ts).
    await sql`delete from stage_tally`.execute(db);
    await sql`insert into stage_tally
      select (a.created_at at time zone 'UTC' + interval '8 hours')::date, a.renshe_org_id, a.borrower_type, coalesce(a.client_group_id, 0),
        coalesce(a.product_id, 0), r.stage, count(*), sum(r.wait_days)
      from approval_record r join application a on a.id = r.application_id where r.wait_days is not null group by 1, 2, 3, 4, 5, 6`.execute(db);
  },
};

/** Messages keep a key and parameters; rows written before in one language are matched to their key where they can be. */
async function storedTexts(db: Kysely<any>) {
  await db.schema.alterTable('message').addColumn('text_key', 'varchar(100)').execute();
  await db.schema.alterTable('message').addColumn('text_params', 'jsonb').execute();
  await sql`alter table message alter column content set default ''`.execute(db);
  for (let after = 0; ;) {
    const rows = await db.selectFrom('message').select(['id', 'content']).where('id', '>', after).where('text_key', 'is', null)
      .orderBy('id').limit(1000).execute() as { id: number; content: string }[];
    if (!rows.length) break;
    for (const row of rows) {
      const text = messageTextOf(row.content);
      if (text) await db.updateTable('message').set({ content: '', text_key: text.key, text_params: JSON.stringify(text.params) }).where('id', '=', row.id).execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}
