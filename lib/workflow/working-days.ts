/**
 * Node time limits in working days (DESIGN.md section 5). A working day is Monday to Friday
 * in the time zone of the process (run the service with TZ=Asia/Shanghai). Public holidays
 * and the weekend days worked in their place are not modelled: a limit that spans the Spring
 * Festival ends earlier than the calendar of that year would say.
 */

const isWeekend = (date: Date) => date.getDay() === 0 || date.getDay() === 6;

/**
 * The moment `days` working days after `start`, at the same time of day. Each step moves to
 * the next Monday-to-Friday date, so a start on Friday or Saturday plus one is Monday.
 * Negative `days` count backwards the same way; 0 returns `start` unchanged.
 */
export function addWorkingDays(start: Date, days: number): Date {
  if (!Number.isInteger(days)) throw new RangeError('days must be a whole number');
  const result = new Date(start.getTime());
  const step = days < 0 ? -1 : 1;
  for (let left = Math.abs(days); left > 0;) {
    result.setDate(result.getDate() + step);
    if (!isWeekend(result)) left -= 1;
  }
  return result;
}

/** Whether a case is past its node deadline at `now`; a case without a deadline never is. */
export function isOverdue(deadline: Date | string | null | undefined, now: Date = new Date()): boolean {
  if (deadline === null || deadline === undefined) return false;
  return now.getTime() > new Date(deadline).getTime();
}

const CHINA_DAY = (instant: Date | string) => Math.floor((new Date(instant).getTime() + 8 * 3_600_000) / 86_400_000);
/** Day of the week of a day number since 1970-01-01 (a Thursday): 0 Sunday ... 6 Saturday. */
const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

/**
 * Working days (Monday to Friday of China's calendar) a case waited from `from` to `to`: the
 * working days after the day of `from` up to and including the day of `to`, so a case taken
 * in on a Monday and handled on Tuesday waited one day, and on the same day none.
 */
export function workingDaysBetween(from: Date | string, to: Date | string): number {
  const start = CHINA_DAY(from), end = CHINA_DAY(to);
  if (end <= start) return 0;
  const span = end - start;
  let days = Math.floor(span / 7) * 5;
  for (let d = start + Math.floor(span / 7) * 7 + 1; d <= end; d += 1) if (weekdayOf(d) !== 0 && weekdayOf(d) !== 6) days += 1;
  return days;
}
