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
