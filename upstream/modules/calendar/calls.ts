import { sql } from 'kysely';
import { defineCall, type InputOf } from '../../core/call';
import { resource } from '../../core/resource';
import { dateText } from '../workflow/rows';
import type { CalendarRow } from '../../../lib/contract/calendar';

type Save = InputOf<'holidayCalendar/add'>;

/**
 * The holiday calendar (holidayCalendar): public holidays and make-up working days, one row
 * per China day. Deadlines are set when a case enters a stage, so a change applies to cases
 * entering one from then on, like a new time limit; waits and statistics count by it at once.
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
});

export const calendarCalls = [
  defineCall({ path: 'holidayCalendar/list', handler: calendarTable.list }),
  defineCall({ path: 'holidayCalendar/add', handler: calendarTable.add }),
  defineCall({ path: 'holidayCalendar/update', handler: calendarTable.update }),
  defineCall({ path: 'holidayCalendar/del', handler: calendarTable.remove }),
];
