import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/config';

describe('configuration', () => {
  it('defaults to the embedded service on port 3000 with ./.data', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ PORT: 3000, embedded: true, LOCALE_AUTO: true, DEFAULT_LOCALE: 'zh-CN', UPSTREAM_TIMEOUT_MS: 15000 });
    expect(config.dataDir).toBe(join(process.cwd(), '.data'));
  });
  it('reads every documented variable', () => {
    const config = parseConfig({
      PORT: '8080', UPSTREAM_URL: 'http://10.0.0.5:4000', DATA_DIR: '/var/lib/lbo', SESSION_SECRET: 'x'.repeat(32),
      LOCALE_AUTO: 'false', DEFAULT_LOCALE: 'en', NODE_ENV: 'production',
    });
    expect(config).toMatchObject({ PORT: 8080, UPSTREAM_URL: 'http://10.0.0.5:4000', embedded: false, LOCALE_AUTO: false, DEFAULT_LOCALE: 'en' });
  });
  it('reads TRUST_PROXY and the trusted proxies, none by default', () => {
    expect(parseConfig({})).toMatchObject({ TRUST_PROXY: false, TRUSTED_PROXIES: [] });
    const config = parseConfig({ TRUST_PROXY: 'true', TRUSTED_PROXIES: '10.0.0.0/8, 2001:db8::/32,192.0.2.1' });
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.TRUSTED_PROXIES.map((r) => r.bits)).toEqual([8, 32, 32]);
  });
  it('treats blank values as unset', () => {
    expect(parseConfig({ UPSTREAM_URL: '', DATABASE_URL: ' ' }).embedded).toBe(true);
  });
  it.each([
    [{ UPSTREAM_URL: 'ftp://x' }, 'UPSTREAM_URL'],
    [{ UPSTREAM_URL: 'not a url' }, 'UPSTREAM_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET: must be at least 32 characters'],
    [{ LOCALE_AUTO: 'yes' }, 'LOCALE_AUTO'],
    [{ DEFAULT_LOCALE: 'fr' }, 'DEFAULT_LOCALE'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUSTED_PROXIES: '10.0.0.0/8, proxy.local' }, "TRUSTED_PROXIES: 'proxy.local' is not an IP address or CIDR range"],
    [{ TRUSTED_PROXIES: '10.0.0.0/40' }, 'TRUSTED_PROXIES'],
    [{ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' }, 'SESSION_SECRET: is required'],
    [{ NODE_ENV: 'production', UPSTREAM_URL: 'http://svc:4000' }, 'SESSION_SECRET: is required'],
  ])('refuses %j with a message naming the variable', (env, text) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(text);
  });
  it('needs no secret in production on the embedded default', () => {
    expect(parseConfig({ NODE_ENV: 'production' }).embedded).toBe(true);
  });
  it('generates the embedded session secret once and keeps it in DATA_DIR', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lbo-config-'));
    const load = async () => {
      const { vi } = await import('vitest');
      vi.resetModules();
      process.env.DATA_DIR = dir;
      const { getConfig } = await import('@/lib/config');
      return getConfig().sessionSecret;
    };
    const first = await load();
    const second = await load();
    delete process.env.DATA_DIR;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    expect(readFileSync(join(dir, 'session-secret'), 'utf8')).toBe(first);
    expect(statSync(join(dir, 'session-secret')).mode & 0o077).toBe(0);
  });
});
