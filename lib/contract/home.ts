import { z } from './zod';
import { count, timestamp } from './output';
import { STAGES } from '../workflow/stages';

/**
 * The entry page (/admin/index, home/overview): what waits for the caller at each stage (how
 * many, how many past their deadline, the case waiting longest) and, for an administrator,
 * the platform's figures. Each figure's page and filters are built by the UI (lib/home-links.ts).
 */
const homeTodo = z.object({
  stage: z.enum(STAGES),
  waiting: count,
  overdue: count,
  /** The case waiting longest at the stage for the caller. */
  oldest: z.object({ id: count, number: z.string(), name: z.string(), enteredAt: timestamp }).nullable(),
});
export type HomeTodo = z.infer<typeof homeTodo>;

const homeFigures = z.object({
  /** The China month the monthly figure counts, YYYY-MM, and its first day and today (the list's filter). */
  month: z.string(),
  monthFrom: z.string(),
  today: z.string(),
  applicationsThisMonth: count,
  inReview: count,
  overdue: count,
  loansIssued: count,
  /** From the loan accounts: the principal outstanding of live loans (yuan), loans overdue, compensated (none recovered yet) and recovering. */
  outstanding: z.number(),
  overdueLoans: count,
  compensatedLoans: count,
  recoveringLoans: count,
});
export type HomeFigures = z.infer<typeof homeFigures>;

export const homeOverview = z.object({
  todo: z.array(homeTodo),
  /** For an administrator (type 0); null for everyone else. */
  figures: homeFigures.nullable(),
});
export type HomeOverview = z.infer<typeof homeOverview>;
