import { HOME_PATH, MENU_PAGES, PUBLIC_PATHS, SESSION_PATHS, SESSION_PREFIXES } from './routes';
import { safeRedirect } from './redirect';

export type GuardDecision = { action: 'next' } | { action: 'redirect'; to: string };

const next: GuardDecision = { action: 'next' };
const redirect = (to: string): GuardDecision => ({ action: 'redirect', to });

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * The route guard of SPEC.md section 4 and DESIGN.md section 6, as a pure decision:
 * public pages pass; without a session every page goes to /login (remembering where it
 * was going); /403 and the entry page need only a session; any other known page must be
 * among the session's allowed paths, else /403; a path that is no page at all passes to
 * the 404 page.
 */
export function decide(pathname: string, search: string, session: { paths: readonly string[] } | null): GuardDecision {
  const path = normalise(pathname);
  if (path === '/') return redirect(session ? HOME_PATH : '/login');
  if (path === '/500') return next;
  if ((PUBLIC_PATHS as readonly string[]).includes(path)) {
    if (path === '/login' && session) {
      return redirect(safeRedirect(new URLSearchParams(search).get('redirect')));
    }
    return next;
  }
  const isSessionPage = (SESSION_PATHS as readonly string[]).includes(path) || SESSION_PREFIXES.some((p) => path.startsWith(p));
  const isMenuPage = MENU_PAGES.has(path);
  if (!isSessionPage && !isMenuPage) return next;
  if (!session) {
    const target = safeRedirect(`${path}${search}`, '');
    return redirect(target ? `/login?redirect=${encodeURIComponent(target)}` : '/login');
  }
  if (isSessionPage || session.paths.includes(path)) return next;
  return redirect('/403');
}
