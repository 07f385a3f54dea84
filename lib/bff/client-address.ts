import { formatIp, inRange, normalizeAddress, parseIp, type IpRange } from '../http/net-address';

export interface ProxyTrust {
  /** A reverse proxy in front of the application sets X-Forwarded-For. */
  TRUST_PROXY: boolean;
  /** Further proxies (addresses or ranges) whose entries in X-Forwarded-For are passed over. */
  TRUSTED_PROXIES: readonly IpRange[];
}

/**
 * The client address of a request, which the service counts sign-in limits by.
 *
 * Without TRUST_PROXY the production server (scripts/server.mjs) drops any X-Forwarded-For the
 * client sent and Next fills in the socket's address: the last entry is that address.
 *
 * With TRUST_PROXY each proxy appends the address it received the request from, so only the
 * right end of the list is written by proxies; anything to the left may be the client's own
 * invention. The entries are read from the right, passing over the trusted proxies; the first
 * other one is the client. 'unknown' when there is no usable entry.
 */
export function clientAddress(forwardedFor: string | null, trust: ProxyTrust): string {
  const hops = (forwardedFor ?? '').split(',').map((hop) => hop.trim()).filter(Boolean);
  if (!trust.TRUST_PROXY) return normalizeAddress(hops.at(-1)) ?? 'unknown';
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const text = normalizeAddress(hops[i]);
    const bytes = text ? parseIp(text) : null;
    if (!bytes) return 'unknown';
    if (i === 0 || !trust.TRUSTED_PROXIES.some((range) => inRange(bytes, range))) return formatIp(bytes);
  }
  return 'unknown';
}
