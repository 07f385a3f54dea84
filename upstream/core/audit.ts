import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AuthUser } from './call';
import { currentRequest } from './request-context';

/**
 * Writes one audit entry: who (and their organisation) did what to which record, with a
 * before/after summary, from which client address (the call's, see request-context.ts).
 * Call it inside the transaction of the change, so both land or neither does.
 */
export async function audit(
  db: Kysely<Database>,
  actor: Pick<AuthUser, 'id'> & { orgId?: number | null },
  action: string,
  target: { type: string; id: number | string | null },
  summary: { before?: unknown; after?: unknown; [key: string]: unknown },
) {
  await db.insertInto('audit_log').values({
    actor_id: actor.id, action, target_type: target.type, target_id: target.id === null ? null : String(target.id),
    summary: JSON.stringify(summary), org_id: actor.orgId ?? null, client_ip: currentRequest()?.clientIp ?? null,
  }).execute();
}
