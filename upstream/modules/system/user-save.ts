import type { AuthUser, CallContext } from '../../core/call';
import { AppError, forbidden, invalid, conflict } from '../../core/errors';
import { audit } from '../../core/audit';
import { hashPassword } from '../../core/crypto';
import { visibleOrgs } from '../../core/scope';
import { CODES } from '../../../lib/contract/common';
import type { UserSaveInput, UserSaveResult } from '../../../lib/contract/user';
import type { User } from '../../db/schema';
import { canSee, sqlState } from './organiza-nodes';
import { assertRolesGrantable, generatePassword, targetUser } from './user-guards';
import { auditView, userRow } from './user-rows';

type Ctx = CallContext<AuthUser>;

/** 422 on each field whose value another account holds: the username (any state, case-insensitive), the mobile (unless written off). */
async function assertUnique(ctx: Ctx, input: UserSaveInput) {
  const taken = await ctx.db.selectFrom('app_user').select(['username', 'mobile', 'state'])
    .where((eb) => eb.or([
      eb(eb.fn('lower', ['username']), '=', input.username.toLowerCase()),
      ...(input.mobile ? [eb.and([eb('mobile', '=', input.mobile), eb('state', '<>', 'WRITTEN_OFF')])] : []),
    ]))
    .$if(input.id !== undefined, (qb) => qb.where('id', '<>', input.id!))
    .execute();
  const fields: Record<string, string> = {};
  if (taken.some((u) => u.username.toLowerCase() === input.username.toLowerCase())) fields.username = 'validation.usernameTaken';
  if (input.mobile && taken.some((u) => u.mobile === input.mobile && u.state !== 'WRITTEN_OFF')) fields.mobile = 'validation.mobileTaken';
  if (Object.keys(fields).length) throw invalid(fields);
}

/**
 * systemUser/saveOrUpdate. Creating needs user::add (and user::confer for roles), updating
 * user::edit. Only an admin makes or edits an admin; the organisation must be in scope.
 * A create without a password generates one and answers it once.
 */
export async function saveUser(ctx: Ctx, input: UserSaveInput): Promise<UserSaveResult> {
  const creating = input.id === undefined;
  if (input.type === 0 && ctx.user.type !== 0) throw forbidden();
  const before = creating ? undefined : await targetUser(ctx, input.id!, { version: input.version });
  if (before && before.id === ctx.user.id && input.type !== undefined && input.type !== before.type) {
    throw new AppError(CODES.forbidden, 'userSelf');
  }
  if (!before || before.org_id !== input.orgId) {
    if (!canSee(await visibleOrgs(ctx.db, ctx.user), input.orgId)) throw forbidden();
    const org = await ctx.db.selectFrom('organization').select('id').where('id', '=', input.orgId).executeTakeFirst();
    if (!org) throw invalid({ orgId: 'validation.orgNotFound' });
  }
  await assertUnique(ctx, input);
  if (creating) await assertRolesGrantable(ctx, input.roleIds ?? []);

  const generated = creating && input.password === undefined ? generatePassword() : undefined;
  const passwordHash = creating ? await hashPassword(input.password ?? generated!) : undefined;
  const values = {
    username: input.username, nickname: input.nickname, mail: input.mail ?? null, org_id: input.orgId, updated_at: ctx.now,
    ...(input.mobile !== undefined ? { mobile: input.mobile } : {}),
    ...(input.type !== undefined ? { type: input.type } : {}),
  };
  const id = await ctx.db.transaction().execute(async (trx) => {
    let after: User | undefined;
    if (!before) {
      after = await trx.insertInto('app_user')
        .values({ ...values, mobile: input.mobile ?? null, type: input.type ?? 1, password_hash: passwordHash!, locale: null })
        .returningAll().executeTakeFirstOrThrow();
      const roleIds = [...new Set(input.roleIds ?? [])];
      if (roleIds.length) await trx.insertInto('user_role').values(roleIds.map((roleId) => ({ user_id: after!.id, role_id: roleId }))).execute();
      await audit(trx, ctx.user, 'user.create', { type: 'user', id: after.id }, { before: null, after: { ...auditView(after), roleIds } });
      return after.id;
    }
    after = await trx.updateTable('app_user').set((eb) => ({ ...values, version: eb('version', '+', 1) }))
      .where('id', '=', before.id).where('version', '=', before.version)
      .returningAll().executeTakeFirst();
    if (!after) throw conflict();
    await audit(trx, ctx.user, 'user.update', { type: 'user', id: before.id }, { before: auditView(before), after: auditView(after) });
    return before.id;
  }).catch((error: unknown) => {
    // Another account took the username or the mobile at the same moment.
    if (sqlState(error) !== '23505') throw error;
    throw invalid(String(error).includes('mobile') ? { mobile: 'validation.mobileTaken' } : { username: 'validation.usernameTaken' });
  });
  return { user: await userRow(ctx.db, id, ctx.locale), ...(generated ? { password: generated } : {}) };
}
