import { defineCall, type AuthUser } from '../../core/call';
import type { MenuItem, MenuResult, PowerEntry } from '../../../lib/contract/auth';
import type { Permission } from '../../db/schema';
import { grantedPermissions } from './grants';

/**
 * Builds the menu tree from granted menu nodes. A granted child whose parent was not
 * granted still appears, under the nearest granted ancestor or at the top.
 */
function buildMenu(granted: Permission[]): MenuItem[] {
  const menus = granted.filter((p) => p.kind === 'MENU');
  const byId = new Map(menus.map((p) => [p.id, { node: p, item: toItem(p) }]));
  const roots: MenuItem[] = [];
  for (const { node, item } of byId.values()) {
    const parent = node.parent_id !== null ? byId.get(node.parent_id) : undefined;
    (parent ? parent.item.children : roots).push(item);
  }
  return roots;
}

const toItem = (p: Permission): MenuItem => ({
  path: p.path ?? '', title: p.title_zh, titleEn: p.title_en, icon: p.icon,
  header: p.header_group, auth: p.auth, hidden: p.hidden, children: [],
});

/** The access list: every `auth` value and button string the user holds. */
function accessList(granted: Permission[]): string[] {
  const values = new Set<string>();
  for (const p of granted) {
    if (p.auth) values.add(p.auth);
    if (p.action) values.add(p.action);
  }
  return [...values].sort();
}

function powerList(granted: Permission[]): PowerEntry[] {
  const byComponent = new Map<string, string[]>();
  for (const p of granted) {
    if (p.kind !== 'BUTTON' || !p.action) continue;
    const component = p.component ?? p.action.split('::')[0]!;
    byComponent.set(component, [...(byComponent.get(component) ?? []), p.action]);
  }
  return [...byComponent].map(([component, btnList]) => ({ component, btnList }));
}

/**
 * The version of the grants the answer was made under: one counter for every user, bumped in
 * the transaction of any change of menus, buttons, roles or their holders (migration-perf.ts),
 * read with the token. Read before the grants, so a change between the two reads shows as a
 * newer version on the next call and the client refetches its menus.
 */
const grantVersion = (user: AuthUser) => String(user.grantsVersion);

export const menuCalls = [
  defineCall({
    path: 'admin/getMenu',
    async handler(ctx): Promise<MenuResult> {
      const granted = await grantedPermissions(ctx.db, ctx.user);
      return { menu: buildMenu(granted), access: accessList(granted), version: grantVersion(ctx.user) };
    },
  }),
  defineCall({
    path: 'admin/getMenuVersion',
    handler: async (ctx) => ({ version: grantVersion(ctx.user) }),
  }),
  defineCall({
    path: 'admin/getPowerList',
    handler: async (ctx) => powerList(await grantedPermissions(ctx.db, ctx.user)),
  }),
];
