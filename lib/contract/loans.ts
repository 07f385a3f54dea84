import { z } from './zod';
import { clientKey, date, decimal, id, inDateOrder, int, longText, money, pageInput, requiredLine, textFilter } from './fields';
import { count, timestamp } from './output';
import { BORROWER_TYPES } from '../workflow/stages';
import { REPAYMENT_METHODS } from '../workflow/plan';
import { CLAIM_STATES } from '../workflow/subsidy';
import { LOAN_STATES, SETTLED_HOWS, PERIOD_STATES, RECOVERY_SOURCES, REPORT_KINDS, DECISIONS, RATE_ACTIONS } from '../workflow/loan-states';

/**
 * The loan after issue (DOMAIN.md section 6): the post-loan ledger 贷后台账 and a loan's account
 * (schedule, repayments, compensation, recovery, write-off), the guarantee fund 担保基金 and the
 * post-loan settings. Amounts are yuan with two decimals on the wire and whole fen in the service.
 */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
import { version } from './organiza';
/** An amount that may be nought (the interest of an interest-free repayment). */
const amountOrNought = z.union([z.literal(0), z.literal('0'), money()], { error: 'validation.amount' }).transform(Number);

const ledgerFilters = z.object({
  /** The loan number or the borrower's name. */
  keyword: textFilter(64),
  state: opt(z.enum(LOAN_STATES, { error: 'validation.invalid' })),
  bankOrgId: opt(id),
  guaranteeOrgId: opt(id),
  /** At least this many days overdue. */
  overdueMin: opt(int(1, 36_500, 'validation.invalid')),
  /** The next due date from / to. */
  dateFrom: opt(date),
  dateTo: opt(date),
  sort: opt(z.enum(['nextDue', 'overdueDays', 'outstanding', 'issueDate'], { error: 'validation.invalid' })),
});
export const ledgerListInput = inDateOrder(pageInput.extend(ledgerFilters.shape));
export type LedgerListInput = z.infer<typeof ledgerListInput>;
export const ledgerExportInput = inDateOrder(ledgerFilters);

/** One loan of the ledger. */
export const ledgerRow = z.object({
  id: count,
  number: z.string(),
  name: z.string(),
  /** Masked. */
  idNumber: z.string(),
  borrowerType: z.enum(BORROWER_TYPES),
  bankOrg: z.string(),
  guaranteeOrg: z.string(),
  principal: z.number(),
  outstanding: z.number(),
  issueDate: z.string(),
  maturityDate: z.string(),
  method: z.enum(REPAYMENT_METHODS),
  /** Yearly rate as a fraction (0.0515). */
  rate: z.number(),
  state: z.enum(LOAN_STATES),
  overdueDays: count,
  nextDueDate: z.string().nullable(),
  nextDueAmount: z.number().nullable(),
  settledHow: z.enum(SETTLED_HOWS).nullable(),
  settledOn: z.string().nullable(),
  version: count,
});
export type LedgerRow = z.infer<typeof ledgerRow>;

const scheduleRow = z.object({
  period: count,
  dueDate: z.string(),
  principal: z.number(),
  interest: z.number(),
  paidPrincipal: z.number(),
  paidInterest: z.number(),
  paidOn: z.string().nullable(),
  state: z.enum(PERIOD_STATES),
  overdueDays: count,
  /** A repaid period's interest subsidy and the borrower's part (null until repaid), and the claim holding it. */
  subsidy: z.number().nullable(),
  borrowerInterest: z.number().nullable(),
  claim: z.object({ id: count, number: z.string(), state: z.enum(CLAIM_STATES) }).nullable(),
});
export type ScheduleRow = z.infer<typeof scheduleRow>;

const repaymentRow = z.object({
  id: count,
  reportId: z.string(),
  kind: z.enum(REPORT_KINDS),
  period: count.nullable(),
  paidOn: z.string(),
  principal: z.number(),
  interest: z.number(),
  /** Days the period was paid after its due date (0 on time). */
  lateDays: count,
  recordedBy: z.string(),
  createTime: timestamp,
});

const compensationRow = z.object({
  id: count,
  principal: z.number(),
  interest: z.number(),
  paidOn: z.string(),
  state: z.enum(['PENDING', 'CONFIRMED', 'REJECTED']),
  recordedBy: z.string(),
  decidedBy: z.string().nullable(),
  opinion: z.string(),
  createTime: timestamp,
});

const recoveryRow = z.object({
  id: count,
  recoveredOn: z.string(),
  amount: z.number(),
  source: z.enum(RECOVERY_SOURCES),
  note: z.string(),
  recordedBy: z.string(),
  createTime: timestamp,
});

const writeOffRow = z.object({
  id: count,
  amount: z.number(),
  reason: z.string(),
  state: z.enum(['PENDING', 'CONFIRMED', 'REJECTED']),
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  opinion: z.string(),
  createTime: timestamp,
});

/** A loan's account with everything about it, and what the caller may do with it now. */
export const loanAccount = z.object({
  account: ledgerRow.extend({
    termMonths: count,
    compensated: z.number(),
    recovered: z.number(),
    writtenOff: z.number(),
    /** The first day a compensation may be recorded (overdue past the claim threshold), and a write-off requested. */
    claimDays: count,
    writeOffFrom: z.string().nullable(),
  }),
  schedule: z.array(scheduleRow),
  repayments: z.array(repaymentRow),
  compensations: z.array(compensationRow),
  recoveries: z.array(recoveryRow),
  writeOffs: z.array(writeOffRow),
  can: z.object({
    repay: z.boolean(), compensate: z.boolean(), confirmCompensation: z.boolean(), recover: z.boolean(),
    writeOff: z.boolean(), confirmWriteOff: z.boolean(),
  }),
});
export type LoanAccount = z.infer<typeof loanAccount>;

/** The proposer's earlier start-up loans (borrowing again): what each was and how it stands. */
export const earlierLoan = z.object({
  number: z.string(), principal: z.number(), issueDate: z.string(), state: z.enum(LOAN_STATES), overdueDays: count,
  settledHow: z.enum(SETTLED_HOWS).nullable(), settledOn: z.string().nullable(),
});
export type EarlierLoan = z.infer<typeof earlierLoan>;

const accountAction = z.object({ id, version, key: clientKey });

/**
 * The bank's repayment report: a period's principal and interest (on time or late), or an early
 * repayment of part or all of the principal. Idempotent by the bank's report id.
 */
export const repayInput = accountAction.extend({
  reportId: requiredLine(64, 'validation.reportId').pipe(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'validation.reportId')),
  kind: z.enum(REPORT_KINDS, { error: 'validation.invalid' }),
  /** A period report's period (the earliest unpaid one). */
  period: opt(int(1, 600, 'validation.invalid')),
  paidOn: date,
  principal: amountOrNought,
  interest: amountOrNought,
}).superRefine((value, ctx) => {
  if (value.kind === 'PERIOD' && value.period === undefined) ctx.addIssue({ code: 'custom', path: ['period'], message: 'validation.fieldRequired' });
  if (value.kind === 'EARLY' && !(value.principal > 0)) ctx.addIssue({ code: 'custom', path: ['principal'], message: 'validation.amount' });
});
export type RepayInput = z.infer<typeof repayInput>;

export const compensateInput = accountAction.extend({ principal: money(), interest: amountOrNought, paidOn: date });
export const decideInput = accountAction.extend({
  /** The pending compensation or write-off decided. */
  entryId: id,
  decision: z.enum(DECISIONS, { error: 'validation.invalid' }),
  opinion: z.preprocess((v) => v ?? '', longText(500)),
}).superRefine((value, ctx) => {
  if (value.decision === 'REJECT' && !value.opinion) ctx.addIssue({ code: 'custom', path: ['opinion'], message: 'validation.opinionRequired' });
});
export const recoverInput = accountAction.extend({
  recoveredOn: date,
  amount: money(),
  source: z.enum(RECOVERY_SOURCES, { error: 'validation.invalid' }),
  note: z.preprocess((v) => v ?? '', longText(500)),
});
export const writeOffInput = accountAction.extend({
  reason: longText(500, 'validation.reasonRequired').refine((v) => v.length > 0, 'validation.reasonRequired'),
});

/** The guarantee fund of each company in the caller's scope, with its leverage and compensation rates. */
const fundRow = z.object({
  orgId: count,
  org: z.string(),
  contributions: z.number(),
  compensations: z.number(),
  recoveries: z.number(),
  balance: z.number(),
  /** The outstanding principal of its live, uncompensated loans (在保余额). */
  guaranteeBalance: z.number(),
  /** guaranteeBalance / balance; null when the fund is empty. */
  leverage: z.number().nullable(),
  leverageMax: z.number(),
  guaranteed: z.number(),
  compensatedPrincipal: z.number(),
  /** Compensated principal / principal guaranteed, all time and over the last 12 months (fractions). */
  compensationRate: z.number(),
  compensationRate12m: z.number(),
  overThreshold: z.boolean(),
});
export type FundRow = z.infer<typeof fundRow>;
const bankRateRow = z.object({
  orgId: count, org: z.string(), guaranteed: z.number(), compensatedPrincipal: z.number(),
  compensationRate: z.number(), compensationRate12m: z.number(), overThreshold: z.boolean(),
});
export const fundOverview = z.object({ funds: z.array(fundRow), banks: z.array(bankRateRow), threshold: z.number(), action: z.enum(RATE_ACTIONS) });
export type FundOverview = z.infer<typeof fundOverview>;

export const fundEntriesInput = pageInput.extend({ orgId: id });
export const fundEntry = z.object({
  id: count,
  kind: z.enum(['CONTRIBUTION', 'COMPENSATION', 'RECOVERY']),
  day: z.string(),
  /** Signed: money into the fund is positive. */
  amount: z.number(),
  source: z.string(),
  loanNumber: z.string().nullable(),
  recordedBy: z.string(),
  createTime: timestamp,
});
export const contributeInput = z.object({
  orgId: id,
  day: date,
  amount: money(),
  source: requiredLine(100, 'validation.fieldRequired'),
  key: clientKey,
});

/** The post-loan settings (an administrator's; each change audited). */
const postLoanSettings = z.object({
  /** Days overdue before a compensation may be recorded (seed 90). */
  claimDays: int(1, 3650, 'validation.invalid'),
  /** Years after compensation before a write-off (seed 3). */
  writeOffYears: int(0, 30, 'validation.invalid'),
  /** The highest leverage (guarantee balance / fund balance) a new guarantee may reach (seed 5). */
  leverageMax: decimal(0.1, 100, 'validation.invalid'),
  /** The compensation rate (percent) above which a bank's new applications are flagged or stopped (seed 5). */
  compensationRateMax: decimal(0, 100, 'validation.invalid'),
  compensationRateAction: z.enum(RATE_ACTIONS, { error: 'validation.invalid' }),
});
export type PostLoanSettings = z.infer<typeof postLoanSettings>;
export const postLoanSettingsAnswer = postLoanSettings.extend({ version: count, updateTime: timestamp.nullable() });
export const postLoanSettingsInput = postLoanSettings.extend({ version });

