import type { Kysely } from 'kysely';
import type { CallContext } from '../../core/call';
import type { Database } from '../../db/schema';

/**
 * The applicant's SMS of a refusal (a reviewer's, or a HARD indicator's at intake): written to
 * the SMS outbox with the reason's SMS text (its content when it has none). The one place the
 * refusal SMS is made, so it can take the REFUSED SMS template (${reason} = the reason's SMS text).
 */
export async function sendRefusalSms(trx: Kysely<Database>, ctx: Pick<CallContext, 't' | 'clientIp'>, app: { mobile: string; number: string }, reasonId: number) {
  const reason = await trx.selectFrom('refuse_reason').select(['content', 'sms_text']).where('id', '=', reasonId).executeTakeFirstOrThrow();
  await trx.insertInto('sms_outbox').values({
    mobile: app.mobile, template: 'LOAN_REFUSED', client_ip: ctx.clientIp,
    content: ctx.t('workflow.refusedSms', { number: app.number, reason: reason.sms_text || reason.content }),
  }).execute();
}
