import { PAGES } from './contract/pages';
import type { HomeFigures } from './contract/home';
import { STAGE_INFO, type Stage } from './workflow/stages';

/**
 * Where each figure of the entry page leads: the list behind it, its filters in the address
 * (table state lives in the URL, DESIGN.md section 8.6), so the list shows exactly the cases
 * the figure counts.
 */
const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;

/** The caller's cases waiting at a stage (in review: the list also holds those returned to the applicant); only the overdue ones; one case by its number. */
export const stageLink = (stage: Stage, filters: { overdue?: boolean; number?: string } = {}) =>
  withQuery(STAGE_INFO[stage].path, {
    mine: 'true', ...(filters.number ? { number: filters.number } : { status: 'IN_REVIEW' }), ...(filters.overdue ? { overdue: 'true' } : {}),
  });

type Figure = Exclude<keyof HomeFigures, 'month' | 'monthFrom' | 'today'>;

/** The loan query (or, after issue, the post-loan ledger) filtered to what an administrator's figure counts. */
export function figureLink(figure: Figure, figures: Pick<HomeFigures, 'monthFrom' | 'today'>): string {
  switch (figure) {
    case 'applicationsThisMonth': return withQuery(PAGES.loan, { dateFrom: figures.monthFrom, dateTo: figures.today });
    case 'inReview': return withQuery(PAGES.loan, { status: 'IN_REVIEW' });
    case 'overdue': return withQuery(PAGES.loan, { status: 'IN_REVIEW', overdue: 'true' });
    case 'loansIssued': return withQuery(PAGES.loan, { status: 'LOANED' });
    case 'outstanding': return PAGES.ledger;
    case 'overdueLoans': return withQuery(PAGES.ledger, { state: 'OVERDUE' });
    case 'compensatedLoans': return withQuery(PAGES.ledger, { state: 'COMPENSATED' });
    case 'recoveringLoans': return withQuery(PAGES.ledger, { state: 'RECOVERING' });
  }
}
export const FIGURES: Figure[] = ['applicationsThisMonth', 'inReview', 'overdue', 'loansIssued', 'outstanding', 'overdueLoans', 'compensatedLoans', 'recoveringLoans'];
