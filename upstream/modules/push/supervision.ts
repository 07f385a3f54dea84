import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PushSettings } from '../../options';
import { chinaDayEnd, chinaToday } from '../../core/china-time';

type Db = Kysely<Database>;

/** The bureau's decisions the platform is told of: approvals, refusals and returns at the renshe stages. */
const RENSHE_STAGES = ['RS_FIRST', 'RS_SECOND', 'RS_FINAL'] as const;
const DECISIONS = ['CHECK', 'REFUSE', 'REJECT', 'RETURN'] as const;

/** The China day before `now`'s. */
export const previousChinaDay = (now: Date) => chinaToday(new Date(now.getTime() - 86_400_000));

/** The body of a day's batch: every decision of the bureau that day, oldest first. */
async function batchBody(db: Db, day: string, key: string) {
  const start = new Date(`${day}T00:00:00+08:00`);
  const rows = await db.selectFrom('approval_record as r')
    .innerJoin('application as a', 'a.id', 'r.application_id')
    .leftJoin('organization as o', 'o.id', 'r.actor_org_id')
    .select(['a.number', 'r.stage', 'r.action', 'r.to_status', 'r.created_at', 'o.name as org', 'a.amount'])
    .where('r.stage', 'in', [...RENSHE_STAGES]).where('r.action', 'in', [...DECISIONS])
    .where('r.created_at', '>=', start).where('r.created_at', '<', chinaDayEnd(day))
    .orderBy('r.created_at').orderBy('r.id').execute();
  const decisions = rows.map((r) => ({
    number: r.number, stage: r.stage, decision: r.action, status: r.to_status, amount: Number(r.amount), org: r.org,
    decidedAt: new Date(r.created_at).toISOString(),
  }));
  return { count: decisions.length, body: JSON.stringify({ id: key, kind: 'SUPERVISION', day, count: decisions.length, decisions }) };
}

/**
 * Makes the batch of `day` once: the day's unique row decides between processes that try at
 * the same moment (the loser inserts nothing and sends nothing), and the batch's outbox row
 * lands in the same transaction. Answers whether this call made it.
 */
export async function ensureDailyBatch(db: Db, day: string, now: Date, settings: PushSettings): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const key = randomUUID();
    const { count, body } = await batchBody(trx, day, key);
    const made = await trx.insertInto('supervision_batch').values({ day, count, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('day').doNothing()).returning('id').executeTakeFirst();
    if (!made) return false;
    await trx.insertInto('push_outbox').values({
      kind: 'SUPERVISION', batch_id: made.id, event: 'SUPERVISION', payload: body, idempotency_key: key,
      attempt_limit: settings.maxAttempts, next_attempt_at: now, created_at: now, updated_at: now,
    }).execute();
    return true;
  });
}

/** The batches a day's run left to make: the previous China day's, when it has none yet. */
export async function dailyBatchDue(db: Db, now: Date): Promise<string | null> {
  const day = previousChinaDay(now);
  const found = await db.selectFrom('supervision_batch').select('id').where('day', '=', day).executeTakeFirst();
  return found ? null : day;
}
