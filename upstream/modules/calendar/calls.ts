import { sql } from 'kysely';
import { defineCall, type InputOf } from '../../core/call';
import type { Db, WriteContext } from '../../core/resource/types';
import { resource } from '../../core/resource';
import { dateText } from '../workflow/rows';
import type { CalendarRow } from '../../../lib/contract/calendar';

type Save = InputOf<'holidayCalendar/add'>;

/** Whether a day is worked by this row of the calendar, or, without one, by its weekday (1 Monday .. 7 Sunday). */
const worked = (row: Pick<CalendarRow, 'kind' | 'weekday'> | null, weekday: number) => (row ? row.kind === 'WORKDAY' : weekday < 6);

/**
 * After a change of the calendar, in its transaction: the deadlines of the cases in review
 * whose window (the China day after they entered their stage up to their deadline's) holds a
 * changed day are set again, keeping the number of working days they were given (counted on
 * the calendar before the change), each move audited (`application.deadline`). Closed cases
 * and cases whose window the day is outside keep their deadline.
 */
async function recomputeDeadlines(trx: Db, ctx: WriteContext, before: CalendarRow | null, after: CalendarRow | null) {
  // Each changed day with how its working status changed: +1 a day no longer worked (a deadline moves later), -1 a newly worked one.
  const changes = new Map<string, number>();
  for (const row of [before, after]) {
    if (!row || changes.has(row.day)) continue;
    const was = worked(before?.day === row.day ? before : null, row.weekday);
    const is = worked(after?.day === row.day ? after : null, row.weekday);
    if (was !== is) changes.set(row.day, was ? 1 : -1);
  }
  if (changes.size === 0) return;
  const days = [...changes].map(([day, delta]) => ({ day, delta, start: new Date(`${day}T00:00:00+08:00`) }));
  const chinaDay = (column: string) => sql`((${sql.ref(column)} at time zone 'UTC') + interval '8 hours')::date`;
  const inWindow = (d: { day: string }) => sql<boolean>`(${chinaDay('a.entered_at')} < ${d.day}::date and ${d.day}::date <= ${chinaDay('a.deadline')})`;
  // Working days of the window on the calendar before the change: counted on the new one, then each changed day in it put back.
  const given = sql.join(days.map((d) => sql`case when ${inWindow(d)} then ${d.delta}::int else 0 end`), sql` + `);
  const earliest = days.reduce((a, b) => (a.start < b.start ? a : b)).start;
  await sql`
    with moved as (
      select a.id, a.deadline as before, add_working_days(a.entered_at, working_days(a.entered_at, a.deadline) + ${given}) as after
      from application a
      where a.status = 'IN_REVIEW' and a.entered_at is not null and a.deadline >= ${earliest}
        and (${sql.join(days.map(inWindow), sql` or `)})
    ), changed as (
      update application a set deadline = m.after from moved m where a.id = m.id and m.after <> m.before
      returning a.id, m.before, m.after
    )
    insert into audit_log (actor_id, action, target_type, target_id, summary)
    select ${ctx.user.id}, 'application.deadline', 'application', c.id::text,
      jsonb_build_object('before', jsonb_build_object('deadline', c.before), 'after', jsonb_build_object('deadline', c.after),
        'calendarDays', ${JSON.stringify([...changes.keys()])}::jsonb)
    from changed c`.execute(trx);
}

/**
 * The holiday calendar (holidayCalendar): public holidays and make-up working days, one row
 * per China day. Deadlines are set when a case enters a stage; a change of a day moves, in the
 * same transaction, the deadlines of the cases in review whose window holds it (see
 * recomputeDeadlines). Waits and statistics count by the calendar at once.
 */
const calendarTable = resource({
  table: 'calendar_day',
  key: 'id',
  what: 'calendarDay',
  select: (q) => q.select(['t.id', 't.kind', 't.name', 't.name_en', 't.version', 't.updated_at'])
    .select(dateText('t.day').as('day'))
    .select(sql<number>`extract(isodow from t.day)::int`.as('weekday')),
  toRow: (r): CalendarRow => ({
    id: r.id, day: r.day ?? '', weekday: Number(r.weekday), kind: r.kind, name: r.name, nameEn: r.name_en, version: r.version,
    updateTime: new Date(r.updated_at).toISOString(),
  }),
  label: (row) => row.day,
  filters: {
    kind: { equals: 'kind' },
    year: (q, v) => q.where(sql<boolean>`extract(year from t.day) = ${Number(v)}`),
  },
  orders: { day: 'day' },
  order: 'day',
  unique: [{ field: 'day', column: 'day', key: 'validation.calendarDayTaken', index: 'calendar_day_day_key' }],
  audit: { type: 'calendarDay', action: 'calendarDay', summary: (row) => ({ day: row.day, kind: row.kind, name: row.name, version: row.version }) },
  insert: (input: Save) => ({ day: input.day, kind: input.kind, name: input.name, name_en: input.nameEn }),
  patch: (input: Save) => ({ day: input.day, kind: input.kind, name: input.name, name_en: input.nameEn }),
  rules: { afterWrite: recomputeDeadlines },
});

export const calendarCalls = [
  defineCall({ path: 'holidayCalendar/list', handler: calendarTable.list }),
  defineCall({ path: 'holidayCalendar/add', handler: calendarTable.add }),
  defineCall({ path: 'holidayCalendar/update', handler: calendarTable.update }),
  defineCall({ path: 'holidayCalendar/del', handler: calendarTable.remove }),
];
