import { describe, expect, it } from 'vitest';
import { repaymentPlan } from '@/lib/workflow/plan';

const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b * 100, 0)) / 100;

describe('repayment plan', () => {
  it('interest monthly, principal at the end', () => {
    const plan = repaymentPlan(100000, 12, 0.0435, 'INTEREST_MONTHLY');
    expect(plan.rows).toHaveLength(12);
    expect(plan.rows[0]).toEqual({ period: 1, principal: 0, interest: 362.5, payment: 362.5, balance: 100000 });
    expect(plan.rows[11]).toEqual({ period: 12, principal: 100000, interest: 362.5, payment: 100362.5, balance: 0 });
    expect(plan.totalInterest).toBe(4350);
    expect(plan.totalPayment).toBe(104350);
  });

  it('equal instalments: level payments that repay the principal exactly', () => {
    const plan = repaymentPlan(100000, 12, 0.0435, 'EQUAL_INSTALMENT');
    expect(plan.rows[0]!.payment).toBe(8530.99);
    expect(new Set(plan.rows.slice(0, 11).map((r) => r.payment)).size).toBe(1);
    expect(sum(plan.rows.map((r) => r.principal))).toBe(100000);
    expect(plan.rows.at(-1)!.balance).toBe(0);
    expect(plan.totalPayment).toBe(sum(plan.rows.map((r) => r.payment)));
  });

  it('equal principal: interest falls with the balance', () => {
    const plan = repaymentPlan(120000, 12, 0.06, 'EQUAL_PRINCIPAL');
    expect(plan.rows.map((r) => r.principal).slice(0, 11).every((p) => p === 10000)).toBe(true);
    expect(plan.rows[0]!.interest).toBe(600);
    expect(plan.rows[11]!.interest).toBe(50);
    expect(plan.totalInterest).toBe(3900);
  });

  it('a zero rate and an awkward amount still add up to the cent', () => {
    const plan = repaymentPlan(1000, 3, 0, 'EQUAL_INSTALMENT');
    expect(plan.rows.map((r) => r.principal)).toEqual([333.33, 333.33, 333.34]);
    expect(plan.totalInterest).toBe(0);
  });

  it('refuses impossible input', () => {
    expect(() => repaymentPlan(0, 12, 0.04, 'EQUAL_INSTALMENT')).toThrow(RangeError);
    expect(() => repaymentPlan(1000, 0, 0.04, 'EQUAL_INSTALMENT')).toThrow(RangeError);
    expect(() => repaymentPlan(1000, 1.5, 0.04, 'EQUAL_INSTALMENT')).toThrow(RangeError);
    expect(() => repaymentPlan(1000, 12, -0.01, 'EQUAL_INSTALMENT')).toThrow(RangeError);
  });
});
