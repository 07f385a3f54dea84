import { z } from './zod';
import { decimal, id, longText, pageInput, requiredLine, sort, textFilter } from './fields';
import { count, timestamp } from './output';
import { version } from './role';
import { BORROWER_TYPES } from '../workflow/stages';
import { EFFECTS, INDICATOR_SOURCES, METRIC_NAMES, OPERATORS, VERDICTS, type Metric } from '../workflow/indicators';

/**
 * Indicators (business/index), models (business/model) and red flags (getCueRedInfo,
 * DOMAIN.md section 1). The working indicators are a draft; issue publishes the enabled ones
 * as the next numbered version, which intake checks applications against.
 */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, key: string) => z.preprocess(blank, z.enum(values, { error: key }).optional());
const threshold = z.preprocess(blank, decimal(-1e9, 1e9, 'validation.threshold').optional());
const CHANGES = ['SAME', 'NEW', 'CHANGED', 'REMOVED'] as const;

export const indicatorListInput = pageInput.extend({
  name: textFilter(64),
  source: optionalEnum(INDICATOR_SOURCES, 'validation.invalid'),
  borrowerType: optionalEnum(BORROWER_TYPES, 'validation.borrowerType'),
});

/** business/index/edit: adds (no id) or changes (id, version) a draft indicator. */
export const indicatorEditInput = z.object({
  id: z.preprocess(blank, id.optional()),
  version: z.preprocess(blank, version.optional()),
  code: requiredLine(32, 'validation.codeRequired').regex(/^[A-Z][A-Z0-9_]*$/, 'validation.codeFormat'),
  nameZh: requiredLine(64, 'validation.titleZhRequired'),
  nameEn: requiredLine(128, 'validation.titleEnRequired'),
  metric: z.enum(METRIC_NAMES as [Metric, ...Metric[]], { error: 'validation.metric' }),
  operator: z.enum(OPERATORS, { error: 'validation.operator' }),
  min: threshold,
  max: threshold,
  borrowerTypes: z.array(z.enum(BORROWER_TYPES, { error: 'validation.borrowerType' }), { error: 'validation.borrowerType' }).min(1, 'validation.borrowerType').max(BORROWER_TYPES.length),
  effect: z.enum(EFFECTS, { error: 'validation.effect' }),
  refuseReasonId: z.preprocess(blank, id.optional()),
  state: z.enum(['ENABLED', 'DISABLED'], { error: 'validation.state' }).default('ENABLED'),
  sort: sort.default(0),
}).superRefine((v, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if ((v.id === undefined) !== (v.version === undefined)) issue('version', 'validation.versionRequired');
  if ((v.operator === 'GTE' || v.operator === 'EQ' || v.operator === 'BETWEEN') && v.min === undefined) issue('min', 'validation.threshold');
  if ((v.operator === 'LTE' || v.operator === 'BETWEEN') && v.max === undefined) issue('max', 'validation.threshold');
  if (v.operator === 'BETWEEN' && v.min !== undefined && v.max !== undefined && v.min > v.max) issue('max', 'validation.thresholdOrder');
  if (v.effect === 'HARD' && v.refuseReasonId === undefined) issue('refuseReasonId', 'validation.reasonRequired');
});

/** business/index/issue: publishes the draft; `basedOn` is the version the caller saw in force (another issue in between: 409). */
export const indicatorIssueInput = z.object({ basedOn: z.number({ error: 'validation.version' }).int().min(0).max(1_000_000), note: longText(255).default('') });

export const indicatorRow = z.object({
  id: count,
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  source: z.enum(INDICATOR_SOURCES),
  metric: z.string(),
  operator: z.enum(OPERATORS),
  min: z.number().nullable(),
  max: z.number().nullable(),
  borrowerTypes: z.array(z.enum(BORROWER_TYPES)),
  effect: z.enum(EFFECTS),
  refuseReasonId: z.number().nullable(),
  refuseReason: z.string().nullable(),
  state: z.enum(['ENABLED', 'DISABLED']),
  sort: count,
  /** Against the issued version in force: unchanged, new, changed, or not in the draft any more (disabled). */
  change: z.enum(CHANGES),
  /** The fields that differ from the issued version. */
  changedFields: z.array(z.string()),
  version: count,
  updateTime: timestamp,
});
export type IndicatorRow = z.infer<typeof indicatorRow>;

/** business/index/draft: the version in force and how many indicators the draft changes. */
export const indicatorDraft = z.object({ issued: count.nullable(), issuedAt: timestamp.nullable(), changes: count });

export const indicatorIssueResult = z.object({ number: count, items: count, issuedAt: timestamp });

/** business/model/getList: per borrower type, the version in force and the history with its counts. */
export const modelListInput = z.object({ borrowerType: optionalEnum(BORROWER_TYPES, 'validation.borrowerType') });
const modelVersion = z.object({
  number: count, issuedAt: timestamp, issuedBy: z.string().nullable(), note: z.string(), indicators: count,
  checked: count, passed: count, refused: count, flagged: count,
});
export const modelRow = z.object({
  borrowerType: z.enum(BORROWER_TYPES),
  current: modelVersion.nullable(),
  indicators: z.array(z.object({ code: z.string(), name: z.string(), effect: z.enum(EFFECTS), source: z.enum(INDICATOR_SOURCES) })),
  history: z.array(modelVersion),
});
export type ModelRow = z.infer<typeof modelRow>;

/** businessProposerInfo/getCueRedInfo: each indicator's verdict and observed value, and blacklist hits since intake. */
export const redFlags = z.object({
  version: count.nullable(),
  outcome: z.enum(['PASSED', 'REFUSED', 'FLAGGED']).nullable(),
  items: z.array(z.object({
    code: z.string(), name: z.string(), source: z.enum(INDICATOR_SOURCES), effect: z.enum(EFFECTS), verdict: z.enum(VERDICTS),
    observed: z.number().nullable(), simulated: z.boolean(), checkedAt: timestamp,
  })),
  blacklistHits: z.array(z.object({ name: z.string(), idNumber: z.string(), reason: z.string(), since: timestamp })),
  /** A source could not be checked and the caller may re-run it. */
  canRecheck: z.boolean(),
});
export type RedFlags = z.infer<typeof redFlags>;
