import { join } from 'node:path';
import type { Config } from '../config';
import type { Envelope } from '../contract/common';
import type { Outcome } from '../api/catalogue';
import type { LaunchedService } from '../../upstream/service';
import { isFileAnswer, readFileAnswer } from './files';
import { log } from '../http/log';
import { REQUEST_ID_HEADER } from '../http/request-id';
import { GRANTS_VERSION_HEADER } from '../contract/session';

export interface UpstreamRequest {
  path: string;
  method: 'GET' | 'POST';
  /** Raw JSON text of a POST body, or the bytes of an upload. */
  body?: string | Uint8Array;
  /** Content type of an upload's body (JSON when absent). */
  contentType?: string;
  query?: string;
  token?: string;
  locale: string;
  clientIp: string;
  /** The request's id (x-request-id), logged by the service with the call. */
  requestId?: string;
}

export type Transport = (request: UpstreamRequest) => Promise<Outcome>;

/** What the transport needs of the in-process service: its calls and its readiness. */
export type InProcess = Pick<LaunchedService, 'fetch' | 'whenReady'> & { ready: Promise<unknown> };

interface ServiceHolder { service?: Promise<InProcess> }
const holder = globalThis as typeof globalThis & { __lboUpstream?: ServiceHolder };

/**
 * The in-process reference service, launched once per process (Next loads this module in
 * several bundles, so the instance lives on globalThis). It answers at once and is ready
 * once migrated and seeded; a failed start is not cached (the next call launches it again).
 */
export function inProcessService(config: Config): Promise<InProcess> {
  const slot = (holder.__lboUpstream ??= {});
  slot.service ??= (async () => {
    const [{ launchService }, { optionsFromEnv }] = await Promise.all([import('../../upstream/service'), import('../../upstream/options')]);
    const launched = launchService({
      databaseUrl: config.DATABASE_URL,
      dataDir: join(config.dataDir, 'pglite'),
      demo: config.embedded,
      options: { ...optionsFromEnv(process.env, config.embedded), filesDir: join(config.dataDir, 'files') },
    });
    launched.ready.catch(() => { slot.service = undefined; });
    return launched;
  })().catch((error: unknown) => {
    slot.service = undefined;
    throw error;
  });
  return slot.service;
}

/** Closes the in-process service's database, once it started (graceful shutdown). */
export async function closeInProcessService(): Promise<void> {
  const launched = await holder.__lboUpstream?.service?.catch(() => undefined);
  const started = await launched?.ready.catch(() => undefined);
  if (started && typeof started === 'object' && 'close' in started) await (started as { close(): Promise<void> }).close();
}

function withTimeout<T>(promise: Promise<T>, ms: number, signal: AbortController): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => { signal.abort(); reject(new DOMException('upstream timed out', 'TimeoutError')); }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Sends one call to the platform service: over HTTP to UPSTREAM_URL, or in-process.
 * Every call has a timeout; nothing is retried (a POST may not be safe to repeat). In
 * process, a call that comes while the service starts first waits for it (at most the
 * call's own time limit, not counted in it); a service still starting then answers 503.
 */
export function createTransport(config: Config, service: () => Promise<InProcess> = () => inProcessService(config)): Transport {
  const send: (request: Request) => Promise<Response> = config.UPSTREAM_URL
    ? (request) => fetch(request)
    : async (request) => (await service()).fetch(request);
  const whenReady = async () => {
    if (!config.UPSTREAM_URL) await (await service()).whenReady(config.UPSTREAM_TIMEOUT_MS);
  };
  const base = config.UPSTREAM_URL ? config.UPSTREAM_URL.replace(/\/+$/, '') : 'http://upstream.internal';

  return async (call) => {
    const controller = new AbortController();
    const url = `${base}/api/${call.path}${call.query ? `?${call.query}` : ''}`;
    const headers: Record<string, string> = { 'accept-language': call.locale, 'x-client-ip': call.clientIp, accept: 'application/json' };
    if (call.token) headers.token = call.token;
    if (call.requestId) headers[REQUEST_ID_HEADER] = call.requestId;
    if (call.method === 'POST') headers['content-type'] = call.contentType ?? 'application/json';
    try {
      await whenReady();
      return await withTimeout((async (): Promise<Outcome> => {
        const body = call.method === 'POST' ? call.body ?? '{}' : undefined;
        const res = await send(new Request(url, { method: call.method, headers, body: body as BodyInit | undefined, signal: controller.signal }));
        if (isFileAnswer(res.status, res.headers.get('content-type'))) return readFileAnswer(res);
        const grantsVersion = res.headers.get(GRANTS_VERSION_HEADER) ?? undefined;
        return { kind: 'response', status: res.status, body: parseEnvelope(await res.text()), ...(grantsVersion ? { grantsVersion } : {}) };
      })(), config.UPSTREAM_TIMEOUT_MS, controller);
    } catch (error) {
      const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
      log.error({ requestId: call.requestId, path: call.path, reason: timedOut ? 'timeout' : 'unreachable', error }, 'service call failed');
      return { kind: 'failure', reason: timedOut ? 'timeout' : 'unreachable' };
    }
  };
}

function parseEnvelope(text: string): Envelope | null {
  try {
    const value = JSON.parse(text) as Envelope;
    return value && typeof value === 'object' && typeof value.code === 'number' ? value : null;
  } catch {
    return null;
  }
}
