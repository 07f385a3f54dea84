import { sql, type Kysely } from 'kysely';
import { defineCall, type InputOf } from '../../core/call';
import { audit } from '../../core/audit';
import { notFound } from '../../core/errors';
import { chinaDayStart, countUpTo, pageWindow, totalsOf } from '../../core/resource/list';
import { containsPattern } from '../../core/like';
import type { Database } from '../../db/schema';
import type { AuthUser, CallContext } from '../../core/call';
import type { PushLogRow } from '../../../lib/contract/push';

type Db = Kysely<Database>;
const DAY_MS = 86_400_000;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function logQuery(db: Db, input: InputOf<'businessDataSyncLog/list'>) {
  let q = db.selectFrom('push_outbox as o').leftJoin('push_target as t', 't.id', 'o.target_id').where('o.kind', '=', 'EVENT');
  if (input.applicationNumber) q = q.where('o.application_number', 'ilike', containsPattern(input.applicationNumber));
  if (input.event) q = q.where('o.event', '=', input.event);
  if (input.targetId) q = q.where('o.target_id', '=', input.targetId);
  if (input.status) q = q.where('o.status', '=', input.status);
  if (input.dateFrom) q = q.where('o.created_at', '>=', chinaDayStart(input.dateFrom));
  if (input.dateTo) q = q.where('o.created_at', '<', new Date(chinaDayStart(input.dateTo).getTime() + DAY_MS));
  return q;
}

/**
 * Queues rows for an attempt now, each with a fresh allowance of attempts: the rows named (a
 * delivered one too: its receiver asked for it again and the same idempotency key tells it a
 * repeat), or every FAILED and DEAD row. Rows a worker holds right now are left to it.
 */
async function requeue(ctx: CallContext<AuthUser>, ids: number[] | 'failed'): Promise<{ count: number }> {
  const { maxAttempts } = ctx.options.push;
  return ctx.db.transaction().execute(async (trx) => {
    let q = trx.updateTable('push_outbox').set({
      status: 'PENDING', next_attempt_at: ctx.now, attempt_limit: sql`attempts + ${maxAttempts}`, lease_until: null,
      updated_at: ctx.now, version: sql`version + 1`,
    }).where('kind', '=', 'EVENT').where('status', '<>', 'SENDING');
    q = ids === 'failed' ? q.where('status', 'in', ['FAILED', 'DEAD']) : q.where('id', 'in', ids);
    const rows = await q.returning(['id', 'application_number', 'event']).execute();
    await audit(trx, ctx.user, 'pushData.push', { type: 'pushData', id: ids === 'failed' ? 'failed' : ids.join(',').slice(0, 64) },
      { count: rows.length, ids: rows.map((r) => r.id).slice(0, 100) });
    return { count: rows.length };
  });
}

export const pushLogCalls = [
  defineCall({
    path: 'businessDataSyncLog/list',
    async handler(ctx, input) {
      const base = logQuery(ctx.db, input);
      const { limit, offset } = pageWindow(input);
      const [counted, rows] = await Promise.all([
        countUpTo(ctx.db, base as never),
        base.select(['o.id', 'o.application_number', 'o.event', 'o.target_id', 't.name as target_name', 'o.status', 'o.attempts', 'o.attempt_limit',
          'o.last_http_code', 'o.last_error', 'o.last_detail', 'o.next_attempt_at', 'o.delivered_at', 'o.created_at', 'o.version'])
          .orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(limit).offset(offset).execute(),
      ]);
      return {
        list: rows.map((r): PushLogRow => ({
          id: r.id, applicationNumber: r.application_number, event: r.event, targetId: r.target_id, targetName: r.target_name,
          status: r.status, attempts: r.attempts, attemptLimit: r.attempt_limit, lastHttpCode: r.last_http_code, lastError: r.last_error,
          lastDetail: r.last_detail, nextAttemptTime: r.status === 'DELIVERED' || r.status === 'DEAD' ? null : iso(r.next_attempt_at),
          deliveredTime: iso(r.delivered_at), createTime: iso(r.created_at)!, version: r.version,
        })),
        ...totalsOf(counted, input.pageSize),
      };
    },
  }),
  defineCall({
    path: 'businessDataSyncLog/payload',
    async handler(ctx, input) {
      const row = await ctx.db.selectFrom('push_outbox').select(['id', 'idempotency_key', 'payload'])
        .where('id', '=', input.id).where('kind', '=', 'EVENT').executeTakeFirst();
      if (!row) throw notFound('pushData');
      return { id: row.id, idempotencyKey: row.idempotency_key, payload: row.payload };
    },
  }),
  defineCall({
    path: 'businessDataSyncLog/push',
    async handler(ctx, input) {
      const found = await ctx.db.selectFrom('push_outbox').select('id').where('id', '=', input.id).where('kind', '=', 'EVENT').executeTakeFirst();
      if (!found) throw notFound('pushData');
      return requeue(ctx, [input.id]);
    },
  }),
  defineCall({
    path: 'businessDataSyncLog/batchPush',
    handler: (ctx, input) => requeue(ctx, input.allFailed ? 'failed' : [...new Set(input.ids)]),
  }),
];
