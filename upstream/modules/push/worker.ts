import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PushSettings, SupervisionSettings } from '../../options';
import { log } from '../../../lib/http/log';
import { countDelivery } from '../../../lib/http/metrics';
import { backoff, post, type Attempt } from './deliver';
import { dailyBatchDue, ensureDailyBatch } from './supervision';
import { supervisionProvider, type SupervisionResult } from '../../integrations/supervision';

type Db = Kysely<Database>;

export interface WorkerOptions {
  push: PushSettings;
  supervision: SupervisionSettings;
  now: () => Date;
  /** Make the previous day's supervision batch when it is missing (off in tests that count deliveries). */
  daily?: boolean;
}

export interface PushWorker {
  /** One round: claim the due rows, deliver them, record the outcomes; answers how many were attempted. */
  runOnce(): Promise<number>;
  /** Stops polling, cuts the deliveries in flight short (they are retried) and waits for the round to end. */
  stop(): Promise<void>;
}

interface Claimed {
  id: number; kind: 'EVENT' | 'SUPERVISION'; target_id: number | null; batch_id: number | null; event: string;
  payload: string; idempotency_key: string; attempts: number; attempt_limit: number;
}

/** How long a claimed row stays with its worker: past it (the process died mid-way) another worker takes it. */
const leaseMs = (settings: PushSettings) => settings.timeoutMs * 2 + 30_000;
/** How often the daily batch is looked for. */
const DAILY_CHECK_MS = 60_000;

/**
 * Claims due rows: PENDING and FAILED ones whose time has come, and SENDING ones whose lease
 * ran out. `FOR UPDATE SKIP LOCKED` lets two workers (two processes on one PostgreSQL) claim
 * at the same moment without waiting on each other and without ever taking the same row:
 * each skips the rows the other holds. The claim is its own short transaction that marks the
 * rows SENDING with a lease and counts the attempt; the HTTP calls happen after it, holding no
 * lock and no connection.
 */
async function claim(db: Db, now: Date, settings: PushSettings): Promise<Claimed[]> {
  const lease = new Date(now.getTime() + leaseMs(settings));
  const result = await sql<Claimed>`
    update push_outbox set status = 'SENDING', lease_until = ${lease}, attempts = attempts + 1, updated_at = ${now}
    where id in (
      select id from push_outbox
      where (status in ('PENDING', 'FAILED') and next_attempt_at <= ${now}) or (status = 'SENDING' and lease_until < ${now})
      order by next_attempt_at, id
      limit ${settings.batchSize}
      for update skip locked
    )
    returning id, kind, target_id, batch_id, event, payload, idempotency_key, attempts, attempt_limit`.execute(db);
  return result.rows;
}

async function deliverEvent(db: Db, row: Claimed, settings: PushSettings, stop: AbortSignal): Promise<Attempt> {
  const target = await db.selectFrom('push_target').select(['url', 'secret', 'state']).where('id', '=', row.target_id!).executeTakeFirst();
  if (target?.state !== 'ENABLED') return { ok: false, error: 'TARGET_OFF', httpCode: null, detail: '' };
  return post({ url: target.url, secret: target.secret, body: row.payload, idempotencyKey: row.idempotency_key, event: row.event }, settings.timeoutMs, stop);
}

/** Records one attempt's outcome on a row still held by this claim (a row another worker took over is left alone). */
async function record(db: Db, row: Claimed, attempt: Attempt | SupervisionResult, now: Date, settings: PushSettings) {
  await db.transaction().execute(async (trx) => {
    const mine = trx.updateTable('push_outbox').where('id', '=', row.id).where('status', '=', 'SENDING').where('attempts', '=', row.attempts);
    if (attempt.ok) {
      const done = await mine.set({
        status: 'DELIVERED', delivered_at: now, lease_until: null, last_http_code: attempt.httpCode, last_error: null,
        last_detail: null, updated_at: now, version: sql`version + 1`,
      }).executeTakeFirst();
      if (Number(done.numUpdatedRows) === 1 && row.batch_id !== null && 'answer' in attempt && typeof attempt.answer === 'object') {
        await trx.updateTable('supervision_batch').set({
          status: 'SUCCEEDED', succeeded: attempt.answer.accepted, failed: attempt.answer.rejected, answer: attempt.answer.message,
          simulated: attempt.answer.simulated, updated_at: now, version: sql`version + 1`,
        }).where('id', '=', row.batch_id).execute();
      }
      return;
    }
    const dead = row.attempts >= row.attempt_limit;
    const done = await mine.set({
      status: dead ? 'DEAD' : 'FAILED', lease_until: null, last_http_code: attempt.httpCode, last_error: attempt.error,
      last_detail: attempt.detail || null, updated_at: now, version: sql`version + 1`,
      // A delivery cut short by a stop is tried again at once by whichever worker runs next.
      next_attempt_at: attempt.detail === 'stopped' ? now : new Date(now.getTime() + backoff(row.attempts, settings.backoffMs, settings.backoffMaxMs)),
    }).executeTakeFirst();
    if (dead && Number(done.numUpdatedRows) === 1 && row.batch_id !== null) {
      await trx.updateTable('supervision_batch').set({ status: 'FAILED', answer: null, updated_at: now, version: sql`version + 1` })
        .where('id', '=', row.batch_id).execute();
    }
  });
}

/**
 * The outbox worker (started with the service; docs/operations.md, 'Data push'): every `pollMs` it claims
 * due rows and POSTs each to its target (or the batch to the supervision platform), then
 * records DELIVERED, a retry time with backoff, or DEAD at the attempt limit. Once a minute it
 * makes the previous China day's supervision batch if no process has yet.
 */
export function startPushWorker(db: Db, options: WorkerOptions, poll = true): PushWorker {
  const stopping = new AbortController();
  const platform = supervisionProvider(options.supervision);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let round: Promise<number> | null = null;
  let lastDaily = 0;

  async function daily() {
    if (options.daily === false || Date.now() - lastDaily < DAILY_CHECK_MS) return;
    lastDaily = Date.now();
    const now = options.now();
    const day = await dailyBatchDue(db, now);
    if (day && await ensureDailyBatch(db, day, now, options.push)) log.info({ day }, 'supervision batch made');
  }

  async function work(): Promise<number> {
    await daily();
    const rows = await claim(db, options.now(), options.push);
    await Promise.all(rows.map(async (row) => {
      const attempt = row.kind === 'SUPERVISION'
        ? await platform.send({ body: row.payload, idempotencyKey: row.idempotency_key, count: (JSON.parse(row.payload) as { count: number }).count }, stopping.signal)
        : await deliverEvent(db, row, options.push, stopping.signal);
      await record(db, row, attempt, options.now(), options.push);
      // One line and one count per delivery attempt, naming the target and this process, so it shows which replica delivered what.
      const target = row.kind === 'SUPERVISION' ? 'supervision' : String(row.target_id);
      const outcome = attempt.ok ? 'delivered' : row.attempts >= row.attempt_limit ? 'dead' : 'failed';
      countDelivery(target, outcome);
      const line = { outboxId: row.id, kind: row.kind, target, event: row.event, attempts: row.attempts, outcome, httpCode: attempt.httpCode, pid: process.pid };
      if (attempt.ok) log.info(line, 'push delivered');
      else log.warn({ ...line, error: attempt.error }, 'push attempt failed');
    }));
    return rows.length;
  }

  const runOnce = () => {
    round ??= work().finally(() => { round = null; });
    return round;
  };

  const schedule = () => {
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => {
      runOnce().catch((error: unknown) => log.error({ reason: error instanceof Error ? error.message : String(error) }, 'push worker round failed'))
        .finally(schedule);
    }, options.push.pollMs);
    timer.unref?.();
  };
  if (poll) schedule();

  return {
    runOnce,
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await round?.catch(() => 0);
    },
  };
}

/** Rows waiting to be delivered (the lbo_outbox_backlog gauge). */
export async function outboxBacklog(db: Db): Promise<number> {
  const row = await db.selectFrom('push_outbox').select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', 'in', ['PENDING', 'FAILED', 'SENDING']).executeTakeFirstOrThrow();
  return Number(row.n);
}
