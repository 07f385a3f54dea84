import { sql } from 'kysely';
import { defineCall, type InputOf } from '../../core/call';
import { audit } from '../../core/audit';
import { invalid } from '../../core/errors';
import { reference, resource } from '../../core/resource';
import { lockKey } from '../../core/resource/rules';
import type { Db, WriteContext } from '../../core/resource/types';
import type { SmsTemplateRow } from '../../../lib/contract/sms';
import { fieldMessage } from '../../../lib/contract/field-message';
import { unknownVariables, type SmsScene } from '../../../lib/workflow/sms';

const summary = (row: SmsTemplateRow) => ({ scene: row.scene, signature: row.signature, content: row.content, state: row.state, version: row.version });

/**
 * One enabled template per scene: enabling one disables the scene's other enabled template
 * (audited), under a lock on the scene so two enablings queue.
 */
async function enableAlone(trx: Db, ctx: WriteContext, scene: SmsScene, except: number | null) {
  await sql`select pg_advisory_xact_lock(${lockKey('sms_template.scene')}, ${lockKey(scene)})`.execute(trx);
  let others = trx.selectFrom('sms_template').select(['id', 'version']).where('scene', '=', scene).where('state', '=', 'ENABLED');
  if (except !== null) others = others.where('id', '<>', except);
  for (const other of await others.execute()) {
    await trx.updateTable('sms_template').set((eb) => ({ state: 'DISABLED', version: eb('version', '+', 1), updated_at: ctx.now, updated_by: ctx.user.id }))
      .where('id', '=', other.id).execute();
    await audit(trx, ctx.user, 'smsTemplate.state', { type: 'smsTemplate', id: other.id },
      { before: { state: 'ENABLED', version: other.version }, after: { state: 'DISABLED', version: other.version + 1 } });
  }
}

const templates = resource({
  table: 'sms_template',
  key: 'id',
  what: 'smsTemplate',
  select: (q) => q.select(['t.id', 't.scene', 't.signature', 't.content', 't.state', 't.version', 't.updated_at'])
    .select((eb) => eb.selectFrom('sms_outbox as o').select(eb.fn.countAll<number>().as('n')).whereRef('o.template_id', '=', 't.id').as('sent')),
  toRow: (r): SmsTemplateRow => ({
    id: r.id, scene: r.scene, signature: r.signature, content: r.content, state: r.state, sentCount: Number(r.sent ?? 0),
    version: r.version, updateTime: new Date(r.updated_at).toISOString(),
  }),
  label: (row) => row.scene,
  filters: { scene: { equals: 'scene' }, state: { equals: 'state' }, content: { contains: 'content' } },
  orders: { scene: 'scene', updateTime: 'updated_at' },
  order: 'scene',
  audit: { type: 'smsTemplate', action: 'smsTemplate', summary },
  references: [reference('sms_outbox', 'template_id', 'smsTemplateInUse')],
  insert: (input: InputOf<'noteTemplate/add'>, ctx) => ({
    scene: input.scene, signature: input.signature, content: input.content, state: input.state, created_by: ctx.user.id, updated_by: ctx.user.id,
  }),
  patch: (input: InputOf<'noteTemplate/update'>, _before, ctx) => ({
    signature: input.signature, content: input.content, state: input.state, updated_by: ctx.user.id,
  }),
  rules: {
    async validate(trx, ctx, values, before) {
      const scene = (values.scene ?? before?.scene) as SmsScene;
      const unknown = unknownVariables(scene, String(values.content ?? before?.content ?? ''));
      if (unknown.length) throw invalid({ content: fieldMessage('validation.smsVariables', { names: unknown.map((n) => `\${${n}}`).join(', ') }) });
      if ((values.state ?? before?.state) === 'ENABLED') await enableAlone(trx, ctx, scene, before?.id ?? null);
    },
    action: (values, before) => (values.state !== before.state ? 'state' : 'update'),
  },
});

export const smsTemplateCalls = [
  defineCall({ path: 'noteTemplate/list', handler: templates.list }),
  defineCall({ path: 'noteTemplate/add', handler: templates.add }),
  defineCall({ path: 'noteTemplate/update', handler: templates.update }),
  defineCall({ path: 'noteTemplate/del', handler: templates.remove }),
];
