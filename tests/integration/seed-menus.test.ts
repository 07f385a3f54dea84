import { expect, it } from 'vitest';
import { seedReference } from '../../upstream/db/seed';
import { MENU_ROUTES, type RouteNode } from '../../lib/contract/menu-routes';
import { describeUpstream } from './harness';

/** The reference seed at each start: a page or button of the catalogue the database lacks comes back, nothing else changes. */
describeUpstream('menu tree of the reference seed', (up) => {
  it('adds back a missing page and a missing button, and leaves every existing row as it was', async () => {
    const leaf = (function first(nodes: RouteNode[]): RouteNode {
      for (const node of nodes) if (node.children?.length) return first(node.children);
      return nodes.find((n) => n.buttons?.length) ?? nodes[0]!;
    })(MENU_ROUTES);
    const withButtons = (function find(nodes: RouteNode[]): RouteNode | undefined {
      for (const node of nodes) { if (node.buttons?.length && node.path !== leaf.path) return node; const inner = node.children && find(node.children); if (inner) return inner; }
      return undefined;
    })(MENU_ROUTES)!;
    const db = up().db;
    const page = await db.selectFrom('permission').select('id').where('kind', '=', 'MENU').where('path', '=', leaf.path).executeTakeFirstOrThrow();
    const parent = await db.selectFrom('permission').select('id').where('kind', '=', 'MENU').where('path', '=', withButtons.path).executeTakeFirstOrThrow();
    const action = withButtons.buttons![0]!;
    const button = await db.selectFrom('permission').select('id').where('parent_id', '=', parent.id).where('action', '=', action).executeTakeFirstOrThrow();
    await db.updateTable('permission').set({ title_en: 'Renamed by an administrator' }).where('id', '=', parent.id).execute();
    const gone = [page.id, button.id];
    const children = await db.selectFrom('permission').select('id').where('parent_id', '=', page.id).execute();
    gone.push(...children.map((c) => c.id));
    await db.deleteFrom('role_permission').where('permission_id', 'in', gone).execute();
    await db.deleteFrom('permission').where('id', 'in', gone).execute();
    const before = await db.selectFrom('permission').selectAll().orderBy('id').execute();

    await seedReference(db);

    const after = await db.selectFrom('permission').selectAll().orderBy('id').execute();
    expect(after.slice(0, before.length)).toEqual(before);
    const added = after.slice(before.length);
    expect(added.filter((r) => r.kind === 'MENU').map((r) => r.path)).toEqual([leaf.path]);
    expect(added.some((r) => r.parent_id === parent.id && r.action === action)).toBe(true);
    expect(added.length).toBe(gone.length);
    expect(after.find((r) => r.id === parent.id)?.title_en).toBe('Renamed by an administrator');
    await seedReference(db);
    expect(await db.selectFrom('permission').selectAll().orderBy('id').execute()).toEqual(after);
  });
});
