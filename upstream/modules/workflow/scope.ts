import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthUser } from '../../core/call';
import { underGrantsVersion } from '../../db/versioned';
import { STAGE_INFO, type Stage, type StageOrgType } from '../../../lib/workflow/stages';

/** The application column naming its organisation of each type. */
export const ORG_COLUMN = { RENSHE: 'renshe_org_id', GUARANTEE: 'guarantee_org_id', BANK: 'bank_org_id' } as const satisfies Record<StageOrgType, string>;
export const orgColumnOf = (stage: Stage) => ORG_COLUMN[STAGE_INFO[stage].orgType];

/** An organisation and its subtree, or null when it is the operator's (which reads everything). */
const subtreeOf = underGrantsVersion(async (db: Kysely<Database>, orgId: number): Promise<number[] | null> => {
  // One round trip: the organisation's type and its subtree.
  const { rows } = await sql<{ id: number; type: string }>`
    with recursive tree(id) as (
      select id from organization where id = ${orgId}
      union all
      select o.id from organization o join tree t on o.parent_id = t.id
    )
    select t.id, o.type from tree t join organization o on o.id = t.id`.execute(db);
  // Shared by every call of the same grants' version: frozen, so that no caller changes it for the others.
  return rows.find((r) => r.id === orgId)?.type === 'OPERATOR' ? null : Object.freeze(rows.map((r) => r.id)) as number[];
});

/**
 * The organisations whose cases a user may read: null for everything (admins and the
 * operator's staff), else the user's organisation subtree. A change of the organisation tree
 * bumps the grants' version (migration 0033), so the subtree is read once per version.
 */
export async function caseScope(db: Kysely<Database>, user: Pick<AuthUser, 'type' | 'orgId' | 'grantsVersion'>): Promise<number[] | null> {
  if (user.type === 0) return null;
  if (user.orgId === null) return [];
  return subtreeOf(db, user.orgId, user.grantsVersion);
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
