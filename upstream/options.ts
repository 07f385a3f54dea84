import type { SimulatedMode, SourceName } from './integrations/types';
import type { HttpSource } from './integrations/http';
import { resolve } from 'node:path';

/** Tunables of the reference service; every one has a production-sensible default. */
export interface UpstreamOptions {
  tokenTtlMs: number;
  /** Failed logins per account before it is locked. */
  loginMaxFailures: number;
  /** Failed logins per client address before the address is locked. */
  loginMaxFailuresPerIp: number;
  loginWindowMs: number;
  loginLockMs: number;
  /** How long an address an account signed in from stays known to it (a lock does not apply there). */
  loginKnownAddressMs: number;
  smsCodeTtlMs: number;
  smsMaxAttempts: number;
  smsResendMs: number;
  smsPerIpPerHour: number;
  /** Print SMS codes in the server log (demo mode: there is no SMS gateway). */
  smsLogCodes: boolean;
  /** Where uploaded files are kept (one file per random key; DATA_DIR/files by default). */
  filesDir: string;
  /** The most rows an export writes; a larger one is refused (narrow the search). */
  exportMaxRows: number;
  /** The hour of the day (process time zone) from which assignees are reminded of overdue cases; null sends none. */
  overdueRemindHour: number | null;
  /** Consultations the public may submit from one mobile in 24 hours, and from one client address in an hour. */
  consultPerMobilePerDay: number;
  consultPerAddressPerHour: number;
  /** How each simulated outside source behaves (integrations/simulated.ts). */
  simulatedSources: Record<SourceName, SimulatedMode>;
  /** The longest an outside lookup may take before it counts as 'could not be checked'. */
  sourceTimeoutMs: number;
  /** Sources answered by their HTTP provider instead of the simulated one (INSURANCE_URL, CREDIT_URL, ...). */
  httpSources: Partial<Record<SourceName, HttpSource>>;
  /** The outbox worker (modules/push/worker.ts). */
  push: PushSettings;
  /** The supervision platform the daily batches go to (modules/push/supervision.ts). */
  supervision: SupervisionSettings;
  now: () => Date;
}

export interface PushSettings {
  /** Whether the service runs the worker (off: rows wait for another process's worker). */
  worker: boolean;
  /** How often the worker looks for due rows. */
  pollMs: number;
  /** The most rows one poll claims (and delivers at once). */
  batchSize: number;
  /** The longest one delivery may take. */
  timeoutMs: number;
  /** Attempts before a row is DEAD. */
  maxAttempts: number;
  /** The first retry's delay; each further one doubles, up to backoffMaxMs, with jitter. */
  backoffMs: number;
  backoffMaxMs: number;
}

export interface SupervisionSettings {
  /** The platform's address; null: the built-in simulated platform. */
  url: string | null;
  secret: string | null;
  timeoutMs: number;
  /** How the simulated platform behaves (answer, fail, hang). */
  simulated: SimulatedMode;
}

export const defaultOptions: UpstreamOptions = {
  tokenTtlMs: 24 * 60 * 60 * 1000,
  loginMaxFailures: 5,
  loginMaxFailuresPerIp: 30,
  loginWindowMs: 15 * 60 * 1000,
  loginLockMs: 15 * 60 * 1000,
  loginKnownAddressMs: 30 * 24 * 60 * 60 * 1000,
  smsCodeTtlMs: 5 * 60 * 1000,
  smsMaxAttempts: 5,
  smsResendMs: 60 * 1000,
  smsPerIpPerHour: 20,
  smsLogCodes: false,
  filesDir: resolve('.data', 'files'),
  exportMaxRows: 50_000,
  overdueRemindHour: 9,
  consultPerMobilePerDay: 5,
  consultPerAddressPerHour: 20,
  simulatedSources: { insurance: 'ok', credit: 'ok' },
  sourceTimeoutMs: 3000,
  httpSources: {},
  push: { worker: true, pollMs: 5000, batchSize: 20, timeoutMs: 5000, maxAttempts: 8, backoffMs: 30_000, backoffMaxMs: 3_600_000 },
  supervision: { url: null, secret: null, timeoutMs: 10_000, simulated: 'ok' },
  now: () => new Date(),
};

const int = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/** MIGRATE_ON_START: `false` (or `0`, `off`) for replicas that leave migrations to `npm run migrate`. */
export function migrateOnStart(env: Record<string, string | undefined>): boolean {
  return !['false', '0', 'off'].includes((env.MIGRATE_ON_START ?? '').trim().toLowerCase());
}

/**
 * Options from the environment (LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_IP, LOGIN_LOCK_MINUTES,
 * SMS_LOG_CODES, DATA_DIR, OVERDUE_REMIND_HOUR: 0-23, or 'off', SIMULATED_SOURCES: e.g.
 * 'insurance=fail,credit=hang', SOURCE_TIMEOUT_MS, INSURANCE_URL / INSURANCE_SECRET / INSURANCE_TIMEOUT_MS
 * and CREDIT_URL / CREDIT_SECRET / CREDIT_TIMEOUT_MS: a source with a URL is asked over HTTP; the worker's
 * PUSH_* and the platform's SUPERVISION_*: docs/operations.md, 'Configuration').
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv, demo: boolean): Partial<UpstreamOptions> {
  const lockMinutes = int(env.LOGIN_LOCK_MINUTES);
  return {
    ...(int(env.LOGIN_MAX_FAILURES) ? { loginMaxFailures: int(env.LOGIN_MAX_FAILURES) } : {}),
    ...(int(env.LOGIN_MAX_FAILURES_PER_IP) ? { loginMaxFailuresPerIp: int(env.LOGIN_MAX_FAILURES_PER_IP) } : {}),
    ...(lockMinutes ? { loginLockMs: lockMinutes * 60_000, loginWindowMs: lockMinutes * 60_000 } : {}),
    smsLogCodes: env.SMS_LOG_CODES ? env.SMS_LOG_CODES === 'true' : demo,
    filesDir: resolve(env.DATA_DIR || '.data', 'files'),
    ...(env.OVERDUE_REMIND_HOUR === 'off' ? { overdueRemindHour: null } : {}),
    ...(env.SIMULATED_SOURCES ? { simulatedSources: simulatedFrom(env.SIMULATED_SOURCES) } : {}),
    ...(int(env.SOURCE_TIMEOUT_MS) ? { sourceTimeoutMs: int(env.SOURCE_TIMEOUT_MS)! } : {}),
    httpSources: httpSourcesFrom(env),
    ...(int(env.OVERDUE_REMIND_HOUR) !== undefined && int(env.OVERDUE_REMIND_HOUR)! < 24 ? { overdueRemindHour: int(env.OVERDUE_REMIND_HOUR)! } : {}),
    push: pushFrom(env),
    supervision: supervisionFrom(env),
  };
}

const positive = (value: string | undefined, fallback: number) => (int(value) ? int(value)! : fallback);

/** PUSH_WORKER (off), PUSH_POLL_MS, PUSH_BATCH_SIZE, PUSH_TIMEOUT_MS, PUSH_MAX_ATTEMPTS, PUSH_BACKOFF_MS, PUSH_BACKOFF_MAX_MS. */
function pushFrom(env: NodeJS.ProcessEnv): PushSettings {
  const d = defaultOptions.push;
  return {
    worker: env.PUSH_WORKER !== 'off',
    pollMs: positive(env.PUSH_POLL_MS, d.pollMs),
    batchSize: Math.min(positive(env.PUSH_BATCH_SIZE, d.batchSize), 200),
    timeoutMs: positive(env.PUSH_TIMEOUT_MS, d.timeoutMs),
    maxAttempts: Math.min(positive(env.PUSH_MAX_ATTEMPTS, d.maxAttempts), 100),
    backoffMs: positive(env.PUSH_BACKOFF_MS, d.backoffMs),
    backoffMaxMs: positive(env.PUSH_BACKOFF_MAX_MS, d.backoffMaxMs),
  };
}

/** SUPERVISION_URL (unset: the simulated platform), SUPERVISION_SECRET, SUPERVISION_TIMEOUT_MS, SUPERVISION_SIMULATED (ok, fail, hang). */
function supervisionFrom(env: NodeJS.ProcessEnv): SupervisionSettings {
  const mode = env.SUPERVISION_SIMULATED;
  return {
    url: env.SUPERVISION_URL || null,
    secret: env.SUPERVISION_SECRET || null,
    timeoutMs: positive(env.SUPERVISION_TIMEOUT_MS, defaultOptions.supervision.timeoutMs),
    simulated: mode === 'fail' || mode === 'hang' ? mode : 'ok',
  };
}

/** 'insurance=fail,credit=hang' -> the modes of the simulated sources (others answer). */
function simulatedFrom(text: string): Record<SourceName, SimulatedMode> {
  const modes: Record<SourceName, SimulatedMode> = { insurance: 'ok', credit: 'ok' };
  for (const part of text.split(',')) {
    const [name, mode] = part.split('=').map((s) => s.trim());
    if ((name === 'insurance' || name === 'credit') && (mode === 'ok' || mode === 'fail' || mode === 'hang')) modes[name] = mode;
  }
  return modes;
}

/** The sources with an HTTP provider configured: INSURANCE_URL (+ _SECRET, _TIMEOUT_MS), CREDIT_URL (+ ...). */
function httpSourcesFrom(env: NodeJS.ProcessEnv): Partial<Record<SourceName, HttpSource>> {
  const sources: Partial<Record<SourceName, HttpSource>> = {};
  for (const name of ['insurance', 'credit'] as const) {
    const prefix = name.toUpperCase();
    const url = env[`${prefix}_URL`];
    if (!url) continue;
    if (!/^https?:\/\/[^\s]+$/.test(url) || !URL.canParse(url)) throw new Error(`${prefix}_URL must be an http:// or https:// address`);
    const timeoutMs = int(env[`${prefix}_TIMEOUT_MS`]);
    sources[name] = { url, secret: env[`${prefix}_SECRET`] ?? '', ...(timeoutMs ? { timeoutMs } : {}) };
  }
  return sources;
}
