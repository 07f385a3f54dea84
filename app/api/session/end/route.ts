import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE } from '@/lib/session';
import { safeRedirect } from '@/lib/redirect';
import { isCrossSite } from '@/lib/bff/handler';

export const dynamic = 'force-dynamic';

/**
 * Ends a session the platform service no longer accepts and goes to /login ('login timed
 * out!'). The Location is relative: the address the server listens on is not the one the
 * browser used. Another site cannot end the session through here.
 */
export function GET(request: NextRequest) {
  const back = safeRedirect(request.nextUrl.searchParams.get('redirect'), '');
  const response = new NextResponse(null, {
    status: 307,
    headers: { location: `/login?timeout=1${back ? `&redirect=${encodeURIComponent(back)}` : ''}`, 'cache-control': 'no-store' },
  });
  if (!isCrossSite(request)) response.cookies.set(SESSION_COOKIE, '', { path: '/', maxAge: 0 });
  return response;
}
