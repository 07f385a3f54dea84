import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../../db';
import { notFound } from '../../core/errors';
import type { OrgNode, OrgState, OrgTreeNode, OrgType } from '../../../lib/contract/organiza';
import { containsPattern } from '../../core/like';
import { inReaderLanguage } from '../../core/i18n';
import type { Locale } from '../../../lib/contract/auth';

/** The organisations a caller may see: null for all (admin), else the ids of their subtree. */
export type Scope = number[] | null;

export const canSee = (scope: Scope, orgId: number | null) => scope === null || (orgId !== null && scope.includes(orgId));

export interface OrgFilter {
  scope: Scope;
  /** Children of this organisation; null for the top-level ones. */
  parentId?: number | null;
  ids?: number[];
  name?: string;
  type?: OrgType;
  state?: OrgState;
}

/** Organisations matching a filter, always limited to the caller's scope. */
export function orgQuery(db: Db, filter: OrgFilter) {
  return db.selectFrom('organization as o').where((eb) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filter.scope !== null) conditions.push(filter.scope.length ? eb('o.id', 'in', filter.scope) : eb.lit(false));
    if (filter.ids) conditions.push(filter.ids.length ? eb('o.id', 'in', filter.ids) : eb.lit(false));
    if (filter.parentId === null) conditions.push(eb('o.parent_id', 'is', null));
    else if (filter.parentId !== undefined) conditions.push(eb('o.parent_id', '=', filter.parentId));
    if (filter.name) conditions.push(eb('o.name', 'ilike', containsPattern(filter.name)));
    if (filter.type) conditions.push(eb('o.type', '=', filter.type));
    if (filter.state) conditions.push(eb('o.state', '=', filter.state));
    return eb.and(conditions);
  });
}

/**
 * The rows of a filter as tree/table nodes, ordered by sort then id; the region named in the
 * reader's language (a region without an English name shows its Chinese one).
 */
export async function orgNodes(db: Db, filter: OrgFilter, locale: Locale, page?: { limit: number; offset: number }): Promise<OrgNode[]> {
  let query = orgQuery(db, filter)
    .leftJoin('region as r', 'r.code', 'o.region_code')
    .select((eb) => [
      'o.id', 'o.parent_id as parentId', 'o.name', 'o.type', 'o.region_code as regionCode', 'r.name as regionName', 'r.name_en as regionNameEn',
      'o.state', 'o.sort', 'o.version', 'o.created_at as createTime',
      eb.exists(eb.selectFrom('organization as c').select('c.id').whereRef('c.parent_id', '=', 'o.id')).as('hasChildren'),
      eb.selectFrom('app_user as u').select(eb.fn.countAll<number>().as('n'))
        .whereRef('u.org_id', '=', 'o.id').where('u.state', '<>', 'WRITTEN_OFF').as('userCount'),
    ])
    .orderBy('o.sort').orderBy('o.id');
  if (page) query = query.limit(page.limit).offset(page.offset);
  const rows = await query.execute();
  return rows.map(({ regionNameEn, ...row }) => ({
    ...row,
    regionName: inReaderLanguage(locale, row.regionName, regionNameEn),
    hasChildren: Boolean(row.hasChildren),
    userCount: Number(row.userCount ?? 0),
    createTime: new Date(row.createTime).toISOString(),
  }));
}

export async function countOrgs(db: Db, filter: OrgFilter): Promise<number> {
  const row = await orgQuery(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An organisation that exists, else 404 (the call's row access, kind 'org', has found it in the caller's scope). */
export async function requireOrg(db: Db, id: number): Promise<void> {
  if (!(await orgQuery(db, { scope: null, ids: [id] }).select('o.id').executeTakeFirst())) throw notFound('organization');
}

/** Nests the given organisations; a node whose parent is not among them is a root. */
export async function orgForest(db: Db, filter: OrgFilter): Promise<OrgTreeNode[]> {
  const rows = await orgQuery(db, filter).select(['o.id', 'o.parent_id as parentId', 'o.name', 'o.type'])
    .orderBy('o.sort').orderBy('o.id').execute();
  const nodes = new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, type: r.type, children: [] as OrgTreeNode[] }]));
  const roots: OrgTreeNode[] = [];
  for (const row of rows) {
    const parent = row.parentId !== null ? nodes.get(row.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(row.id)!);
  }
  return roots;
}

/** The SQLSTATE of a database error (23505 unique violation, 23503 foreign key violation), if any. */
export const sqlState = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
