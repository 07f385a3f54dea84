import { sql } from 'kysely';
import { defineCall, type AuthUser, type CallContext, type InputOf } from '../../core/call';
import { resource } from '../../core/resource';
import type { BorrowerTypeRow, ClientGroupRow } from '../../../lib/contract/risk';

type Edit = InputOf<'business-client-group/edit'>;

/** Applications in the group: a group in use is disabled, never deleted. */
const usedCount = sql<number>`(select count(*) from application a where a.client_group_id = t.id)`;

/**
 * Client groups (business-client-group): the policy's key groups a proposer belongs to, the
 * borrower types each serves, the proof documents it requires and whether it may use the
 * credit-exempt guarantee.
 */
const groupTable = resource({
  table: 'client_group',
  key: 'id',
  what: 'clientGroup',
  select: (q) => q.select(['t.id', 't.code', 't.name_zh', 't.name_en', 't.borrower_types', 't.proof_kinds', 't.credit_exempt', 't.state', 't.sort', 't.version', 't.updated_at'])
    .select(usedCount.as('used')),
  toRow: (r): ClientGroupRow => ({
    id: r.id, code: r.code, nameZh: r.name_zh, nameEn: r.name_en, borrowerTypes: r.borrower_types, proofKinds: r.proof_kinds,
    creditExempt: r.credit_exempt, state: r.state, sort: r.sort, used: Number(r.used), version: r.version, updateTime: new Date(r.updated_at).toISOString(),
  }),
  label: (row) => row.nameZh,
  filters: {
    name: { contains: ['name_zh', 'name_en', 'code'] },
    borrowerType: (q, v) => q.where(sql<boolean>`t.borrower_types @> ${JSON.stringify([v])}::jsonb`),
    state: { equals: 'state' },
  },
  orders: { sort: 'sort' },
  order: 'sort',
  unique: [{ field: 'code', column: 'code', key: 'validation.codeTaken', index: 'client_group_code_key' }],
  audit: { type: 'clientGroup', action: 'clientGroup', summary: (row) => ({ code: row.code, nameZh: row.nameZh, nameEn: row.nameEn, borrowerTypes: row.borrowerTypes, proofKinds: row.proofKinds, creditExempt: row.creditExempt, state: row.state, version: row.version }) },
  insert: (input: Edit, ctx) => ({ ...values(input), code: input.code, created_by: ctx.user.id, updated_by: ctx.user.id }),
  patch: (input: Edit, _before, ctx) => ({ ...values(input), code: input.code, updated_by: ctx.user.id }),
});

const values = (input: Edit) => ({
  name_zh: input.nameZh, name_en: input.nameEn, borrower_types: JSON.stringify(input.borrowerTypes), proof_kinds: JSON.stringify(input.proofKinds),
  credit_exempt: input.creditExempt, state: input.state, sort: input.sort,
});

type TypeRecord = {
  borrower_type: BorrowerTypeRow['borrowerType']; name_zh: string; name_en: string; cap_amount: string; total_cap_amount: string | null;
  partner_uplift: string | null; max_term_months: number;
  key_hire_share: string | null; key_hire_large_share: string | null; key_hire_staff_threshold: number | null; version: number;
};
const orNull = (v: string | null) => (v === null ? null : Number(v));
const typeRow = (r: TypeRecord): BorrowerTypeRow => ({
  borrowerType: r.borrower_type, nameZh: r.name_zh, nameEn: r.name_en, capAmount: Number(r.cap_amount),
  totalCapAmount: orNull(r.total_cap_amount), partnerUplift: orNull(r.partner_uplift), maxTermMonths: r.max_term_months,
  keyHireShare: orNull(r.key_hire_share), keyHireLargeShare: orNull(r.key_hire_large_share), keyHireStaffThreshold: r.key_hire_staff_threshold, version: r.version,
});

async function loadTypes(ctx: Pick<CallContext, 'db'>): Promise<BorrowerTypeRow[]> {
  const rows = await ctx.db.selectFrom('borrower_type_config').selectAll()
    .orderBy(sql`array_position(array['PERSON','PARTNERSHIP','SMALL_COMPANY'], borrower_type::text)`).execute();
  return rows.map(typeRow);
}

/** The borrower types' caps, longest terms and (small companies) staffing limits, each a versioned row. */
const typeTable = resource({
  table: 'borrower_type_config',
  key: 'borrower_type',
  what: 'borrowerType',
  select: (q) => q.selectAll('t'),
  toRow: typeRow,
  audit: { type: 'borrowerType', action: 'borrowerType', summary: (row) => row },
  patch: (input: InputOf<'business-client-group/typeOfBorrowerUpdate'>, _before, ctx) => ({
    cap_amount: String(input.capAmount),
    ...(input.borrowerType === 'PARTNERSHIP' ? {
      total_cap_amount: input.totalCapAmount === undefined ? null : String(input.totalCapAmount),
      partner_uplift: input.partnerUplift === undefined ? null : String(input.partnerUplift),
    } : {}),
    max_term_months: input.maxTermMonths, updated_by: ctx.user.id,
    ...(input.borrowerType === 'SMALL_COMPANY' ? {
      key_hire_share: String(input.keyHireShare), key_hire_large_share: String(input.keyHireLargeShare), key_hire_staff_threshold: input.keyHireStaffThreshold!,
    } : {}),
  }),
});

export const clientGroupCalls = [
  defineCall({ path: 'business-client-group/list', handler: groupTable.list }),
  defineCall({
    path: 'business-client-group/edit',
    handler: (ctx, input) => (input.id === undefined ? groupTable.add(ctx, input) : groupTable.update(ctx, { ...input, id: input.id, version: input.version! })),
  }),
  defineCall({
    path: 'business-client-group/del',
    async handler(ctx: CallContext<AuthUser>, input): Promise<null> {
      const row = await groupTable.load(ctx.db, input.id, ctx.now);
      if (row.used === 0) return groupTable.remove(ctx, input);
      await groupTable.change(ctx, input, (before) => (before.state === 'DISABLED' ? null : { state: 'DISABLED', updated_by: ctx.user.id }), 'disable');
      return null;
    },
  }),
  defineCall({ path: 'business-client-group/typeOfBorrowerList', handler: loadTypes }),
  defineCall({
    path: 'business-client-group/typeOfBorrowerUpdate',
    handler: (ctx, input) => typeTable.update(ctx, { ...input, borrower_type: input.borrowerType }),
  }),
];
