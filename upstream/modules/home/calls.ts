import { sql } from 'kysely';
import { defineCall } from '../../core/call';
import { chinaMonthStart, chinaToday } from '../../core/china-time';
import type { HomeFigures, HomeOverview, HomeTodo } from '../../../lib/contract/home';
import { STAGES } from '../../../lib/workflow/stages';
import type { AuthUser, CallContext } from '../../core/call';

/** What waits for the caller at each stage: cases assigned to them in review, the overdue ones and the one waiting longest. */
async function todoOf(ctx: CallContext<AuthUser>): Promise<HomeTodo[]> {
  const mine = ctx.db.selectFrom('application as a').where('a.assignee_id', '=', ctx.user.id).where('a.status', '=', 'IN_REVIEW').where('a.stage', 'is not', null);
  const [counts, oldest] = await Promise.all([
    mine.select(['a.stage', sql<number>`count(*)`.as('waiting'), sql<number>`count(*) filter (where a.deadline < ${ctx.now})`.as('overdue')])
      .groupBy('a.stage').execute(),
    mine.distinctOn('a.stage').select(['a.stage', 'a.id', 'a.number', 'a.name', 'a.entered_at'])
      .orderBy('a.stage').orderBy('a.entered_at').orderBy('a.id').execute(),
  ]);
  return counts
    .map((row) => {
      const first = oldest.find((o) => o.stage === row.stage);
      return {
        stage: row.stage!, waiting: Number(row.waiting), overdue: Number(row.overdue),
        oldest: first ? { id: first.id, number: first.number, name: first.name, enteredAt: new Date(first.entered_at ?? ctx.now).toISOString() } : null,
      };
    })
    .sort((a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage));
}

/** The platform's figures: applications this China month, in review, overdue, loans issued; after issue, outstanding, overdue, compensated and recovering loans. */
async function figuresOf(ctx: CallContext<AuthUser>): Promise<HomeFigures> {
  const today = chinaToday(ctx.now);
  const monthFrom = chinaMonthStart(ctx.now);
  // From the statistics' summary (migration-tally.ts), exact in every write's transaction: no scan of the applications.
  const [tally, late, loans] = await Promise.all([
    ctx.db.selectFrom('application_tally as t').select([
      sql<number>`coalesce(sum(t.n) filter (where t.day >= ${monthFrom}::date), 0)`.as('month'),
      sql<number>`coalesce(sum(t.n) filter (where t.status = 'IN_REVIEW'), 0)`.as('review'),
      sql<number>`coalesce(sum(t.n) filter (where t.status = 'LOANED'), 0)`.as('loaned'),
    ]).executeTakeFirstOrThrow(),
    // Over the partial index of cases in review by stage and deadline.
    ctx.db.selectFrom('application as a').select(sql<number>`count(*)`.as('n'))
      .where('a.status', '=', 'IN_REVIEW').where('a.deadline', '<', ctx.now).executeTakeFirstOrThrow(),
    // The loan accounts by state: over the index that leads with the state.
    ctx.db.selectFrom('loan_account').select([
      sql<string>`coalesce(sum(outstanding) filter (where state in ('CURRENT', 'OVERDUE')), 0)`.as('outstanding'),
      sql<string>`count(*) filter (where state = 'OVERDUE')`.as('overdue'),
      sql<string>`count(*) filter (where state = 'COMPENSATED')`.as('compensated'),
      sql<string>`count(*) filter (where state = 'RECOVERING')`.as('recovering'),
    ]).where('state', '<>', 'SETTLED').executeTakeFirstOrThrow(),
  ]);
  return {
    month: monthFrom.slice(0, 7), monthFrom, today,
    applicationsThisMonth: Number(tally.month), inReview: Number(tally.review), overdue: Number(late.n), loansIssued: Number(tally.loaned),
    outstanding: Number(loans.outstanding) / 100, overdueLoans: Number(loans.overdue), compensatedLoans: Number(loans.compensated), recoveringLoans: Number(loans.recovering),
  };
}

export const homeCalls = [
  defineCall({
    path: 'home/overview',
    async handler(ctx): Promise<HomeOverview> {
      const [todo, figures] = await Promise.all([todoOf(ctx), ctx.user.type === 0 ? figuresOf(ctx) : null]);
      return { todo, figures };
    },
  }),
];
