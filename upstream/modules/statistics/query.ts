import { sql, type RawBuilder } from 'kysely';
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
 * Counts and sums the period's cases grouped by the side's organisation, status, stage and
 * month (and borrower type when asked) from the summary tables the triggers keep
 * (migration-case-tally.ts): a few thousand rows per month of the period, whatever the number
 * of cases. Overdue cases in review: those due before today from the summary of deadlines,
 * today's counted live over the deadline index.
 */
export async function groups(db: Db, user: AuthUser, input: Filters, period: Period, now: Date, byBorrowerType = false): Promise<Group[]> {
  const scope = await caseScope(db, user);
  const today = chinaToday(now);
  const [y0, m0] = period.months[0]!.split('-').map(Number) as [number, number];
  const monthOf = (day: RawBuilder<unknown>) => sql<number>`(extract(year from ${day}) * 12 + extract(month from ${day}))::int - ${y0 * 12 + m0}`;
  const conditions = (alias: string, day: RawBuilder<unknown>) => {
    const col = (name: string) => sql.ref(`${alias}.${name}`);
    const parts = [sql`${day} between ${period.dateFrom}::date and ${period.dateTo}::date`];
    if (scope !== null) {
      const ids = scope.length ? scope : [-1];
      parts.push(sql`(${sql.join(Object.values(ORG_COLUMN).map((c) => sql`${col(c)} in (${sql.join(ids)})`), sql` or `)})`);
    }
    if (input.orgId) parts.push(sql`${col(SIDE_COLUMN[input.side])} = ${input.orgId}`);
    if (input.borrowerType) parts.push(sql`${col('borrower_type')} = ${input.borrowerType}`);
    return sql.join(parts, sql` and `);
  };
  const side = (alias: string) => sql.ref(`${alias}.${SIDE_COLUMN[input.side]}`);
  const type = (alias: string) => (byBorrowerType ? sql`${sql.ref(`${alias}.borrower_type`)}` : sql`null`);
  const t = sql`t.day`;
  const liveDay = sql`(a.created_at at time zone 'UTC' + interval '8 hours')::date`;
  const todayStart = new Date(`${today}T00:00:00+08:00`);
  const [counted, dueBefore, dueToday] = await Promise.all([
    sql<{ org: number; status: ApplicationStatus; stage: string; month: number; bt: BorrowerType | null; n: string; amount: string; loan: string }>`
      select ${side('t')} as org, t.status, t.stage, ${monthOf(t)} as month, ${type('t')} as bt,
        sum(t.n) as n, sum(t.amount) as amount, sum(t.loan_amount) as loan
      from case_tally t where ${conditions('t', t)} group by 1, 2, 3, 4, 5 having sum(t.n) <> 0`.execute(db),
    sql<{ org: number; stage: string; month: number; bt: BorrowerType | null; n: string }>`
      select ${side('t')} as org, t.stage, ${monthOf(t)} as month, ${type('t')} as bt, sum(t.n) as n
      from case_overdue_tally t where ${conditions('t', t)} and t.deadline_day < ${today}::date group by 1, 2, 3, 4 having sum(t.n) <> 0`.execute(db),
    sql<{ org: number; stage: string; month: number; bt: BorrowerType | null; n: string }>`
      select ${side('a')} as org, coalesce(a.stage, '') as stage, ${monthOf(liveDay)} as month, ${type('a')} as bt, count(*) as n
      from application a where a.status = 'IN_REVIEW' and a.deadline >= ${todayStart} and a.deadline < ${now} and ${conditions('a', liveDay)}
      group by 1, 2, 3, 4`.execute(db),
  ]);
  const key = (r: { org: number; stage: string; month: number; bt: string | null }) => `${r.org}|${r.stage}|${Number(r.month)}|${r.bt}`;
  const all = counted.rows.map((r) => ({
    org: r.org, status: r.status, stage: (r.stage || null) as Stage | null, month: Number(r.month), borrowerType: r.bt,
    n: Number(r.n), amount: Number(r.amount), loanAmount: Number(r.loan), overdue: 0,
  }));
  const inReview = new Map(all.filter((g) => g.status === 'IN_REVIEW').map((g) => [key({ ...g, stage: g.stage ?? '', bt: g.borrowerType }), g]));
  for (const r of [...dueBefore.rows, ...dueToday.rows]) {
    const group = inReview.get(key(r));
    if (group) group.overdue += Number(r.n);
  }
  return all;
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

