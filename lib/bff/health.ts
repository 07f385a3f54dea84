import type { NextRequest } from 'next/server';
import type { Config } from '../config';
import { CODES } from '../contract/common';
import { resolveLocale } from '../i18n';
import { LOCALE_COOKIE, SESSION_COOKIE, unsealSession } from '../session';
import { envelopeResponse, refusal } from './handler';
import type { Transport } from './transport';
import { REQUEST_ID_HEADER, requestIdOf } from '../http/request-id';

/**
 * `GET /api/health`: whether the product can serve calls, in the envelope. Anyone learns
 * up (200) or down (503) and nothing more; how the service is reached and which database
 * it runs on are shown to signed-in administrators only. Waits while the service starts
 * (as the first call does), within the time limit of a call.
 */
export async function healthAnswer(req: NextRequest, config: Config, transport: Transport) {
  const session = await unsealSession(req.cookies.get(SESSION_COOKIE)?.value, config.sessionSecret);
  const locale = resolveLocale({
    sessionLocale: session?.locale, cookieLocale: req.cookies.get(LOCALE_COOKIE)?.value,
    acceptLanguage: req.headers.get('accept-language'), auto: config.LOCALE_AUTO, fallback: config.DEFAULT_LOCALE,
  });
  const started = Date.now();
  const outcome = await transport({ path: 'health', method: 'GET', locale, clientIp: 'health', requestId: requestIdOf(req.headers.get(REQUEST_ID_HEADER)) });
  const up = outcome.kind === 'response' && outcome.status === 200 && outcome.body?.code === 200;
  const status = up ? 'up' : 'down';
  const details = session?.user.type === 0 && {
    mode: config.UPSTREAM_URL ? 'http' : 'in-process',
    database: config.UPSTREAM_URL ? 'remote' : config.DATABASE_URL ? 'postgres' : 'pglite',
    upstream: up ? 'ok' : outcome.kind === 'failure' ? outcome.reason : 'error',
    ms: Date.now() - started,
  };
  const data = details ? { status, ...details } : { status };
  return envelopeResponse(up ? { code: CODES.ok, key: null, data } : refusal(CODES.unavailable, locale, 'errors.unavailable', data), locale);
}
