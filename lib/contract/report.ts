import { z } from './zod';
import { pageInput } from './fields';
import { count } from './output';
import { BORROWER_TYPES } from '../workflow/stages';
import { STATISTICS_MAX_MONTHS } from '../workflow/statistics';

/**
 * Contracts of the monthly report (/admin/setting/report, DOMAIN.md sections 5 and 6): per region
 * and month the loans issued, the people supported and the jobs created, where those loans stand
 * now, and the interest subsidy owed, claimed and paid by the month the periods were repaid
 * (reportStatistics), the same per bank (bankStatistics), the jobs by borrower type with the
 * employees behind them (employmentForm, its Unfold and Export).
 */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const month = z.string({ error: 'validation.month' }).regex(MONTH, 'validation.month');
const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7));

const filters = z.object({
  monthFrom: z.preprocess(blank, month.optional()),
  monthTo: z.preprocess(blank, month.optional()),
  region: z.preprocess(blank, z.string().regex(/^\d{6}$/, 'validation.regionCode').optional()),
});
const checked = <T extends z.ZodType<{ monthFrom?: string; monthTo?: string }>>(schema: T) => schema.superRefine((value, ctx) => {
  const { monthFrom, monthTo } = value;
  if (!monthFrom || !monthTo || !MONTH.test(monthFrom) || !MONTH.test(monthTo)) return;
  if (monthFrom > monthTo) ctx.addIssue({ code: 'custom', path: ['monthTo'], message: 'validation.dateOrder' });
  else if (monthIndex(monthTo) - monthIndex(monthFrom) + 1 > STATISTICS_MAX_MONTHS) ctx.addIssue({ code: 'custom', path: ['monthFrom'], message: 'validation.periodTooLong' });
});

export const reportInput = checked(filters);
export type ReportInput = z.input<typeof reportInput>;
export type ReportQuery = z.infer<typeof reportInput>;

/**
 * Per row: loans issued and their amount, people and jobs; and of those loans now (from their
 * accounts): principal repaid, outstanding, outstanding of overdue loans, compensated by the
 * guarantee companies and recovered since (yuan).
 */
const loanFigures = z.object({
  loans: count, amount: z.number(), people: count, employees: count, keyEmployees: count,
  repaid: z.number(), outstanding: z.number(), overdue: z.number(), compensated: z.number(), recovered: z.number(),
});
export type LoanFigures = z.infer<typeof loanFigures>;
const period = z.object({ monthFrom: z.string(), monthTo: z.string() });

/**
 * The interest subsidy of the periods repaid in a month (its month is the month of repayment, not
 * of issue), in yuan: owed, accrued on the periods repaid on time; claimed, of those in the banks'
 * claims submitted, under review, approved or paid (not left out); paid, of those in claims paid.
 */
export const subsidyFigures = z.object({ owed: z.number(), claimed: z.number(), paid: z.number() });
export type SubsidyFigures = z.infer<typeof subsidyFigures>;

export const reportStatistics = z.object({
  period,
  /** One row per region and month with loans, subsidy or both. */
  rows: z.array(loanFigures.extend({ month: z.string(), region: z.string(), regionName: z.string() })),
  byMonth: z.array(loanFigures.extend({ month: z.string() })),
  totals: loanFigures,
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
  /** The subsidy by month of repayment: per region and month (those with any figure), per month, and in all. */
  subsidy: z.object({
    rows: z.array(subsidyFigures.extend({ month: z.string(), region: z.string(), regionName: z.string() })),
    byMonth: z.array(subsidyFigures.extend({ month: z.string() })),
    totals: subsidyFigures,
  }),
});
export type ReportStatistics = z.infer<typeof reportStatistics>;

export const bankStatistics = z.object({
  period,
  rows: z.array(loanFigures.extend({ bankId: count, bank: z.string() })),
  totals: loanFigures,
  /** The subsidy per bank over the months, and per month of repayment and bank (those with any figure). */
  subsidy: z.object({
    rows: z.array(subsidyFigures.extend({ bankId: count, bank: z.string() })),
    byMonth: z.array(subsidyFigures.extend({ month: z.string(), bankId: count, bank: z.string() })),
    totals: subsidyFigures,
  }),
});
export type BankStatistics = z.infer<typeof bankStatistics>;

const jobs = z.object({ loans: count, employees: count, keyEmployees: count });
export const employmentForm = z.object({
  period,
  rows: z.array(jobs.extend({ month: z.string(), borrowerType: z.enum(BORROWER_TYPES) })),
  byBorrowerType: z.array(jobs.extend({ borrowerType: z.enum(BORROWER_TYPES) })),
  totals: jobs,
});
export type EmploymentForm = z.infer<typeof employmentForm>;

/** The employees behind one figure of the jobs created: a month, a borrower type, only the key groups. */
export const employmentUnfoldInput = checked(filters.extend(pageInput.shape).extend({
  month: z.preprocess(blank, month.optional()),
  borrowerType: z.preprocess(blank, z.enum(BORROWER_TYPES, { error: 'validation.invalid' }).optional()),
  keyGroup: z.preprocess(blank, z.boolean({ error: 'validation.invalid' }).optional()),
}));
export const employeeRow = z.object({
  id: count, name: z.string(), idNumber: z.string(), mobile: z.string(), gender: z.enum(['MALE', 'FEMALE']), keyGroup: z.boolean(),
  applicationId: count, number: z.string(), employer: z.string(), borrowerType: z.enum(BORROWER_TYPES), loanDate: z.string(),
});
export type EmployeeRow = z.infer<typeof employeeRow>;
