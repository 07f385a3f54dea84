import { describe, expect, it } from 'vitest';
import { addMonths, levelInstalment, rateFraction, schedule, workingDayFrom } from '../../lib/workflow/loan-schedule';
import { WEEKDAYS_ONLY, type WorkCalendar } from '../../lib/workflow/working-days';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('repayment schedule', () => {
  it('等额本息: the level instalment is the textbook formula to the fen, and the principal sums to the loan', () => {
    // 100,000 yuan at 4.35% over 12 months: 8,530.99 a month (the banks' published table).
    expect(levelInstalment(10_000_000, 12, rateFraction('0.0435'))).toBe(853_099);
    for (const [principal, months, rate] of [[10_000_000, 12, 0.0435], [30_000_000, 36, 0.0515], [123_456_78, 24, 0.0365], [400_000_000, 24, 0.06]] as const) {
      const r = rate / 12;
      const textbook = Math.round((principal * r * (1 + r) ** months) / ((1 + r) ** months - 1));
      const periods = schedule({ principal, rate: String(rate), method: 'EQUAL_INSTALMENT', issueDate: '2026-01-15', termMonths: months }, WEEKDAYS_ONLY);
      expect(periods).toHaveLength(months);
      expect(sum(periods.map((p) => p.principal))).toBe(principal);
      // Every period but the last pays the level instalment; each interest is the balance's month.
      let balance = principal;
      for (const p of periods) {
        expect(p.interest).toBe(Math.round((balance * rate) / 12));
        if (p.period < months) expect(p.principal + p.interest).toBe(textbook);
        balance -= p.principal;
      }
      expect(balance).toBe(0);
    }
  });

  it('按月付息到期还本: hand-computed interest every month, the whole principal at the end', () => {
    // 100,000 yuan at 5.15%: 100,000 × 5.15% / 12 = 429.1666… → 429.17 a month.
    const periods = schedule({ principal: 10_000_000, rate: '0.051500', method: 'INTEREST_MONTHLY', issueDate: '2026-03-10', termMonths: 3 }, WEEKDAYS_ONLY);
    expect(periods.map((p) => [p.principal, p.interest])).toEqual([[0, 42_917], [0, 42_917], [10_000_000, 42_917]]);
  });

  it('a due date on a non-working day moves to the next working day of the calendar', () => {
    // 2026-10-01 is the National Day holiday (to 10-07); 10-10 a make-up Saturday is worked.
    const calendar: WorkCalendar = { holidays: new Set(['2026-10-01', '2026-10-02', '2026-10-05', '2026-10-06', '2026-10-07']), workdays: new Set(['2026-10-10']) };
    expect(workingDayFrom('2026-10-01', calendar)).toBe('2026-10-08');
    expect(workingDayFrom('2026-10-10', calendar)).toBe('2026-10-10');
    expect(workingDayFrom('2026-11-29', calendar)).toBe('2026-11-30'); // a Sunday
    const periods = schedule({ principal: 100_000, rate: '0.05', method: 'INTEREST_MONTHLY', issueDate: '2026-09-01', termMonths: 2 }, calendar);
    expect(periods.map((p) => p.dueDate)).toEqual(['2026-10-08', '2026-11-02']);
  });

  it('months clamp to the month\'s last day; a recomputation starts at a later period', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
    const rest = schedule({ principal: 5_000_000, rate: '0.0435', method: 'EQUAL_INSTALMENT', issueDate: '2026-01-15', firstPeriod: 7, termMonths: 12 }, WEEKDAYS_ONLY);
    expect(rest.map((p) => p.period)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(sum(rest.map((p) => p.principal))).toBe(5_000_000);
  });

  it('refuses what is not a schedule', () => {
    expect(() => rateFraction('-0.01')).toThrow(RangeError);
    expect(() => schedule({ principal: 1.5, rate: '0.04', method: 'EQUAL_INSTALMENT', issueDate: '2026-01-01', termMonths: 12 }, WEEKDAYS_ONLY)).toThrow(RangeError);
    expect(() => schedule({ principal: 100, rate: '0.04', method: 'EQUAL_INSTALMENT', issueDate: '2026-01-01', firstPeriod: 13, termMonths: 12 }, WEEKDAYS_ONLY)).toThrow(RangeError);
  });
});
