import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AuthUser } from './call';

/** Ids of an organisation and everything below it. */
export async function orgSubtree(db: Kysely<Database>, rootId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    with recursive tree(id) as (
      select id from organization where id = ${rootId}
      union all
      select o.id from organization o join tree t on o.parent_id = t.id
    )
    select id from tree`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * The organisations a user may see and administer: all of them for an admin (null), else
 * the user's own organisation and its subtree (none when the user has no organisation).
 */
export async function visibleOrgs(db: Kysely<Database>, user: Pick<AuthUser, 'type' | 'orgId'>): Promise<number[] | null> {
  if (user.type === 0) return null;
  return user.orgId === null ? [] : orgSubtree(db, user.orgId);
}

