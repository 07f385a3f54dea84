import { sql } from 'kysely';
import { defineCall, type AuthUser, type CallContext, type InputOf } from '../../core/call';
import { notFound } from '../../core/errors';
import { resource } from '../../core/resource';
import { inReaderLanguage } from '../../core/i18n';
import type { ReasonRow } from '../../../lib/contract/risk';
import type { PageQuery } from '../../core/resource/types';

type Kind = ReasonRow['kind'];
type Save = InputOf<'staterefuseconfig/add'> | InputOf<'indicatorRefuseConfig/add'>;

/** Refusals naming the reason (records and applications). */
const usedCount = sql<number>`(select count(*) from approval_record r where r.refuse_reason_id = t.id)`;

/**
 * The refusal reasons of one kind (indicatorRefuseConfig, staterefuseconfig): zh and en
 * content, the SMS text the applicant gets, the stage that offers a status reason, state and
 * sort. A reason a refusal used is disabled by its delete, never deleted.
 */
function reasons(kind: Kind) {
  const table = resource({
    table: 'refuse_reason',
    key: 'id',
    what: 'refuseReason',
    select: (q) => q.select(['t.id', 't.kind', 't.content', 't.content_en', 't.sms_text', 't.stage', 't.fraud', 't.state', 't.sort', 't.version', 't.updated_at'])
      .select(usedCount.as('used')),
    toRow: (r): ReasonRow => ({
      id: r.id, kind: r.kind, content: r.content, contentEn: r.content_en, smsText: r.sms_text, stage: r.stage, fraud: r.fraud, state: r.state, sort: r.sort,
      used: Number(r.used), version: r.version, updateTime: new Date(r.updated_at).toISOString(),
    }),
    label: (row) => row.content,
    filters: {
      kind: { equals: 'kind' },
      content: { contains: ['content', 'content_en'] },
      state: { equals: 'state' },
      stage: (q, v) => q.where((eb) => eb.or([eb('t.stage', '=', v as ReasonRow['stage']), eb('t.stage', 'is', null)])),
    },
    orders: { sort: 'sort' },
    order: 'sort',
    audit: { type: 'refuseReason', action: 'refuseReason', summary: (row) => ({ kind: row.kind, content: row.content, contentEn: row.contentEn, smsText: row.smsText, stage: row.stage, state: row.state, version: row.version }) },
    insert: (input: Save) => ({ kind, ...values(input) }),
    patch: (input: Save) => values(input),
    rules: {
      // Only rows of this kind are this screen's.
      validate: (_trx, _ctx, _values, before) => { if (before && before.kind !== kind) throw notThisKind(); },
    },
  });
  return {
    list: (ctx: Pick<CallContext, 'db' | 'now'>, input: PageQuery) => table.list(ctx, { ...input, kind } as PageQuery),
    add: table.add,
    update: table.update,
    async del(ctx: CallContext<AuthUser>, input: { id: number; version: number }): Promise<null> {
      const row = await table.load(ctx.db, input.id, ctx.now);
      if (row.kind !== kind) throw notThisKind();
      if (row.used === 0) return table.remove(ctx, input);
      await table.change(ctx, input, (before) => (before.state === 'DISABLED' ? null : { state: 'DISABLED' }), 'disable');
      return null;
    },
  };
}

const values = (input: Save) => ({
  content: input.content, content_en: input.contentEn, sms_text: input.smsText, fraud: input.fraud, state: input.state, sort: input.sort,
  stage: 'stage' in input ? input.stage ?? null : null,
});

const notThisKind = () => notFound('refuseReason');

const indicator = reasons('INDICATOR');
const status = reasons('STATUS');

export const reasonCalls = [
  defineCall({ path: 'indicatorRefuseConfig/list', handler: indicator.list }),
  defineCall({ path: 'indicatorRefuseConfig/add', handler: indicator.add }),
  defineCall({ path: 'indicatorRefuseConfig/update', handler: indicator.update }),
  defineCall({ path: 'indicatorRefuseConfig/del', handler: indicator.del }),
  defineCall({ path: 'staterefuseconfig/list', handler: status.list }),
  defineCall({ path: 'staterefuseconfig/add', handler: status.add }),
  defineCall({ path: 'staterefuseconfig/update', handler: status.update }),
  defineCall({ path: 'staterefuseconfig/del', handler: status.del }),
  defineCall({
    path: 'staterefuseconfig/options',
    async handler(ctx, input) {
      const rows = await ctx.db.selectFrom('refuse_reason').select(['id', 'kind', 'content', 'content_en'])
        .where('kind', '=', 'STATUS').where('state', '=', 'ENABLED')
        .where((eb) => eb.or([eb('stage', '=', input.stage), eb('stage', 'is', null)]))
        .orderBy('sort').orderBy('id').execute();
      return rows.map((r) => ({ id: r.id, kind: r.kind, content: inReaderLanguage(ctx.locale, r.content, r.content_en) }));
    },
  }),
];
