import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import type { WorkCalendar } from '../../../lib/workflow/working-days';
import { loadCalendar } from '../../modules/calendar/store';
import { BORROWER_TYPES, STAGE_INFO, type BorrowerType, type Stage, type StageOrgType } from '../../../lib/workflow/stages';

/** What the application generator needs to know of a database: flows, organisations, node people, refusal reasons. */
export interface GenNode { id: number; stage: Stage; /** Working days (node limit, else the stage's time-out config). */ days: number | null }
interface GenModule { id: number; nodes: GenNode[] }
export interface GenOrg { id: number; type: StageOrgType; /** Enabled people of the organisation on each node, by node id. */ people: Map<number, number[]> }

export interface GeneratorContext {
  modules: Record<BorrowerType, GenModule>;
  orgs: Record<StageOrgType, GenOrg[]>;
  refuseReasons: { id: number; content: string }[];
  /** Client group ids by their Chinese name (the employment category), current product ids by borrower type. */
  groups: Map<string, number>;
  products: Partial<Record<BorrowerType, number>>;
  now: Date;
  /** The holiday calendar deadlines follow. */
  calendar: WorkCalendar;
  /** Memo of staffedOrgs. */
  staffed: Map<string, GenOrg[]>;
}

/**
 * Organisations of a type that can take a case through every node of that type in a module:
 * as many enabled people on each node as the type has nodes, so that every node finds someone
 * who has not approved the case before (nobody approves a case at two stages).
 */
export function staffedOrgs(context: GeneratorContext, moduleId: number, type: StageOrgType): GenOrg[] {
  const key = `${moduleId}:${type}`;
  let orgs = context.staffed.get(key);
  if (!orgs) {
    const module = Object.values(context.modules).find((m) => m.id === moduleId)!;
    const nodes = module.nodes.filter((n) => STAGE_INFO[n.stage].orgType === type);
    orgs = context.orgs[type].filter((org) => nodes.every((n) => (org.people.get(n.id)?.length ?? 0) >= Math.max(nodes.length, 2)));
    context.staffed.set(key, orgs);
  }
  return orgs;
}

/**
 * Reads the enabled module of every borrower type with its nodes and limits, the enabled
 * organisations (only `orgIds` when given) and their people on each node, and the enabled
 * refusal reasons.
 */
export async function loadGeneratorContext(db: Kysely<Database>, now: Date, orgIds?: readonly number[]): Promise<GeneratorContext> {
  const moduleRows = await db.selectFrom('approval_module').select(['id', 'borrower_type']).where('state', '=', 'ENABLED').execute();
  const nodeRows = await db.selectFrom('approval_node as n').leftJoin('overtime_config as c', 'c.stage', 'n.stage')
    .select(['n.id', 'n.module_id', 'n.stage', 'n.time_limit_days', 'c.days']).where('n.deleted_at', 'is', null).orderBy('n.sort').orderBy('n.id').execute();
  const modules = {} as Record<BorrowerType, GenModule>;
  for (const type of BORROWER_TYPES) {
    const row = moduleRows.find((m) => m.borrower_type === type);
    if (!row) throw new Error(`no enabled approval module for ${type}: seed the reference data first`);
    const nodes = nodeRows.filter((n) => n.module_id === row.id).map((n) => ({ id: n.id, stage: n.stage, days: n.time_limit_days ?? n.days ?? null }));
    if (!nodes.length) throw new Error(`approval module ${row.id} (${type}) has no nodes`);
    modules[type] = { id: row.id, nodes };
  }

  let orgQuery = db.selectFrom('organization').select(['id', 'type']).where('state', '=', 'ENABLED')
    .where('type', 'in', ['RENSHE', 'GUARANTEE', 'BANK']).orderBy('id');
  if (orgIds) orgQuery = orgQuery.where('id', 'in', orgIds.length ? [...orgIds] : [-1]);
  const orgs: Record<StageOrgType, GenOrg[]> = { RENSHE: [], GUARANTEE: [], BANK: [] };
  const byId = new Map<number, GenOrg>();
  for (const row of await orgQuery.execute()) {
    const org: GenOrg = { id: row.id, type: row.type as StageOrgType, people: new Map() };
    orgs[org.type].push(org);
    byId.set(org.id, org);
  }
  const people = await db.selectFrom('approval_node_person as p').innerJoin('app_user as u', 'u.id', 'p.user_id')
    .select(['p.node_id', 'u.id', 'u.org_id']).where('u.state', '=', 'ENABLED').orderBy('u.id').execute();
  for (const row of people) {
    const org = row.org_id === null ? undefined : byId.get(row.org_id);
    if (!org) continue;
    const list = org.people.get(row.node_id) ?? [];
    list.push(row.id);
    org.people.set(row.node_id, list);
  }

  const refuseReasons = await db.selectFrom('refuse_reason').select(['id', 'content']).where('state', '=', 'ENABLED')
    .orderBy('sort').orderBy('id').execute();
  if (!refuseReasons.length) throw new Error('no enabled refusal reason: seed the reference data first');
  const groups = new Map((await db.selectFrom('client_group').select(['id', 'name_zh']).execute()).map((g) => [g.name_zh, g.id]));
  const products: Partial<Record<BorrowerType, number>> = {};
  for (const p of await db.selectFrom('loan_product').select(['id', 'borrower_type']).where('current', '=', true).orderBy('sort', 'desc').orderBy('id', 'desc').execute()) {
    products[p.borrower_type] = p.id;
  }
  return { modules, orgs, refuseReasons, groups, products, now, calendar: await loadCalendar(db), staffed: new Map() };
}
