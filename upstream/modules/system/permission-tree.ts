import type { Kysely } from 'kysely';
import type { Database, Permission } from '../../db/schema';
import type { PermissionKind, PermissionNode, PermissionSonNode } from '../../../lib/contract/permission';

type Db = Kysely<Database>;
type Link = Pick<Permission, 'id' | 'parent_id'>;

export const toNode = (p: Permission): PermissionNode => ({
  id: p.id, parentId: p.parent_id, kind: p.kind as PermissionKind, path: p.path, titleZh: p.title_zh, titleEn: p.title_en,
  icon: p.icon, sort: p.sort, headerGroup: p.header_group, hidden: p.hidden, auth: p.auth, action: p.action,
  component: p.component, version: p.version, children: [],
});

/** Every permission row in tree order (sort, then id). */
export const allPermissions = (db: Db) => db.selectFrom('permission').selectAll().orderBy('sort').orderBy('id').execute();

/**
 * Nests rows given in tree order. A row whose parent is not among them sits at the top
 * (so a partial set, such as what one user holds, still forms a tree).
 */
export function nest(rows: Permission[]): PermissionNode[] {
  const nodes = new Map(rows.map((p) => [p.id, toNode(p)]));
  const roots: PermissionNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/**
 * The lazy rows below `parentId` (the top when null) within `rows` (tree order): a row's
 * parent counts only if it is among `rows` too.
 */
export function sonsOf(rows: Permission[], parentId: number | null): PermissionSonNode[] {
  const present = new Set(rows.map((p) => p.id));
  const parentOf = (p: Permission) => (p.parent_id !== null && present.has(p.parent_id) ? p.parent_id : null);
  const withChildren = new Set(rows.map(parentOf).filter((id): id is number => id !== null));
  return rows.filter((p) => parentOf(p) === parentId).map((p) => ({ ...toNode(p), hasChildren: withChildren.has(p.id) }));
}

/** The given ids and every ancestor of each ('checked as a whole': a button brings its page and groups). */
export function withAncestors(all: Link[], ids: Iterable<number>): Set<number> {
  const parentOf = new Map(all.map((p) => [p.id, p.parent_id]));
  const closed = new Set<number>();
  for (const start of ids) {
    let id: number | null | undefined = start;
    while (id !== null && id !== undefined && !closed.has(id)) {
      closed.add(id);
      id = parentOf.get(id);
    }
  }
  return closed;
}

/** Ids strictly below a node. */
export function descendantsOf(all: Link[], id: number): Set<number> {
  const below = new Set<number>();
  let frontier = [id];
  while (frontier.length) {
    const next = all.filter((p) => p.parent_id !== null && frontier.includes(p.parent_id) && !below.has(p.id)).map((p) => p.id);
    next.forEach((n) => { below.add(n); });
    frontier = next;
  }
  return below;
}
