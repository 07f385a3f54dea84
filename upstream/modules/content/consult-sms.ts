import type { Db } from '../../db';
import type { UpstreamOptions } from '../../options';
import { log } from '../../../lib/http/log';
import { maskMobile } from '../../../lib/workflow/id-number';
import { sendSms } from '../sms/send';

/**
 * The CONSULT_ANSWERED SMS: tells the asker their question was answered, through the scene's
 * template (${name}, ${number}: the question's number), in the caller's transaction. In demo
 * mode (SMS_LOG_CODES) the text is logged too, with the mobile masked.
 */
export async function sendConsultAnsweredSms(db: Db, options: UpstreamOptions, consult: { id: number; name: string; mobile: string }, now: Date) {
  const sent = await sendSms(db, { scene: 'CONSULT_ANSWERED', mobile: consult.mobile, values: { name: consult.name, number: consult.id }, now });
  if (sent.sent && options.smsLogCodes) log.info(`[sms] demo mode: CONSULT_ANSWERED to ${maskMobile(consult.mobile)}: ${sent.content}`);
}
