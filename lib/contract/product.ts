import { z } from './zod';
import { decimal, flag, id, int, money, pageInput, requiredLine, sort, textFilter } from './fields';
import { count, timestamp } from './output';
import { version } from './role';
import { REPAYMENT_METHODS } from '../workflow/plan';
import { BORROWER_TYPES, GUARANTEE_METHODS } from '../workflow/stages';
import { PRODUCT_TERMS } from '../workflow/product';

/**
 * Loan products (businessSchemaConfig, 业务模型配置; DOMAIN.md section 2). A product is a
 * code with numbered revisions: an edit adds a revision that becomes current, so new
 * applications take it while earlier ones keep the revision they named.
 */
const STATES = ['ENABLED', 'DISABLED'] as const;
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const state = z.enum(STATES, { error: 'validation.state' });
const borrowerType = z.enum(BORROWER_TYPES, { error: 'validation.borrowerType' });
/** A choice of one or more of `values`, each once; a bad one is a message on the whole field. */
const choices = <T extends string | number>(values: readonly T[], key: string) => z.array(z.union([z.string(), z.number()]), { error: key })
  .min(1, key).max(values.length, key)
  .refine((list) => list.every((v) => (values as readonly unknown[]).includes(v)) && new Set(list).size === list.length, key)
  .transform((list) => list as T[]);

export const productListInput = pageInput.extend({
  name: textFilter(64),
  borrowerType: z.preprocess(blankToUndefined, borrowerType.optional()),
  state: z.preprocess(blankToUndefined, state.optional()),
  /** Every revision, not only the current ones. */
  history: flag,
});

const productFields = {
  nameZh: requiredLine(64, 'validation.nameZhRequired'),
  nameEn: requiredLine(128, 'validation.nameEnRequired'),
  borrowerType,
  /** Empty: every client group of its borrower type. */
  clientGroupIds: z.array(id, { error: 'validation.clientGroups' }).max(50, 'validation.clientGroups').default([]),
  amountMin: money(),
  amountMax: money(),
  terms: choices(PRODUCT_TERMS, 'validation.productTerms'),
  /** Added to the LPR, in basis points (150 = 1.50%). */
  rateMarginBp: int(-1000, 1000, 'validation.rateMargin'),
  /** The highest yearly rate, a fraction (0.0435 = 4.35%). */
  rateCap: decimal(0, 0.24, 'validation.rateCap').refine((n) => n > 0, 'validation.rateCap'),
  /** The share of the interest public funds pay (0-1). */
  subsidyShare: decimal(0, 1, 'validation.subsidyShare'),
  repaymentMethods: choices(REPAYMENT_METHODS, 'validation.repaymentMethods'),
  guaranteeMethods: choices(GUARANTEE_METHODS, 'validation.guaranteeMethods'),
  /** The approval flow; absent: the enabled flow of its borrower type. */
  moduleId: z.preprocess(blankToUndefined, id.optional()),
  state: state.default('ENABLED'),
  sort: sort.default(0),
};

const amountOrder = (v: { amountMin: number; amountMax: number }, ctx: z.RefinementCtx) => {
  if (v.amountMin > v.amountMax) ctx.addIssue({ code: 'custom', path: ['amountMax'], message: 'validation.amountRange' });
};

export const productAddInput = z.object({
  code: requiredLine(32, 'validation.productCode').regex(/^[A-Z][A-Z0-9_-]*$/, 'validation.productCode'),
  ...productFields,
}).superRefine(amountOrder);

/** businessSchemaConfig/update: adds a revision of the current one (its borrower type stays). */
export const productUpdateInput = z.object({ id, version, ...productFields }).superRefine(amountOrder);
export const productDeleteInput = z.object({ id, version });

export const productRow = z.object({
  id: count,
  code: z.string(),
  revision: count,
  current: z.boolean(),
  nameZh: z.string(),
  nameEn: z.string(),
  borrowerType,
  clientGroupIds: z.array(count),
  amountMin: z.number(),
  amountMax: z.number(),
  terms: z.array(count),
  rateMarginBp: z.number().int(),
  rateCap: z.number(),
  /** The highest rate now: the LPR plus the margin, at most the cap. */
  rateMax: z.number(),
  subsidyShare: z.number(),
  repaymentMethods: z.array(z.enum(REPAYMENT_METHODS)),
  guaranteeMethods: z.array(z.enum(GUARANTEE_METHODS)),
  moduleId: count.nullable(),
  state,
  sort: count,
  /** Applications naming this revision. */
  usedCount: count,
  version: count,
  updateTime: timestamp,
});
export type ProductRow = z.infer<typeof productRow>;

/** The products an intake may name: the current, enabled revisions of a borrower type. */
export const productOptionsInput = z.object({ borrowerType });

/** What the product form chooses from: client groups and approval flows. */
export const productChoices = z.object({
  clientGroups: z.array(z.object({ id: count, nameZh: z.string(), nameEn: z.string(), state })),
  flows: z.array(z.object({ id: count, name: z.string(), borrowerType })),
  /** The LPR (system parameter loan.lpr), a fraction. */
  lpr: z.number(),
});
export type ProductChoices = z.infer<typeof productChoices>;
