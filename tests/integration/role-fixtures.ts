import { expect } from 'vitest';
import type { Db } from '../../upstream/db';
import { createUser } from './helpers';
import type { Upstream } from './harness';

/** Id of the menu node at a path. */
export async function menuId(db: Db, path: string): Promise<number> {
  return (await db.selectFrom('permission').select('id').where('kind', '=', 'MENU').where('path', '=', path).executeTakeFirstOrThrow()).id;
}

/** Id of the (first) button with an action. */
export async function buttonId(db: Db, action: string): Promise<number> {
  return (await db.selectFrom('permission').select('id').where('kind', '=', 'BUTTON').where('action', '=', action)
    .orderBy('id').executeTakeFirstOrThrow()).id;
}

/** The ids and every ancestor of each, as an authorize 'checked as a whole' would grant them. */
export async function closed(db: Db, ids: number[]): Promise<number[]> {
  const all = await db.selectFrom('permission').select(['id', 'parent_id']).execute();
  const parent = new Map(all.map((p) => [p.id, p.parent_id]));
  const out = new Set<number>();
  for (let id of ids) {
    for (;;) {
      out.add(id);
      const up = parent.get(id);
      if (up === null || up === undefined) break;
      id = up;
    }
  }
  return [...out].sort((a, b) => a - b);
}

export interface Grant { pages?: string[]; buttons?: string[] }

/**
 * A staff account whose own role holds the given pages and buttons (with their ancestors),
 * written straight into the database. Returns the user's and the role's ids and a token.
 */
export async function staffWith(up: Upstream, username: string, grant: Grant) {
  const db = up.db;
  const userId = await createUser(db, { username, password: 'staff1234' });
  const role = await db.insertInto('role').values({ name: `${username}-role`, description: 'test', updated_at: new Date() })
    .returning('id').executeTakeFirstOrThrow();
  const ids = [
    ...await Promise.all((grant.pages ?? []).map((p) => menuId(db, p))),
    ...await Promise.all((grant.buttons ?? []).map((b) => buttonId(db, b))),
  ];
  const all = await closed(db, ids);
  if (all.length) await db.insertInto('role_permission').values(all.map((id) => ({ role_id: role.id, permission_id: id }))).execute();
  await db.insertInto('user_role').values({ user_id: userId, role_id: role.id }).execute();
  return { userId, roleId: role.id, token: await up.login(username, 'staff1234') };
}

/** The newest audit entry of an action, with its summary. */
export async function lastAudit(db: Db, action: string) {
  return db.selectFrom('audit_log').select(['actor_id', 'action', 'target_type', 'target_id', 'summary'])
    .where('action', '=', action).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** A call that must succeed; returns its data. */
export async function ok<T = any>(up: Upstream, path: string, body: unknown, token: string): Promise<T> {
  const response = await up.call<T>(path, body, { token });
  expect(response.body).toMatchObject({ code: 200 });
  expect(response.status).toBe(200);
  return response.body.data;
}
