import { join } from 'node:path';
import type { Config } from '../config';
import type { Envelope } from '../contract/common';
import type { Outcome } from '../api/catalogue';
import { isFileAnswer, readFileAnswer } from './files';

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
}

export type Transport = (request: UpstreamRequest) => Promise<Outcome>;

type Fetch = (request: Request) => Promise<Response>;

interface ServiceHolder { service?: Promise<{ fetch: Fetch }> }
const holder = globalThis as typeof globalThis & { __lboUpstream?: ServiceHolder };

/**
 * The in-process reference service, started once per process (Next loads this module in
 * several bundles, so the instance lives on globalThis). A failed start is not cached.
 */
export function inProcessService(config: Config): Promise<{ fetch: Fetch }> {
  const slot = (holder.__lboUpstream ??= {});
  slot.service ??= (async () => {
    const [{ startService }, { optionsFromEnv }] = await Promise.all([import('../../upstream/service'), import('../../upstream/options')]);
    return startService({
      databaseUrl: config.DATABASE_URL,
      dataDir: join(config.dataDir, 'pglite'),
      demo: config.embedded,
      options: { ...optionsFromEnv(process.env, config.embedded), filesDir: join(config.dataDir, 'files') },
    });
  })().catch((error: unknown) => {
    slot.service = undefined;
    throw error;
  });
  return slot.service;
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
 * Every call has a timeout; nothing is retried (a POST may not be safe to repeat).
 */
export function createTransport(config: Config): Transport {
  const send: (request: Request) => Promise<Response> = config.UPSTREAM_URL
    ? (request) => fetch(request)
    : async (request) => (await inProcessService(config)).fetch(request);
  const base = config.UPSTREAM_URL ? config.UPSTREAM_URL.replace(/\/+$/, '') : 'http://upstream.internal';

  return async (call) => {
    const controller = new AbortController();
    const url = `${base}/api/${call.path}${call.query ? `?${call.query}` : ''}`;
    const headers: Record<string, string> = { 'accept-language': call.locale, 'x-client-ip': call.clientIp, accept: 'application/json' };
    if (call.token) headers.token = call.token;
    if (call.method === 'POST') headers['content-type'] = call.contentType ?? 'application/json';
    try {
      return await withTimeout((async (): Promise<Outcome> => {
        const body = call.method === 'POST' ? call.body ?? '{}' : undefined;
        const res = await send(new Request(url, { method: call.method, headers, body: body as BodyInit | undefined, signal: controller.signal }));
        if (isFileAnswer(res.status, res.headers.get('content-type'))) return readFileAnswer(res);
        return { kind: 'response', status: res.status, body: parseEnvelope(await res.text()) };
      })(), config.UPSTREAM_TIMEOUT_MS, controller);
    } catch (error) {
      const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
      if (!timedOut) console.error(`[bff] upstream ${call.path} failed:`, error instanceof Error ? error.message : error);
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
