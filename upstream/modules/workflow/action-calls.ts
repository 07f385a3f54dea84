import { defineCall, type InputOf } from '../../core/call';
import { runAction, type ActionSpec } from './actions';
import { turnOver } from './turn-over';
import { sendSms } from '../sms/send';
import { recordSigning } from '../products/agreement';

const yuan = (amount: string | number) => Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
import { sendRefusalSms } from '../risk/refusal-sms';
import { applyStrategies } from '../risk/strategy';
import { enqueueEvent } from '../push/enqueue';
import { documentList, recordReturn } from './returns';
import { proofsOf } from './people';
import { conflict, invalid } from '../../core/errors';
import { guardLeverage } from '../loans/fund';
import { openAccount } from '../loans/open';
import { loadCalendar } from '../calendar/store';

type ActionPath = 'businessClubFirstTrial/check' | 'businessClubFirstTrial/reject' | 'businessClubFirstTrial/return' | 'businessClubFirstTrial/refuse'
  | 'businessClubFirstTrial/redeploy' | 'businessClubFirstTrial/adminRedeploy' | 'businessClubFirstTrial/withdraw'
  | 'businessClubFirstTrial/updateGuaranteeQuota' | 'businessClubFirstTrial/reSign' | 'businessClubFirstTrial/bankState';

/** An action call of the table, run by the one action guard (runAction). */
function actionCall<P extends ActionPath>(path: P, spec: ActionSpec<InputOf<P>>) {
  return defineCall<ActionPath>({ path, handler: (ctx, value) => runAction(ctx, spec, value as InputOf<P>) });
}

export const actionCalls = [
  actionCall('businessClubFirstTrial/check', {
    action: 'CHECK', move: () => ({ action: 'CHECK' }), pick: (i) => i.nextUserId,
    // Renshe first review approves only with the client group's proof documents on the case; the last stage's approval tells the applicant.
    async after(trx, ctx, app) {
      const missing = app.stage === 'RS_FIRST' ? (await proofsOf(trx, app)).filter((p) => !p.uploaded) : [];
      if (missing.length) throw conflict('workflow.proofsMissing', { documents: documentList(ctx.locale, missing.map((p) => p.kind)) });
      const now = await trx.selectFrom('application').select(['status', 'stage']).where('id', '=', app.id).executeTakeFirstOrThrow();
      // Past the guarantee company's last stage its guarantee is committed: the fund's leverage maximum holds.
      await guardLeverage(trx, app, now.stage);
      if (now.status !== 'APPROVED') return;
      await sendSms(trx, {
        scene: 'APPROVED', mobile: app.mobile, clientIp: ctx.clientIp, now: ctx.now,
        values: { name: app.name, number: app.number, amount: yuan(app.amount) },
      });
    },
  }),
  actionCall('businessClubFirstTrial/reject', {
    action: 'REJECT', move: (i) => ({ action: 'REJECT', targetNodeId: i.nodeId }), pick: (i) => i.userId,
  }),
  // A return keeps the case at its stage with its reviewer, waiting for the documents named (DOMAIN.md section 1).
  actionCall('businessClubFirstTrial/return', {
    action: 'RETURN', move: () => ({ action: 'RETURN' }), details: (i) => ({ documents: i.documents }), after: recordReturn,
  }),
  actionCall('businessClubFirstTrial/refuse', {
    action: 'REFUSE', move: () => ({ action: 'REFUSE' }),
    refuseReasonId: (i) => i.reasonId,
    apply: (i) => ({ refuse_reason_id: i.reasonId }),
    async after(trx, ctx, app, i) {
      const reason = await trx.selectFrom('refuse_reason').select(['id', 'fraud'])
        .where('id', '=', i.reasonId).where('state', '=', 'ENABLED')
        .where((eb) => eb.or([eb('stage', 'is', null), eb('stage', '=', app.stage)])).executeTakeFirst();
      if (!reason) throw invalid({ reasonId: 'validation.reasonRequired' });
      await sendRefusalSms(trx, ctx, app, i.reasonId);
      // A refusal for false material is a situation the blacklist strategy watches.
      if (reason.fraud) await applyStrategies(trx, ctx, 'FALSE_MATERIAL', { name: app.name, idNumber: app.id_number, mobile: app.mobile });
    },
  }),
  actionCall('businessClubFirstTrial/redeploy', { action: 'REDEPLOY', move: () => ({ action: 'REDEPLOY' }), pick: (i) => i.userId }),
  actionCall('businessClubFirstTrial/adminRedeploy', {
    action: 'ADMIN_REDEPLOY', actor: 'scoped', move: () => ({ action: 'ADMIN_REDEPLOY' }), pick: (i) => i.userId,
  }),
  actionCall('businessClubFirstTrial/withdraw', { action: 'WITHDRAW', move: () => ({ action: 'WITHDRAW' }) }),
  actionCall('businessClubFirstTrial/updateGuaranteeQuota', {
    action: 'QUOTA', move: () => ({ action: 'QUOTA' }),
    apply: (i) => ({ guarantee_quota: i.quota }),
    details: (i) => ({ quota: i.quota }),
  }),
  actionCall('businessClubFirstTrial/reSign', {
    action: 'RESIGN', move: () => ({ action: 'RESIGN' }),
    apply: (_, app) => ({ resign_count: app.resign_count + 1 }),
    // The agreement versions signed (the detail drawer shows them).
    async after(trx, _ctx, app) {
      await recordSigning(trx, app.id);
    },
  }),
  defineCall<ActionPath>({
    path: 'businessClubFirstTrial/bankState',
    handler: (ctx, value) => {
      const input = value as InputOf<'businessClubFirstTrial/bankState'>;
      return runAction(ctx, input.repayment === undefined ? loanIssued : repaymentReported, input);
    },
  }),
  defineCall({
    path: 'businessClubFirstTrial/turnOver',
    handler: (ctx, input) => turnOver(ctx, input),
  }),
];

type BankStateInput = InputOf<'businessClubFirstTrial/bankState'>;

/** bankState on an approved case: whether the bank issued the loan; the applicant is told when it did. */
const loanIssued: ActionSpec<BankStateInput> = {
  action: 'BANK_STATE', move: (i) => ({ action: 'BANK_STATE', issued: i.issued }),
  apply: (i) => (i.issued ? { loan_amount: i.loanAmount!, loan_date: i.loanDate! } : {}),
  details: (i) => ({ issued: i.issued, loanAmount: i.loanAmount ?? null, loanDate: i.loanDate ?? null }),
  async after(trx, ctx, app, i) {
    if (!i.issued) return;
    // The loan's account and schedule open with it (DOMAIN.md section 6).
    await openAccount(trx, { ...app, loan_amount: i.loanAmount!, loan_date: i.loanDate! }, await loadCalendar(trx), ctx.now);
    await sendSms(trx, {
      scene: 'LOANED', mobile: app.mobile, clientIp: ctx.clientIp, now: ctx.now,
      values: { name: app.name, number: app.number, amount: yuan(i.loanAmount!), date: i.loanDate! },
    });
  },
};

/**
 * bankState on an issued loan: the bank's repayment report, by any holder of the bank stage's
 * button who sees the case. A compensation or an overdue is a situation the blacklist strategy
 * watches: its enabled rules blacklist the proposer in the same transaction.
 */
const repaymentReported: ActionSpec<BankStateInput> = {
  action: 'BANK_STATE', actor: 'scoped',
  move: (i) => ({ action: 'BANK_STATE', issued: i.issued, repayment: true }),
  apply: (i) => ({ repayment_state: i.repayment!, overdue_days: i.overdueDays ?? null }),
  details: (i) => ({ repayment: i.repayment!, overdueDays: i.overdueDays ?? null }),
  async after(trx, ctx, app, i) {
    const who = { name: app.name, idNumber: app.id_number, mobile: app.mobile };
    if (i.repayment === 'COMPENSATED') await applyStrategies(trx, ctx, 'COMPENSATED', who);
    if (i.repayment === 'OVERDUE') await applyStrategies(trx, ctx, 'OVERDUE_DAYS', who, i.overdueDays);
    // The case stays LOANED: the report is its own event for the push targets, in the same transaction.
    await enqueueEvent(trx, app.id, 'REPAYMENT', ctx.now, ctx.options.push);
  },
};
