import { Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { metricsText } from '../../lib/http/metrics';
import { metricsAllowed, type MetricsAccess } from '../../lib/http/metrics-access';
import { errorResponse } from './dispatch';
import { forbidden } from './errors';
import { localeOf, translator } from './i18n';

/**
 * `GET /api/metrics` of the standalone service (`npm run upstream`): the same exposition and
 * the same rule as the web application's, judged on the connection's own address.
 */
export function metricsRoute(access: MetricsAccess) {
  return new Hono().get('/api/metrics', async (c) => {
    if (!metricsAllowed(access, c.req.header('authorization'), getConnInfo(c).remote.address)) {
      return errorResponse(c, forbidden(), translator(localeOf(c.req.header('accept-language'))));
    }
    const { text, contentType } = await metricsText();
    return c.body(text, 200, { 'content-type': contentType, 'cache-control': 'no-store' });
  });
}
