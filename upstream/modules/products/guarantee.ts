import { whitelistedToday } from '../risk/whitelist';
import { groupNamed } from '../workflow/people';
import { defineCall, type InputOf } from '../../core/call';
import { resource } from '../../core/resource';
import type { Db } from '../../core/resource/types';
import type { GuaranteeRow, UserGuaranteeMethod } from '../../../lib/contract/guarantee';
import type { GuaranteeMethod } from '../../../lib/workflow/stages';

const summary = (row: GuaranteeRow) => {
  const { usedCount: _used, updateTime: _time, ...rest } = row;
  return rest;
};

/** businessGuaranteeConfig: the three methods, edited or disabled (the workflow routes by their codes). */
const methods = resource({
  table: 'guarantee_method',
  key: 'code',
  what: 'guaranteeMethod',
  select: (q) => q.selectAll('t')
    .select((eb) => eb.selectFrom('application as a').select(eb.fn.countAll<number>().as('n')).whereRef('a.guarantee_method', '=', 't.code').as('used')),
  toRow: (r): GuaranteeRow => ({
    code: r.code, nameZh: r.name_zh, nameEn: r.name_en, maxAmount: Number(r.max_amount), requiredDocs: r.required_docs,
    guarantorCount: r.guarantor_count, allowWhitelisted: r.allow_whitelisted, allowExemptGroups: r.allow_exempt_groups,
    state: r.state, sort: r.sort, usedCount: Number(r.used ?? 0), version: r.version, updateTime: new Date(r.updated_at).toISOString(),
  }),
  filters: { state: { equals: 'state' } },
  orders: { sort: 'sort' },
  order: 'sort',
  audit: { type: 'guaranteeMethod', action: 'guaranteeMethod', summary },
  patch: (input: InputOf<'businessGuaranteeConfig/update'>, _before, ctx) => ({
    name_zh: input.nameZh, name_en: input.nameEn, max_amount: input.maxAmount, required_docs: JSON.stringify(input.requiredDocs),
    guarantor_count: input.code === 'GUARANTOR' ? input.guarantorCount ?? 1 : null,
    allow_whitelisted: input.code === 'CREDIT' && input.allowWhitelisted, allow_exempt_groups: input.code === 'CREDIT' && input.allowExemptGroups,
    state: input.state, sort: input.sort, updated_by: ctx.user.id,
  }),
  rules: { action: (values, before) => (values.state !== before.state ? 'state' : 'update') },
});

/**
 * The methods open to a proposer: every enabled method, credit-exempt only to a whitelisted
 * proposer (if the method allows it) or a member of a client group that may use it (if it
 * allows that), in the methods' order.
 */
export async function methodsOpenTo(db: Db, idNumber: string, groupId: number | null) {
  const whitelisted = Boolean(await db.selectFrom('whitelist').select('id').where('id_number', '=', idNumber).where(whitelistedToday).executeTakeFirst());
  const group = groupId === null ? undefined
    : await db.selectFrom('client_group').select('credit_exempt').where('id', '=', groupId).where('state', '=', 'ENABLED').executeTakeFirst();
  const rows = await db.selectFrom('guarantee_method').selectAll().orderBy('sort').orderBy('code').execute();
  const methodList: UserGuaranteeMethod[] = rows.map((r) => {
    const eligible = r.code !== 'CREDIT' || (r.allow_whitelisted && whitelisted) || (r.allow_exempt_groups && Boolean(group?.credit_exempt));
    const closedBy = r.state !== 'ENABLED' ? 'DISABLED' : eligible ? null : 'NOT_ELIGIBLE';
    return {
      code: r.code, nameZh: r.name_zh, nameEn: r.name_en, maxAmount: Number(r.max_amount), guarantorCount: r.guarantor_count,
      requiredDocs: r.required_docs, open: closedBy === null, closedBy,
    };
  });
  return { whitelisted, methods: methodList };
}

export type OpenMethods = Awaited<ReturnType<typeof methodsOpenTo>>;
export const methodOf = (open: OpenMethods, code: GuaranteeMethod) => open.methods.find((m) => m.code === code);

export const guaranteeCalls = [
  defineCall({ path: 'businessGuaranteeConfig/list', handler: methods.list }),
  defineCall({ path: 'businessGuaranteeConfig/update', handler: methods.update }),
  defineCall({
    path: 'businessApproveRecord/userGuaranteeMethod',
    handler: async (ctx, input) => methodsOpenTo(ctx.db, input.idNumber, input.employmentCategory ? (await groupNamed(ctx.db, input.employmentCategory))?.id ?? null : null),
  }),
];
