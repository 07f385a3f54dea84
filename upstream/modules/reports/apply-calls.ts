import { sql, type SqlBool } from 'kysely';
import { defineCall } from '../../core/call';
import { xlsxFile } from '../../core/export';
import type { Db } from '../../db';
import type { AuthUser } from '../../core/call';
import type { ApplyUnfoldQuery } from '../../../lib/contract/apply-statistics';
import { FUNNEL_STEPS } from '../../../lib/workflow/reports';
import { applySearch, pageOf, type AppQuery } from '../workflow/list';
import { caseScope, inCaseScope } from '../workflow/scope';
import { applyStatistics } from './apply-form';
import { applyPeriod } from './apply-query';
import { applySheets } from './apply-sheets';

const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** The cases behind one figure of the application statistics, as live rows of the application table. */
async function unfoldCases(db: Db, user: AuthUser, input: ApplyUnfoldQuery, now: Date): Promise<AppQuery<object>> {
  const period = applyPeriod(input, now);
  const from = input.from && input.from > period.dateFrom ? input.from : period.dateFrom;
  const to = input.to && input.to < period.dateTo ? input.to : period.dateTo;
  const scope = await caseScope(db, user);
  let q = (db.selectFrom('application as a') as AppQuery<object>)
    .where('a.created_at', '>=', dayStart(from)).where('a.created_at', '<', new Date(dayStart(to).getTime() + 86_400_000));
  if (scope !== null) q = q.where((eb) => inCaseScope(eb, scope));
  if (input.region) q = q.where('a.renshe_org_id', 'in', (eb) => eb.selectFrom('organization').select('id').where('region_code', '=', input.region!));
  if (input.borrowerType) q = q.where('a.borrower_type', '=', input.borrowerType);
  if (input.clientGroupId) q = q.where('a.client_group_id', '=', input.clientGroupId);
  if (input.productId) q = q.where('a.product_id', '=', input.productId);
  if (input.step) q = q.where(sql<SqlBool>`funnel_level(a.status, coalesce(a.last_stage, a.stage)) >= ${FUNNEL_STEPS.indexOf(input.step)}`);
  if (input.refuseReasonId) q = q.where('a.status', '=', 'REFUSED').where('a.refuse_reason_id', '=', input.refuseReasonId);
  if (input.stage) {
    // The cases taken off the stage, joined on their creation time as well: the page is read in the
    // list's order from stage_wait_case's index (newest first), not by walking the newer cases that never got there.
    const [start, end] = [dayStart(from), new Date(dayStart(to).getTime() + 86_400_000)];
    q = q.innerJoin('stage_wait_case as w', (join) => join.onRef('w.application_id', '=', 'a.id').onRef('w.created_at', '=', 'a.created_at'))
      .where('w.stage', '=', input.stage).where('w.created_at', '>=', start).where('w.created_at', '<', end) as unknown as AppQuery<object>;
  }
  return applySearch(q, { status: input.status, overdue: input.overdue }, now);
}

export const applyCalls = [
  defineCall({
    path: 'applyStatistics/form',
    handler: (ctx, input) => applyStatistics(ctx.db, ctx.user, input, ctx.now, ctx.locale, ctx.t),
  }),
  defineCall({
    path: 'applyStatistics/unfold',
    async handler(ctx, input) {
      return pageOf(ctx.db, ctx.user, await unfoldCases(ctx.db, ctx.user, input, ctx.now), input, ctx.now);
    },
  }),
  defineCall({
    path: 'applyStatistics/export',
    async handler(ctx, input) {
      const data = await applyStatistics(ctx.db, ctx.user, input, ctx.now, ctx.locale, ctx.t);
      return xlsxFile(ctx.t('reports.apply.title'), ctx.now, applySheets(data, ctx.t));
    },
  }),
];
