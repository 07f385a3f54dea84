import type { RowKind } from '../../core/row-access';
import { forbidden, notFound } from '../../core/errors';
import { visibleOrgs } from '../../core/scope';
import { canSee } from './organiza-nodes';

/**
 * An organisation named by a call's input (row access of kind 'org'): in the caller's scope
 * (their organisation and those below it), else 404, whether or not it exists elsewhere. An
 * administrator's scope is every organisation: whether one exists is the handler's to say.
 */
export const orgRowAccess: RowKind = async (ctx, id) => {
  if (!canSee(await visibleOrgs(ctx.db, ctx.user), id)) throw notFound('organization');
};

/**
 * A user named by a call's input (row access of kind 'user'): one whose organisation lies in
 * the caller's scope, else 404; an administrator's account is changed only by an administrator,
 * else 403. What the call may do to the account (oneself, a written-off one, its version) is
 * the handler's.
 */
export const userRowAccess: RowKind = async (ctx, id) => {
  const user = await ctx.db.selectFrom('app_user').select(['org_id', 'type']).where('id', '=', id).executeTakeFirst();
  if (!user || !canSee(await visibleOrgs(ctx.db, ctx.user), user.org_id)) throw notFound('user');
  if (user.type === 0 && ctx.user.type !== 0) throw forbidden();
};
