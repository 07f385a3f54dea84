import { z } from './zod';
import { date, flag, id, inDateOrder, pageInput } from './fields';
import { APPLICATION_STATUSES, BORROWER_TYPES, STAGES } from '../workflow/stages';
import { FIGURES, monthsOf, STATISTICS_MAX_MONTHS, STATISTICS_SIDES } from '../workflow/statistics';
import { count } from './output';
import { subsidyFigures } from './report';

/**
 * Contracts of the statistics calls (SPEC.md section 7: statisticsForm, its Unfold and Export;
 * loanCountStatistics by borrower type and its Export). Periods are dates in China time.
 */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const isoDate = date;

const filters = z.object({
  side: z.enum(STATISTICS_SIDES, { error: 'validation.invalid' }),
  dateFrom: z.preprocess(blank, isoDate.optional()),
  dateTo: z.preprocess(blank, isoDate.optional()),
  /** An organisation of the page's side (a guarantee company, a bank). */
  orgId: z.preprocess(blank, id.optional()),
  borrowerType: z.preprocess(blank, z.enum(BORROWER_TYPES, { error: 'validation.invalid' }).optional()),
});

type Period = { dateFrom?: string; dateTo?: string };
const periodChecked = <T extends z.ZodType<Period>>(schema: T) => inDateOrder(schema).superRefine((value, ctx) => {
  const { dateFrom, dateTo } = value;
  if (dateFrom && dateTo && dateFrom <= dateTo && monthsOf(dateFrom, dateTo).length > STATISTICS_MAX_MONTHS) {
    ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: 'validation.periodTooLong' });
  }
});

export const statisticsInput = periodChecked(filters);
export type StatisticsInput = z.input<typeof statisticsInput>;
export type StatisticsQuery = z.infer<typeof statisticsInput>;

/** The applications behind one cell of the statistics: the filters plus the cell's status, stage, month or overdue flag. */
export const statisticsUnfoldInput = periodChecked(filters.extend(pageInput.shape).extend({
  status: z.preprocess(blank, z.enum(APPLICATION_STATUSES, { error: 'validation.invalid' }).optional()),
  stage: z.preprocess(blank, z.enum(STAGES, { error: 'validation.stage' }).optional()),
  month: z.preprocess(blank, z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.date').optional()),
  overdue: flag,
}));
export type StatisticsUnfoldInput = z.input<typeof statisticsUnfoldInput>;
export type StatisticsUnfoldQuery = z.infer<typeof statisticsUnfoldInput>;

/** loanCountStatistics*: the same filters; the borrower type is the call's own. */
export const loanCountInput = periodChecked(filters.omit({ borrowerType: true }));
export type LoanCountQuery = z.infer<typeof loanCountInput>;

/** Counts by status, the overdue cases in review, requested amounts and issued loan amounts (yuan). */
const figures = z.object(Object.fromEntries(FIGURES.map((key) => [key, z.number()])) as Record<(typeof FIGURES)[number], z.ZodNumber>);
export type Figures = z.infer<typeof figures>;
const period = z.object({ dateFrom: z.string(), dateTo: z.string() });
const orgFigures = figures.extend({ orgId: count, orgName: z.string() });

export const statisticsForm = z.object({
  /** The period counted (the one asked for, or the default). */
  period,
  summary: figures,
  byStatus: z.array(z.object({ status: z.enum(APPLICATION_STATUSES), count, amount: z.number() })),
  /** Cases in review at each stage. */
  byStage: z.array(z.object({ stage: z.enum(STAGES), count, amount: z.number(), overdue: count })),
  byOrg: z.array(orgFigures),
  byMonth: z.array(figures.extend({ month: z.string() })),
  /** The organisations of the page's side the user may filter by. */
  orgs: z.array(z.object({ id: count, name: z.string() })),
  /** Each organisation's loans after issue as they stand now (their accounts): live loans, outstanding, overdue, compensated, recovered (yuan). */
  afterIssue: z.array(z.object({
    orgId: count, orgName: z.string(), loans: count, outstanding: z.number(), overdueLoans: count, overdue: z.number(), compensated: z.number(), recovered: z.number(),
  })),
  /**
   * The bank statistics only (null on the guarantee side): the interest subsidy owed, claimed and
   * paid per month of repayment (each whole month the period touches) and bank, and in all.
   */
  subsidy: z.object({
    rows: z.array(subsidyFigures.extend({ month: z.string(), orgId: count, orgName: z.string() })),
    totals: subsidyFigures,
  }).nullable(),
});
export type StatisticsForm = z.infer<typeof statisticsForm>;

export const loanCount = z.object({ borrowerType: z.enum(BORROWER_TYPES), period, summary: figures, byOrg: z.array(orgFigures) });
export type LoanCount = z.infer<typeof loanCount>;
