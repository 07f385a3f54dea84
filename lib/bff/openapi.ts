import { NextResponse, type NextRequest } from 'next/server';
import type { Config } from '../config';
import { resolveLocale } from '../i18n';
import { LOCALE_COOKIE, SESSION_COOKIE, unsealSession } from '../session';
import { openApiDocument } from '../contract/openapi';
import { envelopeResponse } from './handler';

let body: string | undefined;
/** The document as JSON, serialised once per process. */
const documentJson = () => (body ??= JSON.stringify(openApiDocument()));

/**
 * GET /api/openapi.json: the OpenAPI document of the /api contract, for signed-in users
 * only. Without a valid session it answers the BFF's 401 envelope ('login timed out') and
 * clears a stale session cookie, as every other call does.
 */
export function createOpenApiRoute(config: Config) {
  // biome-ignore lint/correctness/noComponentHookFactories: a route handler named GET, not a component
  return async function GET(req: NextRequest): Promise<NextResponse> {
    const session = await unsealSession(req.cookies.get(SESSION_COOKIE)?.value, config.sessionSecret);
    if (!session) {
      const locale = resolveLocale({
        sessionLocale: null, cookieLocale: req.cookies.get(LOCALE_COOKIE)?.value,
        acceptLanguage: req.headers.get('accept-language'), auto: config.LOCALE_AUTO, fallback: config.DEFAULT_LOCALE,
      });
      const response = envelopeResponse({ code: 401, key: 'timeout', data: null }, locale);
      if (req.cookies.has(SESSION_COOKIE)) response.cookies.set(SESSION_COOKIE, '', { path: '/', maxAge: 0 });
      return response;
    }
    return new NextResponse(documentJson(), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'private, no-store' } });
  };
}
