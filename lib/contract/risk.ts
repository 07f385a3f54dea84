import { z } from './zod';
import { bool, date, decimal, id, idNumber, int, longText, money, pageInput, requiredLine, sort, textFilter } from './fields';
import { count, timestamp } from './output';
import { version } from './role';
import { MOBILE_PATTERN } from './rules';
import { BORROWER_TYPES, STAGES } from '../workflow/stages';
import { TERM_MONTHS_MAX } from './intake';
import { PROOF_KINDS } from '../workflow/files';

/**
 * Eligibility and risk screens (DOMAIN.md section 1): the blacklist (sysBlackList), the
 * whitelist (sysWhiteList), the refusal reasons of indicators (indicatorRefuseConfig) and of
 * stages (staterefuseconfig), and the client groups with their borrower types' caps
 * (business-client-group). ID numbers are checked (check digit) wherever they are typed.
 */
const NAME_MAX = 64;
const REASON_MAX = 255;
const ORG_MAX = 100;
const BLACKLIST_SOURCES = ['MANUAL', 'STRATEGY', 'IMPORT'] as const;
const BLACKLIST_STATES = ['ACTIVE', 'EXPIRED', 'RELIEVED'] as const;
const CONFIG_STATES = ['ENABLED', 'DISABLED'] as const;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, key: string) => z.preprocess(blank, z.enum(values, { error: key }).optional());
const mobile = z.string({ error: 'validation.mobileFormat' }).trim().regex(MOBILE_PATTERN, 'validation.mobileFormat');
const optionalMobile = z.preprocess(blank, mobile.optional());
const optionalDate = z.preprocess(blank, date.optional());
const personName = requiredLine(NAME_MAX, 'validation.nameRequired');
const reason = requiredLine(REASON_MAX, 'validation.reasonTextRequired');
const configState = z.enum(CONFIG_STATES, { error: 'validation.state' });

// Blacklist -------------------------------------------------------------------------------

export const blacklistListInput = pageInput.extend({
  name: textFilter(NAME_MAX),
  idNumber: textFilter(18),
  mobile: textFilter(11),
  source: optionalEnum(BLACKLIST_SOURCES, 'validation.invalid'),
  state: optionalEnum(BLACKLIST_STATES, 'validation.state'),
});

/** sysBlackList/add: one person; `expiresOn` the last China day the entry counts (blank: until relieved). */
export const blacklistAddInput = z.object({
  name: personName,
  idNumber,
  mobile: optionalMobile,
  reason,
  expiresOn: optionalDate,
});

export const blacklistRelieveInput = z.object({ id, version, reason });

export const blacklistRow = z.object({
  id: count,
  name: z.string(),
  /** Masked (110***********1234). */
  idNumber: z.string(),
  mobile: z.string().nullable(),
  reason: z.string(),
  source: z.enum(BLACKLIST_SOURCES),
  sourceRef: z.string(),
  state: z.enum(BLACKLIST_STATES),
  createdBy: z.string().nullable(),
  createTime: timestamp,
  expiresOn: z.string().nullable(),
  relievedBy: z.string().nullable(),
  relieveTime: timestamp.nullable(),
  relieveReason: z.string().nullable(),
  version: count,
});
export type BlacklistRow = z.infer<typeof blacklistRow>;

// Whitelist -------------------------------------------------------------------------------

export const whitelistListInput = pageInput.extend({
  name: textFilter(NAME_MAX),
  idNumber: textFilter(18),
  sourceOrg: textFilter(ORG_MAX),
});

/** sysWhiteList/edit: adds (no id) or changes (id and version; the ID number stays) an entry. */
export const whitelistEditInput = z.object({
  id: z.preprocess(blank, id.optional()),
  version: z.preprocess(blank, version.optional()),
  name: personName,
  idNumber: z.preprocess(blank, idNumber.optional()),
  sourceOrg: requiredLine(ORG_MAX, 'validation.sourceOrgRequired'),
  note: longText(REASON_MAX).default(''),
  validUntil: optionalDate,
}).superRefine((v, ctx) => {
  if ((v.id === undefined) !== (v.version === undefined)) ctx.addIssue({ code: 'custom', path: ['version'], message: 'validation.versionRequired' });
  if (v.id === undefined && v.idNumber === undefined) ctx.addIssue({ code: 'custom', path: ['idNumber'], message: 'validation.idNumber' });
});
export const whitelistDeleteInput = z.object({ id, version });

export const whitelistRow = z.object({
  id: count,
  name: z.string(),
  idNumber: z.string(),
  sourceOrg: z.string(),
  note: z.string(),
  validUntil: z.string().nullable(),
  /** Valid today (China). */
  valid: z.boolean(),
  createTime: timestamp,
  version: count,
});
export type WhitelistRow = z.infer<typeof whitelistRow>;

// Refusal reasons ---------------------------------------------------------------------------

export const reasonListInput = pageInput.extend({
  content: textFilter(REASON_MAX),
  state: optionalEnum(CONFIG_STATES, 'validation.state'),
  stage: optionalEnum(STAGES, 'validation.stage'),
});
const reasonFields = {
  content: requiredLine(REASON_MAX, 'validation.contentZhRequired'),
  contentEn: requiredLine(REASON_MAX, 'validation.contentEnRequired'),
  smsText: requiredLine(REASON_MAX, 'validation.smsTextRequired'),
  /** A refusal for fraud or false material (blacklist strategy). */
  fraud: bool().default(false),
  state: configState.default('ENABLED'),
  sort: sort.default(0),
};
export const indicatorReasonAddInput = z.object(reasonFields);
export const indicatorReasonUpdateInput = indicatorReasonAddInput.extend({ id, version });
/** A status reason names the stage whose refuse dialog offers it (none: every stage). */
export const statusReasonAddInput = z.object({ ...reasonFields, stage: optionalEnum(STAGES, 'validation.stage') });
export const statusReasonUpdateInput = statusReasonAddInput.extend({ id, version });
export const reasonDeleteInput = z.object({ id, version });

export const reasonRow = z.object({
  id: count,
  kind: z.enum(['INDICATOR', 'STATUS']),
  content: z.string(),
  contentEn: z.string(),
  smsText: z.string(),
  stage: z.enum(STAGES).nullable(),
  fraud: z.boolean(),
  state: z.enum(CONFIG_STATES),
  sort: count,
  /** Refusals that name it (a used reason is disabled, never deleted). */
  used: count,
  version: count,
  updateTime: timestamp,
});
export type ReasonRow = z.infer<typeof reasonRow>;

/** The reasons the refuse dialog offers at a stage. */
export const reasonOptionsInput = z.object({ stage: z.enum(STAGES, { error: 'validation.stage' }) });

// Client groups ----------------------------------------------------------------------------

const borrowerType = z.enum(BORROWER_TYPES, { error: 'validation.borrowerType' });
export const clientGroupListInput = pageInput.extend({
  name: textFilter(NAME_MAX),
  borrowerType: optionalEnum(BORROWER_TYPES, 'validation.borrowerType'),
  state: optionalEnum(CONFIG_STATES, 'validation.state'),
});
export const clientGroupEditInput = z.object({
  id: z.preprocess(blank, id.optional()),
  version: z.preprocess(blank, version.optional()),
  code: requiredLine(32, 'validation.codeRequired').regex(/^[A-Z][A-Z0-9_]*$/, 'validation.codeFormat'),
  nameZh: requiredLine(NAME_MAX, 'validation.titleZhRequired'),
  nameEn: requiredLine(128, 'validation.titleEnRequired'),
  borrowerTypes: z.array(borrowerType, { error: 'validation.borrowerType' }).min(1, 'validation.borrowerType').max(BORROWER_TYPES.length),
  proofKinds: z.array(z.enum(PROOF_KINDS, { error: 'validation.fileKind' }), { error: 'validation.fileKind' }).max(PROOF_KINDS.length),
  creditExempt: bool().default(false),
  state: configState.default('ENABLED'),
  sort: sort.default(0),
}).superRefine((v, ctx) => {
  if ((v.id === undefined) !== (v.version === undefined)) ctx.addIssue({ code: 'custom', path: ['version'], message: 'validation.versionRequired' });
});
export const clientGroupDeleteInput = z.object({ id, version });

export const clientGroupRow = z.object({
  id: count,
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  borrowerTypes: z.array(z.enum(BORROWER_TYPES)),
  proofKinds: z.array(z.string()),
  creditExempt: z.boolean(),
  state: z.enum(CONFIG_STATES),
  sort: count,
  /** Applications in the group. */
  used: count,
  version: count,
  updateTime: timestamp,
});
export type ClientGroupRow = z.infer<typeof clientGroupRow>;

export const borrowerTypeRow = z.object({
  borrowerType: z.enum(BORROWER_TYPES),
  nameZh: z.string(),
  nameEn: z.string(),
  capAmount: z.number(),
  totalCapAmount: z.number().nullable(),
  /** A partnership's uplift on its partners' caps (%; null for other types). */
  partnerUplift: z.number().nullable(),
  maxTermMonths: count,
  /** Small companies' staffing indicator (null for other types): key-group hires' share (%), the share above the threshold (%), the threshold (staff). */
  keyHireShare: z.number().nullable(),
  keyHireLargeShare: z.number().nullable(),
  keyHireStaffThreshold: z.number().nullable(),
  version: count,
});
export type BorrowerTypeRow = z.infer<typeof borrowerTypeRow>;

/** A percentage from 0 to 100 with at most two decimals. */
const percent = (key: string) => decimal(0, 100, key).refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, key);
const STAFF_THRESHOLD_MAX = 100_000;
const KEY_HIRE_FIELDS = ['keyHireShare', 'keyHireLargeShare', 'keyHireStaffThreshold'] as const;

/**
 * business-client-group/typeOfBorrowerUpdate: a borrower type's caps and longest term; for small
 * companies also the staffing indicator's limits (required there, ignored for the other types).
 */
export const borrowerTypeUpdateInput = z.object({
  borrowerType,
  capAmount: money('validation.amount'),
  totalCapAmount: z.preprocess(blank, money('validation.amount').optional()),
  partnerUplift: z.preprocess(blank, percent('validation.partnerUplift').optional()),
  maxTermMonths: int(1, TERM_MONTHS_MAX, 'validation.term'),
  keyHireShare: z.preprocess(blank, percent('validation.keyHireShare').optional()),
  keyHireLargeShare: z.preprocess(blank, percent('validation.keyHireLargeShare').optional()),
  keyHireStaffThreshold: z.preprocess(blank, int(1, STAFF_THRESHOLD_MAX, 'validation.keyHireStaffThreshold').optional()),
  version,
}).superRefine((v, ctx) => {
  if (v.borrowerType === 'PARTNERSHIP' && v.totalCapAmount !== undefined && v.totalCapAmount < v.capAmount) {
    ctx.addIssue({ code: 'custom', path: ['totalCapAmount'], message: 'validation.totalCapBelowCap' });
  }
  if (v.borrowerType !== 'SMALL_COMPANY') return;
  for (const field of KEY_HIRE_FIELDS) {
    if (v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `validation.${field}` });
  }
});

// Blacklist strategy -----------------------------------------------------------------------

const SITUATIONS = ['FALSE_MATERIAL', 'COMPENSATED', 'OVERDUE_DAYS'] as const;
export const situationRow = z.object({ id: count, code: z.enum(SITUATIONS), name: z.string(), param: z.enum(['DAYS']).nullable() });
export const strategyListInput = pageInput.extend({ name: textFilter(NAME_MAX), state: optionalEnum(CONFIG_STATES, 'validation.state') });
/** business-blacklist-strategy/edit: adds (no id) or changes (id, version) a rule. */
export const strategyEditInput = z.object({
  id: z.preprocess(blank, id.optional()),
  version: z.preprocess(blank, version.optional()),
  name: requiredLine(NAME_MAX, 'validation.nameRequired'),
  conditionId: id,
  paramValue: z.preprocess(blank, int(1, 3650, 'validation.paramValue').optional()),
  months: int(1, 120, 'validation.months'),
  reason,
  state: configState.default('ENABLED'),
  sort: sort.default(0),
}).superRefine((v, ctx) => {
  if ((v.id === undefined) !== (v.version === undefined)) ctx.addIssue({ code: 'custom', path: ['version'], message: 'validation.versionRequired' });
});
export const strategyDeleteInput = z.object({ id, version });
export const strategyRow = z.object({
  id: count, name: z.string(), conditionId: count, condition: z.enum(SITUATIONS), conditionName: z.string(), paramValue: z.number().nullable(),
  months: count, reason: z.string(), state: z.enum(CONFIG_STATES), sort: count,
  /** Entries the rule added. */
  added: count,
  version: count, updateTime: timestamp,
});
export type StrategyRow = z.infer<typeof strategyRow>;
