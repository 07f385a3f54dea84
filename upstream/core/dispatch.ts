import { randomUUID } from 'node:crypto';
import type { Hono, Context } from 'hono';
import type { z } from 'zod';
import type { Db } from '../db';
import type { UpstreamOptions } from '../options';
import { CODES } from '../../lib/contract/common';
import { AppError, errorKind, forbidden, invalid, notFound, unauthorized } from './errors';
import { localeOf, translator, type Translate } from './i18n';
import type { AnyCall, AuthUser, CallContext } from './call';
import { CALLS } from '../../lib/contract/calls';
import { methodsOf, type Access } from '../../lib/contract/call';
import { resolveToken } from './token';
import { allowed } from './permission';
import { FileAnswer, fileResponse, readMultipart } from './files';
import { normalizeAddress } from '../../lib/http/net-address';
import { log } from '../../lib/http/log';
import { observeCall } from '../../lib/http/metrics';
import { REQUEST_ID_HEADER, requestIdOf } from '../../lib/http/request-id';
import { GRANTS_VERSION_HEADER } from '../../lib/contract/session';

/**
 * The one converter from a thrown error to the envelope of DESIGN.md section 3. An unexpected
 * error is logged with an id, the call path and its kind only (never its message, SQL or
 * parameters, which may hold personal data); the caller gets the same id.
 */
export function errorResponse(c: Context, error: unknown, t: Translate, requestId?: string) {
  if (error instanceof AppError) {
    return c.json({ code: error.code, message: t(error.key, error.params), data: error.data }, error.code);
  }
  const errorId = randomUUID();
  log.error({ errorId, requestId, method: c.req.method, path: c.req.path, kind: errorKind(error) }, 'unexpected error');
  return c.json({ code: CODES.error, message: t('internal'), data: { errorId } }, 500);
}

function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    fields[field] ??= issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
  }
  return fields;
}

/** The largest JSON body a call takes (files travel as multipart, with limits of their own). */
const MAX_BODY_BYTES = 1024 * 1024;

async function readInput(c: Context, call: AnyCall): Promise<unknown> {
  if (c.req.method === 'GET') return Object.fromEntries(new URL(c.req.url).searchParams);
  const body = call.spec.body;
  if (body && body !== 'json') return readMultipart(c, body.multipart.maxBytes);
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw new AppError(CODES.tooLarge, 'tooLarge');
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new AppError(CODES.tooLarge, 'tooLarge');
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalid({ _: 'validation.json' });
  }
}

export { methodsOf };

/** Every call of the table has exactly one handler, and every handler a call of the table. */
function registryOf(calls: readonly AnyCall[]): Map<string, AnyCall> {
  const registry = new Map<string, AnyCall>();
  for (const call of calls) {
    if (registry.has(call.path)) throw new Error(`call ${call.path} has two handlers`);
    registry.set(call.path, call);
  }
  const missing = Object.keys(CALLS).filter((path) => !registry.has(path));
  if (missing.length) throw new Error(`calls without a handler: ${missing.join(', ')}`);
  return registry;
}

/** The client address the web application determined (lib/bff/client-address.ts) and sent as x-client-ip. */
function clientIpOf(c: Context): string {
  return normalizeAddress(c.req.header('x-client-ip')) ?? 'unknown';
}

/** What a call's answer reports beside its envelope: who made it, and the grants' version that user's answer was made under. */
interface Trace { userId?: number; grantsVersion?: number }

/** Mounts every call of the table under /api/<path>: token, access, validation and error mapping happen here, once. */
export function mountCalls(app: Hono, db: Db, options: UpstreamOptions, calls: readonly AnyCall[]) {
  const registry = registryOf(calls);
  app.all('/api/*', async (c) => {
    const started = performance.now();
    const call = registry.get(c.req.path.slice('/api/'.length));
    const requestId = requestIdOf(c.req.header(REQUEST_ID_HEADER));
    const trace: Trace = {};
    const response = await answer(c, call, trace, requestId);
    const seconds = (performance.now() - started) / 1000;
    const path = call?.path ?? 'other';
    observeCall('service', path, response.status, seconds);
    log.info({ requestId, layer: 'service', path, status: response.status, ms: Math.round(seconds * 1000), userId: trace.userId }, 'call');
    response.headers.set(REQUEST_ID_HEADER, requestId);
    if (trace.grantsVersion !== undefined) response.headers.set(GRANTS_VERSION_HEADER, String(trace.grantsVersion));
    return response;
  });

  async function answer(c: Context, call: AnyCall | undefined, trace: Trace, requestId: string): Promise<Response> {
    const locale = localeOf(c.req.header('accept-language'));
    const t = translator(locale);
    try {
      if (!call || !(methodsOf(call.spec) as readonly string[]).includes(c.req.method)) throw notFound('call');
      const now = options.now();
      const token = c.req.header('token');
      let user: AuthUser | null = token ? await resolveToken(db, token, now) : null;
      const { access } = call.spec;
      if (access !== 'public') {
        if (!user) throw unauthorized();
        if (typeof access !== 'function' && !(await allowed(db, user, access))) throw forbidden();
      } else if (!token) {
        user = null;
      }
      trace.userId = user?.id;
      trace.grantsVersion = user?.grantsVersion;
      const raw = await readInput(c, call);
      const ctx: CallContext = { db, options, locale, t, clientIp: clientIpOf(c), user, now };
      const parsed = call.spec.input.safeParse(raw);
      if (!parsed.success) {
        await call.onInvalid?.(ctx, raw);
        throw invalid(fieldsOf(parsed.error));
      }
      if (typeof access === 'function' && !(await allowed(db, user!, (access as (input: unknown) => Access)(parsed.data)))) throw forbidden();
      const data = await call.handler(ctx, parsed.data);
      if (data instanceof FileAnswer) return fileResponse(data);
      return c.json({ code: CODES.ok, message: t('ok'), data: data ?? null });
    } catch (error) {
      return errorResponse(c, error, t, requestId);
    }
  }
}
