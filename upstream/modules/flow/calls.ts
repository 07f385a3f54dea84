import { defineCall } from '../../core/call';
import { conflict, forbidden, invalid } from '../../core/errors';
import { allowed } from '../../core/permission';
import { containsPattern } from '../../core/like';
import { audit } from '../../core/audit';
import type { Page } from '../../../lib/contract/common';
import {
  flowAddInput, flowDeleteInput, flowListInput, flowUpdateInput, nodeAddInput, nodeCandidatesInput, nodeDeleteInput,
  nodeListInput, nodeSortInput, nodeUpdateInput, type FlowNodes, type FlowRow, type NodeCandidate,
} from '../../../lib/contract/flow';
import {
  bumpFlow, checkFlowName, checkPeople, flowNodes, flowRows, inUse, loadFlow, lockFlow, lockNode, nextSort, pendingAt, setPeople,
  stageCandidates, toFlowRow, uniqueFlowName,
} from './store';

export const FLOW_PAGE = { page: '/admin/setting/resources/business-flow' } as const;
const button = (action: string) => ({ permission: `flow::${action}` }) as const;

const flowSummary = (row: FlowRow) =>
  ({ name: row.name, borrowerType: row.borrowerType, description: row.description, state: row.state, version: row.version });

/** approvalModule: the flows, one enabled per borrower type. */
const moduleCalls = [
  defineCall({
    path: 'approvalModule/getList',
    access: FLOW_PAGE,
    input: flowListInput,
    async handler(ctx, input): Promise<Page<FlowRow>> {
      let query = flowRows(ctx.db);
      if (input.name) query = query.where('m.name', 'ilike', containsPattern(input.name));
      if (input.borrowerType) query = query.where('m.borrower_type', '=', input.borrowerType);
      if (input.state) query = query.where('m.state', '=', input.state);
      const rows = await query.orderBy('m.borrower_type').orderBy('m.id').execute();
      const start = (input.pageNum - 1) * input.pageSize;
      return { list: rows.slice(start, start + input.pageSize).map(toFlowRow), total: rows.length, totalPage: Math.ceil(rows.length / input.pageSize) };
    },
  }),
  defineCall({
    path: 'approvalModule/add',
    access: button('add'),
    input: flowAddInput,
    handler: (ctx, input): Promise<FlowRow> => uniqueFlowName(ctx.db.transaction().execute(async (trx) => {
      await checkFlowName(trx, input.borrowerType, input.name);
      const { id } = await trx.insertInto('approval_module').values({
        name: input.name, borrower_type: input.borrowerType, description: input.description ?? '', state: 'DISABLED', updated_at: ctx.now,
      }).returning('id').executeTakeFirstOrThrow();
      const created = await loadFlow(trx, id);
      await audit(trx, ctx.user, 'flow.create', { type: 'flow', id }, { after: flowSummary(created) });
      return created;
    })),
  }),
  defineCall({
    path: 'approvalModule/update',
    access: [button('edit'), button('state')],
    input: flowUpdateInput,
    handler: (ctx, input): Promise<FlowRow> => uniqueFlowName(ctx.db.transaction().execute(async (trx) => {
      if (input.state === 'ENABLED') {
        // Enabling touches two modules of a type: lock all of the type, in one order, so two enablings queue instead of deadlocking.
        await trx.selectFrom('approval_module').select('id').where('deleted_at', 'is', null)
          .where('borrower_type', '=', (eb) => eb.selectFrom('approval_module').select('borrower_type').where('id', '=', input.id))
          .orderBy('id').forUpdate().execute();
      }
      const locked = await lockFlow(trx, input.id);
      const before = await loadFlow(trx, input.id);
      if (before.version !== input.version) throw conflict();
      const state = input.state ?? before.state;
      const edits = input.name !== before.name || (input.description ?? '') !== before.description;
      if (edits && !(await allowed(trx, ctx.user, button('edit')))) throw forbidden();
      if (input.name !== before.name) await checkFlowName(trx, before.borrowerType, input.name, input.id);
      if (state !== before.state && !(await allowed(trx, ctx.user, button('state')))) throw forbidden();
      if (state === 'ENABLED' && before.state !== 'ENABLED') {
        if (before.nodeCount === 0) throw conflict('flow.noNodes');
        // The type's enabled module steps down in the same transaction: new applications always find exactly one.
        const current = await trx.selectFrom('approval_module').select(['id', 'version'])
          .where('borrower_type', '=', locked.borrower_type).where('state', '=', 'ENABLED').executeTakeFirst();
        if (current) {
          const previous = await loadFlow(trx, current.id);
          await bumpFlow(trx, current.id, current.version, ctx.now, { state: 'DISABLED' });
          await audit(trx, ctx.user, 'flow.state', { type: 'flow', id: current.id }, { before: flowSummary(previous), after: flowSummary(await loadFlow(trx, current.id)) });
        }
      }
      if (state === 'DISABLED' && before.state === 'ENABLED') throw conflict('flow.lastEnabled');
      await bumpFlow(trx, input.id, input.version, ctx.now, { name: input.name, description: input.description ?? '', state });
      const after = await loadFlow(trx, input.id);
      await audit(trx, ctx.user, state !== before.state ? 'flow.state' : 'flow.update', { type: 'flow', id: input.id }, { before: flowSummary(before), after: flowSummary(after) });
      return after;
    })),
  }),
  defineCall({
    path: 'approvalModule/del',
    access: button('delete'),
    input: flowDeleteInput,
    handler: (ctx, input) => ctx.db.transaction().execute(async (trx) => {
      await lockFlow(trx, input.id);
      const before = await loadFlow(trx, input.id);
      if (before.version !== input.version) throw conflict();
      if (before.state === 'ENABLED') throw conflict('flow.deleteEnabled');
      if (before.runningCount > 0) throw inUse('flow.inUse', before.runningCount);
      // Kept, marked deleted: finished cases still name their module and nodes.
      await bumpFlow(trx, input.id, input.version, ctx.now, { deleted_at: ctx.now });
      await audit(trx, ctx.user, 'flow.delete', { type: 'flow', id: input.id }, { before: flowSummary(before) });
      return null;
    }),
  }),
];

const NODE = 'node';

/** A flow with its nodes: what every node call answers. */
const flowWithNodes = async (db: Parameters<typeof loadFlow>[0], moduleId: number): Promise<FlowNodes> =>
  ({ module: await loadFlow(db, moduleId), nodes: await flowNodes(db, moduleId) });

/** approvalConfig: a module's ordered nodes, their people and limits. */
const nodeCalls = [
  defineCall({
    path: 'approvalConfig/getList',
    access: FLOW_PAGE,
    input: nodeListInput,
    handler: (ctx, input): Promise<FlowNodes> => flowWithNodes(ctx.db, input.moduleId),
  }),
  defineCall({
    path: 'approvalConfig/getCandidates',
    access: FLOW_PAGE,
    input: nodeCandidatesInput,
    handler: (ctx, input): Promise<NodeCandidate[]> => stageCandidates(ctx.db, input.stage).orderBy('o.name').orderBy('u.id').execute(),
  }),
  defineCall({
    path: 'approvalConfig/add',
    access: button(NODE),
    input: nodeAddInput,
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
    access: button(NODE),
    input: nodeUpdateInput,
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
    access: button(NODE),
    input: nodeDeleteInput,
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
    access: button(NODE),
    input: nodeSortInput,
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
