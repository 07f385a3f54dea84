import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkingDays, isOverdue, isWorkingDay, WEEKDAYS_ONLY, workingDaysBetween, type WorkCalendar } from '@/lib/workflow/working-days';
import { SEEDED_CALENDAR } from '@/upstream/db/calendar-data';

// 2026-11-16 is a Monday; instants are China time, whatever the process's zone.
const day = (date: number, hour = 9, minute = 30) =>
  new Date(`2026-11-${String(date).padStart(2, '0')}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+08:00`);
const at = (text: string) => new Date(`${text}+08:00`);

const SEEDED: WorkCalendar = {
  holidays: new Set(SEEDED_CALENDAR.filter((d) => d.kind === 'HOLIDAY').map((d) => d.day)),
  workdays: new Set(SEEDED_CALENDAR.filter((d) => d.kind === 'WORKDAY').map((d) => d.day)),
};

// Each block runs in a zone far from China's: the answers are China's calendar all the same.
for (const zone of ['America/New_York', 'UTC', 'Asia/Shanghai']) {
  describe(`working days with TZ=${zone}`, () => {
    const before = process.env.TZ;
    beforeAll(() => { process.env.TZ = zone; });
    afterAll(() => { process.env.TZ = before; });

    it('runs in that zone', () => {
      expect(new Date('2026-11-20T12:00:00Z').getTimezoneOffset()).toBe({ 'America/New_York': 300, UTC: 0, 'Asia/Shanghai': -480 }[zone]);
    });

    it.each([
      ['Monday + 1 = Tuesday', day(16), 1, day(17)],
      ['Monday + 4 = Friday', day(16), 4, day(20)],
      ['Monday + 5 = next Monday', day(16), 5, day(23)],
      ['Thursday + 3 = Tuesday', day(19), 3, day(24)],
      ['Friday + 1 = Monday', day(20), 1, day(23)],
      ['Saturday + 1 = Monday', day(21), 1, day(23)],
      ['Sunday + 1 = Monday', day(22), 1, day(23)],
      ['Wednesday + 10 = two weeks later', day(18), 10, at('2026-12-02T09:30:00')],
      ['Tuesday - 1 = Monday', day(17), -1, day(16)],
      ['Monday - 1 = the Friday before', day(23), -1, day(20)],
      // Friday 23:30 China time is Friday 10:30 in New York and 15:30 UTC: still a Friday start.
      ['Friday late evening + 1 = Monday', day(20, 23, 30), 1, day(23, 23, 30)],
      // Monday 00:30 China time is Sunday in New York and in UTC: still a Monday start.
      ['Monday just after midnight + 1 = Tuesday', day(16, 0, 30), 1, day(17, 0, 30)],
    ])('addWorkingDays without holidays: %s', (_, start, days, expected) => {
      expect(addWorkingDays(start, days, WEEKDAYS_ONLY)).toEqual(expected);
    });

    it('a deadline spanning the National Day holiday skips it and counts the make-up Saturday', () => {
      // Tuesday 2026-09-29 + 3: Wednesday 30th, then 1-7 October off, Thursday 8th, Friday 9th.
      expect(addWorkingDays(at('2026-09-29T10:00:00'), 3, SEEDED)).toEqual(at('2026-10-09T10:00:00'));
      // Friday 9th + 1 is Saturday 10th, worked in the holiday's place.
      expect(addWorkingDays(at('2026-10-09T10:00:00'), 1, SEEDED)).toEqual(at('2026-10-10T10:00:00'));
      // Without the calendar the same limit ends in the holiday.
      expect(addWorkingDays(at('2026-09-29T10:00:00'), 3, WEEKDAYS_ONLY)).toEqual(at('2026-10-02T10:00:00'));
    });

    it('the Spring Festival: nine days off, make-up Saturdays before and after', () => {
      // Friday 13 February + 1 is Saturday 14th (worked); + 2 is Tuesday 24th; Saturday 28th is worked.
      expect(addWorkingDays(at('2026-02-13T15:00:00'), 1, SEEDED)).toEqual(at('2026-02-14T15:00:00'));
      expect(addWorkingDays(at('2026-02-13T15:00:00'), 2, SEEDED)).toEqual(at('2026-02-24T15:00:00'));
      expect(addWorkingDays(at('2026-02-27T15:00:00'), 1, SEEDED)).toEqual(at('2026-02-28T15:00:00'));
      expect(workingDaysBetween(at('2026-02-13T09:00:00'), at('2026-02-28T09:00:00'), SEEDED)).toBe(6);
    });

    it('counts the working days a case waited on China days', () => {
      // Friday 10:00 to Tuesday 10:00 China time: Monday and Tuesday.
      expect(workingDaysBetween('2026-03-06T02:00:00Z', '2026-03-10T02:00:00Z', WEEKDAYS_ONLY)).toBe(2);
      // The same day, and a day earlier, are none.
      expect(workingDaysBetween('2026-03-10T01:00:00Z', '2026-03-10T09:00:00Z', WEEKDAYS_ONLY)).toBe(0);
      expect(workingDaysBetween('2026-03-10T01:00:00Z', '2026-03-09T01:00:00Z', WEEKDAYS_ONLY)).toBe(0);
      // Saturday 01:00 China time (Friday 17:00 UTC) to Monday: one day.
      expect(workingDaysBetween('2026-03-06T17:00:00Z', '2026-03-09T01:00:00Z', WEEKDAYS_ONLY)).toBe(1);
      // Three whole weeks and two days from a Wednesday: 15 + 2.
      expect(workingDaysBetween('2026-03-04T02:00:00Z', '2026-03-27T02:00:00Z', WEEKDAYS_ONLY)).toBe(17);
      // Across the Labour Day holiday (1-5 May off, Saturday 9 May worked): 30 April to 11 May is 6, 7, 8, 9 and 11 May.
      expect(workingDaysBetween(at('2026-04-30T10:00:00'), at('2026-05-11T10:00:00'), SEEDED)).toBe(5);
    });

    it('tells working days from days off', () => {
      expect(isWorkingDay('2026-10-01', SEEDED)).toBe(false);
      expect(isWorkingDay('2026-10-10', SEEDED)).toBe(true);
      expect(isWorkingDay('2026-10-10', WEEKDAYS_ONLY)).toBe(false);
      expect(isWorkingDay('2026-10-12', SEEDED)).toBe(true);
    });
  });
}

describe('addWorkingDays', () => {
  it('keeps the time of day and leaves the start alone', () => {
    const start = day(20, 17, 45);
    expect(addWorkingDays(start, 3, WEEKDAYS_ONLY)).toEqual(day(25, 17, 45));
    expect(start).toEqual(day(20, 17, 45));
  });

  it('returns the same moment for 0 days, even on a weekend', () => {
    expect(addWorkingDays(day(21, 11), 0, SEEDED)).toEqual(day(21, 11));
  });

  it('crosses years into the next calendar: 1 January 2027 is a holiday', () => {
    expect(addWorkingDays(at('2026-12-30T10:00:00'), 2, SEEDED)).toEqual(at('2027-01-04T10:00:00'));
  });

  it('refuses a fraction of a day', () => {
    expect(() => addWorkingDays(day(16), 1.5, SEEDED)).toThrow(RangeError);
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
