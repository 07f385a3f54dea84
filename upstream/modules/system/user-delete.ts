import type { AuthUser, CallContext } from '../../core/call';
import { batchDelete, type BatchDeleteSpec } from '../../core/batch-delete';
import type { User } from '../../db/schema';
import type { DeleteInput } from '../../../lib/contract/batch';
import { assertTarget } from './user-guards';
import { auditView, maskMobile } from './user-rows';

type Ctx = CallContext<AuthUser>;

/** Ids among `ids` that a column of a table refers to. */
const referred = (table: 'auth_token' | 'message', column: 'user_id') => async (trx: Parameters<BatchDeleteSpec<User>['lock']>[0], ids: number[]) =>
  (await trx.selectFrom(table).select(column).distinct().where(column, 'in', ids).execute()).map((r) => r[column]).sort((a, b) => a - b);

/**
 * How users are deleted: only accounts that never did anything (never signed in, never got a
 * message, never acted); any other is written off, keeping its history. The call's row access
 * finds each in the caller's scope (not an admin for a non-admin); each row is checked as
 * targetUser checks it: not oneself.
 */
function userDeletion(ctx: Ctx): BatchDeleteSpec<User> {
  return {
    what: 'user',
    lock: (trx, ids) => trx.selectFrom('app_user').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute(),
    check: (_trx, user) => assertTarget(ctx, user, { self: false, writtenOff: true }),
    label: (user) => user.username,
    version: (user) => user.version,
    references: [
      { refusal: 'userSignedIn', find: referred('auth_token', 'user_id') },
      { refusal: 'userHasMessages', find: referred('message', 'user_id') },
      {
        refusal: 'userActed',
        find: async (trx, ids) => (await trx.selectFrom('audit_log').select('actor_id').distinct().where('actor_id', 'in', ids).execute())
          .map((r) => r.actor_id!).sort((a, b) => a - b),
      },
    ],
    remove: async (trx, ids) => {
      await trx.deleteFrom('user_role').where('user_id', 'in', ids).execute();
      await trx.deleteFrom('app_user').where('id', 'in', ids).execute();
    },
    inUse: 'userInUse',
    audit: { action: 'user.delete', type: 'user', view: (user) => ({ ...auditView(user), mobile: maskMobile(user.mobile) }) },
  };
}

/** systemUser/del: one user (`{ id }`) or several (`{ ids }`), all or none. */
export async function deleteUsers(ctx: Ctx, input: DeleteInput): Promise<{ count: number } | null> {
  const spec = userDeletion(ctx);
  const result = await batchDelete(ctx, (input.ids ?? [input.id!]).map((id) => ({ id })), spec);
  return input.ids ? result : null;
}
