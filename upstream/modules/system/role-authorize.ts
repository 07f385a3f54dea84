import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthUser, CallContext } from '../../core/call';
import { forbidden, invalid } from '../../core/errors';
import { audit } from '../../core/audit';
import type { RoleInfo } from '../../../lib/contract/role';
import { grantedPermissions } from '../menu/grants';
import { bumpRole, loadRole, rolePermissionIds } from './role-store';
import { withAncestors } from './permission-tree';

/**
 * role/authorize: replaces a role's grants with the given permissions, checked as a whole
 * (every granted node brings its ancestors). An admin may grant anything. Anyone else may
 * grant only what they hold, and the role's grants outside what they hold (which their
 * dialog never shows) stay as they were. Runs inside the caller's transaction.
 */
export async function authorizeRole(
  trx: Kysely<Database>,
  ctx: Pick<CallContext<AuthUser>, 'user' | 'now'>,
  input: { id: number; permissionIds: number[]; version: number },
): Promise<RoleInfo> {
  await loadRole(trx, input.id);
  const all = await trx.selectFrom('permission').select(['id', 'parent_id']).execute();
  const known = new Set(all.map((p) => p.id));
  if (input.permissionIds.some((id) => !known.has(id))) throw invalid({ permissionIds: 'validation.permissionUnknown' });
  const wanted = withAncestors(all, input.permissionIds);

  const held = ctx.user.type === 0 ? null : new Set((await grantedPermissions(trx, ctx.user)).map((p) => p.id));
  if (held && [...wanted].some((id) => !held.has(id))) throw forbidden();

  // Takes the role's next version (and its row lock) before reading the grants it replaces.
  await bumpRole(trx, input.id, input.version, ctx.now);
  const before = await rolePermissionIds(trx, input.id);
  const next = new Set(wanted);
  if (held) for (const id of before) if (!held.has(id)) next.add(id);

  const removed = before.filter((id) => !next.has(id));
  const added = [...next].filter((id) => !before.includes(id)).sort((a, b) => a - b);
  if (removed.length) await trx.deleteFrom('role_permission').where('role_id', '=', input.id).where('permission_id', 'in', removed).execute();
  if (added.length) await trx.insertInto('role_permission').values(added.map((id) => ({ role_id: input.id, permission_id: id }))).execute();

  const permissionIds = [...next].sort((a, b) => a - b);
  await audit(trx, ctx.user, 'role.authorize', { type: 'role', id: input.id }, { before, after: permissionIds, added, removed });
  return { role: await loadRole(trx, input.id), permissionIds };
}
