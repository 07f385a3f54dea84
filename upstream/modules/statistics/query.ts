import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db';
import type { AuthUser } from '../../core/call';
import type { Figures, StatisticsQuery, StatisticsUnfoldQuery } from '../../../lib/contract/statistics';
import type { ApplicationStatus, BorrowerType, Stage } from '../../../lib/workflow/stages';
import { FIGURE_OF_STATUS, FIGURES, monthsOf, resolvePeriod, type StatisticsSide } from '../../../lib/workflow/statistics';
import { chinaToday } from '../../core/china-time';
import { applySearch, type AppQuery } from '../workflow/list';
import { caseScope, inCaseScope, ORG_COLUMN } from '../workflow/scope';

/** The application column of each page's organisations. */
const SIDE_COLUMN = { guarantee: ORG_COLUMN.GUARANTEE, bank: ORG_COLUMN.BANK } as const satisfies Record<StatisticsSide, string>;
const SIDE_ORG_TYPE = { guarantee: 'GUARANTEE', bank: 'BANK' } as const satisfies Record<StatisticsSide, string>;

const dayStart = (date: string) => new Date(`${date}T00:00:00+08:00`);
const DAY_MS = 86_400_000;

export interface Period { dateFrom: string; dateTo: string; months: string[] }

export function periodOf(input: { dateFrom?: string; dateTo?: string }, now: Date): Period {
  const period = resolvePeriod(input, chinaToday(now));
  return { ...period, months: monthsOf(period.dateFrom, period.dateTo) };
}

type Filters = Pick<StatisticsQuery, 'side' | 'orgId'> & { borrowerType?: BorrowerType };

/**
 * The applications the statistics count: created in the period, in the user's case scope
 * (their organisations' cases; everything for administrators and the operator's staff), of
 * the chosen organisation of the page's side and borrower type.
 */
export async function statisticsCases(db: Db, user: AuthUser, input: Filters, period: Period): Promise<AppQuery<object>> {
  const scope = await caseScope(db, user);
  let base = (db.selectFrom('application as a') as AppQuery<object>)
    .where('a.created_at', '>=', dayStart(period.dateFrom))
    .where('a.created_at', '<', new Date(dayStart(period.dateTo).getTime() + DAY_MS));
  if (scope !== null) base = base.where((eb) => inCaseScope(eb, scope));
  if (input.orgId) base = base.where(`a.${SIDE_COLUMN[input.side]}`, '=', input.orgId);
  if (input.borrowerType) base = base.where('a.borrower_type', '=', input.borrowerType);
  return base;
}

/** The cases behind one cell: its status, stage, month and overdue flag on top of the filters. */
export function cellCases(base: AppQuery<object>, input: StatisticsUnfoldQuery, now: Date): AppQuery<object> {
  let q = applySearch(base, { status: input.status, overdue: input.overdue }, now);
  if (input.stage) q = q.where('a.stage', '=', input.stage).where('a.status', '=', 'IN_REVIEW');
  if (input.month) {
    const start = dayStart(`${input.month}-01`);
    const [y, m] = input.month.split('-').map(Number) as [number, number];
    q = q.where('a.created_at', '>=', start).where('a.created_at', '<', dayStart(`${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, '0')}-01`));
  }
  return q;
}

/**
 * Runs statistics queries in one transaction without JIT compilation: compiling the grouping
 * of a million rows costs more than it saves (measured with bench/statistics.ts).
 */
export function withStatisticsPlanner<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('jit', 'off', true)`.execute(trx);
    return work(trx);
  });
}

/** One group of the statistics query. */
export interface Group {
  org: number;
  status: ApplicationStatus;
  stage: Stage | null;
  month: number;
  borrowerType: BorrowerType | null;
  n: number;
  amount: number;
  loanAmount: number;
  overdue: number;
}

/**
 * Counts and sums the cases in one pass, grouped by the side's organisation, status, stage and
 * month of the period (and borrower type when asked): a few hundred groups, whatever the number
 * of cases. The month is the bucket of the month starts joined to the list of the period's
 * months, so that the planner knows how few months there are and aggregates in parallel.
 */
export async function groups(_db: Db, base: AppQuery<object>, side: StatisticsSide, period: Period, now: Date, byBorrowerType = false): Promise<Group[]> {
  const starts = period.months.slice(1).map((m) => sql`${dayStart(`${m}-01`).toISOString()}::timestamptz`);
  const bucket = starts.length ? sql<number>`width_bucket(a.created_at, array[${sql.join(starts)}])` : sql<number>`0`;
  const overdue: Expression<SqlBool> = sql<SqlBool>`a.status = 'IN_REVIEW' and a.deadline < ${now}`;
  const rows = await base
    .innerJoin(sql<{ m: number }>`generate_series(0, ${sql.lit(period.months.length - 1)})`.as('m'), (join) => join.on(sql<SqlBool>`${bucket} = m.m`))
    .select([
      sql<number>`${sql.ref(`a.${SIDE_COLUMN[side]}`)}`.as('org'), 'a.status', 'a.stage', sql<number>`m.m`.as('month'),
      sql<BorrowerType | null>`${byBorrowerType ? sql`a.borrower_type` : sql`null`}`.as('borrower_type'),
      sql<number>`count(*)`.as('n'), sql<string>`coalesce(sum(a.amount), 0)`.as('amount'),
      sql<string>`coalesce(sum(a.loan_amount), 0)`.as('loan_amount'), sql<number>`count(*) filter (where ${overdue})`.as('overdue'),
    ])
    .groupBy([sql`1`, sql`2`, sql`3`, sql`4`, sql`5`])
    .execute();
  return rows.map((r) => ({
    org: r.org, status: r.status, stage: r.stage, month: Number(r.month), borrowerType: r.borrower_type,
    n: Number(r.n), amount: Number(r.amount), loanAmount: Number(r.loan_amount), overdue: Number(r.overdue),
  }));
}

const emptyFigures = (): Figures => Object.fromEntries(FIGURES.map((k) => [k, 0])) as Figures;

/** Adds a group to a row of figures. */
function addGroup(figures: Figures, g: Group) {
  figures.total += g.n;
  figures.amount += g.amount;
  figures.loanAmount += g.loanAmount;
  figures.overdue += g.overdue;
  figures[FIGURE_OF_STATUS[g.status]] += g.n;
}

/** Money to the cent (sums of numerics arrive as text). */
export const roundFigures = <T extends Figures>(figures: T): T =>
  ({ ...figures, amount: Math.round(figures.amount * 100) / 100, loanAmount: Math.round(figures.loanAmount * 100) / 100 });

/** Figures per key, in the order of `keys`. */
export function foldBy<K>(all: Group[], key: (g: Group) => K, keys: K[]): Map<K, Figures> {
  const rows = new Map<K, Figures>(keys.map((k) => [k, emptyFigures()]));
  for (const g of all) {
    const k = key(g);
    if (!rows.has(k)) rows.set(k, emptyFigures());
    addGroup(rows.get(k)!, g);
  }
  return rows;
}

/**
 * Organisations of the page's side: those the user may filter by (every one for an unlimited
 * scope, else the ones in scope) and those the counted cases name (`seen`).
 */
export async function sideOrgs(db: Db, user: AuthUser, side: StatisticsSide, seen: number[]): Promise<{ id: number; name: string }[]> {
  const scope = await caseScope(db, user);
  let q = db.selectFrom('organization').select(['id', 'name']).where('type', '=', SIDE_ORG_TYPE[side]);
  if (scope !== null) q = q.where('id', 'in', [...scope, ...seen, -1]);
  return q.orderBy('sort').orderBy('id').execute();
}

