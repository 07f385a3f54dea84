import { z } from 'zod';
import { defineCall } from '../../core/call';
import { AppError, invalid } from '../../core/errors';
import { hashPassword, verifyNothing, verifyPassword } from '../../core/crypto';
import { issueToken } from '../../core/token';
import { CODES } from '../../../lib/contract/common';
import { changePasswordInput, loginInput, registerInput, sendSmsInput, setLocaleInput, type LoginResult } from '../../../lib/contract/auth';
import { clearFailures, recordFailure } from './login-limit';
import { assertNotLocked, changeOwnPassword } from './password';
import { checkIpQuota, consumeCode, sendCode, smsSwitchOn } from './sms';
import { loadUserInfo } from './user-info';

const findUser = (ctx: { db: import('../../db').Db }, username: string) =>
  ctx.db.selectFrom('app_user').selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .where('state', '<>', 'WRITTEN_OFF')
    .executeTakeFirst();

export const authCalls = [
  defineCall({
    path: 'admin/login',
    access: 'public',
    input: loginInput,
    async handler(ctx, input): Promise<LoginResult> {
      await assertNotLocked(ctx, input.username);
      const user = await findUser(ctx, input.username);
      const ok = user ? await verifyPassword(input.password, user.password_hash) : await verifyNothing(input.password);
      if (!user || !ok) {
        await recordFailure(ctx.db, ctx.options, input.username, ctx.clientIp, ctx.now);
        throw new AppError(CODES.forbidden, 'loginFailed');
      }
      if (user.state !== 'ENABLED') throw new AppError(CODES.forbidden, 'accountDisabled');
      if (await smsSwitchOn(ctx.db)) {
        if (!input.code) throw invalid({ code: 'validation.captchaRequired' });
        if (!user.mobile) throw new AppError(CODES.forbidden, 'smsNoMobile');
        await consumeCode(ctx.db, ctx.options, user.mobile, 'LOGIN', input.code, 'code', ctx.now);
      }
      await clearFailures(ctx.db, input.username);
      const { token, uuid } = await issueToken(ctx.db, user.id, ctx.now, ctx.options.tokenTtlMs);
      return { uuid, token, info: await loadUserInfo(ctx.db, user.id) };
    },
  }),

  defineCall({
    path: 'admin/register',
    access: 'public',
    input: registerInput,
    async handler(ctx, input): Promise<LoginResult> {
      const mail = input.mail.toLowerCase();
      const taken = await ctx.db.selectFrom('app_user').select(['username', 'mail', 'mobile'])
        .where((eb) => eb.or([eb(eb.fn('lower', ['username']), '=', mail), eb('mail', '=', mail), eb('mobile', '=', input.mobile)]))
        .where('state', '<>', 'WRITTEN_OFF')
        .execute();
      if (taken.some((r) => r.mobile === input.mobile)) throw invalid({ mobile: 'validation.mobileTaken' });
      if (taken.length) throw invalid({ mail: 'validation.mailTaken' });
      await consumeCode(ctx.db, ctx.options, input.mobile, 'REGISTER', input.captcha, 'captcha', ctx.now);
      const passwordHash = await hashPassword(input.password);
      const userId = await ctx.db.transaction().execute(async (trx) => {
        const created = await trx.insertInto('app_user').values({
          org_id: null, username: mail, nickname: mail.split('@')[0]!, mobile: input.mobile, mail,
          type: 1, password_hash: passwordHash, locale: ctx.locale, updated_at: ctx.now,
        }).returning('id').executeTakeFirstOrThrow().catch((error: unknown) => {
          // Two registrations at once: the unique index tells which value was taken.
          throw invalid(String(error).includes('mobile') ? { mobile: 'validation.mobileTaken' } : { mail: 'validation.mailTaken' });
        });
        const role = await trx.selectFrom('role').select('id').where('name', '=', 'registered').executeTakeFirst();
        if (role) await trx.insertInto('user_role').values({ user_id: created.id, role_id: role.id }).execute();
        return created.id;
      });
      const { token, uuid } = await issueToken(ctx.db, userId, ctx.now, ctx.options.tokenTtlMs);
      return { uuid, token, info: await loadUserInfo(ctx.db, userId) };
    },
  }),

  defineCall({
    path: 'admin/logOut',
    methods: ['POST'],
    access: 'user',
    input: z.object({}),
    async handler(ctx) {
      await ctx.db.updateTable('auth_token').set({ revoked_at: ctx.now }).where('id', '=', ctx.user.tokenId).execute();
      return null;
    },
  }),

  defineCall({
    path: 'admin/getUserInfo',
    methods: ['GET', 'POST'],
    access: 'user',
    input: z.object({}),
    handler: (ctx) => loadUserInfo(ctx.db, ctx.user.id),
  }),

  defineCall({
    path: 'admin/updatePassWord',
    access: 'user',
    input: changePasswordInput,
    handler: changeOwnPassword,
  }),

  defineCall({
    path: 'admin/setLocale',
    access: 'user',
    input: setLocaleInput,
    async handler(ctx, input) {
      await ctx.db.updateTable('app_user').set({ locale: input.locale }).where('id', '=', ctx.user.id).execute();
      return { locale: input.locale };
    },
  }),

  defineCall({
    path: 'admin/sendSms',
    access: 'public',
    input: sendSmsInput,
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
    methods: ['GET', 'POST'],
    access: 'public',
    input: z.object({}),
    handler: async (ctx) => ({ smsSwitch: await smsSwitchOn(ctx.db) }),
  }),
];

