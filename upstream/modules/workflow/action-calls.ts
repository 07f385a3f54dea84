import type { ZodType } from 'zod';
import { defineCall } from '../../core/call';
import { invalid } from '../../core/errors';
import {
  bankStateInput, checkInput, quotaInput, redeployInput, refuseInput, rejectInput, reSignInput, returnInput, turnOverInput,
  withdrawInput,
} from '../../../lib/contract/workflow';
import { anyStage, runAction, type ActionInput, type ActionSpec } from './actions';
import { turnOver } from './turn-over';

function actionCall<I extends ActionInput>(path: string, input: ZodType<I>, spec: ActionSpec<I>) {
  return defineCall({
    path: `businessClubFirstTrial/${path}`,
    access: anyStage(spec.verb),
    input,
    handler: (ctx, value) => runAction(ctx, spec, value as I),
  });
}

export const actionCalls = [
  actionCall('check', checkInput, { verb: 'check', action: 'CHECK', move: () => ({ action: 'CHECK' }), pick: (i) => i.nextUserId }),
  actionCall('reject', rejectInput, {
    verb: 'reject', action: 'REJECT', move: (i) => ({ action: 'REJECT', targetNodeId: i.nodeId }), pick: (i) => i.userId,
  }),
  actionCall('return', returnInput, { verb: 'reject', action: 'RETURN', move: () => ({ action: 'RETURN' }) }),
  actionCall('refuse', refuseInput, {
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
  actionCall('redeploy', redeployInput, { verb: 'redeploy', action: 'REDEPLOY', move: () => ({ action: 'REDEPLOY' }), pick: (i) => i.userId }),
  actionCall('adminRedeploy', redeployInput, {
    verb: 'adminRedeploy', action: 'ADMIN_REDEPLOY', actor: 'scoped', move: () => ({ action: 'ADMIN_REDEPLOY' }), pick: (i) => i.userId,
  }),
  actionCall('withdraw', withdrawInput, { verb: 'withdraw', action: 'WITHDRAW', move: () => ({ action: 'WITHDRAW' }) }),
  actionCall('updateGuaranteeQuota', quotaInput, {
    verb: 'quota', action: 'QUOTA', move: () => ({ action: 'QUOTA' }),
    apply: (i) => ({ guarantee_quota: i.quota }),
    details: (i) => ({ quota: i.quota }),
  }),
  actionCall('reSign', reSignInput, {
    verb: 'reSign', action: 'RESIGN', move: () => ({ action: 'RESIGN' }),
    apply: (_, app) => ({ resign_count: app.resign_count + 1 }),
  }),
  actionCall('bankState', bankStateInput, {
    verb: 'bankState', action: 'BANK_STATE', move: (i) => ({ action: 'BANK_STATE', issued: i.issued }),
    apply: (i) => (i.issued ? { loan_amount: i.loanAmount!, loan_date: i.loanDate! } : {}),
    details: (i) => ({ issued: i.issued, loanAmount: i.loanAmount ?? null, loanDate: i.loanDate ?? null }),
  }),
  defineCall({
    path: 'businessClubFirstTrial/turnOver',
    access: anyStage('turnOver'),
    input: turnOverInput,
    handler: (ctx, input) => turnOver(ctx, input),
  }),
];
