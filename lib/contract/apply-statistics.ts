import { z } from './zod';
import { date, flag, id, inDateOrder, pageInput } from './fields';
import { count } from './output';
import { APPLICATION_STATUSES, BORROWER_TYPES, STAGES } from '../workflow/stages';
import { APPLY_MAX_BUCKETS, APPLY_PERIODS, FUNNEL_STEPS } from '../workflow/reports';
import { monthsOf, STATISTICS_MAX_MONTHS } from '../workflow/statistics';

/**
 * Contracts of the application statistics (/admin/setting/statistics/apply, DOMAIN.md
 * section 5): applications by period, region, borrower type, client group and product; the
 * funnel; working days per stage; refusals by reason; the overdue share. Days are China's.
 */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const DAY_MS = 86_400_000;
const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

const applyFilters = z.object({
  dateFrom: z.preprocess(blank, date.optional()),
  dateTo: z.preprocess(blank, date.optional()),
  unit: z.preprocess(blank, z.enum(APPLY_PERIODS, { error: 'validation.invalid' }).default('month')),
  region: z.preprocess(blank, z.string().regex(/^\d{6}$/, 'validation.regionCode').optional()),
  borrowerType: z.preprocess(blank, z.enum(BORROWER_TYPES, { error: 'validation.invalid' }).optional()),
  clientGroupId: z.preprocess(blank, id.optional()),
  productId: z.preprocess(blank, id.optional()),
});

type Period = { dateFrom?: string; dateTo?: string; unit?: (typeof APPLY_PERIODS)[number] };
const periodChecked = <T extends z.ZodType<Period>>(schema: T) => inDateOrder(schema).superRefine((value, ctx) => {
  const { dateFrom, dateTo, unit = 'month' } = value;
  if (!dateFrom || !dateTo || dateFrom > dateTo) return;
  const buckets = unit === 'day' ? days(dateFrom, dateTo) : unit === 'week' ? Math.ceil(days(dateFrom, dateTo) / 7) : monthsOf(dateFrom, dateTo).length;
  if (monthsOf(dateFrom, dateTo).length > STATISTICS_MAX_MONTHS || buckets > APPLY_MAX_BUCKETS[unit]) {
    ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: 'validation.periodTooLong' });
  }
});

export const applyStatisticsInput = periodChecked(applyFilters);
export type ApplyStatisticsInput = z.input<typeof applyStatisticsInput>;
export type ApplyStatisticsQuery = z.infer<typeof applyStatisticsInput>;

/** The cases behind one figure: the filters, and the figure's bucket, dimension, funnel step, status, stage or reason. */
export const applyUnfoldInput = periodChecked(applyFilters.extend(pageInput.shape).extend({
  from: z.preprocess(blank, date.optional()),
  to: z.preprocess(blank, date.optional()),
  step: z.preprocess(blank, z.enum(FUNNEL_STEPS, { error: 'validation.invalid' }).optional()),
  status: z.preprocess(blank, z.enum(APPLICATION_STATUSES, { error: 'validation.invalid' }).optional()),
  stage: z.preprocess(blank, z.enum(STAGES, { error: 'validation.stage' }).optional()),
  refuseReasonId: z.preprocess(blank, id.optional()),
  overdue: flag,
}));
export type ApplyUnfoldQuery = z.infer<typeof applyUnfoldInput>;

const figures = z.object({ total: count, loaned: count, refused: count, amount: z.number(), loanAmount: z.number() });
export type ApplyFigures = z.infer<typeof figures>;
const named = figures.extend({ key: z.string(), name: z.string() });
export type NamedFigures = z.infer<typeof named>;

export const applyStatistics = z.object({
  period: z.object({ dateFrom: z.string(), dateTo: z.string(), unit: z.enum(APPLY_PERIODS) }),
  summary: figures.extend({ inReview: count, overdue: count, overdueShare: z.number() }),
  /** One bucket per day, week (starting on Monday) or month of the period. */
  series: z.array(figures.extend({ bucket: z.string(), from: z.string(), to: z.string() })),
  byRegion: z.array(named),
  byBorrowerType: z.array(named),
  byClientGroup: z.array(named),
  byProduct: z.array(named),
  /** Each step with the cases that reached it, its rate from the step before and from submission. */
  funnel: z.array(z.object({ step: z.enum(FUNNEL_STEPS), count, rate: z.number(), overall: z.number() })),
  /** Cases taken off each stage and the average working days they waited there. */
  stageDays: z.array(z.object({ stage: z.enum(STAGES), count, average: z.number() })),
  refusals: z.array(z.object({ reasonId: count, reason: z.string(), count, share: z.number() })),
  /** What the filters offer. */
  options: z.object({
    regions: z.array(z.object({ code: z.string(), name: z.string() })),
    clientGroups: z.array(z.object({ id: count, name: z.string() })),
    products: z.array(z.object({ id: count, name: z.string() })),
  }),
});
export type ApplyStatistics = z.infer<typeof applyStatistics>;
