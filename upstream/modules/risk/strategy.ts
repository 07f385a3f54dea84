import { sql, type Kysely } from 'kysely';
import { defineCall, type AuthUser, type CallContext, type InputOf } from '../../core/call';
import { invalid } from '../../core/errors';
import { resource } from '../../core/resource';
import type { Database } from '../../db/schema';
import type { StrategyRow } from '../../../lib/contract/risk';
import { addEntry } from './blacklist';
import { chinaToday } from '../../core/china-time';

type Edit = InputOf<'business-blacklist-strategy/edit'>;
type Situation = StrategyRow['condition'];

/** Entries a rule added (their source names the rule by its id). */
const addedCount = sql<number>`(select count(*) from blacklist b where b.source = 'STRATEGY' and b.source_ref = 'rule:' || t.id)`;

/** The blacklist strategy (business-blacklist-strategy): rules over the situations that blacklist people by themselves. */
const strategyTable = resource({
  table: 'blacklist_strategy',
  key: 'id',
  what: 'strategy',
  select: (q, _now) => q.innerJoin('situation_condition as c', 'c.id', 't.condition_id')
    .select(['t.id', 't.name', 't.condition_id', 't.param_value', 't.months', 't.reason', 't.state', 't.sort', 't.version', 't.updated_at', 'c.code', 'c.name_zh', 'c.name_en'])
    .select(addedCount.as('added')),
  toRow: (r): StrategyRow => ({
    id: r.id, name: r.name, conditionId: r.condition_id, condition: r.code, conditionName: r.name_zh, paramValue: r.param_value, months: r.months,
    reason: r.reason, state: r.state, sort: r.sort, added: Number(r.added), version: r.version, updateTime: new Date(r.updated_at).toISOString(),
  }),
  label: (row) => row.name,
  filters: { name: { contains: 'name' }, state: { equals: 'state' } },
  orders: { sort: 'sort' },
  order: 'sort',
  audit: { type: 'strategy', action: 'strategy', summary: (row) => ({ name: row.name, condition: row.condition, paramValue: row.paramValue, months: row.months, state: row.state, version: row.version }) },
  insert: (input: Edit, ctx) => ({ ...values(input), updated_by: ctx.user.id }),
  patch: (input: Edit, _before, ctx) => ({ ...values(input), updated_by: ctx.user.id }),
  rules: {
    async validate(trx, _ctx, v) {
      if (v.condition_id === undefined) return;
      const condition = await trx.selectFrom('situation_condition').select('param').where('id', '=', v.condition_id as number).executeTakeFirst();
      if (!condition) throw invalid({ conditionId: 'validation.condition' });
      if (condition.param && v.param_value == null) throw invalid({ paramValue: 'validation.paramValue' });
    },
  },
});

const values = (input: Edit) => ({
  name: input.name, condition_id: input.conditionId, param_value: input.paramValue ?? null, months: input.months, reason: input.reason,
  state: input.state, sort: input.sort,
});

/** The China day `months` after now: the last day an entry a rule adds counts. */
function monthsLater(now: Date, months: number): string {
  const [y, m, d] = chinaToday(now).split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y, m - 1 + months, d));
  return end.toISOString().slice(0, 10);
}

/**
 * A situation happened to a person: every enabled rule over it blacklists them (source
 * STRATEGY, for the rule's months), inside the caller's transaction. `value` is the
 * situation's measure (e.g. days overdue), compared with a rule's parameter.
 */
export async function applyStrategies(trx: Kysely<Database>, ctx: CallContext<AuthUser>, situation: Situation, who: { name: string; idNumber: string; mobile: string | null }, value?: number) {
  const rules = await trx.selectFrom('blacklist_strategy as s').innerJoin('situation_condition as c', 'c.id', 's.condition_id')
    .select(['s.id', 's.months', 's.reason', 's.param_value']).where('c.code', '=', situation).where('s.state', '=', 'ENABLED').orderBy('s.sort').orderBy('s.id').execute();
  for (const rule of rules) {
    if (rule.param_value !== null && (value === undefined || value <= rule.param_value)) continue;
    await addEntry(trx, ctx, { ...who, reason: rule.reason, expiresOn: monthsLater(ctx.now, rule.months), source: 'STRATEGY', sourceRef: `rule:${rule.id}` });
  }
}

export const strategyCalls = [
  defineCall({
    path: 'business-situation-condition/list',
    async handler(ctx) {
      const rows = await ctx.db.selectFrom('situation_condition').selectAll().orderBy('sort').execute();
      return rows.map((r) => ({ id: r.id, code: r.code, name: ctx.locale === 'en' ? r.name_en : r.name_zh, param: r.param }));
    },
  }),
  defineCall({
    path: 'business-blacklist-strategy/list',
    handler: (ctx, input) => strategyTable.list(ctx, input),
  }),
  defineCall({
    path: 'business-blacklist-strategy/edit',
    handler: (ctx, input) => (input.id === undefined ? strategyTable.add(ctx, input) : strategyTable.update(ctx, { ...input, id: input.id, version: input.version! })),
  }),
  defineCall({
    path: 'business-blacklist-strategy/del',
    async handler(ctx, input): Promise<null> {
      const row = await strategyTable.load(ctx.db, input.id, ctx.now);
      if (row.added === 0) return strategyTable.remove(ctx, input);
      await strategyTable.change(ctx, input, (before) => (before.state === 'DISABLED' ? null : { state: 'DISABLED' }), 'disable');
      return null;
    },
  }),
];
