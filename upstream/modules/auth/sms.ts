import type { Db } from '../../db';
import type { UpstreamOptions } from '../../options';
import { AppError, invalid } from '../../core/errors';
import { newSmsCode, sha256 } from '../../core/crypto';
import { CODES } from '../../../lib/contract/common';
import { log } from '../../../lib/http/log';
import { sendSms } from '../sms/send';

export type SmsPurpose = 'LOGIN' | 'REGISTER';
const codeHash = (mobile: string, purpose: SmsPurpose, code: string) => sha256(`${mobile}:${purpose}:${code}`);
const mask = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

export async function smsSwitchOn(db: Db): Promise<boolean> {
  const row = await db.selectFrom('system_param').select('value').where('key', '=', 'sms.loginSwitch').executeTakeFirst();
  return row?.value === '1';
}

/** Refuses (429) an address that has used up its hourly quota of sent codes. */
export async function checkIpQuota(db: Db, options: UpstreamOptions, ip: string, now: Date) {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const sentFromIp = await db.selectFrom('sms_outbox').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_ip', '=', ip).where('created_at', '>', hourAgo).executeTakeFirstOrThrow();
  if (Number(sentFromIp.n) >= options.smsPerIpPerHour) throw new AppError(CODES.tooMany, 'smsTooMany');
}

/**
 * Creates a code and writes it to the outbox (there is no gateway; the outbox row is the send).
 * Refuses a second code for the same mobile within the resend interval and more than the hourly quota per address.
 */
export async function sendCode(db: Db, options: UpstreamOptions, mobile: string, purpose: SmsPurpose, ip: string, now: Date) {
  await checkIpQuota(db, options, ip, now);
  const recent = await db.selectFrom('sms_code').select('id')
    .where('mobile', '=', mobile).where('purpose', '=', purpose)
    .where('created_at', '>', new Date(now.getTime() - options.smsResendMs)).executeTakeFirst();
  if (recent) throw new AppError(CODES.tooMany, 'smsTooFrequent');
  const code = newSmsCode();
  const minutes = Math.round(options.smsCodeTtlMs / 60_000);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('sms_code').values({
      mobile, purpose, code_hash: codeHash(mobile, purpose, code), created_at: now,
      expires_at: new Date(now.getTime() + options.smsCodeTtlMs), consumed_at: null,
    }).execute();
    await sendSms(trx, { scene: `${purpose}_CODE`, mobile, values: { code, minutes }, clientIp: ip, now });
  });
  if (options.smsLogCodes) log.info(`[sms] demo mode: ${purpose} code for ${mask(mobile)} is ${code}`);
}

/**
 * Checks a code against the newest live code for the mobile and returns that code's id. A wrong
 * code costs one attempt; after the limit the code is dead. Throws 422 on the given field when
 * the code does not match.
 */
export async function checkCode(db: Db, options: UpstreamOptions, mobile: string, purpose: SmsPurpose, code: string, field: string, now: Date): Promise<number> {
  const live = await db.selectFrom('sms_code').select(['id', 'code_hash', 'attempts'])
    .where('mobile', '=', mobile).where('purpose', '=', purpose)
    .where('consumed_at', 'is', null).where('expires_at', '>', now)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  if (!live || live.attempts >= options.smsMaxAttempts) throw invalid({ [field]: 'validation.captchaExpired' });
  if (live.code_hash !== codeHash(mobile, purpose, code.trim())) {
    await spendAttempt(db, live.id);
    throw invalid({ [field]: 'validation.captchaWrong' });
  }
  return live.id;
}

/** Counts one attempt against a code (a wrong code, or a right one used for a refused request). */
export async function spendAttempt(db: Db, codeId: number) {
  await db.updateTable('sms_code').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', codeId).execute();
}

/** Uses a checked code up; 422 on the field when another request used it first. */
export async function useCode(db: Db, codeId: number, field: string, now: Date) {
  const used = await db.updateTable('sms_code').set({ consumed_at: now })
    .where('id', '=', codeId).where('consumed_at', 'is', null).executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw invalid({ [field]: 'validation.captchaExpired' });
}

/** Checks a code and uses it up. */
export async function consumeCode(db: Db, options: UpstreamOptions, mobile: string, purpose: SmsPurpose, code: string, field: string, now: Date) {
  await useCode(db, await checkCode(db, options, mobile, purpose, code, field, now), field, now);
}
