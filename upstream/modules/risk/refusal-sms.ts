import type { Kysely } from 'kysely';
import type { CallContext } from '../../core/call';
import type { Database } from '../../db/schema';
import { sendSms } from '../sms/send';

/**
 * The applicant's SMS of a refusal (a reviewer's, or a HARD indicator's at intake), through the
 * REFUSED template: ${reason} is the reason's SMS text (its content when it has none).
 */
export async function sendRefusalSms(trx: Kysely<Database>, ctx: Pick<CallContext, 'clientIp' | 'now'>, app: { name: string; mobile: string; number: string }, reasonId: number) {
  const reason = await trx.selectFrom('refuse_reason').select(['content', 'sms_text']).where('id', '=', reasonId).executeTakeFirstOrThrow();
  await sendSms(trx, {
    scene: 'REFUSED', mobile: app.mobile, clientIp: ctx.clientIp, now: ctx.now,
    values: { name: app.name, number: app.number, reason: reason.sms_text || reason.content },
  });
}
