import { describe, expect, it } from 'vitest';
import { clientAddress } from '@/lib/bff/client-address';
import { parseConfig } from '@/lib/config';
import { addressBucket, normalizeAddress, parseRange } from '@/lib/http/net-address';

const trust = (env: Record<string, string> = {}) => parseConfig({ TRUST_PROXY: 'true', ...env });
const direct = parseConfig({});

describe('the client address', () => {
  it('without TRUST_PROXY is the last entry (the socket address the server put there)', () => {
    expect(clientAddress('203.0.113.9', direct)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:127.0.0.1', direct)).toBe('127.0.0.1');
    expect(clientAddress('1.1.1.1, 203.0.113.9', direct)).toBe('203.0.113.9');
    expect(clientAddress(null, direct)).toBe('unknown');
  });

  it('behind a proxy is the right end of X-Forwarded-For, never what the client wrote on the left', () => {
    expect(clientAddress('6.6.6.6, 198.51.100.7', trust())).toBe('198.51.100.7');
    expect(clientAddress('not-an-address, 198.51.100.7', trust())).toBe('198.51.100.7');
    expect(clientAddress('198.51.100.7', trust())).toBe('198.51.100.7');
  });

  it('passes over the configured trusted proxies, addresses and ranges, IPv4 and IPv6', () => {
    const config = trust({ TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.1, 2001:db8:ffff::/48' });
    expect(clientAddress('6.6.6.6, 198.51.100.7, 10.1.2.3, 192.0.2.1', config)).toBe('198.51.100.7');
    expect(clientAddress('6.6.6.6,2001:db8:1::5, 2001:db8:ffff:1::9', config)).toBe('2001:db8:1::5');
    // The client is the first entry not trusted; what lies left of it is ignored, proxy-like or not.
    expect(clientAddress('10.9.9.9, 6.6.6.6, 10.1.2.3', config)).toBe('6.6.6.6');
    // Only trusted proxies: the farthest one is where the request came from.
    expect(clientAddress('10.0.0.5, 10.0.0.6', config)).toBe('10.0.0.5');
    // 192.0.2.1 is an address, not a range.
    expect(clientAddress('6.6.6.6, 192.0.2.2', config)).toBe('192.0.2.2');
  });

  it('reads ports, brackets and mapped addresses, and gives up on garbage where a proxy wrote', () => {
    const config = trust({ TRUSTED_PROXIES: '10.0.0.0/8' });
    expect(clientAddress('198.51.100.7:5123, 10.0.0.1', config)).toBe('198.51.100.7');
    expect(clientAddress('[2001:DB8::0:1]:443', config)).toBe('2001:db8::1');
    expect(clientAddress('::ffff:198.51.100.7, ::ffff:10.0.0.1', config)).toBe('198.51.100.7');
    expect(clientAddress('198.51.100.7, evil', config)).toBe('unknown');
    expect(clientAddress('', config)).toBe('unknown');
    expect(clientAddress(' , ', config)).toBe('unknown');
  });
});

describe('addresses and ranges', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['::', '::'],
    ['::ffff:c000:0201', '192.0.2.1'],
    ['01.2.3.4', null],
    ['256.1.1.1', null],
    ['1:2:3:4:5:6:7:8:9', null],
    ['1::2::3', null],
    ['a\u0000b', null],
  ])('%s reads as %s', (text, canonical) => {
    expect(normalizeAddress(text)).toBe(canonical);
  });
  it('parses ranges and refuses what is not one', () => {
    expect(parseRange('10.0.0.0/8')).toEqual({ bytes: [10, 0, 0, 0], bits: 8 });
    for (const bad of ['10.0.0.0/33', '10.0.0.0/8/1', 'proxy.local', '2001:db8::/129', '10.0.0.0/x']) expect(parseRange(bad)).toBeNull();
  });
  it('counts an IPv6 client per /64 network', () => {
    expect(addressBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('203.0.113.9')).toBe('203.0.113.9');
    expect(addressBucket('server')).toBe('unknown');
  });
});
