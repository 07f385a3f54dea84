import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { From } from '../../core/resource';
import { AppError, conflict, invalid, notFound } from '../../core/errors';
import { CODES } from '../../../lib/contract/common';
import type { FlowNodeRow, FlowRow, NodePersonRef } from '../../../lib/contract/flow';
import { STAGE_INFO, type Stage } from '../../../lib/workflow/stages';

type Db = Kysely<Database>;

/** Statuses of a case still under way: the module and node it sits at must stay. */
export const RUNNING = ['IN_REVIEW', 'RETURNED'] as const;

/** The columns of a module row (the table is `t`), with its node and running-case counts. */
export const selectFlow = (q: From<'approval_module'>) => q
  .select(['t.id', 't.name', 't.name_en', 't.borrower_type', 't.description', 't.state', 't.version', 't.created_at', 't.updated_at'])
  .select((eb) => [
    eb.selectFrom('approval_node as n').select(eb.fn.countAll<number>().as('c'))
      .whereRef('n.module_id', '=', 't.id').where('n.deleted_at', 'is', null).as('nodeCount'),
    eb.selectFrom('application as a').select(eb.fn.countAll<number>().as('c'))
      .whereRef('a.module_id', '=', 't.id').where('a.status', 'in', RUNNING).as('runningCount'),
  ]);

/** The modules as rows (deleted ones left out). */
const flowRows = (db: Db) => selectFlow(db.selectFrom('approval_module as t')).where('t.deleted_at', 'is', null);

type FlowRowData = Awaited<ReturnType<ReturnType<typeof flowRows>['executeTakeFirstOrThrow']>>;

export const toFlowRow = (r: FlowRowData): FlowRow => ({
  id: r.id, name: r.name, nameEn: r.name_en, borrowerType: r.borrower_type, description: r.description, state: r.state,
  nodeCount: Number(r.nodeCount ?? 0), runningCount: Number(r.runningCount ?? 0), version: r.version,
  createTime: new Date(r.created_at).toISOString(), updateTime: new Date(r.updated_at).toISOString(),
});

export async function loadFlow(db: Db, id: number): Promise<FlowRow> {
  const row = await flowRows(db).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return toFlowRow(row);
}

/** A flow's name is unique per borrower type among flows not deleted (ignoring case): 422 on `name` when taken. */
/** Locks a module for a change of its nodes or state, so concurrent changes queue behind it. */
export async function lockFlow(db: Db, id: number) {
  const row = await db.selectFrom('approval_module').select(['id', 'version', 'state', 'borrower_type'])
    .where('id', '=', id).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Raises a module's version (its nodes' order and set are part of it); a stale one is a conflict. */
export async function bumpFlow(db: Db, id: number, version: number, now: Date, changes: Partial<{ name: string; description: string; state: 'ENABLED' | 'DISABLED'; deleted_at: Date }> = {}) {
  const updated = await db.updateTable('approval_module')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', id).where('version', '=', version).where('deleted_at', 'is', null)
    .returning('id').executeTakeFirst();
  if (!updated) throw conflict();
}

/** The module's nodes in order, with their people, limits and waiting cases. */
export async function flowNodes(db: Db, moduleId: number): Promise<FlowNodeRow[]> {
  const nodes = await db.selectFrom('approval_node as n').leftJoin('overtime_config as c', 'c.stage', 'n.stage')
    .select(['n.id', 'n.stage', 'n.sort', 'n.time_limit_days', 'n.version', 'c.days'])
    .select((eb) => eb.selectFrom('application as a').select(eb.fn.countAll<number>().as('c'))
      .whereRef('a.node_id', '=', 'n.id').where('a.status', '=', 'IN_REVIEW').as('pending'))
    .where('n.module_id', '=', moduleId).where('n.deleted_at', 'is', null)
    .orderBy('n.sort').orderBy('n.id').execute();
  const people = nodes.length === 0 ? [] : await db.selectFrom('approval_node_person as p')
    .innerJoin('app_user as u', 'u.id', 'p.user_id').innerJoin('organization as o', 'o.id', 'u.org_id')
    .select(['p.node_id', 'u.id', 'u.nickname', 'o.name as orgName'])
    .where('p.node_id', 'in', nodes.map((n) => n.id)).orderBy('u.id').execute();
  return nodes.map((n) => ({
    id: n.id, stage: n.stage, sort: n.sort, timeLimitDays: n.time_limit_days, effectiveDays: n.time_limit_days ?? n.days ?? null,
    people: people.filter((p) => p.node_id === n.id).map((p): NodePersonRef => ({ id: p.id, nickname: p.nickname, orgName: p.orgName })),
    pending: Number(n.pending ?? 0), version: n.version,
  }));
}

/** Enabled users of organisations of the stage's type, the people a node of the stage may hold. */
export function stageCandidates(db: Db, stage: Stage) {
  return db.selectFrom('app_user as u').innerJoin('organization as o', 'o.id', 'u.org_id')
    .select(['u.id', 'u.nickname', 'o.name as orgName'])
    .where('u.state', '=', 'ENABLED').where('o.type', '=', STAGE_INFO[stage].orgType);
}

/** Refuses people who may not work the stage (422 on userIds); answers them for the audit. */
export async function checkPeople(db: Db, stage: Stage, userIds: readonly number[]) {
  const unique = [...new Set(userIds)];
  const found = await stageCandidates(db, stage).where('u.id', 'in', unique).execute();
  if (found.length !== unique.length) throw invalid({ userIds: 'validation.nodePeopleOrg' });
  return unique;
}

export async function setPeople(db: Db, nodeId: number, userIds: readonly number[]) {
  await db.deleteFrom('approval_node_person').where('node_id', '=', nodeId).execute();
  await db.insertInto('approval_node_person').values(userIds.map((user_id) => ({ node_id: nodeId, user_id }))).execute();
}

/** Locks a node (and answers it with its module) for a change; a stale version is a conflict. */
export async function lockNode(db: Db, id: number, version: number) {
  const node = await db.selectFrom('approval_node').select(['id', 'module_id', 'stage', 'version', 'time_limit_days'])
    .where('id', '=', id).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
  if (!node) throw notFound();
  if (node.version !== version) throw conflict();
  return node;
}

/** Cases waiting at a node now. */
export async function pendingAt(db: Db, nodeId: number): Promise<number> {
  const { n } = await db.selectFrom('application').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('node_id', '=', nodeId).where('status', '=', 'IN_REVIEW').executeTakeFirstOrThrow();
  return Number(n);
}

export const inUse = (key: string, count: number) => new AppError(CODES.conflict, key, { count });

/** The next sort number of a module's nodes. */
export async function nextSort(db: Db, moduleId: number): Promise<number> {
  const { max } = await db.selectFrom('approval_node').select(sql<number>`coalesce(max(sort), 0)`.as('max'))
    .where('module_id', '=', moduleId).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
  return Number(max) + 1;
}
