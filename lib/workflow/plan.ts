/**
 * Repayment plans (getPlan): a schedule from amount, term and annual rate, in whole fen so
 * the periods add up to the principal exactly; the last period takes the rounding.
 */
export const REPAYMENT_METHODS = ['INTEREST_MONTHLY', 'EQUAL_INSTALMENT', 'EQUAL_PRINCIPAL'] as const;
export type RepaymentMethod = (typeof REPAYMENT_METHODS)[number];

export interface PlanRow {
  period: number;
  /** Amounts in yuan with two decimals. */
  principal: number;
  interest: number;
  payment: number;
  /** Principal still owed after this period. */
  balance: number;
}

export interface Plan {
  rows: PlanRow[];
  totalInterest: number;
  totalPayment: number;
}

const toYuan = (fen: number) => Math.round(fen) / 100;

/**
 * @param amount principal in yuan
 * @param months term in months (at least 1)
 * @param annualRate yearly rate as a fraction (0.0435 for 4.35 %)
 */
export function repaymentPlan(amount: number, months: number, annualRate: number, method: RepaymentMethod): Plan {
  if (!(amount > 0) || !Number.isInteger(months) || months < 1 || !(annualRate >= 0)) throw new RangeError('invalid plan input');
  const principalFen = Math.round(amount * 100);
  const r = annualRate / 12;
  const level = method === 'EQUAL_INSTALMENT' && r > 0
    ? (principalFen * r * (1 + r) ** months) / ((1 + r) ** months - 1)
    : 0;
  const rows: PlanRow[] = [];
  let balance = principalFen;
  for (let period = 1; period <= months; period += 1) {
    const interest = Math.round(balance * r);
    const last = period === months;
    let principal: number;
    if (last) principal = balance;
    else if (method === 'INTEREST_MONTHLY') principal = 0;
    else if (method === 'EQUAL_PRINCIPAL' || r === 0) principal = Math.round(principalFen / months);
    else principal = Math.round(level) - interest;
    balance -= principal;
    rows.push({ period, principal: toYuan(principal), interest: toYuan(interest), payment: toYuan(principal + interest), balance: toYuan(balance) });
  }
  const totalInterestFen = rows.reduce((sum, row) => sum + Math.round(row.interest * 100), 0);
  return { rows, totalInterest: toYuan(totalInterestFen), totalPayment: toYuan(principalFen + totalInterestFen) };
}
