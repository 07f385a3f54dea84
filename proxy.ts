import { NextResponse, type NextRequest } from 'next/server';
import { getConfig } from '@/lib/config';
import { decide } from '@/lib/guard';
import { isHttps, SESSION_COOKIE, unsealSession } from '@/lib/session';
import { contentSecurityPolicy, HSTS } from '@/lib/security-headers';

/** Next's rendering of app/not-found.tsx, answered with status 404. */
const NOT_FOUND_PAGE = '/_not-found';
/** The error pages inside the shell, for a signed-in user (app/(admin)/shell-error). */
const SHELL_ERROR = '/shell-error/';

/** Route guard and per-response CSP nonce for every page (API routes check the session themselves). */
export async function proxy(request: NextRequest) {
  const config = getConfig();
  const session = await unsealSession(request.cookies.get(SESSION_COOKIE)?.value, config.sessionSecret);
  const decision = decide(request.nextUrl.pathname, request.nextUrl.search, session);
  const secure = isHttps(request.url, request.headers.get('x-forwarded-proto'));

  let response: NextResponse;
  if (decision.action === 'redirect') {
    // Same host, so Next answers it with a relative Location (never the bind address).
    response = NextResponse.redirect(new URL(decision.to, request.url));
    if (request.cookies.has(SESSION_COOKIE) && !session) response.cookies.set(SESSION_COOKIE, '', { path: '/', maxAge: 0 });
  } else {
    const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
    const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV !== 'production');
    const headers = new Headers(request.headers);
    headers.set('x-nonce', nonce);
    headers.set('content-security-policy', csp);
    // With a session, 403, 404 and 500 keep the shell around them; the address stays as it was.
    const path = request.nextUrl.pathname;
    // An address with a suffix (a file's) stays the plain 404 page.
    const shellError = session && (decision.action === 'notFound' ? (/\.\w+$/.test(path) ? null : '404') : path === '/403' || path === '/500' ? path.slice(1) : null);
    response = shellError
      // The 404 answers 404 however it is asked for (a page or its data, .rsc).
      ? NextResponse.rewrite(new URL(`${SHELL_ERROR}${shellError}`, request.url), { request: { headers }, ...(shellError === '404' ? { status: 404 } : {}) })
      : decision.action === 'notFound'
        ? NextResponse.rewrite(new URL(NOT_FOUND_PAGE, request.url), { request: { headers } })
        : NextResponse.next({ request: { headers } });
    response.headers.set('content-security-policy', csp);
  }
  if (secure) response.headers.set('strict-transport-security', HSTS);
  return response;
}

export const config = {
  // Not the API, Next's files nor public files (errors/: the error pages' illustrations, shown signed out too).
  matcher: ['/((?!api/|_next/static|_next/image|favicon.ico|robots.txt|icons/|errors/).*)'],
};
