import { defineCall, type AuthUser, type CallContext } from '../../core/call';
import { audit } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';
import { resource } from '../../core/resource';
import { containsPattern } from '../../core/like';
import type { LookupErrorRow } from '../../../lib/contract/lookups';
import { LOOKUP_INTERFACES } from '../../../lib/workflow/lookup-sources';
import { maskIdNumber, maskName } from '../../../lib/workflow/id-number';
import type { SourceName } from '../../integrations/types';
import { askSources } from '../risk/checks';
import { rerunChecks } from '../risk/red-flags';
import { recordLookups } from './record';

type Ctx = CallContext<AuthUser>;
type Stored = { row: Omit<LookupErrorRow, 'message'>; key: string; params: Record<string, string | number> };

/** The real-time errors as their screen reads them (business-real-time-exception/getList). */
const errorTable = resource({
  table: 'lookup_error',
  key: 'id',
  what: 'lookupError',
  select: (q) => q.innerJoin('application as a', 'a.id', 't.application_id').leftJoin('app_user as u', 'u.id', 't.resolved_by')
    .select(['t.id', 't.application_id', 't.source', 't.code', 't.message_key', 't.message_params', 't.retries', 't.resolved_at', 't.version',
      't.created_at', 't.updated_at', 'a.number', 'a.name', 'a.id_number', 'u.nickname as resolved_by_name']),
  toRow: (r): Stored => ({
    row: {
      id: r.id, createTime: new Date(r.created_at).toISOString(), updateTime: new Date(r.updated_at).toISOString(), applicationId: r.application_id,
      number: r.number, name: maskName(r.name), idNumber: maskIdNumber(r.id_number), source: r.source, interface: LOOKUP_INTERFACES[r.source],
      code: r.code, retries: r.retries, resolved: r.resolved_at !== null, resolvedAt: r.resolved_at ? new Date(r.resolved_at).toISOString() : null,
      resolvedBy: r.resolved_by_name ?? null, version: r.version,
    },
    key: r.message_key,
    params: r.message_params,
  }),
  filters: {
    number: (q, v) => q.where('t.application_id', 'in', (eb) => eb.selectFrom('application').select('id').where('number', 'like', containsPattern(String(v).toUpperCase()))),
    name: (q, v) => q.where('t.application_id', 'in', (eb) => eb.selectFrom('application').select('id').where('name', 'like', containsPattern(String(v)))),
    source: { equals: 'source' },
    resolved: (q, v) => q.where('t.resolved_at', v ? 'is not' : 'is', null),
    dateFrom: { from: 'created_at' },
    dateTo: { to: 'created_at' },
  },
  orders: { createTime: 'created_at' },
  order: '-createTime',
  audit: { type: 'lookupError', action: 'lookupError', summary: (s) => ({ code: s.row.code, retries: s.row.retries, resolved: s.row.resolved }) },
});

const shown = (ctx: Pick<CallContext, 't'>, s: Stored): LookupErrorRow => ({ ...s.row, message: ctx.t(s.key, s.params) });

const SOURCE_NAME = { INSURANCE: 'insurance', CREDIT: 'credit' } as const satisfies Record<string, SourceName>;

/**
 * Runs a failed lookup again, outside any transaction; then, in one: the error resolved (or its
 * retries counted and its message updated) and, when the source answered, the case's indicators
 * of that source re-checked and the insurance record cached.
 */
async function retry(ctx: Ctx, input: { id: number; version: number }): Promise<LookupErrorRow> {
  const error = await ctx.db.selectFrom('lookup_error').select(['id', 'application_id', 'source', 'version', 'resolved_at']).where('id', '=', input.id).executeTakeFirst();
  if (!error) throw notFound('lookupError');
  if (error.version !== input.version) throw conflict();
  if (error.resolved_at) throw conflict('lookups.resolved');
  const app = await ctx.db.selectFrom('application').select(['id', 'indicator_issue_id', 'borrower_type', 'id_number', 'amount', 'check_outcome', 'staff_count', 'term_months', 'client_group_id'])
    .where('id', '=', error.application_id).executeTakeFirstOrThrow();
  const source = SOURCE_NAME[error.source];
  const outside = await askSources(ctx.options, app.id_number, [source]);
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('lookup_error').select(['version', 'resolved_at']).where('id', '=', error.id).forUpdate().executeTakeFirstOrThrow();
    if (locked.version !== input.version) throw conflict();
    if (locked.resolved_at) throw conflict('lookups.resolved');
    await recordLookups(trx, app.id, outside, [source], 'RETRY', ctx.user, ctx.now);
    if (outside[source]) await rerunChecks(trx, ctx, app, outside, (item) => item.source === error.source);
    await audit(trx, ctx.user, 'lookupError.retry', { type: 'lookupError', id: error.id }, { source: error.source, answered: Boolean(outside[source]) });
  });
  return shown(ctx, await errorTable.load(ctx.db, error.id, ctx.now));
}

export const lookupErrorCalls = [
  defineCall({
    path: 'business-real-time-exception/getList',
    async handler(ctx, input) {
      const page = await errorTable.list(ctx, input);
      return { ...page, list: page.list.map((s) => shown(ctx, s)) };
    },
  }),
  defineCall({ path: 'business-real-time-exception/retry', handler: retry }),
];

export const openLookupError = (ctx: Pick<CallContext, 'db'>, applicationId: number, source: 'INSURANCE' | 'CREDIT') =>
  ctx.db.selectFrom('lookup_error').select(['code', 'message_key', 'message_params']).where('application_id', '=', applicationId)
    .where('source', '=', source).where('resolved_at', 'is', null).executeTakeFirst();
