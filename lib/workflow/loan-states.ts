/**
 * The states and kinds of the loan after issue (DOMAIN.md section 6), named once for the
 * contract, the service and the screens. Plain constants, safe for the browser.
 */
export const LOAN_STATES = ['CURRENT', 'OVERDUE', 'COMPENSATED', 'RECOVERING', 'SETTLED'] as const;
export type LoanState = (typeof LOAN_STATES)[number];
/** How a loan was settled. */
export const SETTLED_HOWS = ['REPAID', 'EARLY_REPAID', 'RECOVERED', 'WRITTEN_OFF'] as const;
export type SettledHow = (typeof SETTLED_HOWS)[number];
/** A schedule period: not yet due (or due today), paid on time, paid late, or past due and unpaid. */
export const PERIOD_STATES = ['DUE', 'PAID', 'PAID_LATE', 'OVERDUE'] as const;
export type PeriodState = (typeof PERIOD_STATES)[number];
/** A bank's repayment report: one period's instalment, or principal repaid before it falls due. */
export const REPORT_KINDS = ['PERIOD', 'EARLY'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const RECOVERY_SOURCES = ['BORROWER', 'GUARANTOR', 'COLLATERAL', 'COURT'] as const;
export type RecoverySource = (typeof RECOVERY_SOURCES)[number];
/** A second person's decision on a compensation or a write-off (four eyes). */
export const DECISIONS = ['CONFIRM', 'REJECT'] as const;
/** What a compensation rate over its threshold does to a bank's new applications. */
export const RATE_ACTIONS = ['FLAG', 'STOP'] as const;
export type RateAction = (typeof RATE_ACTIONS)[number];
/** Loans the guarantee balance (在保余额) holds: neither settled nor compensated. */
export const GUARANTEED_STATES: readonly LoanState[] = ['CURRENT', 'OVERDUE'];
