import { defineCall, type InputOf } from '../../core/call';
import { reference, resource } from '../../core/resource';
import type { PushTargetRow } from '../../../lib/contract/push';

/** A secret as the screen shows it: a mask and its last four characters. */
const secretHint = (secret: string) => `••••${secret.slice(-4)}`;

/**
 * Push targets (DOMAIN.md section 4): where events are POSTed and the secret their bodies are
 * signed with. The secret is written, never read back: rows and audit lines carry its hint only.
 */
const targets = resource({
  table: 'push_target',
  key: 'id',
  what: 'pushTarget',
  select: (q) => q.select(['t.id', 't.name', 't.url', 't.secret', 't.events', 't.state', 't.version', 't.updated_at'])
    .select((eb) => eb.selectFrom('push_outbox as o').select(eb.fn.countAll<number>().as('n')).whereRef('o.target_id', '=', 't.id').as('deliveries')),
  toRow: (r): PushTargetRow => ({
    id: r.id, name: r.name, url: r.url, secretHint: secretHint(r.secret), events: r.events, state: r.state,
    deliveries: Number(r.deliveries ?? 0), version: r.version, updateTime: new Date(r.updated_at).toISOString(),
  }),
  label: (row) => row.name,
  filters: { name: { contains: 'name' }, state: { equals: 'state' } },
  orders: { name: 'name', updateTime: 'updated_at' },
  order: 'name',
  unique: [{ field: 'name', column: 'name', ignoreCase: true, key: 'validation.pushTargetTaken', index: 'push_target_name_uq' }],
  audit: { type: 'pushTarget', action: 'pushTarget', summary: (row) => ({ name: row.name, url: row.url, secretHint: row.secretHint, events: row.events, state: row.state, version: row.version }) },
  references: [reference('push_outbox', 'target_id', 'pushTargetInUse')],
  insert: (input: InputOf<'pushTarget/add'>) => ({
    name: input.name, url: input.url, secret: input.secret, events: JSON.stringify([...new Set(input.events)]), state: input.state,
  }),
  patch: (input: InputOf<'pushTarget/update'>) => ({
    name: input.name, url: input.url, events: JSON.stringify([...new Set(input.events)]), state: input.state,
    ...(input.secret ? { secret: input.secret } : {}),
  }),
  rules: { action: (values, before) => (values.state !== before.state ? 'state' : 'update') },
});

export const pushTargetCalls = [
  defineCall({ path: 'pushTarget/list', handler: targets.list }),
  defineCall({
    path: 'pushTarget/options',
    handler: async (ctx) => ctx.db.selectFrom('push_target').select(['id', 'name']).orderBy('name').orderBy('id').execute(),
  }),
  defineCall({ path: 'pushTarget/add', handler: targets.add }),
  defineCall({ path: 'pushTarget/update', handler: targets.update }),
  defineCall({ path: 'pushTarget/del', handler: targets.remove }),
];
