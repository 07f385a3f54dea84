import type { AuthUser, CallContext } from '../../core/call';
import { AppError, invalid } from '../../core/errors';
import { audit } from '../../core/audit';
import { hashPassword, verifyPassword } from '../../core/crypto';
import { revokeUserTokens } from '../../core/token';
import { CODES } from '../../../lib/contract/common';
import type { ChangePasswordInput } from '../../../lib/contract/auth';
import { limitKeys, lockedUntil, recordFailure } from './login-limit';

/** 429 while the account or the client address is locked after failed password checks. */
export async function assertNotLocked(ctx: CallContext, username: string) {
  const lockEnd = await lockedUntil(ctx.db, limitKeys(username, ctx.clientIp), ctx.now);
  if (lockEnd) {
    const minutes = Math.max(1, Math.ceil((lockEnd.getTime() - ctx.now.getTime()) / 60_000));
    throw new AppError(CODES.tooMany, 'loginLocked', { minutes });
  }
}

/**
 * The self-service password change (admin/updatePassWord, systemUser/updatePassWord): checks the
 * old password, stores the new hash and ends every session of the user.
 */
export async function changeOwnPassword(ctx: CallContext<AuthUser>, input: ChangePasswordInput) {
  // Wrong old passwords count like failed sign-ins, so a stolen session cannot guess the password.
  await assertNotLocked(ctx, ctx.user.username);
  const user = await ctx.db.selectFrom('app_user').select(['id', 'password_hash']).where('id', '=', ctx.user.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(input.oldPassword, user.password_hash))) {
    await recordFailure(ctx.db, ctx.options, ctx.user.username, ctx.clientIp, ctx.now);
    throw invalid({ oldPassword: 'validation.oldPasswordWrong' });
  }
  if (input.oldPassword === input.newPassword) throw invalid({ newPassword: 'validation.passwordSame' });
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('app_user')
      .set((eb) => ({ password_hash: passwordHash, updated_at: ctx.now, version: eb('version', '+', 1) }))
      .where('id', '=', user.id).execute();
    await revokeUserTokens(trx, user.id, ctx.now);
    await audit(trx, ctx.user, 'user.changePassword', { type: 'user', id: user.id }, {});
  });
  return { message: ctx.t('passwordChanged') };
}
