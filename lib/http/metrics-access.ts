import { timingSafeEqual } from 'node:crypto';
import { inRange, parseIp, parseRange, type IpRange } from './net-address';

/**
 * Who may read `GET /api/metrics`: a caller presenting `Authorization: Bearer METRICS_TOKEN`,
 * or any caller from METRICS_ALLOW (addresses and CIDR ranges; default the loopback only,
 * so a scraper on the same host or in the same pod needs nothing else).
 */
export interface MetricsAccess { token?: string; allow: IpRange[] }

const LOOPBACK = ['127.0.0.0/8', '::1'];

export class MetricsConfigError extends Error {}

/** METRICS_TOKEN (at least 16 characters) and METRICS_ALLOW from the environment; a wrong value throws naming it. */
export function metricsAccessFromEnv(env: Record<string, string | undefined>): MetricsAccess {
  const token = env.METRICS_TOKEN?.trim() || undefined;
  if (token && token.length < 16) throw new MetricsConfigError('METRICS_TOKEN: must be at least 16 characters');
  const entries = env.METRICS_ALLOW?.trim() ? env.METRICS_ALLOW.split(',').map((e) => e.trim()).filter(Boolean) : LOOPBACK;
  const allow = entries.map((entry) => {
    const range = parseRange(entry);
    if (!range) throw new MetricsConfigError(`METRICS_ALLOW: '${entry}' is not an IP address or CIDR range (e.g. 10.0.0.0/8)`);
    return range;
  });
  return { token, allow };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a caller may read the metrics: the right bearer token, or an allowed client address. */
export function metricsAllowed(access: MetricsAccess, authorization: string | null | undefined, clientIp: string | null | undefined): boolean {
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (access.token && bearer && sameSecret(bearer, access.token)) return true;
  const bytes = clientIp ? parseIp(clientIp.replace(/^::ffff:(?=\d+\.)/i, '')) : null;
  return !!bytes && access.allow.some((range) => inRange(bytes, range));
}
