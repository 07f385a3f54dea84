import { describe, expect, it } from 'vitest';
import { addWorkingDays, isOverdue, workingDaysBetween } from '@/lib/workflow/working-days';

// 2026-11-16 is a Monday; dates are local, like the function's weekdays.
const day = (date: number, hour = 9, minute = 30) => new Date(2026, 10, date, hour, minute);

describe('addWorkingDays', () => {
  it.each([
    ['Monday + 1 = Tuesday', day(16), 1, day(17)],
    ['Monday + 4 = Friday', day(16), 4, day(20)],
    ['Monday + 5 = next Monday', day(16), 5, day(23)],
    ['Thursday + 3 = Tuesday', day(19), 3, day(24)],
    ['Friday + 1 = Monday', day(20), 1, day(23)],
    ['Saturday + 1 = Monday', day(21), 1, day(23)],
    ['Sunday + 1 = Monday', day(22), 1, day(23)],
    ['Wednesday + 10 = two weeks later', day(18), 10, new Date(2026, 11, 2, 9, 30)],
    ['Tuesday - 1 = Monday', day(17), -1, day(16)],
    ['Monday - 1 = the Friday before', day(23), -1, day(20)],
  ])('%s', (_, start, days, expected) => {
    expect(addWorkingDays(start, days)).toEqual(expected);
  });

  it('keeps the time of day and leaves the start alone', () => {
    const start = day(20, 17, 45);
    const result = addWorkingDays(start, 3);
    expect([result.getDate(), result.getHours(), result.getMinutes()]).toEqual([25, 17, 45]);
    expect(start).toEqual(day(20, 17, 45));
  });

  it('returns the same moment for 0 days, even on a weekend', () => {
    expect(addWorkingDays(day(21, 11), 0)).toEqual(day(21, 11));
  });

  it('crosses months and years', () => {
    expect(addWorkingDays(new Date(2026, 11, 30, 10), 3)).toEqual(new Date(2027, 0, 4, 10));
  });

  it('refuses a fraction of a day', () => {
    expect(() => addWorkingDays(day(16), 1.5)).toThrow(RangeError);
  });
});

describe('isOverdue', () => {
  const deadline = day(20, 17, 0);
  it('is overdue only after the deadline', () => {
    expect(isOverdue(deadline, day(20, 16, 59))).toBe(false);
    expect(isOverdue(deadline, deadline)).toBe(false);
    expect(isOverdue(deadline, day(20, 17, 1))).toBe(true);
  });

  it('takes ISO strings and treats no deadline as never overdue', () => {
    expect(isOverdue(deadline.toISOString(), day(23))).toBe(true);
    expect(isOverdue(null, day(23))).toBe(false);
    expect(isOverdue(undefined)).toBe(false);
  });
});

describe('workingDaysBetween: the working days a case waited, on China’s calendar', () => {
  it('counts the working days after the first day up to the last', () => {
    // Friday 10:00 to Tuesday 10:00 China time: Monday and Tuesday.
    expect(workingDaysBetween('2026-03-06T02:00:00Z', '2026-03-10T02:00:00Z')).toBe(2);
    // The same day, and a day earlier, are none.
    expect(workingDaysBetween('2026-03-10T01:00:00Z', '2026-03-10T09:00:00Z')).toBe(0);
    expect(workingDaysBetween('2026-03-10T01:00:00Z', '2026-03-09T01:00:00Z')).toBe(0);
    // Saturday 01:00 China time (Friday 17:00 UTC) to Monday: one day.
    expect(workingDaysBetween('2026-03-06T17:00:00Z', '2026-03-09T01:00:00Z')).toBe(1);
    // Three whole weeks and two days from a Wednesday: 15 + 2.
    expect(workingDaysBetween('2026-03-04T02:00:00Z', '2026-03-27T02:00:00Z')).toBe(17);
  });
});
