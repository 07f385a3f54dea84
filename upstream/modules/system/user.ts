import { defineCall, type AuthUser, type CallContext } from '../../core/call';
import { conflict, invalid } from '../../core/errors';
import { audit } from '../../core/audit';
import { hashPassword } from '../../core/crypto';
import { orgSubtree, visibleOrgs } from '../../core/scope';
import { revokeUserTokens } from '../../core/token';
import type { Page } from '../../../lib/contract/common';
import type { UserResetResult, UserRow } from '../../../lib/contract/user';
import { clearFailures } from '../auth/login-limit';
import { changeOwnPassword } from '../auth/password';
import { assertRolesGrantable, generatePassword, targetUser } from './user-guards';
import { auditView, countUsers, userRow, userRows } from './user-rows';
import { deleteUsers } from './user-delete';
import { saveUser } from './user-save';
import { sendSms } from '../sms/send';

type Ctx = CallContext<AuthUser>;

/** Sets a user's state in one transaction, revoking every session unless the account stays enabled. */
async function setState(ctx: Ctx, id: number, version: number, state: 'ENABLED' | 'DISABLED' | 'WRITTEN_OFF', action: string): Promise<UserRow> {
  const before = await targetUser(ctx, id, { self: state === 'ENABLED', version });
  if (before.state === state) return userRow(ctx.db, id, ctx.locale);
  await ctx.db.transaction().execute(async (trx) => {
    const after = await trx.updateTable('app_user').set((eb) => ({ state, updated_at: ctx.now, version: eb('version', '+', 1) }))
      .where('id', '=', id).where('version', '=', version).returningAll().executeTakeFirst();
    if (!after) throw conflict();
    if (state !== 'ENABLED') await revokeUserTokens(trx, id, ctx.now);
    await audit(trx, ctx.user, action, { type: 'user', id }, { before: auditView(before), after: auditView(after) });
  });
  return userRow(ctx.db, id, ctx.locale);
}

export const userCalls = [
  defineCall({
    path: 'systemUser/adminList',
    async handler(ctx, input): Promise<Page<UserRow>> {
      const filter = {
        scope: await visibleOrgs(ctx.db, ctx.user), locale: ctx.locale, username: input.username, nickname: input.nickname, mobile: input.mobile, state: input.state,
        ...(input.orgId !== undefined ? { orgIds: await orgSubtree(ctx.db, input.orgId) } : {}),
      };
      const [total, list] = await Promise.all([
        countUsers(ctx.db, filter),
        userRows(ctx.db, filter, { limit: input.pageSize, offset: (input.pageNum - 1) * input.pageSize, order: input.order }),
      ]);
      return { list, total, totalPage: Math.ceil(total / input.pageSize) };
    },
  }),

  defineCall({
    path: 'systemUser/saveOrUpdate',
    handler: saveUser,
  }),

  defineCall({
    path: 'systemUser/changeState',
    handler: (ctx, input) => setState(ctx, input.id, input.version, input.state, 'user.state'),
  }),

  defineCall({
    path: 'systemUser/writeOff',
    handler: (ctx, input) => setState(ctx, input.id, input.version, 'WRITTEN_OFF', 'user.writeOff'),
  }),

  defineCall({
    path: 'systemUser/resetPassWord',
    async handler(ctx, input): Promise<UserResetResult> {
      const user = await targetUser(ctx, input.id);
      if (input.delivery === 'SMS' && !user.mobile) throw invalid({ delivery: 'validation.userNoMobile' });
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      await ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('app_user')
          .set((eb) => ({ password_hash: passwordHash, updated_at: ctx.now, version: eb('version', '+', 1) }))
          .where('id', '=', user.id).execute();
        await revokeUserTokens(trx, user.id, ctx.now);
        await clearFailures(trx, user.username);
        if (input.delivery === 'SMS') {
          await sendSms(trx, { scene: 'RESET_PASSWORD', mobile: user.mobile!, values: { password }, now: ctx.now });
        }
        await audit(trx, ctx.user, 'user.resetPassword', { type: 'user', id: user.id }, { delivery: input.delivery });
      });
      return input.delivery === 'SMS' ? { sent: true } : { password };
    },
  }),

  defineCall({
    path: 'systemUser/confer',
    async handler(ctx, input): Promise<UserRow> {
      const user = await targetUser(ctx, input.id, { version: input.version });
      const held = (await ctx.db.selectFrom('user_role').select('role_id').where('user_id', '=', user.id).orderBy('role_id').execute()).map((r) => r.role_id);
      await assertRolesGrantable(ctx, input.roleIds, held);
      const roleIds = [...new Set(input.roleIds)].sort((a, b) => a - b);
      await ctx.db.transaction().execute(async (trx) => {
        const bumped = await trx.updateTable('app_user').set((eb) => ({ updated_at: ctx.now, version: eb('version', '+', 1) }))
          .where('id', '=', user.id).where('version', '=', input.version).executeTakeFirst();
        if (Number(bumped.numUpdatedRows) !== 1) throw conflict();
        await trx.deleteFrom('user_role').where('user_id', '=', user.id).execute();
        if (roleIds.length) await trx.insertInto('user_role').values(roleIds.map((roleId) => ({ user_id: user.id, role_id: roleId }))).execute();
        await audit(trx, ctx.user, 'user.confer', { type: 'user', id: user.id }, { before: { roleIds: held }, after: { roleIds } });
      });
      return userRow(ctx.db, user.id, ctx.locale);
    },
  }),

  defineCall({
    path: 'systemUser/del',
    handler: deleteUsers,
  }),

  defineCall({
    path: 'systemUser/updatePassWord',
    handler: changeOwnPassword,
  }),
];
