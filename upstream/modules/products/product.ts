import { sql } from 'kysely';
import { defineCall, type InputOf } from '../../core/call';
import { audit } from '../../core/audit';
import { conflict, invalid, notFound } from '../../core/errors';
import { resource } from '../../core/resource';
import type { Db, WriteContext } from '../../core/resource/types';
import type { ProductRow } from '../../../lib/contract/product';
import type { BorrowerType } from '../../../lib/workflow/stages';
import { lprOf, productRate } from './rate';
import { typeLimits } from '../risk/checks';
import { highestCap, toFen } from '../../../lib/workflow/caps';
import { fieldMessage } from '../../../lib/contract/field-message';

const summary = (row: ProductRow) => {
  const { usedCount: _used, updateTime: _time, rateMax: _max, ...rest } = row;
  return rest;
};

/** Current revisions (or every one, `history`), with the LPR the highest rate is figured from. */
const products = resource({
  table: 'loan_product',
  key: 'id',
  what: 'product',
  select: (q) => q.selectAll('t')
    .select(sql<string | null>`(select value from system_param where key = 'loan.lpr')`.as('lpr'))
    .select((eb) => eb.selectFrom('application as a').select(eb.fn.countAll<number>().as('n')).whereRef('a.product_id', '=', 't.id').as('used')),
  toRow: (r): ProductRow => ({
    id: r.id, code: r.code, revision: r.revision, current: r.current, nameZh: r.name_zh, nameEn: r.name_en, borrowerType: r.borrower_type,
    clientGroupIds: r.client_group_ids, amountMin: Number(r.amount_min), amountMax: Number(r.amount_max), terms: r.terms,
    rateMarginBp: r.rate_margin_bp, rateCap: Number(r.rate_cap), rateMax: productRate(r.lpr, r.rate_margin_bp, r.rate_cap),
    subsidyShare: Number(r.subsidy_share), repaymentMethods: r.repayment_methods, guaranteeMethods: r.guarantee_methods,
    moduleId: r.module_id, state: r.state, sort: r.sort, usedCount: Number(r.used ?? 0), version: r.version, updateTime: new Date(r.updated_at).toISOString(),
  }),
  label: (row) => row.nameZh,
  filters: {
    name: (q, v) => q.where((eb) => eb.or([eb('t.name_zh', 'ilike', `%${String(v)}%`), eb('t.name_en', 'ilike', `%${String(v)}%`), eb('t.code', 'ilike', `%${String(v)}%`)])),
    borrowerType: { equals: 'borrower_type' },
    state: { equals: 'state' },
    history: (q, v) => (v ? q : q.where('t.current', '=', true)),
  },
  orders: { sort: 'sort', code: 'code', updateTime: 'updated_at' },
  order: 'sort',
  unique: [{ field: 'code', column: 'code', key: 'validation.productCodeTaken', index: 'loan_product_revision_uq' }],
  audit: { type: 'product', action: 'product', summary },
  insert: (input: InputOf<'businessSchemaConfig/add'>, ctx) => ({ code: input.code, borrower_type: input.borrowerType, ...columns(input), created_by: ctx.user.id }),
  rules: { validate: (trx, _ctx, values) => checkReferences(trx, values as Columns & { borrower_type: BorrowerType }) },
});

type Fields = Omit<InputOf<'businessSchemaConfig/update'>, 'id' | 'version'>;
type Columns = ReturnType<typeof columns>;

function columns(input: Fields) {
  return {
    name_zh: input.nameZh, name_en: input.nameEn, client_group_ids: JSON.stringify([...new Set(input.clientGroupIds)].sort((a, b) => a - b)),
    amount_min: input.amountMin, amount_max: input.amountMax, terms: JSON.stringify([...new Set(input.terms)].sort((a, b) => a - b)),
    rate_margin_bp: input.rateMarginBp, rate_cap: input.rateCap, subsidy_share: input.subsidyShare,
    repayment_methods: JSON.stringify([...new Set(input.repaymentMethods)]), guarantee_methods: JSON.stringify([...new Set(input.guaranteeMethods)]),
    module_id: input.moduleId ?? null, state: input.state, sort: input.sort,
  };
}

/**
 * The client groups exist and serve the borrower type; the flow exists and is of the borrower type;
 * the amounts and terms stay within the borrower type's settings (its highest cap, its longest term).
 */
async function checkReferences(trx: Db, values: { client_group_ids?: string; module_id?: number | null; borrower_type: BorrowerType; amount_max?: number; terms?: string }) {
  const type = await typeLimits(trx, values.borrower_type);
  if (type && values.amount_max !== undefined && toFen(values.amount_max) > toFen(highestCap(type.limits))) {
    throw invalid({ amountMax: fieldMessage('validation.productCap', { max: highestCap(type.limits).toLocaleString('en-US') }) });
  }
  if (type && values.terms !== undefined && (JSON.parse(values.terms) as number[]).some((term) => term > type.limits.maxTermMonths)) {
    throw invalid({ terms: fieldMessage('validation.productTermMax', { max: type.limits.maxTermMonths }) });
  }
  const ids = JSON.parse(values.client_group_ids ?? '[]') as number[];
  if (ids.length) {
    const found = await trx.selectFrom('client_group').select(['id', 'borrower_types']).where('id', 'in', ids).execute();
    if (found.length !== ids.length || found.some((g) => !g.borrower_types.includes(values.borrower_type))) throw invalid({ clientGroupIds: 'validation.clientGroups' });
  }
  if (values.module_id) {
    const flow = await trx.selectFrom('approval_module').select('borrower_type').where('id', '=', values.module_id).executeTakeFirst();
    if (flow?.borrower_type !== values.borrower_type) throw invalid({ moduleId: 'validation.productFlow' });
  }
}

/** Locks a product revision for a change: 404 when there is none, 409 when it is not current or the caller read another version. */
async function lockCurrent(trx: Db, id: number, version: number) {
  const row = await trx.selectFrom('loan_product').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound('product');
  if (!row.current || row.version !== version) throw conflict();
  return row;
}

/** An edit: the current revision steps down and a new one, numbered next, becomes current. */
async function revise(ctx: WriteContext, input: InputOf<'businessSchemaConfig/update'>): Promise<ProductRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const old = await lockCurrent(trx, input.id, input.version);
    const before = await products.load(trx, old.id, ctx.now);
    const values = { ...columns(input), borrower_type: old.borrower_type };
    await checkReferences(trx, values);
    await trx.updateTable('loan_product').set({ current: false, version: old.version + 1, updated_at: ctx.now, updated_by: ctx.user.id }).where('id', '=', old.id).execute();
    const { id } = await trx.insertInto('loan_product').values({
      code: old.code, revision: old.revision + 1, current: true, ...values, created_by: ctx.user.id, updated_by: ctx.user.id, updated_at: ctx.now,
    }).returning('id').executeTakeFirstOrThrow();
    const after = await products.load(trx, id, ctx.now);
    await audit(trx, ctx.user, 'product.update', { type: 'product', id: old.code }, { before: summary(before), after: summary(after) });
    return after;
  });
}

/** Deletes every revision of a product no application names; one that is named is refused (disable it instead). */
async function removeProduct(ctx: WriteContext, input: InputOf<'businessSchemaConfig/del'>) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockCurrent(trx, input.id, input.version);
    const before = await products.load(trx, row.id, ctx.now);
    const revisions = trx.selectFrom('loan_product').select('id').where('code', '=', row.code);
    const { n } = await trx.selectFrom('application').select((eb) => eb.fn.countAll<number>().as('n')).where('product_id', 'in', revisions).executeTakeFirstOrThrow();
    if (Number(n) > 0) throw conflict('productInUse', { count: Number(n), name: row.name_zh });
    await trx.deleteFrom('loan_product').where('code', '=', row.code).execute();
    await audit(trx, ctx.user, 'product.delete', { type: 'product', id: row.code }, { before: summary(before), after: null });
    return null;
  });
}

export const productCalls = [
  defineCall({ path: 'businessSchemaConfig/list', handler: (ctx, input) => products.list(ctx, { ...input, history: input.history ?? false } as typeof input) }),
  defineCall({ path: 'businessSchemaConfig/add', handler: products.add }),
  defineCall({ path: 'businessSchemaConfig/update', handler: revise }),
  defineCall({ path: 'businessSchemaConfig/del', handler: removeProduct }),
  defineCall({
    path: 'businessSchemaConfig/options',
    handler: async (ctx, input) => (await products.list(ctx, { pageNum: 1, pageSize: 100, borrowerType: input.borrowerType, state: 'ENABLED', history: false } as never)).list,
  }),
  defineCall({
    path: 'businessSchemaConfig/choices',
    async handler(ctx) {
      const [groups, flows, lpr] = await Promise.all([
        ctx.db.selectFrom('client_group').select(['id', 'name_zh', 'name_en', 'state']).orderBy('sort').orderBy('id').execute(),
        ctx.db.selectFrom('approval_module').select(['id', 'name', 'borrower_type']).orderBy('id').execute(),
        ctx.db.selectFrom('system_param').select('value').where('key', '=', 'loan.lpr').executeTakeFirst(),
      ]);
      return {
        clientGroups: groups.map((g) => ({ id: g.id, nameZh: g.name_zh, nameEn: g.name_en, state: g.state })),
        flows: flows.map((f) => ({ id: f.id, name: f.name, borrowerType: f.borrower_type })),
        lpr: lprOf(lpr?.value),
      };
    },
  }),
];
