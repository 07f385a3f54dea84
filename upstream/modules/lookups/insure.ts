import { defineCall, type AuthUser, type CallContext } from '../../core/call';
import { allowed } from '../../core/permission';
import type { InsuranceInfo } from '../../../lib/contract/lookups';
import { STAGE_INFO } from '../../../lib/workflow/stages';
import { visibleApplication } from '../workflow/detail';
import { askSources } from '../risk/checks';
import { rerunChecks } from '../risk/red-flags';
import { openLookupError } from './errors';
import { recordLookups } from './record';

type Ctx = CallContext<AuthUser>;
type App = Awaited<ReturnType<typeof visibleApplication>>;

/** A reviewer of the case's current stage (the one who may refresh its outside data). */
const reviewer = async (ctx: Ctx, app: App) =>
  app.status === 'IN_REVIEW' && app.stage !== null && allowed(ctx.db, ctx.user, { permission: `${STAGE_INFO[app.stage].module}::check` });

/**
 * GovernmentDataSc/insure: the proposer's social-insurance record cached on the case. The
 * first ask reads it (unless a failed lookup is waiting for a retry); `refresh` reads it again.
 * A record read re-checks the case's INSURANCE indicators; a failure is a real-time error.
 */
async function insure(ctx: Ctx, input: { id: number; refresh?: boolean }): Promise<InsuranceInfo> {
  // The call's row access found the case in scope, and a refresh's caller a reviewer of its stage.
  const app = await visibleApplication(ctx.db, ctx.user, input.id);
  const canRefresh = await reviewer(ctx, app);
  const cachedOf = () => ctx.db.selectFrom('application_insurance').selectAll().where('application_id', '=', app.id).executeTakeFirst();
  let cached = await cachedOf();
  if (input.refresh || (!cached && !await openLookupError(ctx, app.id, 'INSURANCE'))) {
    const outside = await askSources(ctx.options, app.id_number, ['insurance']);
    await ctx.db.transaction().execute(async (trx) => {
      await recordLookups(trx, app.id, outside, ['insurance'], 'INSURE', ctx.user, ctx.now);
      if (outside.insurance) await rerunChecks(trx, ctx, app, outside, (item) => item.source === 'INSURANCE');
    });
    cached = await cachedOf();
  }
  const failure = await openLookupError(ctx, app.id, 'INSURANCE');
  return {
    record: cached ? {
      insured: cached.insured, monthsPaid: cached.months_paid, employer: cached.employer, lastMonthPaid: cached.last_month_paid,
      simulated: cached.simulated, readAt: new Date(cached.read_at).toISOString(),
    } : null,
    failure: failure ? { code: failure.code, message: ctx.t(failure.message_key, failure.message_params) } : null,
    canRefresh,
  };
}

export const insureCalls = [defineCall({ path: 'GovernmentDataSc/insure', handler: insure })];
