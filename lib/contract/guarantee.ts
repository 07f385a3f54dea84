import { z } from './zod';
import { bool, idNumber, int, line, money, pageInput, requiredLine, sort } from './fields';
import { count, timestamp } from './output';
import { version } from './role';
import { GUARANTEE_METHODS } from '../workflow/stages';

/**
 * Guarantee methods (businessGuaranteeConfig, DOMAIN.md section 2): house mortgage, guarantor
 * and credit-exempt under the application's codes, each with its maximum amount, required
 * documents, number of guarantors and who may use it. The three codes are fixed (the loan
 * workflow routes by them): a method is edited or disabled, never added or deleted.
 */
const STATES = ['ENABLED', 'DISABLED'] as const;
const DOC_MAX = 32;
const DOCS_MAX = 20;
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const code = z.enum(GUARANTEE_METHODS, { error: 'validation.guaranteeMethod' });
const state = z.enum(STATES, { error: 'validation.state' });

export const guaranteeListInput = pageInput.extend({ state: z.preprocess(blankToUndefined, state.optional()) });

export const guaranteeUpdateInput = z.object({
  code,
  version,
  nameZh: requiredLine(32, 'validation.nameZhRequired'),
  nameEn: requiredLine(64, 'validation.nameEnRequired'),
  maxAmount: money(),
  requiredDocs: z.array(requiredLine(DOC_MAX, 'validation.requiredDocs'), { error: 'validation.requiredDocs' }).max(DOCS_MAX, 'validation.requiredDocs'),
  /** GUARANTOR: the fewest guarantors an application names; ignored for the others. */
  guarantorCount: z.preprocess(blankToUndefined, int(1, 5, 'validation.guarantorCount').optional()),
  allowWhitelisted: bool(),
  allowExemptGroups: bool(),
  state,
  sort,
}).superRefine((v, ctx) => {
  if (v.code === 'GUARANTOR' && v.guarantorCount === undefined) ctx.addIssue({ code: 'custom', path: ['guarantorCount'], message: 'validation.guarantorCount' });
});

export const guaranteeRow = z.object({
  code,
  nameZh: z.string(),
  nameEn: z.string(),
  maxAmount: z.number(),
  requiredDocs: z.array(z.string()),
  guarantorCount: count.nullable(),
  allowWhitelisted: z.boolean(),
  allowExemptGroups: z.boolean(),
  state,
  sort: count,
  /** Applications that use it (it is disabled, never deleted). */
  usedCount: count,
  version: count,
  updateTime: timestamp,
});
export type GuaranteeRow = z.infer<typeof guaranteeRow>;

/** businessApproveRecord/userGuaranteeMethod: the methods open to a proposer (by ID number and client group). */
export const userGuaranteeInput = z.object({
  idNumber,
  /** The proposer's employment category (the client group's Chinese name), if known. */
  employmentCategory: z.preprocess(blankToUndefined, line(32).optional()),
});

const userGuaranteeMethod = z.object({
  code,
  nameZh: z.string(),
  nameEn: z.string(),
  maxAmount: z.number(),
  guarantorCount: count.nullable(),
  requiredDocs: z.array(z.string()),
  open: z.boolean(),
  /** Why it is closed: DISABLED, or NOT_ELIGIBLE (credit-exempt without whitelist or an exempt client group). */
  closedBy: z.enum(['DISABLED', 'NOT_ELIGIBLE']).nullable(),
});
export type UserGuaranteeMethod = z.infer<typeof userGuaranteeMethod>;
export const userGuaranteeResult = z.object({ whitelisted: z.boolean(), methods: z.array(userGuaranteeMethod) });
