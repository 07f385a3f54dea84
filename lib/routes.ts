/** The UI's page lists, built on the route catalogue of lib/contract/menu-routes.ts. */
import { MENU_ROUTES, type RouteNode } from './contract/menu-routes';

/** Pages anyone may open. */
export const PUBLIC_PATHS = ['/login', '/register', '/register/result'] as const;
/** Pages every signed-in user may open, whatever their menu. */
export const SESSION_PATHS = ['/403', '/500', '/admin/index', '/log', '/refresh', '/account', '/account/password', '/i18n', '/api-docs'] as const;
export const SESSION_PREFIXES = ['/redirect/'] as const;
export const HOME_PATH = '/admin/index';

function leaves(nodes: RouteNode[]): RouteNode[] {
  return nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));
}

/** Every page that needs a menu grant. */
export const MENU_PAGES: ReadonlySet<string> = new Set(leaves(MENU_ROUTES).map((n) => n.path));

export const routeTitle = (path: string) => leaves(MENU_ROUTES).find((n) => n.path === path);
