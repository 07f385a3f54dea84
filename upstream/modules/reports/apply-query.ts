import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db';
import type { AuthUser } from '../../core/call';
import type { ApplyStatisticsQuery } from '../../../lib/contract/apply-statistics';
import type { ApplicationStatus, Stage } from '../../../lib/workflow/stages';
import type { ApplyPeriod } from '../../../lib/workflow/reports';
import { resolvePeriod } from '../../../lib/workflow/statistics';
import { chinaToday } from '../../core/china-time';
import { caseScope } from '../workflow/scope';

/**
 * The sources of the application statistics. With an unlimited case scope (administrators
 * and the operator's staff) they are the summary tables the triggers keep (migration-tally.ts);
 * a user limited to their organisations' cases counts those cases live, with the same columns.
 */
const CHINA_DAY = (column: string) => sql`(${sql.ref(column)} at time zone 'UTC' + interval '8 hours')::date`;

const scopeCondition = (scope: number[]) => {
  const ids = scope.length ? scope : [-1];
  return sql`(a.renshe_org_id in (${sql.join(ids)}) or a.guarantee_org_id in (${sql.join(ids)}) or a.bank_org_id in (${sql.join(ids)}))`;
};

function applicationSource(scope: number[] | null): RawBuilder<unknown> {
  if (scope === null) return sql`application_tally`;
  return sql`(select ${CHINA_DAY('a.created_at')} as day, a.renshe_org_id, a.borrower_type, coalesce(a.client_group_id, 0) as client_group_id,
    coalesce(a.product_id, 0) as product_id, a.status, coalesce(a.stage, '') as stage, funnel_level(a.status, coalesce(a.last_stage, a.stage)) as level,
    coalesce(a.refuse_reason_id, 0) as refuse_reason_id, 1 as n, a.amount, coalesce(a.loan_amount, 0) as loan_amount
    from application a where ${scopeCondition(scope)})`;
}

function stageSource(scope: number[] | null): RawBuilder<unknown> {
  if (scope === null) return sql`stage_tally`;
  return sql`(select ${CHINA_DAY('a.created_at')} as day, a.renshe_org_id, a.borrower_type, coalesce(a.client_group_id, 0) as client_group_id,
    coalesce(a.product_id, 0) as product_id, r.stage, 1 as n, r.wait_days
    from approval_record r join application a on a.id = r.application_id where r.wait_days is not null and ${scopeCondition(scope)})`;
}

export interface ApplyPeriodRange { dateFrom: string; dateTo: string; unit: ApplyPeriod }

export function applyPeriod(input: Pick<ApplyStatisticsQuery, 'dateFrom' | 'dateTo' | 'unit'>, now: Date): ApplyPeriodRange {
  return { ...resolvePeriod(input, chinaToday(now)), unit: input.unit };
}

/** The filters shared by both sources (`t` is the source's alias). */
function where(input: ApplyStatisticsQuery, period: ApplyPeriodRange) {
  const parts = [sql`t.day between ${period.dateFrom}::date and ${period.dateTo}::date`];
  if (input.region) parts.push(sql`t.renshe_org_id in (select id from organization where region_code = ${input.region})`);
  if (input.borrowerType) parts.push(sql`t.borrower_type = ${input.borrowerType}`);
  if (input.clientGroupId) parts.push(sql`t.client_group_id = ${input.clientGroupId}`);
  if (input.productId) parts.push(sql`t.product_id = ${input.productId}`);
  return sql.join(parts, sql` and `);
}

const BUCKET: Record<ApplyPeriod, string> = {
  day: `to_char(t.day, 'YYYY-MM-DD')`,
  week: `to_char(date_trunc('week', t.day), 'YYYY-MM-DD')`,
  month: `to_char(t.day, 'YYYY-MM')`,
};

/** The dimensions the form folds the period's applications by, each summed on its own. */
export type ApplyDimension = 'bucket' | 'org' | 'borrowerType' | 'clientGroup' | 'product' | 'level' | 'reason';
const COLUMN: Record<Exclude<ApplyDimension, 'bucket'>, string> = {
  org: 't.renshe_org_id', borrowerType: 't.borrower_type', clientGroup: 't.client_group_id', product: 't.product_id', level: 't.level', reason: 't.refuse_reason_id',
};

/** The period's applications summed by one dimension (and status, but for the funnel level). */
export interface ApplyGroup { dimension: ApplyDimension; key: string; status: ApplicationStatus | null; n: number; amount: number; loanAmount: number }

/**
 * Sums of `source` by each of `dimensions` in one pass (grouping sets): a few hundred rows
 * whatever the number of cases or of the summary's combinations.
 */
async function groupsBy(db: Db, source: RawBuilder<unknown>, dimensions: ApplyDimension[], input: ApplyStatisticsQuery, period: ApplyPeriodRange): Promise<ApplyGroup[]> {
  const expression = (d: ApplyDimension) => (d === 'bucket' ? BUCKET[period.unit] : COLUMN[d]);
  const sets = dimensions.map((d, i) => (d === 'level' ? `(d${i})` : `(d${i}, t.status)`)).join(', ');
  const label = dimensions.map((d, i) => `when grouping(d${i}) = 0 then '${d}'`).join(' ');
  const key = dimensions.map((_, i) => `when grouping(d${i}) = 0 then d${i}::text`).join(' ');
  const { rows } = await sql<{ dimension: ApplyDimension; key: string; status: ApplicationStatus | null; n: string; amount: string; loan: string }>`
    select case ${sql.raw(label)} end as dimension, case ${sql.raw(key)} end as key, case when grouping(t.status) = 0 then t.status end as status,
      sum(t.n) as n, sum(t.amount) as amount, sum(t.loan_amount) as loan
    from (select t.*, ${sql.raw(dimensions.map((d, i) => `${expression(d)} as d${i}`).join(', '))} from ${source} t where ${where(input, period)}) t
    group by grouping sets (${sql.raw(sets)}) having sum(t.n) <> 0`.execute(db);
  return rows.map((r) => ({ dimension: r.dimension, key: r.key, status: r.status, n: Number(r.n), amount: Number(r.amount), loanAmount: Number(r.loan) }));
}

const ALL: ApplyDimension[] = ['bucket', 'org', 'borrowerType', 'clientGroup', 'product', 'level', 'reason'];

/**
 * The period's applications summed by each dimension. An unlimited scope without a client
 * group or product filter reads the rollups (migration-apply-rollup.ts), a few rows per day;
 * with one of those filters, application_tally; a limited scope, its cases live.
 */
export async function applyGroups(db: Db, user: AuthUser, input: ApplyStatisticsQuery, period: ApplyPeriodRange): Promise<ApplyGroup[]> {
  const scope = await caseScope(db, user);
  if (scope !== null || input.clientGroupId || input.productId) return groupsBy(db, applicationSource(scope), ALL, input, period);
  const parts = await Promise.all([
    groupsBy(db, sql`application_status_tally`, ['bucket', 'org', 'borrowerType', 'level', 'reason'], input, period),
    groupsBy(db, sql`application_group_tally`, ['clientGroup'], input, period),
    groupsBy(db, sql`application_product_tally`, ['product'], input, period),
  ]);
  return parts.flat();
}

/** Records that took the period's cases off each stage, and the working days they waited in all. */
export async function stageWaits(db: Db, user: AuthUser, input: ApplyStatisticsQuery, period: ApplyPeriodRange) {
  const scope = await caseScope(db, user);
  const { rows } = await sql<{ stage: Stage; n: string; days: string }>`
    select t.stage, sum(t.n) as n, sum(t.wait_days) as days from ${stageSource(scope)} t where ${where(input, period)} group by 1`.execute(db);
  return new Map(rows.map((r) => [r.stage, { n: Number(r.n), days: Number(r.days) }]));
}

/**
 * Cases of the period in review and past their deadline now. For an unlimited scope: those due
 * before today from the summary of deadlines, and today's counted live (a deadline passes
 * without a write) over the deadline index; for a limited scope, live over the user's cases.
 */
export async function overdueCount(db: Db, user: AuthUser, input: ApplyStatisticsQuery, period: ApplyPeriodRange, now: Date): Promise<number> {
  const scope = await caseScope(db, user);
  const today = chinaToday(now);
  const todayStart = new Date(`${today}T00:00:00+08:00`);
  const from = new Date(`${period.dateFrom}T00:00:00+08:00`);
  const to = new Date(new Date(`${period.dateTo}T00:00:00+08:00`).getTime() + 86_400_000);
  let q = db.selectFrom('application as a').select((eb) => eb.fn.countAll<string>().as('n'))
    .where('a.status', '=', 'IN_REVIEW').where('a.deadline', '<', now).where('a.created_at', '>=', from).where('a.created_at', '<', to);
  if (scope !== null) q = q.where(scopeCondition(scope) as never);
  else q = q.where('a.deadline', '>=', todayStart);
  if (input.region) q = q.where('a.renshe_org_id', 'in', (eb) => eb.selectFrom('organization').select('id').where('region_code', '=', input.region!));
  if (input.borrowerType) q = q.where('a.borrower_type', '=', input.borrowerType);
  if (input.clientGroupId) q = q.where('a.client_group_id', '=', input.clientGroupId);
  if (input.productId) q = q.where('a.product_id', '=', input.productId);
  const live = Number((await q.executeTakeFirstOrThrow()).n);
  if (scope !== null) return live;
  const { rows } = await sql<{ n: string | null }>`select sum(t.n) as n from overdue_tally t where ${where(input, period)} and t.deadline_day < ${today}::date`.execute(db);
  return live + Number(rows[0]?.n ?? 0);
}
