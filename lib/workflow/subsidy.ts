import type { BorrowerType } from './stages';
import { addMonths, rateFraction } from './loan-schedule';

/**
 * The interest subsidy 贴息 (DOMAIN.md section 6): per loan and period, the part of the interest
 * due that the borrower does not pay, by the rule of the loan's borrower type in force on the
 * period's due date. Plain functions, safe for the browser; amounts in whole fen, rates exact.
 *
 * - LPR_OFFSET: the borrower pays interest up to the rate LPR + offset (the national rule:
 *   offset −150 bp, the LPR of the contract's signing); the rest of the actual rate is subsidised.
 * - LPR_SHARE: a share of the LPR is subsidised (a province's rule), never more than the rate.
 * - NONE: nothing is subsidised.
 *
 * A period's subsidy is its interest times (subsidised rate / actual rate), rounded half up to
 * the fen, so it is never more than the interest due; the borrower pays the rest. A period
 * repaid late, of an extended loan, due after the rule's years from issue, or of a loan beyond
 * the person's number of subsidised loans earns nothing.
 */
export const SUBSIDY_KINDS = ['LPR_OFFSET', 'LPR_SHARE', 'NONE'] as const;
export type SubsidyKind = (typeof SUBSIDY_KINDS)[number];

/** The states of a bank's quarterly claim 贴息申请. */
export const CLAIM_STATES = ['DRAFT', 'SUBMITTED', 'CHECKED', 'APPROVED', 'RETURNED', 'PAID'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];
/** A claim the bank may still change (leave periods out, submit, or delete while a draft). */
export const EDITABLE_CLAIM_STATES: readonly ClaimState[] = ['DRAFT', 'RETURNED'];

export interface SubsidyRule {
  id: number;
  borrowerType: BorrowerType;
  /** The first due date the version applies to ('YYYY-MM-DD'). */
  effectiveFrom: string;
  kind: SubsidyKind;
  /** LPR_OFFSET: basis points added to the LPR for the borrower's own rate (−150). */
  offsetBp: number;
  /** LPR_SHARE: the share of the LPR subsidised, a decimal text ('0.5000'). */
  share: string;
  /** Years from issue a loan is subsidised. */
  years: number;
  /** A person's subsidised loans: their later loans earn nothing. */
  maxLoans: number;
}

/** What of a loan the subsidy depends on. */
export interface SubsidyLoan {
  borrowerType: BorrowerType;
  /** The yearly rate, a decimal text ('0.051500'). */
  rate: string;
  /** The LPR in force on the contract's signing, a decimal text. */
  lpr: string;
  issueDate: string;
  /** The person's nth start-up loan (by issue date). */
  seq: number;
  extended: boolean;
}

export interface PeriodSplit {
  subsidy: number;
  borrowerInterest: number;
  ruleId: number | null;
}

/** The version of a borrower type's rule in force on `day`: the latest that took effect on or before it. */
export function ruleInForce(rules: readonly SubsidyRule[], borrowerType: BorrowerType, day: string): SubsidyRule | undefined {
  let found: SubsidyRule | undefined;
  for (const rule of rules) {
    if (rule.borrowerType === borrowerType && rule.effectiveFrom <= day && (!found || rule.effectiveFrom > found.effectiveFrom)) found = rule;
  }
  return found;
}

/** The LPR in force on `day` from its history (effective dates and rates); undefined before the first. */
export function lprOn(history: readonly { effectiveFrom: string; rate: string }[], day: string): string | undefined {
  let found: { effectiveFrom: string; rate: string } | undefined;
  for (const entry of history) if (entry.effectiveFrom <= day && (!found || entry.effectiveFrom > found.effectiveFrom)) found = entry;
  return found?.rate;
}

/** Every rate on one denominator (10^12): exact for decimals of up to 8 places and their products with a 4-place share. */
const SCALE = 10n ** 12n;
const scaled = (text: string) => {
  const { num, den } = rateFraction(text);
  return (num * SCALE) / den;
};

/** The yearly rate subsidised (over SCALE) for a loan by a rule, never more than the loan's rate nor less than nought. */
function subsidisedRate(rule: SubsidyRule, loan: Pick<SubsidyLoan, 'rate' | 'lpr'>): bigint {
  const rate = scaled(loan.rate), lpr = scaled(loan.lpr);
  if (rule.kind === 'NONE') return 0n;
  if (rule.kind === 'LPR_SHARE') {
    const share = rateFraction(rule.share);
    const part = (lpr * share.num) / share.den;
    if (part > rate) return rate;
    return part;
  }
  const own = lpr + (BigInt(rule.offsetBp) * SCALE) / 10_000n;
  const borrower = own > 0n ? own : 0n;
  return rate > borrower ? rate - borrower : 0n;
}

/** Whether a period repaid on `paidOn` earns a subsidy under `rule` at all (before its amount). */
function periodEligible(rule: SubsidyRule | undefined, loan: SubsidyLoan, period: { dueDate: string; paidOn: string }): rule is SubsidyRule {
  if (!rule || rule.kind === 'NONE' || loan.extended) return false;
  if (period.paidOn > period.dueDate) return false;
  if (loan.seq > rule.maxLoans) return false;
  return period.dueDate <= addMonths(loan.issueDate, rule.years * 12);
}

/**
 * A repaid period's interest split into the subsidy and the borrower's part, by the rule in force
 * on its due date (from `rules`).
 */
export function splitPeriod(rules: readonly SubsidyRule[], loan: SubsidyLoan, period: { dueDate: string; paidOn: string; interest: number }): PeriodSplit {
  const rule = ruleInForce(rules, loan.borrowerType, period.dueDate);
  if (!periodEligible(rule, loan, period) || period.interest <= 0) return { subsidy: 0, borrowerInterest: period.interest, ruleId: rule?.id ?? null };
  const rate = scaled(loan.rate);
  const part = subsidisedRate(rule, loan);
  if (rate === 0n || part === 0n) return { subsidy: 0, borrowerInterest: period.interest, ruleId: rule.id };
  const interest = BigInt(period.interest);
  let subsidy = Number((2n * interest * part + rate) / (2n * rate));
  if (subsidy > period.interest) subsidy = period.interest;
  return { subsidy, borrowerInterest: period.interest - subsidy, ruleId: rule.id };
}

/** A quarter's first and last day ('YYYY-MM-DD'). */
export function quarterDays(year: number, quarter: number): { from: string; to: string } {
  const first = (quarter - 1) * 3 + 1;
  const last = new Date(Date.UTC(year, first + 2, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(first + 2)}-${pad(last)}` };
}

/** A claim's number: its year, quarter and id (TX2026Q3-000012). */
export const claimNumber = (c: { id: number; year: number; quarter: number }) => `TX${c.year}Q${c.quarter}-${String(c.id).padStart(6, '0')}`;
