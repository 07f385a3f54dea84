import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { LOCALES } from './contract/auth';
import { parseRange, type IpRange } from './http/net-address';
import { MetricsConfigError, metricsAccessFromEnv, type MetricsAccess } from './http/metrics-access';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** A comma-separated list of addresses and CIDR ranges. */
const ranges = z.string().transform((value, ctx) => {
  const list: IpRange[] = [];
  for (const entry of value.split(',').map((e) => e.trim()).filter(Boolean)) {
    const range = parseRange(entry);
    if (!range) {
      ctx.addIssue({ code: 'custom', message: `'${entry}' is not an IP address or CIDR range (e.g. 10.0.0.0/8, 2001:db8::/32)` });
      return z.NEVER;
    }
    list.push(range);
  }
  return list;
});

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  TRUST_PROXY: flag.default(false),
  TRUSTED_PROXIES: ranges.default([]),
  UPSTREAM_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL of the platform service, e.g. http://127.0.0.1:4000' }).optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string').optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOCALE_AUTO: flag.default(true),
  DEFAULT_LOCALE: z.enum(LOCALES).default('zh-CN'),
}).superRefine((env, ctx) => {
  const embedded = !env.UPSTREAM_URL && !env.DATABASE_URL;
  if (env.NODE_ENV === 'production' && !embedded && !env.SESSION_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required (at least 32 characters) in production unless running the embedded default' });
  }
});

export type Config = z.infer<typeof configSchema> & {
  /** No UPSTREAM_URL and no DATABASE_URL: in-process service on PGlite with demo data. */
  embedded: boolean;
  dataDir: string;
  sessionSecret: string;
  /** Who may read /api/metrics (METRICS_TOKEN, METRICS_ALLOW). */
  metrics: MetricsAccess;
};

/** Thrown with every problem of the environment, one per line, ready to print. */
export class ConfigError extends Error {}

/** Validates the environment; blank values count as unset. */
export function parseConfig(env: Record<string, string | undefined>): Omit<Config, 'sessionSecret'> & { SESSION_SECRET?: string } {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = result.data;
  let metrics: MetricsAccess;
  try {
    metrics = metricsAccessFromEnv(cleaned);
  } catch (error) {
    if (!(error instanceof MetricsConfigError)) throw error;
    throw new ConfigError(`Invalid configuration:\n  ${error.message}`);
  }
  return { ...value, metrics, embedded: !value.UPSTREAM_URL && !value.DATABASE_URL, dataDir: resolve(value.DATA_DIR) };
}

/** The session secret: SESSION_SECRET, else one generated once and kept in DATA_DIR. */
function sessionSecret(config: ReturnType<typeof parseConfig>): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = join(config.dataDir, 'session-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch { /* first start */ }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Config | undefined;
export function getConfig(): Config {
  if (!cached) {
    const parsed = parseConfig(process.env);
    cached = { ...parsed, sessionSecret: sessionSecret(parsed) };
  }
  return cached;
}
