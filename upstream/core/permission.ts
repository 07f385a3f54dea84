import type { Db } from '../db';
import type { Access, AuthUser } from './call';

/**
 * Whether the user may make a call of this access. Admins (type 0) hold everything; others
 * hold the menus (by page path) and buttons (by `module::action`) of their enabled roles.
 * A list of requirements is met by any one of them.
 */
export async function allowed(db: Db, user: AuthUser, access: Access): Promise<boolean> {
  if (access === 'public' || access === 'user') return true;
  if (user.type === 0) return true;
  if (access === 'admin') return false;
  if ('all' in access) return (await Promise.all(access.all.map((r) => allowed(db, user, r)))).every(Boolean);
  const requirements = Array.isArray(access) ? access : [access];
  const actions = requirements.flatMap((r) => ('permission' in r ? [r.permission] : []));
  const pages = requirements.flatMap((r) => ('page' in r ? [r.page] : []));
  const row = await db.selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.id', 'ur.role_id')
    .innerJoin('role_permission as rp', 'rp.role_id', 'r.id')
    .innerJoin('permission as p', 'p.id', 'rp.permission_id')
    .select('p.id')
    .where('ur.user_id', '=', user.id)
    .where('r.state', '=', 'ENABLED')
    .where((eb) => eb.or([
      ...(actions.length ? [eb('p.action', 'in', actions), eb('p.auth', 'in', actions)] : []),
      ...(pages.length ? [eb.and([eb('p.kind', '=', 'MENU'), eb('p.path', 'in', pages)])] : []),
    ]))
    .executeTakeFirst();
  return row !== undefined;
}
