import { isWorkingDay, type WorkCalendar } from './working-days';
import type { RepaymentMethod } from './plan';

/**
 * A loan's repayment schedule 还款计划 (DOMAIN.md section 6) in whole fen, computed exactly:
 * the yearly rate is a decimal (as the database keeps it) turned into a fraction of integers, so
 * the level instalment of 等额本息 is P·a·(b+a)^n / (b·((b+a)^n − b^n)) in BigInt arithmetic,
 * rounded half up to the fen once; each period's interest is the balance times the monthly
 * rate, rounded half up; the last period takes whatever principal is left, so the principal
 * always sums to the loan. A due date on a non-working day of the calendar moves to the next
 * working day.
 */
export interface Period {
  period: number;
  dueDate: string;
  principal: number;
  interest: number;
}

/** A decimal text ('0.0515', '0.051500') as numerator and denominator. */
export function rateFraction(rate: string | number): { num: bigint; den: bigint } {
  const text = typeof rate === 'number' ? rate.toFixed(8) : rate.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`invalid rate ${text}`);
  const decimals = match[2] ?? '';
  return { num: BigInt(match[1]! + decimals), den: 10n ** BigInt(decimals.length) };
}

/** a / b rounded half up (both non-negative). */
const divRound = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

/** Monthly interest on a balance at the yearly rate num/den: balance·num / (12·den), half up. */
const monthInterest = (balance: number, rate: { num: bigint; den: bigint }) => Number(divRound(BigInt(balance) * rate.num, 12n * rate.den));

/** The level monthly instalment of 等额本息 for `principal` fen over `months` at the yearly rate. */
export function levelInstalment(principal: number, months: number, rate: { num: bigint; den: bigint }): number {
  const a = rate.num, b = 12n * rate.den, p = BigInt(principal), n = BigInt(months);
  if (a === 0n) return Number(divRound(p, n));
  const grown = (b + a) ** n, base = b ** n;
  return Number(divRound(p * a * grown, b * (grown - base)));
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The day `months` calendar months after `day` (the month's last day when it has no such date). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12), month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(d, last))}`;
}

/** The first working day on or after `day`. */
export function workingDayFrom(day: string, calendar: WorkCalendar): string {
  let current = day;
  for (let i = 0; i < 60 && !isWorkingDay(current, calendar); i += 1) {
    const next = new Date(`${current}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    current = next.toISOString().slice(0, 10);
  }
  return current;
}

export interface ScheduleInput {
  /** Principal in fen still to repay over the periods below. */
  principal: number;
  rate: string | number;
  method: RepaymentMethod;
  /** The issue date: period i falls due i months after it. */
  issueDate: string;
  /** The first and last period to compute (1-based; a recomputation after an early repayment starts later). */
  firstPeriod?: number;
  termMonths: number;
}

/** The periods `firstPeriod`..`termMonths` of a schedule over `principal`. */
export function schedule(input: ScheduleInput, calendar: WorkCalendar): Period[] {
  const first = input.firstPeriod ?? 1;
  const count = input.termMonths - first + 1;
  if (!Number.isInteger(input.principal) || input.principal < 0 || count < 1) throw new RangeError('invalid schedule input');
  const rate = rateFraction(input.rate);
  const level = input.method === 'EQUAL_INSTALMENT' ? levelInstalment(input.principal, count, rate) : 0;
  const even = Math.round(input.principal / count);
  const periods: Period[] = [];
  let balance = input.principal;
  for (let period = first; period <= input.termMonths; period += 1) {
    const interest = monthInterest(balance, rate);
    let principal: number;
    if (period === input.termMonths) principal = balance;
    else if (input.method === 'INTEREST_MONTHLY') principal = 0;
    else if (input.method === 'EQUAL_PRINCIPAL' || rate.num === 0n) principal = Math.min(even, balance);
    else principal = Math.min(Math.max(level - interest, 0), balance);
    balance -= principal;
    periods.push({ period, dueDate: workingDayFrom(addMonths(input.issueDate, period), calendar), principal, interest });
  }
  return periods;
}
