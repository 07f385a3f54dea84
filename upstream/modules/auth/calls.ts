import { defineCall, type CallContext } from '../../core/call';
import { AppError, invalid } from '../../core/errors';
import { hashPassword, verifyNothing, verifyPassword } from '../../core/crypto';
import { issueToken } from '../../core/token';
import { CODES } from '../../../lib/contract/common';
import type { LoginResult } from '../../../lib/contract/auth';
import { addressFailure, openPasswordCheck, passwordRight, rememberAddress } from './login-limit';
import { changeOwnPassword } from './password';
import { checkCode, checkIpQuota, consumeCode, sendCode, smsSwitchOn, spendAttempt, useCode } from './sms';
import { loadUserInfo } from './user-info';
import { outcomeOf, recordSignIn } from './sign-in-log';

const findUser = (ctx: { db: import('../../db').Db }, username: string) =>
  ctx.db.selectFrom('app_user').selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .where('state', '<>', 'WRITTEN_OFF')
    .executeTakeFirst();

/** A password sign-in (with the SMS code when the switch is on) of the account the name found. */
async function signIn(ctx: CallContext, input: { username: string; password: string; code?: string }, user: Awaited<ReturnType<typeof findUser>>): Promise<LoginResult> {
  const check = await openPasswordCheck(ctx, input.username, user?.id ?? null);
  const ok = user ? await verifyPassword(input.password, user.password_hash) : await verifyNothing(input.password);
  if (!user || !ok) {
    const minutes = await addressFailure(ctx);
    throw minutes === null ? new AppError(CODES.forbidden, 'loginFailed') : new AppError(CODES.tooMany, 'loginAddressLimited', { minutes });
  }
  await passwordRight(ctx.db, check);
  if (user.state !== 'ENABLED') throw new AppError(CODES.forbidden, 'accountDisabled');
  if (await smsSwitchOn(ctx.db)) {
    if (!input.code) throw invalid({ code: 'validation.captchaRequired' });
    if (!user.mobile) throw new AppError(CODES.forbidden, 'smsNoMobile');
    await consumeCode(ctx.db, ctx.options, user.mobile, 'LOGIN', input.code, 'code', ctx.now);
  }
  await rememberAddress(ctx, user.id);
  const { token, uuid } = await issueToken(ctx.db, user.id, ctx.now, ctx.options.tokenTtlMs);
  return { uuid, token, info: await loadUserInfo(ctx.db, user.id) };
}

/**
 * A refused sign-in input that names an account (a NUL or overlong user name, say) is a failed
 * attempt like any other: it counts against the client address.
 */
async function countRefusedAttempt(ctx: CallContext, raw: unknown) {
  const username = raw && typeof raw === 'object' ? (raw as { username?: unknown }).username : undefined;
  if (typeof username === 'string' ? username.trim() !== '' : username != null) await addressFailure(ctx);
}

export const authCalls = [
  defineCall({
    path: 'admin/login',
    onInvalid: countRefusedAttempt,
    async handler(ctx, input): Promise<LoginResult> {
      const user = await findUser(ctx, input.username);
      try {
        const result = await signIn(ctx, input, user);
        await recordSignIn(ctx, input.username, user, 'SUCCESS');
        return result;
      } catch (error) {
        await recordSignIn(ctx, input.username, user, outcomeOf(error));
        throw error;
      }
    },
  }),

  defineCall({
    path: 'admin/register',
    async handler(ctx, input): Promise<LoginResult> {
      const mail = input.mail.toLowerCase();
      // The code first: without the right one, the answer is the same whether or not the mobile
      // or the mail already has an account. A right code refused for a taken value costs an
      // attempt, so one code cannot probe many mails.
      const codeId = await checkCode(ctx.db, ctx.options, input.mobile, 'REGISTER', input.captcha, 'captcha', ctx.now);
      const taken = await ctx.db.selectFrom('app_user').select(['username', 'mail', 'mobile'])
        .where((eb) => eb.or([eb(eb.fn('lower', ['username']), '=', mail), eb('mail', '=', mail), eb('mobile', '=', input.mobile)]))
        .where('state', '<>', 'WRITTEN_OFF')
        .execute();
      if (taken.length) {
        await spendAttempt(ctx.db, codeId);
        throw invalid(taken.some((r) => r.mobile === input.mobile) ? { mobile: 'validation.mobileTaken' } : { mail: 'validation.mailTaken' });
      }
      const passwordHash = await hashPassword(input.password);
      const userId = await ctx.db.transaction().execute(async (trx) => {
        await useCode(trx, codeId, 'captcha', ctx.now);
        const created = await trx.insertInto('app_user').values({
          org_id: null, username: mail, nickname: mail.split('@')[0]!, mobile: input.mobile, mail,
          type: 1, password_hash: passwordHash, locale: ctx.locale, updated_at: ctx.now,
        }).returning('id').executeTakeFirstOrThrow().catch((error: unknown) => {
          // Two registrations at once: the unique index tells which value was taken.
          throw invalid(String(error).includes('mobile') ? { mobile: 'validation.mobileTaken' } : { mail: 'validation.mailTaken' });
        });
        const role = await trx.selectFrom('role').select('id').where('built_in', '=', true).executeTakeFirst();
        if (role) await trx.insertInto('user_role').values({ user_id: created.id, role_id: role.id }).execute();
        return created.id;
      });
      const { token, uuid } = await issueToken(ctx.db, userId, ctx.now, ctx.options.tokenTtlMs);
      return { uuid, token, info: await loadUserInfo(ctx.db, userId) };
    },
  }),

  defineCall({
    path: 'admin/logOut',
    async handler(ctx) {
      await ctx.db.updateTable('auth_token').set({ revoked_at: ctx.now }).where('id', '=', ctx.user.tokenId).execute();
      return null;
    },
  }),

  defineCall({
    path: 'admin/getUserInfo',
    handler: (ctx) => loadUserInfo(ctx.db, ctx.user.id),
  }),

  defineCall({
    path: 'admin/updatePassWord',
    handler: changeOwnPassword,
  }),

  defineCall({
    path: 'admin/setLocale',
    // The choice lives in the caller's browser (SPEC.md section 1; the BFF keeps it in a cookie per user):
    // the service checks it and keeps nothing, so another browser of the same account is not changed.
    async handler(_ctx, input) {
      return { locale: input.locale };
    },
  }),

  defineCall({
    path: 'admin/sendSms',
    onInvalid: countRefusedAttempt,
    async handler(ctx, input) {
      if (input.purpose === 'REGISTER') {
        await sendCode(ctx.db, ctx.options, input.mobile, 'REGISTER', ctx.clientIp, ctx.now);
        return { sent: true };
      }
      // A login code goes to the account's own mobile. The answer is the same whether or not
      // the account exists, so the call cannot be used to probe for accounts (the address quota
      // is checked first, for known and unknown accounts alike).
      await checkIpQuota(ctx.db, ctx.options, ctx.clientIp, ctx.now);
      const user = await findUser(ctx, input.username);
      if (user?.state === 'ENABLED' && user.mobile) {
        await sendCode(ctx.db, ctx.options, user.mobile, 'LOGIN', ctx.clientIp, ctx.now).catch((error: unknown) => {
          if (!(error instanceof AppError && error.key === 'smsTooFrequent')) throw error;
        });
      }
      return { sent: true };
    },
  }),

  defineCall({
    path: 'mobile/public/getSmsSwitch',
    handler: async (ctx) => ({ smsSwitch: await smsSwitchOn(ctx.db) }),
  }),
];

