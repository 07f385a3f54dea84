import type { ApplicationStatus, Stage } from '@/lib/workflow/stages';
import { FIGURE_OF_STATUS, type FigureKey } from '@/lib/workflow/statistics';

/** What narrows the statistics to one figure's applications (statisticsFormUnfold). */
export interface CellFilter { orgId?: number; month?: string; stage?: Stage; status?: ApplicationStatus; overdue?: boolean }
export interface Cell { label: string; count: number; filter: CellFilter }

const STATUS_OF_FIGURE = Object.fromEntries(Object.entries(FIGURE_OF_STATUS).map(([status, figure]) => [figure, status])) as Partial<Record<FigureKey, ApplicationStatus>>;

/** The cell filter of a count figure (total: none; overdue: the flag; the rest: their status); null for amounts. */
export function figureFilter(figure: FigureKey): CellFilter | null {
  if (figure === 'total') return {};
  if (figure === 'overdue') return { overdue: true };
  const status = STATUS_OF_FIGURE[figure];
  return status ? { status } : null;
}
