import { z } from './zod';
import { id, pageInput } from './common';
import { APPLICATION_STATUSES, BORROWER_TYPES, STAGES, type ApplicationStatus, type BorrowerType, type Stage } from '../workflow/stages';
import { monthsOf, STATISTICS_MAX_MONTHS, STATISTICS_SIDES, type FigureKey } from '../workflow/statistics';

/**
 * Contracts of the statistics calls (SPEC.md section 7: statisticsForm, its Unfold and Export;
 * loanCountStatistics by borrower type and its Export). Periods are dates in China time.
 */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date').refine((v) => !Number.isNaN(Date.parse(v)), 'validation.date');

const filters = z.object({
  side: z.enum(STATISTICS_SIDES, { error: 'validation.invalid' }),
  dateFrom: z.preprocess(blank, isoDate.optional()),
  dateTo: z.preprocess(blank, isoDate.optional()),
  /** An organisation of the page's side (a guarantee company, a bank). */
  orgId: z.preprocess(blank, id.optional()),
  borrowerType: z.preprocess(blank, z.enum(BORROWER_TYPES, { error: 'validation.invalid' }).optional()),
});

type Period = { dateFrom?: string; dateTo?: string };
const periodChecked = <T extends z.ZodType<Period>>(schema: T) => schema.superRefine((value, ctx) => {
  const { dateFrom, dateTo } = value;
  if (!dateFrom || !dateTo) return;
  if (dateFrom > dateTo) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'validation.dateOrder' });
  else if (monthsOf(dateFrom, dateTo).length > STATISTICS_MAX_MONTHS) ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: 'validation.periodTooLong' });
});

export const statisticsInput = periodChecked(filters);
export type StatisticsInput = z.input<typeof statisticsInput>;
export type StatisticsQuery = z.infer<typeof statisticsInput>;

/** The applications behind one cell of the statistics: the filters plus the cell's status, stage, month or overdue flag. */
export const statisticsUnfoldInput = periodChecked(filters.extend(pageInput.shape).extend({
  status: z.preprocess(blank, z.enum(APPLICATION_STATUSES, { error: 'validation.invalid' }).optional()),
  stage: z.preprocess(blank, z.enum(STAGES, { error: 'validation.stage' }).optional()),
  month: z.preprocess(blank, z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.date').optional()),
  overdue: z.preprocess((v) => (v === '' || v === undefined ? undefined : v === true || v === 'true' || v === '1'), z.boolean().optional()),
}));
export type StatisticsUnfoldInput = z.input<typeof statisticsUnfoldInput>;
export type StatisticsUnfoldQuery = z.infer<typeof statisticsUnfoldInput>;

/** loanCountStatistics*: the same filters; the borrower type is the call's own. */
export const loanCountInput = periodChecked(filters.omit({ borrowerType: true }));
export type LoanCountQuery = z.infer<typeof loanCountInput>;

/** Counts by status, the overdue cases in review, requested amounts and issued loan amounts (yuan). */
export type Figures = Record<FigureKey, number>;

export interface StatisticsForm {
  /** The period counted (the one asked for, or the default). */
  period: { dateFrom: string; dateTo: string };
  summary: Figures;
  byStatus: { status: ApplicationStatus; count: number; amount: number }[];
  /** Cases in review at each stage. */
  byStage: { stage: Stage; count: number; amount: number; overdue: number }[];
  byOrg: (Figures & { orgId: number; orgName: string })[];
  byMonth: (Figures & { month: string })[];
  /** The organisations of the page's side the user may filter by. */
  orgs: { id: number; name: string }[];
}

export interface LoanCount {
  borrowerType: BorrowerType;
  period: { dateFrom: string; dateTo: string };
  summary: Figures;
  byOrg: (Figures & { orgId: number; orgName: string })[];
}
