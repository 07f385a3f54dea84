/**
 * The statistics pages' vocabulary (SPEC.md section 2: guarantee-statistics and
 * bank-statistics): which organisations each page counts by, its permissions, the figures
 * and the period. Plain constants and date arithmetic, safe for the browser and the service.
 */
import type { ApplicationStatus } from './stages';

/** Guarantee companies' statistics count by the case's guarantee company, the banks' by its bank. */
export const STATISTICS_SIDES = ['guarantee', 'bank'] as const;
export type StatisticsSide = (typeof STATISTICS_SIDES)[number];

export const STATISTICS_PAGE: Record<StatisticsSide, string> = {
  guarantee: '/guarantee/guarantee-statistics',
  bank: '/bank/bank-statistics',
};
/** Module of each page's buttons (`<module>::export`). */
const STATISTICS_MODULE: Record<StatisticsSide, string> = { guarantee: 'guaranteeStatistics', bank: 'bankStatistics' };
export const statisticsExport = (side: StatisticsSide) => `${STATISTICS_MODULE[side]}::export`;

/** The figures of every row of the statistics: counts by status, amounts, overdue cases. */
export const FIGURE_OF_STATUS = {
  IN_REVIEW: 'inReview', RETURNED: 'returned', APPROVED: 'approved', LOANED: 'loaned', NOT_ISSUED: 'notIssued', REFUSED: 'refused', WITHDRAWN: 'withdrawn',
} as const satisfies Record<ApplicationStatus, string>;
export const FIGURES = ['total', 'amount', 'inReview', 'overdue', 'returned', 'approved', 'loaned', 'loanAmount', 'notIssued', 'refused', 'withdrawn'] as const;
export type FigureKey = (typeof FIGURES)[number];
/** Figures in yuan (the rest are counts of applications). */
export const MONEY_FIGURES: readonly FigureKey[] = ['amount', 'loanAmount'];

/** The longest period the statistics cover at once, in calendar months. */
export const STATISTICS_MAX_MONTHS = 36;
/** Without a period the statistics cover the current month and the 11 before it. */
const DEFAULT_MONTHS = 12;

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const monthText = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/** The months (YYYY-MM) a period of dates (YYYY-MM-DD) touches, in order. */
export function monthsOf(dateFrom: string, dateTo: string): string[] {
  const months: string[] = [];
  for (let i = monthIndex(dateFrom); i <= monthIndex(dateTo); i += 1) months.push(monthText(i));
  return months;
}

/** The period asked for, completed: a missing end is today, a missing start begins the 12th month before the end. */
export function resolvePeriod(input: { dateFrom?: string; dateTo?: string }, today: string): { dateFrom: string; dateTo: string } {
  // Without an end the period ends today, or on its first day when that is still to come (never before it).
  const dateTo = input.dateTo ?? (input.dateFrom && input.dateFrom > today ? input.dateFrom : today);
  const dateFrom = input.dateFrom ?? `${monthText(monthIndex(dateTo) - DEFAULT_MONTHS + 1)}-01`;
  return { dateFrom, dateTo };
}

