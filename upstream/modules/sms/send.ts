import type { Db } from '../../db';
import { log } from '../../../lib/http/log';
import { maskMobile } from '../../../lib/workflow/id-number';
import { renderSms, SCENE_VARIABLES, type SmsScene } from '../../../lib/workflow/sms';

export interface SmsSend {
  scene: SmsScene;
  mobile: string;
  /** A value for every variable of the scene (lib/workflow/sms.ts SCENE_VARIABLES). */
  values: Readonly<Record<string, string | number>>;
  /** The address the request came from (counted against the per-address quota), if any. */
  clientIp?: string | null;
  now?: Date;
}

export type SmsSent = { sent: true; content: string; outboxId: number } | { sent: false };

/**
 * Sends one SMS through its scene's enabled template: renders the text and writes it to the
 * outbox with the template and its version (there is no gateway; the outbox row is the send).
 * A scene without an enabled template sends nothing and says so in the log. Call it inside
 * the transaction of the change the message reports, so both land or neither does.
 */
export async function sendSms(db: Db, send: SmsSend): Promise<SmsSent> {
  const template = await db.selectFrom('sms_template').select(['id', 'signature', 'content', 'version'])
    .where('scene', '=', send.scene).where('state', '=', 'ENABLED').executeTakeFirst();
  if (!template) {
    log.info({ scene: send.scene, mobile: maskMobile(send.mobile) }, 'sms scene disabled: nothing sent');
    return { sent: false };
  }
  const missing = SCENE_VARIABLES[send.scene].filter((name) => send.values[name] === undefined);
  if (missing.length) throw new Error(`sms ${send.scene}: no value for ${missing.join(', ')}`);
  const content = renderSms(template.signature, template.content, send.values);
  const row = await db.insertInto('sms_outbox').values({
    mobile: send.mobile, template: send.scene, content, client_ip: send.clientIp ?? null,
    template_id: template.id, template_version: template.version, ...(send.now ? { created_at: send.now } : {}),
  }).returning('id').executeTakeFirstOrThrow();
  return { sent: true, content, outboxId: row.id };
}
