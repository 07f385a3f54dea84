import { sql } from 'kysely';
import { defineCall } from '../../core/call';
import { audit } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';
import { countUpTo, pageWindow, totalsOf } from '../../core/resource/list';
import type { Db } from '../../core/resource/types';
import type { RenshePushRow } from '../../../lib/contract/push';

function batches(db: Db) {
  return db.selectFrom('supervision_batch as b').leftJoin('push_outbox as o', (j) => j.onRef('o.batch_id', '=', 'b.id').on('o.kind', '=', 'SUPERVISION'));
}

async function loadBatch(db: Db, id: number): Promise<RenshePushRow> {
  const row = await select(batches(db).where('b.id', '=', id)).executeTakeFirst();
  if (!row) throw notFound('renshePush');
  return toRow(row);
}

const select = (q: ReturnType<typeof batches>) => q.select(['b.id', 'b.count', 'b.succeeded', 'b.failed', 'b.status', 'b.answer', 'b.simulated', 'b.runs',
  'b.updated_at', 'b.version', 'o.attempts', 'o.last_error', 'o.last_http_code'])
  .select(sql<string>`to_char(b.day, 'YYYY-MM-DD')`.as('day'));

const toRow = (r: Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number]): RenshePushRow => ({
  id: r.id, day: r.day, count: r.count, succeeded: r.succeeded, failed: r.failed, status: r.status, answer: r.answer, simulated: r.simulated,
  runs: r.runs, attempts: r.attempts ?? 0, lastError: r.last_error ?? null, lastHttpCode: r.last_http_code ?? null,
  updateTime: new Date(r.updated_at).toISOString(), version: r.version,
});

/** The supervision sync's log (renshePushLog): one row per day's batch, newest day first; a failed batch is sent again on demand. */
export const renshePushCalls = [
  defineCall({
    path: 'renshePushLog/list',
    async handler(ctx, input) {
      let base = batches(ctx.db);
      if (input.status) base = base.where('b.status', '=', input.status);
      if (input.dateFrom) base = base.where('b.day', '>=', input.dateFrom);
      if (input.dateTo) base = base.where('b.day', '<=', input.dateTo);
      const { limit, offset } = pageWindow(input);
      const [counted, rows] = await Promise.all([
        countUpTo(ctx.db, base as never),
        select(base).orderBy('b.day', 'desc').orderBy('b.id', 'desc').limit(limit).offset(offset).execute(),
      ]);
      return { list: rows.map(toRow), ...totalsOf(counted, input.pageSize) };
    },
  }),
  defineCall({
    path: 'renshePushLog/rerun',
    async handler(ctx, input) {
      return ctx.db.transaction().execute(async (trx) => {
        const batch = await trx.selectFrom('supervision_batch').select(['id', 'status', 'failed', 'version', 'runs']).where('id', '=', input.id).forUpdate().executeTakeFirst();
        if (!batch) throw notFound('renshePush');
        if (batch.version !== input.version) throw conflict();
        if (batch.status !== 'FAILED' && !(batch.status === 'SUCCEEDED' && batch.failed > 0)) throw conflict('renshePushNotFailed');
        const { maxAttempts } = ctx.options.push;
        await trx.updateTable('push_outbox').set({
          status: 'PENDING', next_attempt_at: ctx.now, attempt_limit: sql`attempts + ${maxAttempts}`, lease_until: null, updated_at: ctx.now, version: sql`version + 1`,
        }).where('batch_id', '=', batch.id).where('kind', '=', 'SUPERVISION').execute();
        await trx.updateTable('supervision_batch').set({ status: 'PENDING', runs: batch.runs + 1, updated_at: ctx.now, version: batch.version + 1 })
          .where('id', '=', batch.id).execute();
        await audit(trx, ctx.user, 'renshePush.rerun', { type: 'renshePush', id: batch.id }, { before: { status: batch.status, runs: batch.runs }, after: { status: 'PENDING', runs: batch.runs + 1 } });
        return loadBatch(trx, batch.id);
      });
    },
  }),
];
