import { describe, expect, it } from 'vitest';
import { lprOn, quarterDays, ruleInForce, splitPeriod, type SubsidyLoan, type SubsidyRule } from '../../lib/workflow/subsidy';

const rule = (over: Partial<SubsidyRule> = {}): SubsidyRule => ({
  id: 1, borrowerType: 'PERSON', effectiveFrom: '2000-01-01', kind: 'LPR_OFFSET', offsetBp: -150, share: '0', years: 3, maxLoans: 3, ...over,
});
const loan = (over: Partial<SubsidyLoan> = {}): SubsidyLoan => ({
  borrowerType: 'PERSON', rate: '0.0515', lpr: '0.0365', issueDate: '2024-01-10', seq: 1, extended: false, ...over,
});
const onTime = (interest: number, dueDate = '2024-02-10') => ({ dueDate, paidOn: dueDate, interest });

describe('the subsidy of a repaid period', () => {
  it('is the part of the rate above LPR − 150 bp: DOMAIN.md\'s example, 100,000 at 5.15% with the LPR at 3.65%', () => {
    // A year's interest 5,150.00: the borrower pays 2.15% (2,150.00), the subsidy is 3,000.00.
    expect(splitPeriod([rule()], loan(), onTime(515_000))).toEqual({ subsidy: 300_000, borrowerInterest: 215_000, ruleId: 1 });
    // A month's 429.17 splits half up: 429.17 × 3.00 / 5.15 = 250.00 (249.9999...).
    expect(splitPeriod([rule()], loan(), onTime(42_917)).subsidy).toBe(25_000);
  });

  it('is never more than the interest due, and the whole of it when the borrower\'s own rate is nought', () => {
    expect(splitPeriod([rule({ offsetBp: -500 })], loan(), onTime(10_000))).toMatchObject({ subsidy: 10_000, borrowerInterest: 0 });
    // A rate below the borrower's own: nothing.
    expect(splitPeriod([rule()], loan({ rate: '0.0200' }), onTime(10_000))).toMatchObject({ subsidy: 0, borrowerInterest: 10_000 });
    expect(splitPeriod([rule({ kind: 'LPR_SHARE', share: '1.5000' })], loan(), onTime(10_000)).subsidy).toBe(10_000);
  });

  it('follows a province\'s share of the LPR', () => {
    // Half of 3.65% = 1.825% of 5.15%: 10,000 × 1.825 / 5.15 = 3,543.69 → 3,544 fen.
    expect(splitPeriod([rule({ kind: 'LPR_SHARE', share: '0.5000' })], loan(), onTime(10_000)).subsidy).toBe(3_544);
  });

  it('earns nothing for a late period, an extended loan, a period due after the rule\'s years, a loan past the person\'s number, or the rule NONE', () => {
    expect(splitPeriod([rule()], loan(), { dueDate: '2024-02-10', paidOn: '2024-02-11', interest: 10_000 })).toMatchObject({ subsidy: 0, borrowerInterest: 10_000, ruleId: 1 });
    expect(splitPeriod([rule()], loan({ extended: true }), onTime(10_000)).subsidy).toBe(0);
    expect(splitPeriod([rule({ years: 2 })], loan(), onTime(10_000, '2026-01-10')).subsidy).toBeGreaterThan(0);
    expect(splitPeriod([rule({ years: 2 })], loan(), onTime(10_000, '2026-01-11')).subsidy).toBe(0);
    expect(splitPeriod([rule({ maxLoans: 3 })], loan({ seq: 3 }), onTime(10_000)).subsidy).toBeGreaterThan(0);
    expect(splitPeriod([rule({ maxLoans: 3 })], loan({ seq: 4 }), onTime(10_000)).subsidy).toBe(0);
    expect(splitPeriod([rule({ kind: 'NONE' })], loan(), onTime(10_000)).subsidy).toBe(0);
    // Another borrower type's rule does not apply, and without a rule nothing is subsidised.
    expect(splitPeriod([rule({ borrowerType: 'SMALL_COMPANY' })], loan(), onTime(10_000))).toEqual({ subsidy: 0, borrowerInterest: 10_000, ruleId: null });
  });

  it('takes the version in force on the period\'s due date', () => {
    const rules = [rule(), rule({ id: 2, effectiveFrom: '2024-03-01', kind: 'NONE' }), rule({ id: 3, borrowerType: 'PARTNERSHIP', effectiveFrom: '2024-04-01' })];
    expect(ruleInForce(rules, 'PERSON', '2024-02-29')?.id).toBe(1);
    expect(ruleInForce(rules, 'PERSON', '2024-03-01')?.id).toBe(2);
    expect(ruleInForce(rules, 'PARTNERSHIP', '2024-03-31')).toBeUndefined();
    expect(splitPeriod(rules, loan(), onTime(10_000, '2024-03-10'))).toEqual({ subsidy: 0, borrowerInterest: 10_000, ruleId: 2 });
  });
});

describe('the LPR in force and the quarters', () => {
  const history = [{ effectiveFrom: '2022-08-22', rate: '0.0365' }, { effectiveFrom: '2023-06-20', rate: '0.0355' }];
  it('reads the LPR of a day from its history', () => {
    expect(lprOn(history, '2022-08-21')).toBeUndefined();
    expect(lprOn(history, '2022-08-22')).toBe('0.0365');
    expect(lprOn(history, '2023-06-19')).toBe('0.0365');
    expect(lprOn(history, '2030-01-01')).toBe('0.0355');
  });
  it('spans each quarter from its first to its last day', () => {
    expect(quarterDays(2026, 1)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(quarterDays(2024, 1).to).toBe('2024-03-31');
    expect(quarterDays(2026, 2)).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(quarterDays(2026, 4)).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });
});
