import { HOME_PATH } from './routes';
import { canonicalPath, pageKind } from './page-path';
import { safeRedirect } from './redirect';

export type GuardDecision = { action: 'next' } | { action: 'redirect'; to: string } | { action: 'notFound' };

const next: GuardDecision = { action: 'next' };
const notFound: GuardDecision = { action: 'notFound' };
const redirect = (to: string): GuardDecision => ({ action: 'redirect', to });

/** Next.js's own paths (assets, development tooling): never pages, handled by the framework. */
const isFrameworkPath = (pathname: string) => pathname.startsWith('/_next/') || pathname.startsWith('/__nextjs');

/**
 * The route guard of SPEC.md section 4 and DESIGN.md section 6, as a pure decision on the
 * decoded, normalised path (the one the page router renders): public pages pass; without a
 * session every page goes to /login (remembering where it was going); /403 and the entry
 * page need only a session; any other known page must be among the session's allowed
 * paths, else /403; anything that is no page of this product (an unknown path, a suffix
 * such as `.rsc` on one, a malformed escape) is the 404 page.
 */
export function decide(pathname: string, search: string, session: { paths: readonly string[] } | null): GuardDecision {
  if (isFrameworkPath(pathname)) return next;
  const path = canonicalPath(pathname);
  if (path === null) return notFound;
  if (path === '/') return redirect(session ? HOME_PATH : '/login');
  if (path === '/500') return next;
  const kind = pageKind(path);
  if (kind === null) return notFound;
  if (kind === 'public') {
    if (path === '/login' && session) return redirect(safeRedirect(new URLSearchParams(search).get('redirect')));
    return next;
  }
  if (!session) {
    const target = safeRedirect(`${path}${search}`, '');
    return redirect(target ? `/login?redirect=${encodeURIComponent(target)}` : '/login');
  }
  if (kind === 'session' || session.paths.includes(path)) return next;
  return redirect('/403');
}
