import { defineCall, type InputOf } from '../../core/call';
import { conflict, forbidden, invalid, notFound } from '../../core/errors';
import type { TurnOverResult } from '../../../lib/contract/workflow';
import type { Stage } from '../../../lib/workflow/stages';
import { holdsButton, notifyAssignee, runAction, type ActionSpec } from './actions';
import { nodePeople } from './flow';
import { caseScope, caseVisible } from './scope';

type ActionPath = 'businessClubFirstTrial/check' | 'businessClubFirstTrial/reject' | 'businessClubFirstTrial/return' | 'businessClubFirstTrial/refuse'
  | 'businessClubFirstTrial/redeploy' | 'businessClubFirstTrial/adminRedeploy' | 'businessClubFirstTrial/withdraw'
  | 'businessClubFirstTrial/updateGuaranteeQuota' | 'businessClubFirstTrial/reSign' | 'businessClubFirstTrial/bankState';

/** An action call of the table, run by the one action guard (runAction). */
function actionCall<P extends ActionPath>(path: P, spec: ActionSpec<InputOf<P>>) {
  return defineCall<ActionPath>({ path, handler: (ctx, value) => runAction(ctx, spec, value as InputOf<P>) });
}

export const actionCalls = [
  actionCall('businessClubFirstTrial/check', { verb: 'check', action: 'CHECK', move: () => ({ action: 'CHECK' }), pick: (i) => i.nextUserId }),
  actionCall('businessClubFirstTrial/reject', {
    verb: 'reject', action: 'REJECT', move: (i) => ({ action: 'REJECT', targetNodeId: i.nodeId }), pick: (i) => i.userId,
  }),
  actionCall('businessClubFirstTrial/return', { verb: 'reject', action: 'RETURN', move: () => ({ action: 'RETURN' }) }),
  actionCall('businessClubFirstTrial/refuse', {
    verb: 'refuse', action: 'REFUSE', move: () => ({ action: 'REFUSE' }),
    refuseReasonId: (i) => i.reasonId,
    apply: (i) => ({ refuse_reason_id: i.reasonId }),
    async after(trx, ctx, app, i) {
      const reason = await trx.selectFrom('refuse_reason').select(['content', 'sms_text'])
        .where('id', '=', i.reasonId).where('state', '=', 'ENABLED').executeTakeFirst();
      if (!reason) throw invalid({ reasonId: 'validation.reasonRequired' });
      const t = ctx.t;
      await trx.insertInto('sms_outbox').values({
        mobile: app.mobile, template: 'LOAN_REFUSED', client_ip: ctx.clientIp,
        content: t('workflow.refusedSms', { number: app.number, reason: reason.sms_text || reason.content }),
      }).execute();
    },
  }),
  actionCall('businessClubFirstTrial/redeploy', { verb: 'redeploy', action: 'REDEPLOY', move: () => ({ action: 'REDEPLOY' }), pick: (i) => i.userId }),
  actionCall('businessClubFirstTrial/adminRedeploy', {
    verb: 'adminRedeploy', action: 'ADMIN_REDEPLOY', actor: 'scoped', move: () => ({ action: 'ADMIN_REDEPLOY' }), pick: (i) => i.userId,
  }),
  actionCall('businessClubFirstTrial/withdraw', { verb: 'withdraw', action: 'WITHDRAW', actor: 'scoped', move: () => ({ action: 'WITHDRAW' }) }),
  actionCall('businessClubFirstTrial/updateGuaranteeQuota', {
    verb: 'quota', action: 'QUOTA', move: () => ({ action: 'QUOTA' }),
    apply: (i) => ({ guarantee_quota: i.quota }),
    details: (i) => ({ quota: i.quota }),
  }),
  actionCall('businessClubFirstTrial/reSign', {
    verb: 'reSign', action: 'RESIGN', move: () => ({ action: 'RESIGN' }),
    apply: (_, app) => ({ resign_count: app.resign_count + 1 }),
  }),
  actionCall('businessClubFirstTrial/bankState', {
    verb: 'bankState', action: 'BANK_STATE', move: (i) => ({ action: 'BANK_STATE', issued: i.issued }),
    apply: (i) => (i.issued ? { loan_amount: i.loanAmount!, loan_date: i.loanDate! } : {}),
    details: (i) => ({ issued: i.issued, loanAmount: i.loanAmount ?? null, loanDate: i.loanDate ?? null }),
  }),
  defineCall({
    path: 'businessClubFirstTrial/turnOver',
    async handler(ctx, input): Promise<TurnOverResult> {
      const stage = input.stage as Stage;
      if (!(await holdsButton(ctx.db, ctx.user, stage, 'turnOver'))) throw forbidden();
      if (input.fromUserId === input.toUserId) throw invalid({ toUserId: 'validation.personNotAtNode' });
      return ctx.db.transaction().execute(async (trx) => {
        const scope = await caseScope(trx, ctx.user);
        const cases = await trx.selectFrom('application').selectAll().where('stage', '=', stage).where('status', '=', 'IN_REVIEW')
          .where('assignee_id', '=', input.fromUserId).orderBy('id').forUpdate().execute();
        const mine = cases.filter((app) => caseVisible(app, scope));
        if (cases.length && !mine.length) throw notFound('application');
        for (const app of mine) {
          const people = await nodePeople(trx, { id: app.node_id!, stage }, app);
          if (!people.some((p) => p.id === input.toUserId) || app.maker_id === input.toUserId) {
            throw invalid({ toUserId: 'validation.personNotAtNode' });
          }
          const updated = await trx.updateTable('application')
            .set({ assignee_id: input.toUserId, version: app.version + 1, updated_at: ctx.now })
            .where('id', '=', app.id).where('version', '=', app.version).executeTakeFirst();
          if (Number(updated.numUpdatedRows) !== 1) throw conflict('workflow.stale');
          await trx.insertInto('approval_record').values({
            application_id: app.id, action: 'TURN_OVER', node_id: app.node_id, stage, from_status: app.status,
            to_status: app.status, to_node_id: app.node_id, to_stage: stage, actor_id: ctx.user.id, actor_org_id: ctx.user.orgId,
            target_user_id: input.toUserId, refuse_reason_id: null, details: JSON.stringify({ fromUserId: input.fromUserId }),
            idempotency_key: input.key,
          }).execute();
        }
        if (mine.length) await notifyAssignee(trx, input.toUserId, mine, stage);
        return { moved: mine.length };
      });
    },
  }),
];
