/**
 * Working days (DESIGN.md section 5) on China's calendar, whatever the process's time zone:
 * Monday to Friday, less the public holidays of the holiday calendar, plus its make-up working
 * days (调休: a Saturday or Sunday worked in a holiday's place). The service reads the calendar
 * an administrator maintains (holidayCalendar) and passes it in; the SQL functions working_days
 * and add_working_days (migration-calendar.ts) count the same way in the database.
 */

/** The exceptions to Monday-to-Friday, as China days 'YYYY-MM-DD'. */
export interface WorkCalendar {
  /** Days off that would otherwise be worked (and holiday weekend days, which change nothing). */
  holidays: ReadonlySet<string>;
  /** Weekend days worked. */
  workdays: ReadonlySet<string>;
}

/** A calendar without holidays: Monday to Friday only. */
export const WEEKDAYS_ONLY: WorkCalendar = { holidays: new Set(), workdays: new Set() };

const DAY_MS = 86_400_000;
const CHINA_MS = 8 * 3_600_000;

/** The China day of an instant, as a day number since 1970-01-01. */
const chinaDayNumber = (instant: Date | string | number) => Math.floor((new Date(instant).getTime() + CHINA_MS) / DAY_MS);
/** A day number as 'YYYY-MM-DD'. */
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** Day of the week of a day number (1970-01-01 was a Thursday): 0 Sunday ... 6 Saturday. */
const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

/** Whether a China day (a day number) is worked under the calendar. */
function isWorkingDayNumber(day: number, calendar: WorkCalendar): boolean {
  const text = dayText(day);
  if (calendar.workdays.has(text)) return true;
  if (calendar.holidays.has(text)) return false;
  const weekday = weekdayOf(day);
  return weekday !== 0 && weekday !== 6;
}

/** Whether a China day 'YYYY-MM-DD' is worked under the calendar. */
export const isWorkingDay = (day: string, calendar: WorkCalendar) => isWorkingDayNumber(chinaDayNumber(`${day}T00:00:00+08:00`), calendar);

/**
 * The moment `days` working days after `start`, at the same China time of day (China keeps
 * +08:00 all year). Each step moves to the next working day, so a start on Friday plus one is
 * the next Monday unless that is a holiday, and a make-up Saturday counts. Negative `days`
 * count backwards the same way; 0 returns `start` unchanged.
 */
export function addWorkingDays(start: Date, days: number, calendar: WorkCalendar): Date {
  if (!Number.isInteger(days)) throw new RangeError('days must be a whole number');
  const step = days < 0 ? -1 : 1;
  let time = start.getTime();
  for (let left = Math.abs(days); left > 0;) {
    time += step * DAY_MS;
    if (isWorkingDayNumber(chinaDayNumber(time), calendar)) left -= 1;
  }
  return new Date(time);
}

/** Whether a case is past its node deadline at `now`; a case without a deadline never is. */
export function isOverdue(deadline: Date | string | null | undefined, now: Date = new Date()): boolean {
  if (deadline === null || deadline === undefined) return false;
  return now.getTime() > new Date(deadline).getTime();
}

/**
 * Working days a case waited from `from` to `to`: the working days after the China day of
 * `from` up to and including the China day of `to`, so a case taken in on a Monday and handled
 * on Tuesday waited one day, and on the same day none.
 */
export function workingDaysBetween(from: Date | string, to: Date | string, calendar: WorkCalendar): number {
  const start = chinaDayNumber(from), end = chinaDayNumber(to);
  let days = 0;
  for (let d = start + 1; d <= end; d += 1) if (isWorkingDayNumber(d, calendar)) days += 1;
  return days;
}
