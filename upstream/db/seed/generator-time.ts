import { addWorkingDays, type WorkCalendar } from '../../../lib/workflow/working-days';
import type { Random } from './random';

/**
 * Times of generated histories. People act in office hours, 9:00-18:00 on weekdays in China
 * (UTC+8), so histories are laid out in office time, backwards from their last action.
 */
export const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const CHINA = 8 * HOUR;
const OPEN = 9 * HOUR;
const CLOSE = 18 * HOUR;
const OFFICE_DAY = CLOSE - OPEN;
/** Finished histories lie within this many working days before now (about 115 calendar days). */
const HISTORY_WITHIN_WORKING_DAYS = 82;

/** The day in China as YYYY-MM-DD. */
export const chinaDay = (date: Date) => new Date(date.getTime() + CHINA).toISOString().slice(0, 10);

/** The moment `ms` of office time before `time` (a time outside office hours counts from the last closing before it). */
function officeTimeBack(time: number, ms: number): number {
  let local = time + CHINA;
  let remaining = ms;
  for (;;) {
    const day = Math.floor(local / DAY);
    const start = day * DAY;
    const weekday = (day + 4) % 7 !== 0 && (day + 4) % 7 !== 6; // day 0, 1970-01-01, was a Thursday
    if (weekday && local > start + OPEN) {
      const at = Math.min(local, start + CLOSE);
      if (at - remaining >= start + OPEN) return at - remaining - CHINA;
      remaining -= at - start - OPEN;
    }
    local = start - 1;
  }
}

/**
 * When a case in review entered its node: within the node's limit of working days, or past it
 * when `overdue` (a node without a limit is never overdue).
 */
export function enteredAt(random: Random, now: Date, days: number | null, overdue: boolean, calendar: WorkCalendar): Date {
  const back = (ms: number) => officeTimeBack(now.getTime(), ms);
  if (days === null) return new Date(back(random.int(600, 5 * 9 * 3600) * SECOND));
  const due = (time: number) => addWorkingDays(new Date(time), days, calendar).getTime();
  if (!overdue) {
    const entered = back(random.int(600, Math.max(600, (days - 1) * 9 * 3600)) * SECOND);
    return new Date(due(entered) > now.getTime() ? entered : back(10 * MINUTE));
  }
  let entered = back((days + random.int(1, 10)) * OFFICE_DAY + random.int(0, 9 * 3600) * SECOND);
  while (due(entered) >= now.getTime()) entered = officeTimeBack(entered, OFFICE_DAY);
  return new Date(entered);
}

/**
 * The times of a history of `gaps.length + 1` actions, `gaps` being office time between them:
 * backwards from `last` when given (a case in review: when it entered its node), else ending
 * at a moment that keeps the whole history in the last 120 days.
 */
export function timeline(random: Random, now: Date, gaps: readonly number[], last?: Date): Date[] {
  const span = gaps.reduce((sum, gap) => sum + gap, 0);
  const latest = Math.max(HOUR, HISTORY_WITHIN_WORKING_DAYS * OFFICE_DAY - span);
  const end = last?.getTime() ?? officeTimeBack(now.getTime(), HOUR + random.next() * latest);
  const times = [end];
  for (const gap of [...gaps].reverse()) times.unshift(officeTimeBack(times[0]!, gap));
  return times.map((time) => new Date(time));
}
