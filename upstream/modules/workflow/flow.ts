import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import { rejectTargets, type FlowNode } from '../../../lib/workflow/machine';
import type { NodePerson } from '../../../lib/contract/workflow';
import { addWorkingDays } from '../../../lib/workflow/working-days';
import { loadCalendar } from '../calendar/store';
import type { Stage } from '../../../lib/workflow/stages';
import { ORG_COLUMN } from './scope';
import { STAGE_INFO } from '../../../lib/workflow/stages';

type Trx = Kysely<Database>;

/** A module's nodes in their configured order. */
export async function moduleNodes(db: Trx, moduleId: number): Promise<FlowNode[]> {
  return (await modulesNodes(db, [moduleId])).get(moduleId) ?? [];
}

/** The nodes of several modules in one query, each module's in their configured order. */
async function modulesNodes(db: Trx, moduleIds: readonly number[]): Promise<Map<number, FlowNode[]>> {
  const rows = await db.selectFrom('approval_node').select(['module_id', 'id', 'stage']).where('module_id', 'in', [...moduleIds])
    .where('deleted_at', 'is', null).orderBy('module_id').orderBy('sort').orderBy('id').execute();
  const nodes = new Map<number, FlowNode[]>(moduleIds.map((id) => [id, []]));
  for (const { module_id, ...node } of rows) nodes.get(module_id)!.push(node);
  return nodes;
}

/** Nodes an application has been at: from its records. */
export async function passedNodes(db: Trx, applicationId: number): Promise<number[]> {
  const rows = await db.selectFrom('approval_record').select('to_node_id').distinct()
    .where('application_id', '=', applicationId).where('to_node_id', 'is not', null).execute();
  return rows.map((r) => r.to_node_id!);
}

/** What deciding whether a case is rejectable reads of it. */
export type RejectableCase = Pick<Selectable<Database['application']>, 'module_id' | 'node_id' | 'status' | 'guarantee_method'> & { id: number };

/** Which of these cases a rejection can take back to a node (the machine's rejectTargets): only those are offered 驳回. */
export async function rejectable(db: Trx, ids: readonly number[]): Promise<Set<number>> {
  const apps = ids.length === 0 ? [] : await db.selectFrom('application').select(['id', 'module_id', 'node_id', 'status', 'guarantee_method'])
    .where('id', 'in', [...ids]).where('status', '=', 'IN_REVIEW').execute();
  return rejectableOf(db, apps);
}

/**
 * The same for cases already read (a list's rows): their passed nodes and the nodes of all
 * their flows are read side by side, two queries, so a list page waits for one more round trip.
 */
export async function rejectableOf(db: Trx, cases: readonly RejectableCase[]): Promise<Set<number>> {
  const apps = cases.filter((a) => a.status === 'IN_REVIEW');
  if (apps.length === 0) return new Set();
  const [passed, modules] = await Promise.all([
    db.selectFrom('approval_record').select(['application_id', 'to_node_id']).distinct()
      .where('application_id', 'in', apps.map((a) => a.id)).where('to_node_id', 'is not', null).execute(),
    modulesNodes(db, [...new Set(apps.map((a) => a.module_id))]),
  ]);
  return new Set(apps.filter((a) => rejectTargets({
    status: a.status, nodeId: a.node_id, guaranteeMethod: a.guarantee_method, nodes: modules.get(a.module_id)!,
    passed: passed.filter((p) => p.application_id === a.id).map((p) => p.to_node_id!),
  }).length > 0).map((a) => a.id));
}

type CaseOrgs = Record<(typeof ORG_COLUMN)[keyof typeof ORG_COLUMN], number>;

/**
 * The people of a node who may take this case: enabled users configured on the node whose
 * organisation is the case's organisation of the node's type, with their pending counts.
 */
export async function nodePeople(db: Trx, node: { id: number; stage: Stage }, app: CaseOrgs): Promise<NodePerson[]> {
  const orgId = app[ORG_COLUMN[STAGE_INFO[node.stage].orgType]];
  const rows = await db.selectFrom('approval_node_person as p')
    .innerJoin('app_user as u', 'u.id', 'p.user_id')
    .innerJoin('organization as o', 'o.id', 'u.org_id')
    .select(['u.id', 'u.nickname', 'o.name as orgName'])
    // Cases waiting with each person: at every stage, and at the node's stage (what a person choosing among them weighs).
    .select((eb) => eb.selectFrom('application as x').select(eb.fn.countAll<number>().as('n'))
      .whereRef('x.assignee_id', '=', 'u.id').where('x.status', '=', 'IN_REVIEW').as('pending'))
    .select((eb) => eb.selectFrom('application as x').select(eb.fn.countAll<number>().as('n'))
      .whereRef('x.assignee_id', '=', 'u.id').where('x.status', '=', 'IN_REVIEW').where('x.stage', '=', node.stage).as('stagePending'))
    .where('p.node_id', '=', node.id).where('u.state', '=', 'ENABLED').where('u.org_id', '=', orgId)
    .orderBy('u.id').execute();
  return rows.map((r) => ({ id: r.id, nickname: r.nickname, orgName: r.orgName, pending: Number(r.pending ?? 0), stagePending: Number(r.stagePending ?? 0) }));
}

/** When a case entering a node is due: the node's own limit, else the stage's time-out config. */
export async function deadlineFor(db: Trx, nodeId: number, from: Date): Promise<Date | null> {
  const row = await db.selectFrom('approval_node as n').leftJoin('overtime_config as c', 'c.stage', 'n.stage')
    .select(['n.time_limit_days', 'c.days']).where('n.id', '=', nodeId).executeTakeFirst();
  const days = row?.time_limit_days ?? row?.days ?? null;
  return days === null ? null : addWorkingDays(from, days, await loadCalendar(db));
}
