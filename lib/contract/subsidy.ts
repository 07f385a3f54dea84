import { z } from './zod';
import { clientKey, date, decimal, id, int, longText, money, pageInput, requiredLine } from './fields';
import { count, timestamp } from './output';
import { version } from './organiza';
import { BORROWER_TYPES } from '../workflow/stages';
import { CLAIM_STATES, SUBSIDY_KINDS } from '../workflow/subsidy';

/**
 * The interest subsidy 贴息 (DOMAIN.md section 6): the rule per borrower type (versioned by the
 * due date it takes effect on), the LPR's history, and the banks' quarterly claims 贴息申请
 * reviewed by renshe in two steps by two people and paid. Amounts are yuan with two decimals on
 * the wire and whole fen in the service; rates are fractions (0.0365 is 3.65%).
 */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
/** A fraction of at most four decimals (an LPR, a share). */
const fraction = (min: number, max: number) => decimal(min, max, 'validation.invalid')
  .refine((n) => Math.abs(Math.round(n * 10_000) - n * 10_000) < 1e-6, 'validation.invalid');

const subsidyRuleRow = z.object({
  id: count,
  borrowerType: z.enum(BORROWER_TYPES),
  effectiveFrom: z.string(),
  kind: z.enum(SUBSIDY_KINDS),
  offsetBp: z.number(),
  share: z.number(),
  years: count,
  maxLoans: count,
  /** The version periods due today are computed with. */
  inForce: z.boolean(),
  createdBy: z.string(),
  createTime: timestamp,
});
const lprRow = z.object({ effectiveFrom: z.string(), rate: z.number(), inForce: z.boolean(), createdBy: z.string(), createTime: timestamp });
/** Every version of every borrower type's rule (newest first) and the LPR's history (newest first). */
export const subsidySettings = z.object({ rules: z.array(subsidyRuleRow), lpr: z.array(lprRow) });
export type SubsidySettings = z.infer<typeof subsidySettings>;

/** A new version of a borrower type's rule, from a due date not before today. */
export const subsidyRuleInput = z.object({
  borrowerType: z.enum(BORROWER_TYPES, { error: 'validation.invalid' }),
  effectiveFrom: date,
  kind: z.enum(SUBSIDY_KINDS, { error: 'validation.invalid' }),
  /** LPR_OFFSET: the borrower's own rate is LPR + offsetBp basis points (−150). */
  offsetBp: int(-1000, 1000, 'validation.invalid'),
  /** LPR_SHARE: the share of the LPR subsidised. */
  share: fraction(0, 1),
  years: int(0, 30, 'validation.invalid'),
  maxLoans: int(0, 99, 'validation.invalid'),
  /** The newest version the caller saw of this borrower type's rule (0: none): another change since is 409. */
  seen: int(0, 2_147_483_647, 'validation.invalid'),
});
/** A published LPR from its effective date (the loan.lpr parameter follows the one in force). */
export const lprInput = z.object({ effectiveFrom: date, rate: fraction(0.0001, 0.2) });

/** One claim of a bank for one quarter and one renshe bureau. */
export const claimRow = z.object({
  id: count,
  number: z.string(),
  bankOrgId: count,
  bankOrg: z.string(),
  rensheOrgId: count,
  rensheOrg: z.string(),
  year: count,
  quarter: count,
  state: z.enum(CLAIM_STATES),
  /** The periods claimed (not left out) and their subsidy. */
  periods: count,
  amount: z.number(),
  submitTime: timestamp.nullable(),
  paidOn: z.string().nullable(),
  paidAmount: z.number().nullable(),
  voucherNo: z.string().nullable(),
  createTime: timestamp,
  version: count,
});
export type ClaimRow = z.infer<typeof claimRow>;

export const CLAIM_STEPS = ['PROPOSE', 'EXCLUDE', 'INCLUDE', 'SUBMIT', 'CHECK', 'APPROVE', 'RETURN', 'PAY'] as const;
const claimStep = z.object({ action: z.enum(CLAIM_STEPS), user: z.string(), opinion: z.string(), createTime: timestamp });
export const claimDetail = z.object({
  claim: claimRow,
  /** The periods the bank left out, and their subsidy. */
  excluded: z.object({ periods: count, amount: z.number() }),
  steps: z.array(claimStep),
  can: z.object({ edit: z.boolean(), submit: z.boolean(), delete: z.boolean(), check: z.boolean(), approve: z.boolean(), return: z.boolean(), pay: z.boolean() }),
});
export type ClaimDetail = z.infer<typeof claimDetail>;

const claimFilters = z.object({
  state: opt(z.enum(CLAIM_STATES, { error: 'validation.invalid' })),
  year: opt(int(2000, 2100, 'validation.invalid')),
  quarter: opt(int(1, 4, 'validation.invalid')),
  bankOrgId: opt(id),
});
export const claimListInput = pageInput.extend(claimFilters.shape);

/** A period of a claim. */
export const claimLine = z.object({
  applicationId: count,
  loanNumber: z.string(),
  name: z.string(),
  /** Masked. */
  idNumber: z.string(),
  borrowerType: z.enum(BORROWER_TYPES),
  period: count,
  dueDate: z.string(),
  paidOn: z.string(),
  /** The loan's yearly rate and the LPR of its signing (fractions). */
  rate: z.number(),
  lpr: z.number(),
  interest: z.number(),
  subsidy: z.number(),
  borrowerInterest: z.number(),
  excluded: z.boolean(),
  reason: z.string(),
});
export type ClaimLine = z.infer<typeof claimLine>;
export const claimLinesInput = pageInput.extend({ id, excluded: opt(z.boolean({ error: 'validation.invalid' })) });

/** What the bank may still claim: periods repaid on time and not claimed, per quarter and bureau. */
export const unclaimedRow = z.object({ year: count, quarter: count, rensheOrgId: count, rensheOrg: z.string(), periods: count, amount: z.number(), claimable: z.boolean() });
export type UnclaimedRow = z.infer<typeof unclaimedRow>;

/** Propose the quarter's claims (one per bureau): idempotent by key. */
export const proposeInput = z.object({ year: int(2000, 2100, 'validation.invalid'), quarter: int(1, 4, 'validation.invalid'), key: clientKey });
export const claimAct = z.object({ id, version });
export const lineInput = claimAct.extend({
  applicationId: id,
  period: int(1, 600, 'validation.invalid'),
});
export const excludeInput = lineInput.extend({ reason: requiredLine(200, 'validation.excludeReason') });
export const reviewInput = claimAct.extend({
  decision: z.enum(['APPROVE', 'RETURN'], { error: 'validation.invalid' }),
  opinion: z.preprocess((v) => v ?? '', longText(500)),
}).superRefine((value, ctx) => {
  if (value.decision === 'RETURN' && !value.opinion) ctx.addIssue({ code: 'custom', path: ['opinion'], message: 'validation.opinionRequired' });
});
export type ReviewInput = z.infer<typeof reviewInput>;
export const payInput = claimAct.extend({ paidOn: date, amount: money(), voucherNo: requiredLine(64, 'validation.fieldRequired') });
export type PayInput = z.infer<typeof payInput>;
