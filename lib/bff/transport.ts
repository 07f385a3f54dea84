import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { join } from 'node:path';
import type { Config } from '../config';
import type { Envelope } from '../contract/common';
import type { Outcome } from '../api/catalogue';
import type { LaunchedService } from '../../upstream/service';
import type { CallRequest } from '../../upstream/core/dispatch';
import { fileResponse as serviceFileResponse } from '../../upstream/core/files';
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
export type InProcess = Pick<LaunchedService, 'call' | 'whenReady'> & { ready: Promise<unknown> };

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
    const [{ launchService }, { migrateOnStart, optionsFromEnv }] = await Promise.all([import('../../upstream/service'), import('../../upstream/options')]);
    const launched = launchService({
      databaseUrl: config.DATABASE_URL,
      dataDir: join(config.dataDir, 'pglite'),
      demo: config.embedded,
      migrate: migrateOnStart(process.env),
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

/** What the transport reads of an answer over HTTP. */
interface Answer {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** One call as sent: `abort` gives up on it (the timeout), `outcome` settles with what it answered. */
interface Sent { outcome: Promise<Outcome>; abort(): void }

type Sender = (path: string, query: string, method: 'GET' | 'POST', headers: Record<string, string>, body: string | Uint8Array | undefined) => Sent;

const headerOf = (headers: IncomingHttpHeaders) => (name: string): string | null => {
  const value = headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
};

/** An answer's outcome: a file as it is, else its envelope (null when the body is not one). */
async function outcomeOf(res: Answer): Promise<Outcome> {
  if (isFileAnswer(res.status, res.headers.get('content-type'))) return readFileAnswer(res);
  const grantsVersion = res.headers.get(GRANTS_VERSION_HEADER) ?? undefined;
  return { kind: 'response', status: res.status, body: parseEnvelope(await res.text()), ...(grantsVersion ? { grantsVersion } : {}) };
}

/**
 * Over HTTP: node:http with one keep-alive agent per process, so calls reuse their connections
 * (a CPU profile of fetch() here showed a Request, its clone and an AbortSignal made per call and
 * the body sent as a chunked stream in several writes; this sends headers and body in one write).
 */
function httpSender(base: string): Sender {
  const url = new URL(base);
  const secure = url.protocol === 'https:';
  const agent = new (secure ? https.Agent : http.Agent)({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64 });
  const prefix = url.pathname.replace(/\/+$/, '');
  const port = url.port || (secure ? 443 : 80);
  return (path, query, method, headers, body) => {
    const outgoing: OutgoingHttpHeaders = { ...headers, host: url.host };
    if (body !== undefined) outgoing['content-length'] = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    let abort = () => {};
    const answer = new Promise<Answer>((resolve, reject) => {
      // Looked up per call (not bound at import), as the module's own request function may be wrapped (tests' MSW).
      const req = (secure ? https : http).request({ agent, hostname: url.hostname, port, path: `${prefix}/api/${path}${query ? `?${query}` : ''}`, method, headers: outgoing }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.once('error', reject);
        res.once('end', () => {
          const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: { get: headerOf(res.headers) },
            text: async () => bytes.toString('utf8'),
            arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
          });
        });
      });
      req.once('error', reject);
      abort = () => req.destroy();
      req.end(body);
    });
    return { outcome: answer.then(outcomeOf), abort };
  };
}

/**
 * In process: the service's own dispatch, called as a function. No Request, Response, body
 * stream or JSON text is made on either side (a CPU profile of the poll showed them as the
 * largest part of the BFF's own cost); an answered file goes through its HTTP form.
 * The service never stops a call half-way, so a call that times out is only given up.
 */
function inProcessSender(service: () => Promise<InProcess>): Sender {
  return (path, query, method, headers, body) => {
    const request: CallRequest = {
      path, method, query,
      header: (name) => headers[name],
      text: async () => (body === undefined ? '' : typeof body === 'string' ? body : new TextDecoder().decode(body)),
      stream: () => (body === undefined ? null : new Blob([body as BlobPart]).stream()),
    };
    const outcome = (async (): Promise<Outcome> => {
      const answer = await (await service()).call(request);
      if (answer.file) return outcomeOf(serviceFileResponse(answer.file));
      const grantsVersion = answer.grantsVersion === undefined ? {} : { grantsVersion: String(answer.grantsVersion) };
      return { kind: 'response', status: answer.status, body: answer.envelope, ...grantsVersion };
    })();
    return { outcome, abort: () => {} };
  };
}

/** Settles with the call's outcome, or rejects with a TimeoutError after `ms` (the call is then given up). */
function withTimeout<T>(promise: Promise<T>, ms: number, abort: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => { abort(); reject(new DOMException('upstream timed out', 'TimeoutError')); }, ms);
    promise.then((value) => { clearTimeout(timer); resolve(value); }, (error: unknown) => { clearTimeout(timer); reject(error); });
  });
}

/**
 * Sends one call to the platform service: over HTTP to UPSTREAM_URL, or in-process.
 * Every call has a timeout; nothing is retried (a POST may not be safe to repeat). In
 * process, a call that comes while the service starts first waits for it (at most the
 * call's own time limit, not counted in it); a service still starting then answers 503.
 */
export function createTransport(config: Config, service: () => Promise<InProcess> = () => inProcessService(config)): Transport {
  const send = config.UPSTREAM_URL ? httpSender(config.UPSTREAM_URL) : inProcessSender(service);
  // Over HTTP there is nothing to wait for; in process, once the service was ready the wait is skipped.
  let ready = Boolean(config.UPSTREAM_URL);

  return async (call) => {
    const headers: Record<string, string> = { 'accept-language': call.locale, 'x-client-ip': call.clientIp, accept: 'application/json' };
    if (call.token) headers.token = call.token;
    if (call.requestId) headers[REQUEST_ID_HEADER] = call.requestId;
    if (call.method === 'POST') headers['content-type'] = call.contentType ?? 'application/json';
    try {
      if (!ready) ready = await (await service()).whenReady(config.UPSTREAM_TIMEOUT_MS);
      const sent = send(call.path, call.query ?? '', call.method, headers, call.method === 'POST' ? call.body ?? '{}' : undefined);
      return await withTimeout(sent.outcome, config.UPSTREAM_TIMEOUT_MS, sent.abort);
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
