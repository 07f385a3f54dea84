import { sql } from 'kysely';
import type { Db } from '../../db';
import { caseScope } from '../workflow/scope';
import { inLoanScope } from '../loans/store';
import type { AuthUser } from '../../core/call';
import type { LoanCount, LoanCountQuery, StatisticsForm, StatisticsQuery } from '../../../lib/contract/statistics';
import { APPLICATION_STATUSES, STAGES, type BorrowerType } from '../../../lib/workflow/stages';
import { foldBy, groups, periodOf, roundFigures, sideOrgs, withStatisticsPlanner, type Group, type Period } from './query';
import { emptySubsidy, inTallyScope, subsidyBy, subsidyGroups } from '../reports/report-query';

const byOrgRows = async (db: Db, user: AuthUser, side: StatisticsQuery['side'], all: Group[]) => {
  const folded = foldBy(all, (g) => g.org, []);
  const orgs = await sideOrgs(db, user, side, [...folded.keys()]);
  const names = new Map(orgs.map((o) => [o.id, o.name]));
  const rows = [...folded].map(([orgId, figures]) => ({ orgId, orgName: names.get(orgId) ?? String(orgId), ...roundFigures(figures) }))
    .sort((a, b) => b.total - a.total || a.orgId - b.orgId);
  return { rows, orgs };
};

/** statisticsForm: the period's cases counted by status, stage, organisation and month. */
export async function statisticsForm(db: Db, user: AuthUser, input: StatisticsQuery, now: Date): Promise<StatisticsForm> {
  const period = periodOf(input, now);
  const all = await withStatisticsPlanner(db, async (trx) => groups(trx, user, input, period, now));
  const summary = roundFigures(foldBy(all, () => 0, [0]).get(0)!);
  const status = foldBy(all, (g) => g.status, [...APPLICATION_STATUSES]);
  const stage = foldBy(all.filter((g) => g.status === 'IN_REVIEW' && g.stage), (g) => g.stage!, [...STAGES]);
  const month = foldBy(all, (g) => g.month, period.months.map((_, i) => i));
  const { rows: byOrg, orgs } = await byOrgRows(db, user, input.side, all);
  const [afterIssue, subsidy] = await Promise.all([afterIssueOf(db, user, input), input.side === 'bank' ? subsidyOf(db, user, input, period) : null]);
  return {
    period: { dateFrom: period.dateFrom, dateTo: period.dateTo },
    summary,
    byStatus: APPLICATION_STATUSES.map((s) => ({ status: s, count: status.get(s)!.total, amount: roundFigures(status.get(s)!).amount })),
    byStage: STAGES.map((s) => ({ stage: s, count: stage.get(s)!.total, amount: roundFigures(stage.get(s)!).amount, overdue: stage.get(s)!.overdue })),
    byOrg,
    byMonth: period.months.map((m, i) => ({ month: m, ...roundFigures(month.get(i)!) })),
    orgs,
    afterIssue,
    subsidy,
  };
}

/**
 * The banks' interest subsidy owed, claimed and paid per month of repayment and bank, from the
 * subsidy tally (whole months: each month the period touches), in the caller's scope and of the
 * chosen bank. The tally knows no borrower type, so that filter does not apply.
 */
async function subsidyOf(db: Db, user: AuthUser, input: StatisticsQuery, period: Period): Promise<NonNullable<StatisticsForm['subsidy']>> {
  const scope = await caseScope(db, user);
  const parts = [sql`t.month between ${`${period.months[0]}-01`}::date and ${`${period.months.at(-1)}-01`}::date`];
  if (scope !== null) parts.push(inTallyScope(scope));
  if (input.orgId) parts.push(sql`t.bank_org_id = ${input.orgId}`);
  const all = await subsidyGroups(db, sql.join(parts, sql` and `));
  const banks = (await sideOrgs(db, user, 'bank', all.map((g) => g.bank))).filter((b) => all.some((g) => g.bank === b.id));
  const cells = subsidyBy(all, (g) => `${g.month}|${g.bank}`);
  return {
    rows: period.months.flatMap((month) => banks.flatMap((b) => {
      const f = cells.get(`${month}|${b.id}`);
      return f ? [{ month, orgId: b.id, orgName: b.name, ...f }] : [];
    })),
    totals: subsidyBy(all, () => 0).get(0) ?? emptySubsidy(),
  };
}

/**
 * The side's organisations' loans after issue as they stand now, from the loan accounts in the
 * caller's scope (the period does not apply: these are balances of today).
 */
async function afterIssueOf(db: Db, user: AuthUser, input: StatisticsQuery): Promise<StatisticsForm['afterIssue']> {
  const column = input.side === 'bank' ? 'l.bank_org_id' : 'l.guarantee_org_id';
  const scope = await caseScope(db, user);
  const rows = await db.selectFrom('loan_account as l').where((eb) => inLoanScope(eb, scope))
    .$if(input.orgId !== undefined, (q) => q.where(column, '=', input.orgId!))
    .select([
      `${column} as org`,
      sql<string>`count(*) filter (where l.state in ('CURRENT', 'OVERDUE'))`.as('loans'),
      sql<string>`coalesce(sum(l.outstanding) filter (where l.state in ('CURRENT', 'OVERDUE')), 0)`.as('outstanding'),
      sql<string>`count(*) filter (where l.state = 'OVERDUE')`.as('overdueLoans'),
      sql<string>`coalesce(sum(l.outstanding) filter (where l.state = 'OVERDUE'), 0)`.as('overdue'),
      sql<string>`coalesce(sum(l.compensated), 0)`.as('compensated'),
      sql<string>`coalesce(sum(l.recovered), 0)`.as('recovered'),
    ]).groupBy(column).execute();
  const names = new Map((await sideOrgs(db, user, input.side, rows.map((r) => r.org))).map((o) => [o.id, o.name]));
  return rows.map((r) => ({
    orgId: r.org, orgName: names.get(r.org) ?? String(r.org), loans: Number(r.loans), outstanding: Number(r.outstanding) / 100,
    overdueLoans: Number(r.overdueLoans), overdue: Number(r.overdue) / 100, compensated: Number(r.compensated) / 100, recovered: Number(r.recovered) / 100,
  })).sort((a, b) => b.outstanding - a.outstanding || a.orgId - b.orgId);
}

/** loanCountStatistics<Type>: the period's cases of one borrower type, in all and per organisation. */
export async function loanCount(db: Db, user: AuthUser, input: LoanCountQuery, borrowerType: BorrowerType, now: Date): Promise<LoanCount> {
  const period = periodOf(input, now);
  const all = await withStatisticsPlanner(db, async (trx) => groups(trx, user, { ...input, borrowerType }, period, now));
  return {
    borrowerType,
    period: { dateFrom: period.dateFrom, dateTo: period.dateTo },
    summary: roundFigures(foldBy(all, () => 0, [0]).get(0)!),
    byOrg: (await byOrgRows(db, user, input.side, all)).rows,
  };
}

/** Every borrower type's counts in one pass (the export of the three). */
export async function loanCountsAll(db: Db, user: AuthUser, input: LoanCountQuery, now: Date) {
  const period = periodOf(input, now);
  const all = await withStatisticsPlanner(db, async (trx) => groups(trx, user, input, period, now, true));
  const byType = foldBy(all, (g) => g.borrowerType!, ['PERSON', 'SMALL_COMPANY', 'PARTNERSHIP'] as BorrowerType[]);
  const { rows: byOrg } = await byOrgRows(db, user, input.side, all);
  const byTypeAndOrg = foldBy(all, (g) => `${g.borrowerType}:${g.org}`, []);
  return { period, byType, byOrg, byTypeAndOrg };
}
