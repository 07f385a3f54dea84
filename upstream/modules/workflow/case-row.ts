import type { RowKind } from '../../core/row-access';
import { forbidden, notFound } from '../../core/errors';
import { allowed } from '../../core/permission';
import { STAGE_INFO, STAGES, type Stage } from '../../../lib/workflow/stages';
import { caseScope, caseVisible } from './scope';

const isStage = (value: unknown): value is Stage => STAGES.includes(value as Stage);

/**
 * A case named by a call's input (row access of kind 'case'): in the caller's organisation
 * scope, else 404; with a button (when the input's `when` field is true, if the rule names one),
 * held at the case's own stage (a case past its stages: the rule's `done` stage, else the first;
 * with `live`, only while the case is in review), else 403. An action then runs on the case
 * locked under its version, so a stage that moves in between makes the action stale (409), never allowed.
 */
export const caseRowAccess: RowKind = async (ctx, id, rule, input) => {
  const app = await ctx.db.selectFrom('application').select(['stage', 'status', 'renshe_org_id', 'guarantee_org_id', 'bank_org_id'])
    .where('id', '=', id).executeTakeFirst();
  if (!app || !caseVisible(app, await caseScope(ctx.db, ctx.user))) throw notFound('application');
  if (!rule.button || (rule.when !== undefined && input[rule.when] !== true)) return;
  if (rule.live && (app.status !== 'IN_REVIEW' || app.stage === null)) throw forbidden();
  const stage: Stage = app.stage ?? (isStage(rule.done) ? rule.done : 'RS_FIRST');
  if (!(await allowed(ctx.db, ctx.user, { permission: `${STAGE_INFO[stage].module}::${rule.button}` }))) throw forbidden();
};
