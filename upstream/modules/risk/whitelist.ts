import { sql } from 'kysely';
import { defineCall, type InputOf } from '../../core/call';
import { resource } from '../../core/resource';
import { dateText } from '../workflow/rows';
import { maskIdNumber } from '../../../lib/workflow/id-number';
import type { WhitelistRow } from '../../../lib/contract/risk';
import { chinaToday } from '../../core/china-time';

type Edit = InputOf<'sysWhiteList/edit'>;

/** The whitelist (sysWhiteList): people vouched for by an organisation, each ID number once, valid through a day or for good. */
const whitelistTable = resource({
  table: 'whitelist',
  key: 'id',
  what: 'whitelist',
  select: (q, now) => q.select(['t.id', 't.name', 't.id_number', 't.source_org', 't.note', 't.created_at', 't.version'])
    .select(dateText('t.valid_until').as('valid_until'))
    .select(sql<boolean>`(t.valid_until is null or t.valid_until >= ${chinaToday(now)}::date)`.as('valid')),
  toRow: (r): WhitelistRow => ({
    id: r.id, name: r.name, idNumber: maskIdNumber(r.id_number), sourceOrg: r.source_org, note: r.note, validUntil: r.valid_until,
    valid: r.valid, createTime: new Date(r.created_at).toISOString(), version: r.version,
  }),
  label: (row) => row.name,
  filters: {
    name: { contains: 'name' },
    idNumber: (q, v) => q.where('t.id_number', '=', String(v).toUpperCase()),
    sourceOrg: { contains: 'source_org' },
  },
  orders: { createTime: 'created_at' },
  order: '-createTime',
  unique: [{ field: 'idNumber', column: 'id_number', key: 'validation.whitelistTaken', index: 'whitelist_id_number_key' }],
  audit: { type: 'whitelist', action: 'whitelist', summary: (row) => ({ name: row.name, idNumber: row.idNumber, sourceOrg: row.sourceOrg, validUntil: row.validUntil, version: row.version }) },
  insert: (input: Edit, ctx) => ({
    name: input.name, id_number: input.idNumber!, source_org: input.sourceOrg, note: input.note, valid_until: input.validUntil ?? null, created_by: ctx.user.id,
  }),
  patch: (input: Edit) => ({ name: input.name, source_org: input.sourceOrg, note: input.note, valid_until: input.validUntil ?? null }),
});

/** Whether a person is on the whitelist today (intake marks them; they may use the credit-exempt guarantee). */
export const whitelistedToday = sql<boolean>`(valid_until is null or valid_until >= (now() at time zone 'Asia/Shanghai')::date)`;

export const whitelistCalls = [
  defineCall({ path: 'sysWhiteList/getList', handler: whitelistTable.list }),
  defineCall({
    path: 'sysWhiteList/edit',
    handler: (ctx, input) => (input.id === undefined ? whitelistTable.add(ctx, input) : whitelistTable.update(ctx, { ...input, id: input.id, version: input.version! })),
  }),
  defineCall({ path: 'sysWhiteList/del', handler: whitelistTable.remove }),
];
