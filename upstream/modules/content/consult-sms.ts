import type { Db } from '../../db';
import type { UpstreamOptions } from '../../options';
import { translator } from '../../core/i18n';

const mask = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

/**
 * The CONSULT_ANSWERED SMS: tells the asker their question was answered. Written to the SMS
 * outbox (there is no gateway; the outbox row is the send) in the caller's transaction, its
 * text from the service catalogue (`content.sms.consultAnswered` with the asker's name and the
 * question's number), in Chinese as the public reads it. In demo mode (SMS_LOG_CODES) the
 * text is logged too, with the mobile masked.
 */
export async function sendConsultAnsweredSms(db: Db, options: UpstreamOptions, consult: { id: number; name: string; mobile: string }, now: Date) {
  const content = translator('zh-CN')('content.sms.consultAnswered', { name: consult.name, number: consult.id });
  await db.insertInto('sms_outbox').values({ mobile: consult.mobile, template: 'CONSULT_ANSWERED', client_ip: null, created_at: now, content }).execute();
  if (options.smsLogCodes) console.info(`[sms] demo mode: CONSULT_ANSWERED to ${mask(consult.mobile)}: ${content}`);
}
