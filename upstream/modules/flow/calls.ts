import type { Kysely } from 'kysely';
import type { RowKind } from '../../core/row-access';
import type { Database } from '../../db/schema';
import { defineCall, type InputOf } from '../../core/call';
import { conflict, forbidden, invalid } from '../../core/errors';
import { allowed } from '../../core/permission';
import { audit } from '../../core/audit';
import { reference, resource } from '../../core/resource';
import type { FlowNodes, FlowRow, NodeCandidate } from '../../../lib/contract/flow';
import {
  bumpFlow, checkPeople, flowNodes, inUse, loadFlow, lockFlow, lockNode, nextSort, pendingAt, RUNNING, selectFlow, setPeople,
  stageCandidates, toFlowRow,
} from './store';

/** What an edit of a flow writes: absent texts are blank, an absent state stays. */
const flowPatch = (input: InputOf<'approvalModule/update'>, before: { state: FlowRow['state'] }) =>
  ({ name: input.name, name_en: input.nameEn ?? '', description: input.description ?? '', state: input.state ?? before.state });

/** The column of each field of an edit, as the flow's row holds it. */
const COLUMN_OF = { name: 'name', nameEn: 'name_en', description: 'description', state: 'state' } as const;

/**
 * A flow named by a call's input (row access of kind 'flow'; flows belong to no organisation):
 * each field the edit changes from the flow as it stands needs the button the rule names for it
 * (its texts flow::edit, its state flow::state), else 403. A missing flow is the handler's 404;
 * a flow changed meanwhile makes the edit's version stale (409).
 */
export const flowRowAccess: RowKind = async (ctx, id, rule, input) => {
  const before = await ctx.db.selectFrom('approval_module').select(['name', 'name_en', 'description', 'state'])
    .where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!before || !rule.changes) return;
  const after = flowPatch(input as InputOf<'approvalModule/update'>, before);
  for (const [field, permission] of Object.entries(rule.changes)) {
    const column = COLUMN_OF[field as keyof typeof COLUMN_OF];
    if (after[column] !== before[column] && !(await allowed(ctx.db, ctx.user, { permission }))) throw forbidden();
  }
};

const flowSummary = (row: FlowRow) =>
  ({ name: row.name, nameEn: row.nameEn, borrowerType: row.borrowerType, description: row.description, state: row.state, version: row.version });

/** The type's enabled module steps down when another is enabled, in the same transaction: new applications always find exactly one. */
async function stepDown(trx: Kysely<Database>, ctx: { user: { id: number }; now: Date }, borrowerType: FlowRow['borrowerType']) {
  const current = await trx.selectFrom('approval_module').select(['id', 'version'])
    .where('borrower_type', '=', borrowerType).where('state', '=', 'ENABLED').executeTakeFirst();
  if (!current) return;
  const previous = await loadFlow(trx, current.id);
  await bumpFlow(trx, current.id, current.version, ctx.now, { state: 'DISABLED' });
  await audit(trx, ctx.user, 'flow.state', { type: 'flow', id: current.id }, { before: flowSummary(previous), after: flowSummary(await loadFlow(trx, current.id)) });
}

/** approvalModule: the flows, one enabled per borrower type. Deleted ones are kept, marked: finished cases still name them. */
const flowTable = resource({
  table: 'approval_module',
  key: 'id',
  select: selectFlow,
  toRow: toFlowRow,
  label: (row) => row.name,
  filters: { name: { contains: ['name', 'name_en'] }, borrowerType: { equals: 'borrower_type' }, state: { equals: 'state' } },
  orders: { borrowerType: 'borrower_type' },
  order: 'borrowerType',
  removal: { soft: 'deleted_at' },
  unique: [{ field: 'name', column: 'name', per: ['borrower_type'], ignoreCase: true, key: 'validation.flowNameTaken', index: 'approval_module_name_uq' }],
  references: [reference('application', 'module_id', 'flow.inUse', (q) => q.where('status', 'in', RUNNING))],
  audit: { type: 'flow', action: 'flow', summary: flowSummary },
  insert: (input: InputOf<'approvalModule/add'>) =>
    ({ name: input.name, name_en: input.nameEn ?? '', borrower_type: input.borrowerType, description: input.description ?? '', state: 'DISABLED' as const }),
  patch: flowPatch,
  rules: {
    async lock(trx, _ctx, input) {
      // Enabling touches two modules of a type: lock all of the type, in one order, so two enablings queue instead of deadlocking.
      if (input.state !== 'ENABLED') return;
      await trx.selectFrom('approval_module').select('id').where('deleted_at', 'is', null)
        .where('borrower_type', '=', (eb) => eb.selectFrom('approval_module').select('borrower_type').where('id', '=', input.id))
        .orderBy('id').forUpdate().execute();
    },
    validate(_trx, _ctx, values, before) {
      // Which buttons the change needs is the call's row access (flowRowAccess).
      if (!before) return;
      if (values.state === 'ENABLED' && before.state !== 'ENABLED' && before.nodeCount === 0) throw conflict('flow.noNodes');
      if (values.state === 'DISABLED' && before.state === 'ENABLED') throw conflict('flow.lastEnabled');
    },
    async beforeUpdate(trx, ctx, values, before) {
      if (values.state === 'ENABLED' && before.state !== 'ENABLED') await stepDown(trx, ctx, before.borrowerType);
    },
    beforeDelete(_trx, _ctx, before) {
      if (before.state === 'ENABLED') throw conflict('flow.deleteEnabled');
    },
    action: (values, before) => (values.state !== before.state ? 'state' : 'update'),
  },
});

const moduleCalls = [
  defineCall({ path: 'approvalModule/getList', handler: flowTable.list }),
  defineCall({ path: 'approvalModule/add', handler: flowTable.add }),
  defineCall({ path: 'approvalModule/update', handler: flowTable.update }),
  defineCall({ path: 'approvalModule/del', handler: flowTable.remove }),
];


/** A flow with its nodes: what every node call answers. */
const flowWithNodes = async (db: Parameters<typeof loadFlow>[0], moduleId: number): Promise<FlowNodes> =>
  ({ module: await loadFlow(db, moduleId), nodes: await flowNodes(db, moduleId) });

/** approvalConfig: a module's ordered nodes, their people and limits. */
const nodeCalls = [
  defineCall({
    path: 'approvalConfig/getList',
    handler: (ctx, input): Promise<FlowNodes> => flowWithNodes(ctx.db, input.moduleId),
  }),
  defineCall({
    path: 'approvalConfig/getCandidates',
    handler: (ctx, input): Promise<NodeCandidate[]> => stageCandidates(ctx.db, input.stage).orderBy('o.name').orderBy('u.id').execute(),
  }),
  defineCall({
    path: 'approvalConfig/add',
    handler: (ctx, input): Promise<FlowNodes> => ctx.db.transaction().execute(async (trx) => {
      const module = await lockFlow(trx, input.moduleId);
      const taken = await trx.selectFrom('approval_node').select('id')
        .where('module_id', '=', input.moduleId).where('stage', '=', input.stage).where('deleted_at', 'is', null).executeTakeFirst();
      if (taken) throw invalid({ stage: 'validation.flowStageTaken' });
      const userIds = await checkPeople(trx, input.stage, input.userIds);
      const { id } = await trx.insertInto('approval_node').values({
        module_id: input.moduleId, stage: input.stage, sort: await nextSort(trx, input.moduleId),
        time_limit_days: input.timeLimitDays ?? null, updated_at: ctx.now,
      }).returning('id').executeTakeFirstOrThrow();
      await setPeople(trx, id, userIds);
      await bumpFlow(trx, input.moduleId, module.version, ctx.now);
      await audit(trx, ctx.user, 'flowNode.create', { type: 'flowNode', id }, {
        module: input.moduleId, after: { stage: input.stage, timeLimitDays: input.timeLimitDays ?? null, userIds },
      });
      return flowWithNodes(trx, input.moduleId);
    }),
  }),
  defineCall({
    path: 'approvalConfig/update',
    handler: (ctx, input): Promise<FlowNodes> => ctx.db.transaction().execute(async (trx) => {
      const node = await lockNode(trx, input.id, input.version);
      const userIds = await checkPeople(trx, node.stage, input.userIds);
      const before = (await flowNodes(trx, node.module_id)).find((n) => n.id === node.id)!;
      await trx.updateTable('approval_node').set((eb) => ({ time_limit_days: input.timeLimitDays ?? null, version: eb('version', '+', 1), updated_at: ctx.now }))
        .where('id', '=', node.id).execute();
      await setPeople(trx, node.id, userIds);
      await audit(trx, ctx.user, 'flowNode.update', { type: 'flowNode', id: node.id }, {
        module: node.module_id,
        before: { timeLimitDays: before.timeLimitDays, userIds: before.people.map((p) => p.id) },
        after: { timeLimitDays: input.timeLimitDays ?? null, userIds },
      });
      return flowWithNodes(trx, node.module_id);
    }),
  }),
  defineCall({
    path: 'approvalConfig/del',
    handler: (ctx, input): Promise<FlowNodes> => ctx.db.transaction().execute(async (trx) => {
      const peek = await trx.selectFrom('approval_node').select('module_id').where('id', '=', input.id).executeTakeFirst();
      // The module first, then the node: the same order as every other change of a module's nodes.
      const module = peek ? await lockFlow(trx, peek.module_id) : null;
      const node = await lockNode(trx, input.id, input.version);
      const pending = await pendingAt(trx, node.id);
      if (pending > 0) throw inUse('flow.nodeInUse', pending);
      const before = await loadFlow(trx, node.module_id);
      if (before.state === 'ENABLED' && before.nodeCount === 1) throw conflict('flow.lastNode');
      await trx.updateTable('approval_node').set((eb) => ({ deleted_at: ctx.now, version: eb('version', '+', 1), updated_at: ctx.now }))
        .where('id', '=', node.id).execute();
      await bumpFlow(trx, node.module_id, module!.version, ctx.now);
      await audit(trx, ctx.user, 'flowNode.delete', { type: 'flowNode', id: node.id }, {
        module: node.module_id, before: { stage: node.stage, timeLimitDays: node.time_limit_days },
      });
      return flowWithNodes(trx, node.module_id);
    }),
  }),
  defineCall({
    path: 'approvalConfig/updateSort',
    handler: (ctx, input): Promise<FlowNodes> => ctx.db.transaction().execute(async (trx) => {
      const module = await lockFlow(trx, input.moduleId);
      if (module.version !== input.version) throw conflict();
      const nodes = await flowNodes(trx, input.moduleId);
      const same = input.ids.length === nodes.length && new Set(input.ids).size === nodes.length && nodes.every((n) => input.ids.includes(n.id));
      if (!same) throw invalid({ ids: 'validation.nodeOrder' });
      for (const [index, id] of input.ids.entries()) {
        await trx.updateTable('approval_node').set({ sort: index + 1, updated_at: ctx.now }).where('id', '=', id).execute();
      }
      await bumpFlow(trx, input.moduleId, module.version, ctx.now);
      await audit(trx, ctx.user, 'flowNode.sort', { type: 'flow', id: input.moduleId }, {
        before: nodes.map((n) => n.stage), after: input.ids.map((id) => nodes.find((n) => n.id === id)!.stage),
      });
      return flowWithNodes(trx, input.moduleId);
    }),
  }),
];

export const flowCalls = [...moduleCalls, ...nodeCalls];
