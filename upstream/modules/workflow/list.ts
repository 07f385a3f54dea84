import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import type { AuthUser } from '../../core/call';
import type { Page } from '../../../lib/contract/common';
import type { ApplicationRow, LoanQuery, PendingCounts, WorkbenchQuery } from '../../../lib/contract/workflow';
import { STAGES, type Stage } from '../../../lib/workflow/stages';
import { rejectableOf } from './flow';
import { applicationRows, toApplicationRow } from './rows';
import { caseScope, inCaseScope, orgColumnOf } from './scope';
import { rowCan } from './row-can';

type Search = Omit<WorkbenchQuery, 'stage' | 'scope' | 'mine' | 'pageNum' | 'pageSize' | 'order'>;
export type AppQuery<O> = SelectQueryBuilder<Database & { a: Database['application'] }, 'a', O>;

/** The searches every application list shares (workbench and loan query). */
export function applySearch<O>(query: AppQuery<O>, input: Search, now: Date): AppQuery<O> {
  let q = query;
  if (input.number) q = q.where('a.number', '=', input.number);
  if (input.name) q = q.where('a.name', '=', input.name);
  if (input.idNumber) q = q.where('a.id_number', '=', input.idNumber.toUpperCase());
  if (input.mobile) q = q.where('a.mobile', '=', input.mobile);
  if (input.dateFrom) q = q.where('a.created_at', '>=', new Date(`${input.dateFrom}T00:00:00+08:00`));
  if (input.dateTo) q = q.where('a.created_at', '<', new Date(new Date(`${input.dateTo}T00:00:00+08:00`).getTime() + 86_400_000));
  if (input.status) q = q.where('a.status', '=', input.status);
  if (input.overdue !== undefined) {
    q = input.overdue
      ? q.where('a.status', '=', 'IN_REVIEW').where('a.deadline', '<', now)
      : q.where((eb) => eb.or([eb('a.status', '<>', 'IN_REVIEW'), eb('a.deadline', 'is', null), eb('a.deadline', '>=', now)]));
  }
  return q;
}

/**
 * Lists count at most this many rows: past it the answer says `capped` and pages stop there
 * (a count over hundreds of thousands of cases would cost more than the page itself).
 */
const COUNT_CAP = 10_000;

const ORDERS = {
  createTime: 'a.created_at', amount: 'a.amount', deadline: 'a.deadline',
} as const;

/** Sorts by the chosen column (newest first by default), the id breaking ties. */
export function applyOrder<O>(query: AppQuery<O>, order: string | undefined): AppQuery<O> {
  const desc = !order || order.startsWith('-');
  const column = ORDERS[(order?.replace(/^-/, '') || 'createTime') as keyof typeof ORDERS];
  return query.orderBy(column, desc ? 'desc' : 'asc').orderBy('a.id', desc ? 'desc' : 'asc');
}

/** The totals of a list of `base`'s rows (counted up to COUNT_CAP), for pages of `pageSize`. */
// biome-ignore lint/suspicious/noExplicitAny: counts the rows of any query
export async function pageTotals(db: Db, base: SelectQueryBuilder<any, any, object>, pageSize: number): Promise<Omit<Page<never>, 'list'>> {
  const n = await countUpTo(db, base, COUNT_CAP);
  const capped = n > COUNT_CAP;
  const total = capped ? COUNT_CAP : n;
  return { total, totalPage: Math.ceil(total / pageSize), ...(capped ? { capped } : {}) };
}

export async function pageOf(db: Db, user: AuthUser, base: AppQuery<object>, input: { pageNum: number; pageSize: number; order?: string }, now: Date): Promise<Page<ApplicationRow>> {
  // The page's ids are picked on the bare table (index order), then joined for display.
  const ids = applyOrder(base.select('a.id'), input.order).limit(input.pageSize).offset((input.pageNum - 1) * input.pageSize);
  const [totals, rows] = await Promise.all([
    pageTotals(db, base, input.pageSize),
    applyOrder(applicationRows(db).select(['a.module_id', 'a.node_id']).where('a.id', 'in', ids), input.order).execute(),
  ]);
  const [open, can] = await Promise.all([rejectableOf(db, rows), rowCan(db, user, rows)]);
  return { list: rows.map((row) => ({ ...toApplicationRow(row, now), rejectable: open.has(row.id), can: can(row) })), ...totals };
}

/** The cases a stage's workbench search finds (before paging): the list's and the export's. */
export async function workbenchCases(db: Db, user: AuthUser, input: Omit<WorkbenchQuery, 'pageNum' | 'pageSize'>, now: Date): Promise<AppQuery<object>> {
  const scope = await caseScope(db, user);
  const { stage } = input;
  let base = db.selectFrom('application as a') as AppQuery<object>;
  if (input.scope === 'processed') {
    base = base.where((eb) => eb.exists(eb.selectFrom('approval_record as r').select(sql.lit(1).as('x'))
      .whereRef('r.application_id', '=', 'a.id').where('r.stage', '=', stage)
      .where('r.action', 'in', ['CHECK', 'REJECT', 'RETURN', 'REFUSE', 'BANK_STATE'])
      .$if(scope !== null, (q) => q.where('r.actor_org_id', 'in', scope!.length ? scope! : [-1]))));
    if (scope !== null) base = base.where((eb) => inCaseScope(eb, scope));
  } else {
    // Waiting at the stage, and returned from it to the applicant (the stage's reviewer keeps those).
    base = base.where('a.stage', '=', stage).where('a.status', 'in', ['IN_REVIEW', 'APPROVED', 'RETURNED']);
    if (scope !== null) base = base.where(`a.${orgColumnOf(stage)}`, 'in', scope.length ? scope : [-1]);
  }
  if (input.mine) base = base.where('a.assignee_id', '=', user.id);
  return applySearch(base, input, now);
}

/** A stage's workbench: cases waiting there for the user's organisations, or worked there by them. */
export async function workbenchList(db: Db, user: AuthUser, input: WorkbenchQuery, now: Date) {
  return pageOf(db, user, await workbenchCases(db, user, input, now), input, now);
}

/** How many rows a query finds, counting at most `cap + 1` (enough to tell 'more than cap'). */
// biome-ignore lint/suspicious/noExplicitAny: counts the rows of any query
export async function countUpTo(db: Db, base: SelectQueryBuilder<any, any, object>, cap: number): Promise<number> {
  const { n } = await db.selectFrom(base.select(sql.lit(1).as('x')).limit(cap + 1).as('c'))
    .select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/** Cases waiting at each stage for the user's organisations (menu badges). */
export async function pendingCounts(db: Db, user: AuthUser, stages: readonly Stage[] = STAGES): Promise<PendingCounts> {
  const scope = await caseScope(db, user);
  const counts: PendingCounts = Object.fromEntries(stages.map((s) => [s, 0]));
  if (scope !== null && scope.length === 0) return counts;
  await Promise.all(stages.map(async (stage) => {
    let q = db.selectFrom('application as a').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('a.stage', '=', stage).where('a.status', 'in', ['IN_REVIEW', 'APPROVED']);
    if (scope !== null) q = q.where(`a.${orgColumnOf(stage)}`, 'in', scope);
    counts[stage] = Number((await q.executeTakeFirstOrThrow()).n);
  }));
  return counts;
}

/** The loan query: every case the user may see, at any stage or exit. */
export async function loanQuery(db: Db, user: AuthUser, input: LoanQuery, now: Date) {
  const scope = await caseScope(db, user);
  let base = db.selectFrom('application as a') as AppQuery<object>;
  if (scope !== null) base = base.where((eb) => inCaseScope(eb, scope));
  if (input.stage) base = base.where('a.stage', '=', input.stage);
  if (input.borrowerType) base = base.where('a.borrower_type', '=', input.borrowerType);
  return pageOf(db, user, applySearch(base, input, now), input, now);
}
