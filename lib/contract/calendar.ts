import { z } from './zod';
import { date, id, int, pageInput, requiredLine } from './fields';
import { count, timestamp } from './output';
import { version } from './role';

/**
 * The holiday calendar (holidayCalendar, 业务配置): the exceptions to Monday-to-Friday that
 * working days follow (DESIGN.md section 5): public holidays (HOLIDAY) and the weekend days
 * worked in their place (WORKDAY, 调休). One row per China day, named in both languages.
 */
const CALENDAR_KINDS = ['HOLIDAY', 'WORKDAY'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];
const NAME_MAX = 64;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const kind = z.enum(CALENDAR_KINDS, { error: 'validation.calendarKind' });

export const calendarListInput = pageInput.extend({
  year: z.preprocess(blank, int(2000, 2100, 'validation.year').optional()),
  kind: z.preprocess(blank, kind.optional()),
});
export const calendarAddInput = z.object({
  day: date,
  kind,
  name: requiredLine(NAME_MAX, 'validation.calendarNameRequired'),
  nameEn: requiredLine(NAME_MAX, 'validation.calendarNameEnRequired'),
});
export const calendarUpdateInput = calendarAddInput.extend({ id, version });
export const calendarDeleteInput = z.object({ id, version });

export const calendarRow = z.object({
  id: count,
  day: z.string(),
  /** 1 Monday ... 7 Sunday. */
  weekday: count,
  kind,
  name: z.string(),
  nameEn: z.string(),
  version: count,
  updateTime: timestamp,
});
export type CalendarRow = z.infer<typeof calendarRow>;
