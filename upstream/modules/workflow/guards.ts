import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Approval, KeyUse } from '../../../lib/workflow/guards';

type Trx = Kysely<Database>;

/** The advisory lock class of action keys (the second number is the key's hash). */
const KEY_LOCK = 5_001;

/**
 * Holds an action key until the transaction ends, so that two actions under one key (on one
 * case or on two) queue and the second sees what the first wrote. Taken before any case lock.
 */
export async function lockKey(trx: Trx, key: string) {
  await sql`select pg_advisory_xact_lock(${KEY_LOCK}, hashtext(${key}))`.execute(trx);
}

/** The records written under a key, on any case. */
export async function keyUses(trx: Trx, key: string): Promise<KeyUse[]> {
  const rows = await trx.selectFrom('approval_record').select(['id', 'application_id', 'action', 'actor_id'])
    .where('idempotency_key', '=', key).orderBy('id').execute();
  return rows.map((r) => ({ recordId: r.id, applicationId: r.application_id, action: r.action, actorId: r.actor_id }));
}

/** Who approved the case at which stage (its CHECK records). */
export async function approvalsOf(db: Trx, applicationId: number): Promise<Approval[]> {
  const rows = await db.selectFrom('approval_record').select(['actor_id', 'stage'])
    .where('application_id', '=', applicationId).where('action', '=', 'CHECK').execute();
  return rows.map((r) => ({ actorId: r.actor_id, stage: r.stage }));
}
