import type { AuthUser, CallContext } from '../../core/call';
import { invalid } from '../../core/errors';
import { audit } from '../../core/audit';
import { hashPassword, verifyPassword } from '../../core/crypto';
import { revokeUserTokens } from '../../core/token';
import type { ChangePasswordInput } from '../../../lib/contract/auth';
import { addressFailure, openPasswordCheck, passwordRight } from './login-limit';

/**
 * The self-service password change (admin/updatePassWord, systemUser/updatePassWord): checks the
 * old password, stores the new hash and ends every session of the user.
 */
export async function changeOwnPassword(ctx: CallContext<AuthUser>, input: ChangePasswordInput) {
  // Wrong old passwords count like failed sign-ins, so a stolen session cannot guess the password.
  const check = await openPasswordCheck(ctx, ctx.user.username, ctx.user.id);
  const user = await ctx.db.selectFrom('app_user').select(['id', 'password_hash']).where('id', '=', ctx.user.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(input.oldPassword, user.password_hash))) {
    await addressFailure(ctx);
    throw invalid({ oldPassword: 'validation.oldPasswordWrong' });
  }
  await passwordRight(ctx.db, check);
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
