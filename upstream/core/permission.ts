import type { Db } from '../db';
import type { Access, AuthUser } from './call';
import { underGrantsVersion } from '../db/versioned';

/** What a user's enabled roles hold: buttons by `module::action` (and their `auth` names) and menus by page path. */
interface Held { actions: Set<string>; pages: Set<string> }

/** What a user's enabled roles hold, as of the grants' version their token was read with (upstream/db/versioned.ts). */
const heldBy = underGrantsVersion(async (db: Db, userId: number): Promise<Held> => {
  const rows = await db.selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.id', 'ur.role_id')
    .innerJoin('role_permission as rp', 'rp.role_id', 'r.id')
    .innerJoin('permission as p', 'p.id', 'rp.permission_id')
    .select(['p.kind', 'p.action', 'p.auth', 'p.path'])
    .where('ur.user_id', '=', userId)
    .where('r.state', '=', 'ENABLED')
    .execute();
  const held: Held = { actions: new Set(), pages: new Set() };
  for (const row of rows) {
    if (row.action) held.actions.add(row.action);
    if (row.auth) held.actions.add(row.auth);
    if (row.kind === 'MENU' && row.path) held.pages.add(row.path);
  }
  return held;
});

/**
 * Whether the user may make a call of this access. Admins (type 0) hold everything; others
 * hold the menus (by page path) and buttons (by `module::action`) of their enabled roles.
 * A list of requirements is met by any one of them.
 */
export async function allowed(db: Db, user: AuthUser, access: Access): Promise<boolean> {
  if (access === 'public' || access === 'user') return true;
  if (user.type === 0) return true;
  if (access === 'admin') return false;
  return meets(await heldBy(db, user.id, user.grantsVersion), access);
}

function meets(held: Held, access: Exclude<Access, 'public' | 'user' | 'admin'>): boolean {
  if ('all' in access) return access.all.every((r) => meets(held, r));
  const requirements = Array.isArray(access) ? access : [access];
  return requirements.some((r) => ('permission' in r ? held.actions.has(r.permission) : held.pages.has(r.page)));
}
