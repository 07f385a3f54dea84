import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AuthUser } from './call';

/**
 * Writes one audit entry: who did what to which record, with a before/after summary.
 * Call it inside the transaction of the change, so both land or neither does.
 */
export async function audit(
  db: Kysely<Database>,
  actor: Pick<AuthUser, 'id'>,
  action: string,
  target: { type: string; id: number | string | null },
  summary: { before?: unknown; after?: unknown; [key: string]: unknown },
) {
  await db.insertInto('audit_log').values({
    actor_id: actor.id, action, target_type: target.type, target_id: target.id === null ? null : String(target.id),
    summary: JSON.stringify(summary),
  }).execute();
}
