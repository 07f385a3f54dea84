/**
 * Permissions of SPEC.md section 6 and DESIGN.md section 6: menu entries filtered by
 * their `auth` against the access list, button strings `module::action` checked
 * against the power list, and the generic access check. Pure; the UI only hides, the
 * upstream refuses.
 */
import type { MenuItem, PowerEntry } from './contract/auth';
import { MENU_PAGES } from './routes';

const SEPARATOR = '::';

/** Splits a button permission 'module::action'; anything else is a programming error. */
export function parsePermission(code: string): { module: string; action: string } {
  const at = typeof code === 'string' ? code.indexOf(SEPARATOR) : -1;
  const module = at > 0 ? code.slice(0, at) : '';
  const action = at > 0 ? code.slice(at + SEPARATOR.length) : '';
  if (!module || !action) {
    throw new Error(`Invalid permission string ${JSON.stringify(code)}: expected 'module::action'`);
  }
  return { module, action };
}

/**
 * True only if the power list entry of the string's module holds the exact string. An
 * invalid string throws in development and is simply not granted in production.
 */
export function hasButton(powerList: PowerEntry[] | null | undefined, code: string): boolean {
  let module: string;
  try {
    ({ module } = parsePermission(code));
  } catch (error) {
    if (process.env.NODE_ENV !== 'production') throw error;
    return false;
  }
  if (!powerList) return false;
  return powerList.some((entry) => entry.component === module && Array.isArray(entry.btnList) && entry.btnList.includes(code));
}

/** The generic access widget: true if the list holds one of the required values (none required: true). */
export function hasAccess(access: readonly string[] | null | undefined, required: string | readonly string[]): boolean {
  const wanted: readonly string[] = typeof required === 'string' ? [required] : required;
  if (wanted.length === 0) return true;
  if (!access || access.length === 0) return false;
  return wanted.some((value) => access.includes(value));
}

const isGroup = (item: MenuItem) => item.children.length > 0;

/**
 * The visible menu: hidden entries go, an entry with `auth` goes unless the access list
 * holds it (no access list: every entry with `auth` goes), and a group left without
 * children goes unless its own path is a page of the catalogue.
 */
export function filterMenu(menu: MenuItem[], access: readonly string[] | null | undefined): MenuItem[] {
  const granted = new Set(access ?? []);
  const visit = (items: MenuItem[]): MenuItem[] =>
    items.flatMap((item) => {
      if (item.hidden) return [];
      if (item.auth && !granted.has(item.auth)) return [];
      if (!isGroup(item)) return [{ ...item, children: [] }];
      const children = visit(item.children);
      if (children.length === 0 && !MENU_PAGES.has(item.path)) return [];
      return [{ ...item, children }];
    });
  return visit(menu);
}

function leaves(menu: MenuItem[]): MenuItem[] {
  return menu.flatMap((item) => (isGroup(item) ? leaves(item.children) : [item]));
}

function unique(items: MenuItem[]): MenuItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.path)) return false;
    seen.add(item.path);
    return true;
  });
}

/** Paths of the leaves (items without children), in menu order, each once. */
export function menuPages(menu: MenuItem[]): string[] {
  return unique(leaves(menu)).map((item) => item.path);
}

/** The ancestors of the item at `path` followed by the item; [] if there is none. */
export function menuTrail(menu: MenuItem[], path: string): MenuItem[] {
  for (const item of menu) {
    if (item.path === path) return [item];
    const below = menuTrail(item.children, path);
    if (below.length > 0) return [item, ...below];
  }
  return [];
}

/**
 * The side menu's open groups after a user opens or closes one (`next`, as antd reports it):
 * one group open at a time, as in ant-design-pro. Opening a group closes every group but it
 * and those it sits in; closing one leaves the rest as they are.
 */
export function soleOpenGroups(menu: MenuItem[], previous: string[], next: string[]): string[] {
  const opened = next.find((key) => !previous.includes(key));
  return opened === undefined ? next : menuTrail(menu, opened).map((item) => item.path);
}

/** The first item at `path`, depth-first. */
export function findMenuItem(menu: MenuItem[], path: string): MenuItem | undefined {
  const trail = menuTrail(menu, path);
  return trail[trail.length - 1];
}

/**
 * The header search box: leaves whose Chinese or English title contains the query
 * (trimmed, case-insensitive), in menu order, at most `limit`. Hidden entries are not
 * offered. An empty query finds nothing.
 */
export function searchMenu(menu: MenuItem[], query: string, limit = 10): MenuItem[] {
  const needle = query.trim().toLowerCase();
  const max = Math.floor(limit);
  if (!needle || !(max > 0)) return [];
  const visible = (items: MenuItem[]): MenuItem[] =>
    items.flatMap((item) => (item.hidden ? [] : isGroup(item) ? visible(item.children) : [item]));
  const found: MenuItem[] = [];
  for (const item of unique(visible(menu))) {
    if (item.title.toLowerCase().includes(needle) || item.titleEn.toLowerCase().includes(needle)) {
      found.push(item);
      if (found.length >= max) break;
    }
  }
  return found;
}
