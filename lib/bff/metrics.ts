import { NextResponse, type NextRequest } from 'next/server';
import type { Config } from '../config';
import { CODES } from '../contract/common';
import { resolveLocale } from '../i18n';
import { LOCALE_COOKIE } from '../session';
import { metricsText } from '../http/metrics';
import { metricsAllowed } from '../http/metrics-access';
import { clientAddress } from './client-address';
import { envelopeResponse, refusal } from './handler';

/**
 * `GET /api/metrics`: the Prometheus exposition for operators (lib/http/metrics.ts), to a
 * caller with the bearer token or from an allowed network (lib/http/metrics-access.ts);
 * anyone else gets 403 in the envelope and learns nothing.
 */
export async function metricsAnswer(req: NextRequest, config: Config): Promise<NextResponse> {
  const clientIp = clientAddress(req.headers.get('x-forwarded-for'), config);
  if (!metricsAllowed(config.metrics, req.headers.get('authorization'), clientIp)) {
    const locale = resolveLocale({
      cookieLocale: req.cookies.get(LOCALE_COOKIE)?.value, acceptLanguage: req.headers.get('accept-language'),
      auto: config.LOCALE_AUTO, fallback: config.DEFAULT_LOCALE,
    });
    return envelopeResponse(refusal(CODES.forbidden, locale, 'ops.metricsRefused'), locale);
  }
  const { text, contentType } = await metricsText();
  return new NextResponse(text, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
}
