import type { Db } from '../../db';
import type { Permission } from '../../db/schema';
import type { AuthUser } from '../../core/call';

/** Every permission row the user holds through enabled roles; an admin holds all of them. */
export async function grantedPermissions(db: Db, user: Pick<AuthUser, 'id' | 'type'>): Promise<Permission[]> {
  if (user.type === 0) return db.selectFrom('permission').selectAll().orderBy('sort').orderBy('id').execute();
  return db.selectFrom('permission as p')
    .selectAll('p')
    .where('p.id', 'in', (eb) => eb.selectFrom('user_role as ur')
      .innerJoin('role as r', 'r.id', 'ur.role_id')
      .innerJoin('role_permission as rp', 'rp.role_id', 'r.id')
      .select('rp.permission_id')
      .where('ur.user_id', '=', user.id)
      .where('r.state', '=', 'ENABLED'))
    .orderBy('p.sort').orderBy('p.id')
    .execute();
}
