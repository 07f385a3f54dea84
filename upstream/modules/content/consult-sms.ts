import type { Db } from '../../db';
import { translator } from '../../core/i18n';

/**
 * The CONSULT_ANSWERED SMS: tells the asker their question was answered. Written to the SMS
 * outbox (there is no gateway; the outbox row is the send) in the caller's transaction, its
 * text from the service catalogue (`content.sms.consultAnswered` with the asker's name and the
 * question's number), in Chinese as the public reads it.
 */
export async function sendConsultAnsweredSms(db: Db, consult: { id: number; name: string; mobile: string }, now: Date) {
  const t = translator('zh-CN');
  await db.insertInto('sms_outbox').values({
    mobile: consult.mobile, template: 'CONSULT_ANSWERED', client_ip: null, created_at: now,
    content: t('content.sms.consultAnswered', { name: consult.name, number: consult.id }),
  }).execute();
}
