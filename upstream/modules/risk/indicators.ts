import { sql } from 'kysely';
import { defineCall, type InputOf } from '../../core/call';
import { audit } from '../../core/audit';
import { conflict, invalid } from '../../core/errors';
import { resource } from '../../core/resource';
import type { Db } from '../../core/resource/types';
import type { IssuedIndicator } from '../../db/schema';
import type { IndicatorRow } from '../../../lib/contract/indicators';
import { METRICS } from '../../../lib/workflow/indicators';

type Edit = InputOf<'business/index/edit'>;
const num = (v: string | number | null) => (v === null ? null : Number(v));

/** The fields an issue compares, as a row and as an issued item hold them. */
const COMPARED = ['nameZh', 'nameEn', 'metric', 'operator', 'min', 'max', 'borrowerTypes', 'effect', 'refuseReasonId'] as const;
const itemView = (i: IssuedIndicator) => ({
  nameZh: i.name_zh, nameEn: i.name_en, metric: i.metric, operator: i.operator, min: num(i.min_value), max: num(i.max_value),
  borrowerTypes: i.borrower_types, effect: i.effect, refuseReasonId: i.refuse_reason_id,
});

/** The working indicators: the draft that issue publishes. */
const indicatorTable = resource({
  table: 'indicator',
  key: 'id',
  what: 'indicator',
  select: (q) => q.leftJoin('refuse_reason as r', 'r.id', 't.refuse_reason_id')
    .select(['t.id', 't.code', 't.name_zh', 't.name_en', 't.source', 't.metric', 't.operator', 't.min_value', 't.max_value', 't.borrower_types', 't.effect',
      't.refuse_reason_id', 't.state', 't.sort', 't.version', 't.updated_at', 'r.content as reason']),
  toRow: (r): IndicatorRow => ({
    id: r.id, code: r.code, nameZh: r.name_zh, nameEn: r.name_en, source: r.source, metric: r.metric, operator: r.operator, min: num(r.min_value),
    max: num(r.max_value), borrowerTypes: r.borrower_types, effect: r.effect, refuseReasonId: r.refuse_reason_id, refuseReason: r.reason ?? null,
    state: r.state, sort: r.sort, change: 'SAME', changedFields: [], version: r.version, updateTime: new Date(r.updated_at).toISOString(),
  }),
  label: (row) => row.code,
  filters: {
    name: { contains: ['name_zh', 'name_en', 'code'] },
    source: { equals: 'source' },
    borrowerType: (q, v) => q.where(sql<boolean>`t.borrower_types @> ${JSON.stringify([v])}::jsonb`),
  },
  orders: { sort: 'sort' },
  order: 'sort',
  unique: [{ field: 'code', column: 'code', key: 'validation.codeTaken', index: 'indicator_code_key' }],
  audit: { type: 'indicator', action: 'indicator', summary: (row) => ({ code: row.code, metric: row.metric, operator: row.operator, min: row.min, max: row.max, effect: row.effect, state: row.state, version: row.version }) },
  insert: (input: Edit, ctx) => ({ ...values(input), updated_by: ctx.user.id }),
  patch: (input: Edit, _before, ctx) => ({ ...values(input), updated_by: ctx.user.id }),
  rules: {
    async validate(trx, _ctx, v) {
      if (v.refuse_reason_id == null) return; // none, or a change that does not touch it
      const reason = await trx.selectFrom('refuse_reason').select('id').where('id', '=', v.refuse_reason_id).where('kind', '=', 'INDICATOR')
        .where('state', '=', 'ENABLED').executeTakeFirst();
      if (!reason) throw invalid({ refuseReasonId: 'validation.reasonRequired' });
    },
  },
});

const values = (input: Edit) => ({
  code: input.code, name_zh: input.nameZh, name_en: input.nameEn, source: METRICS[input.metric], metric: input.metric, operator: input.operator,
  min_value: input.min ?? null, max_value: input.max ?? null, borrower_types: JSON.stringify(input.borrowerTypes), effect: input.effect,
  refuse_reason_id: input.refuseReasonId ?? null, state: input.state, sort: input.sort,
});

/** The version in force (the highest number), if any was issued. */
const currentIssue = (db: Db) => db.selectFrom('indicator_issue').select(['id', 'number', 'items', 'issued_at']).orderBy('number', 'desc').limit(1).executeTakeFirst();

/** A row compared with the version in force. */
function compared(row: IndicatorRow, issued: Map<string, IssuedIndicator>): IndicatorRow {
  const item = issued.get(row.code);
  if (!item) return { ...row, change: row.state === 'ENABLED' ? 'NEW' : 'SAME' };
  if (row.state === 'DISABLED') return { ...row, change: 'REMOVED' };
  const view = itemView(item);
  const changedFields = COMPARED.filter((f) => JSON.stringify(view[f]) !== JSON.stringify(row[f]));
  return { ...row, change: changedFields.length ? 'CHANGED' : 'SAME', changedFields };
}

export const indicatorCalls = [
  defineCall({
    path: 'business/index/list',
    async handler(ctx, input) {
      const [page, issue] = await Promise.all([indicatorTable.list(ctx, input), currentIssue(ctx.db)]);
      const issued = new Map((issue?.items ?? []).map((i) => [i.code, i]));
      return { ...page, list: page.list.map((row) => compared(row, issued)) };
    },
  }),
  defineCall({
    path: 'business/index/draft',
    async handler(ctx) {
      const [page, issue] = await Promise.all([indicatorTable.list(ctx, { pageNum: 1, pageSize: 100, order: 'sort' }), currentIssue(ctx.db)]);
      const issued = new Map((issue?.items ?? []).map((i) => [i.code, i]));
      const changes = page.list.map((row) => compared(row, issued)).filter((row) => row.change !== 'SAME').length;
      return { issued: issue?.number ?? null, issuedAt: issue ? new Date(issue.issued_at).toISOString() : null, changes };
    },
  }),
  defineCall({
    path: 'business/index/edit',
    handler: (ctx, input) => (input.id === undefined ? indicatorTable.add(ctx, input) : indicatorTable.update(ctx, { ...input, id: input.id, version: input.version! })),
  }),
  defineCall({
    path: 'business/index/issue',
    async handler(ctx, input) {
      return ctx.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('indicator_issue'))`.execute(trx);
        const current = await currentIssue(trx);
        if ((current?.number ?? 0) !== input.basedOn) throw conflict();
        const rows = await trx.selectFrom('indicator').selectAll().where('state', '=', 'ENABLED').orderBy('sort').orderBy('id').execute();
        if (!rows.length) throw invalid({ basedOn: 'validation.nothingToIssue' });
        const items: IssuedIndicator[] = rows.map((r) => ({
          code: r.code, name_zh: r.name_zh, name_en: r.name_en, source: r.source, metric: r.metric, operator: r.operator, min_value: r.min_value,
          max_value: r.max_value, borrower_types: r.borrower_types, effect: r.effect, refuse_reason_id: r.refuse_reason_id, sort: r.sort,
        }));
        const number = (current?.number ?? 0) + 1;
        const issue = await trx.insertInto('indicator_issue').values({ number, items: JSON.stringify(items), note: input.note, issued_at: ctx.now, issued_by: ctx.user.id })
          .returning(['id', 'issued_at']).executeTakeFirstOrThrow();
        await audit(trx, ctx.user, 'indicator.issue', { type: 'indicatorIssue', id: issue.id }, { before: current ? { number: current.number } : null, after: { number, items: items.map((i) => i.code) } });
        return { number, items: items.length, issuedAt: new Date(issue.issued_at).toISOString() };
      });
    },
  }),
];
