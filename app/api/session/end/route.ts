import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE } from '@/lib/session';
import { safeRedirect } from '@/lib/redirect';

export const dynamic = 'force-dynamic';

/** Ends a session the platform service no longer accepts and goes to /login ('login timed out!'). */
export function GET(request: NextRequest) {
  const back = safeRedirect(request.nextUrl.searchParams.get('redirect'), '');
  const response = NextResponse.redirect(new URL(`/login?timeout=1${back ? `&redirect=${encodeURIComponent(back)}` : ''}`, request.url));
  response.cookies.set(SESSION_COOKIE, '', { path: '/', maxAge: 0 });
  return response;
}
