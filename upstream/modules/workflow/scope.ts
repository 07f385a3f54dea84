import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthUser } from '../../core/call';
import { STAGE_INFO, type Stage, type StageOrgType } from '../../../lib/workflow/stages';

/** The application column naming its organisation of each type. */
export const ORG_COLUMN = { RENSHE: 'renshe_org_id', GUARANTEE: 'guarantee_org_id', BANK: 'bank_org_id' } as const satisfies Record<StageOrgType, string>;
export const orgColumnOf = (stage: Stage) => ORG_COLUMN[STAGE_INFO[stage].orgType];

/**
 * The organisations whose cases a user may read: null for everything (admins and the
 * operator's staff), else the user's organisation subtree.
 */
export async function caseScope(db: Kysely<Database>, user: Pick<AuthUser, 'type' | 'orgId'>): Promise<number[] | null> {
  if (user.type === 0) return null;
  if (user.orgId === null) return [];
  // One round trip: the organisation's type and its subtree.
  const { rows } = await sql<{ id: number; type: string }>`
    with recursive tree(id) as (
      select id from organization where id = ${user.orgId}
      union all
      select o.id from organization o join tree t on o.parent_id = t.id
    )
    select t.id, o.type from tree t join organization o on o.id = t.id`.execute(db);
  return rows.find((r) => r.id === user.orgId)?.type === 'OPERATOR' ? null : rows.map((r) => r.id);
}

type AppEb = ExpressionBuilder<Database & { a: Database['application'] }, 'a'>;

/** A case lies in scope when one of its three organisations does. */
export function inCaseScope(eb: AppEb, scope: number[] | null) {
  if (scope === null) return sql<boolean>`true`;
  if (scope.length === 0) return sql<boolean>`false`;
  return eb.or(Object.values(ORG_COLUMN).map((column) => eb(`a.${column}`, 'in', scope)));
}

export function caseVisible(app: Record<(typeof ORG_COLUMN)[StageOrgType], number>, scope: number[] | null) {
  return scope === null || Object.values(ORG_COLUMN).some((column) => scope.includes(app[column]));
}
