import { takesJson } from '../../lib/http/content-type';
import { randomUUID } from 'node:crypto';
import type { Hono, Context } from 'hono';
import type { z } from 'zod';
import { z as zod } from '../../lib/contract/zod';
import type { Db } from '../db';
import type { UpstreamOptions } from '../options';
import { CODES, type Envelope } from '../../lib/contract/common';
import { AppError, errorKind, forbidden, invalid, notFound, unauthorized } from './errors';
import { localeOf, translator, type Translate } from './i18n';
import type { AnyCall, AuthUser, CallContext } from './call';
import { CALLS } from '../../lib/contract/calls';
import { methodsOf, rowRules, type Access, type RowAccess } from '../../lib/contract/call';
import { resolveToken } from './token';
import { withRequest } from './request-context';
import { allowed } from './permission';
import { checkRowKinds, resolveRow, ruleFields, type RowKinds } from './row-access';
import { FileAnswer, fileResponse, readMultipart } from './files';
import { normalizeAddress } from '../../lib/http/net-address';
import { log } from '../../lib/http/log';
import { observeCall } from '../../lib/http/metrics';
import { REQUEST_ID_HEADER, requestIdOf } from '../../lib/http/request-id';
import { GRANTS_VERSION_HEADER } from '../../lib/contract/session';

/** A call as the service reads it, however it came: over HTTP (through Hono) or in-process from the BFF. */
export interface CallRequest {
  /** The call's path after /api/, e.g. 'businessMessage/count'. */
  path: string;
  method: string;
  /** A GET's query string, without '?'. */
  query: string;
  /** A header, by its lower-case name. */
  header(name: string): string | undefined;
  /** The body as text (JSON calls). */
  text(): Promise<string>;
  /** The body as a stream (multipart calls). */
  stream(): ReadableStream<Uint8Array> | null;
}

/** The service's answer before it becomes HTTP: an envelope, or a file, with what it reports beside it. */
export type CallAnswer = { status: number; requestId?: string; grantsVersion?: number } & ({ envelope: Envelope; file?: undefined } | { file: FileAnswer; envelope?: undefined });

/**
 * The one converter from a thrown error to the envelope of DESIGN.md section 3. An unexpected
 * error is logged with an id, the call path and its kind only (never its message, SQL or
 * parameters, which may hold personal data); the caller gets the same id.
 */
export function errorAnswer(request: Pick<CallRequest, 'method' | 'path'>, error: unknown, t: Translate, requestId?: string): CallAnswer {
  if (error instanceof AppError) {
    return { status: error.code, envelope: { code: error.code, message: t(error.key, error.params), data: error.data } };
  }
  const errorId = randomUUID();
  log.error({ errorId, requestId, method: request.method, path: `/api/${request.path}`, kind: errorKind(error) }, 'unexpected error');
  return { status: 500, envelope: { code: CODES.error, message: t('internal'), data: { errorId } } };
}

/** An error as the HTTP answer of a route outside the call table. */
export function errorResponse(c: Context, error: unknown, t: Translate): Response {
  return answerResponse(errorAnswer(honoRequest(c), error, t));
}

/** A call that came over HTTP, as the service reads it. */
export function honoRequest(c: Context): CallRequest {
  const url = c.req.url;
  const mark = url.indexOf('?');
  return {
    path: c.req.path.replace(/^\/api\//, ''),
    method: c.req.method,
    query: mark < 0 ? '' : url.slice(mark + 1),
    header: (name) => c.req.header(name),
    text: () => c.req.text(),
    stream: () => c.req.raw.body,
  };
}

/** The HTTP answer of a call's answer: the envelope as JSON (or the file), with the request id and the grants' version. */
export function answerResponse(answer: CallAnswer): Response {
  const response = answer.file ? fileResponse(answer.file) : Response.json(answer.envelope, { status: answer.status });
  if (answer.requestId) response.headers.set(REQUEST_ID_HEADER, answer.requestId);
  if (answer.grantsVersion !== undefined) response.headers.set(GRANTS_VERSION_HEADER, String(answer.grantsVersion));
  return response;
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

async function readInput(request: CallRequest, call: AnyCall): Promise<unknown> {
  if (request.method === 'GET') return Object.fromEntries(new URLSearchParams(request.query));
  const body = call.spec.body;
  if (body && body !== 'json') return readMultipart(request, body.multipart.maxBytes);
  const declared = Number(request.header('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw new AppError(CODES.tooLarge, 'tooLarge');
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new AppError(CODES.tooLarge, 'tooLarge');
  if (!text.trim()) return {};
  if (!takesJson(request.header('content-type'))) throw new AppError(CODES.unsupportedMediaType, 'unsupportedMediaType');
  try {
    return JSON.parse(text);
  } catch {
    throw invalid({ _: 'validation.json' });
  }
}

export { methodsOf };

type Spec = AnyCall['spec'];
const accessSchemas = new WeakMap<Spec, z.ZodType | null>();
const rowSchemas = new WeakMap<object, z.ZodType | null>();

/**
 * The access of a call decided by input fields (`accessBy`), read from those fields alone before
 * the rest of the input is checked: a caller without it gets 403 whatever else they send. Null
 * when those fields do not parse on their own (the whole input is checked, then the access).
 */
function accessByFields(spec: Spec, raw: unknown): Access | null {
  if (typeof spec.access !== 'function' || !spec.accessBy) return null;
  const picked = pickFields(accessSchemas, spec, typeof spec.accessBy === 'string' ? [spec.accessBy] : spec.accessBy, raw);
  return picked === null ? null : spec.access(picked);
}

/** The fields of a call's input (an object schema) parsed on their own, or null when they do not parse so. */
function pickFields(cache: WeakMap<object, z.ZodType | null>, spec: Spec, fields: readonly string[], raw: unknown, key: object = spec): unknown {
  let schema = cache.get(key);
  if (schema === undefined) {
    // From the object's shape: its refinements (which read the whole input) stay with the whole input's check.
    const shape = (spec.input as unknown as { _zod?: { def?: { shape?: Record<string, z.ZodType> } } })._zod?.def?.shape;
    schema = shape && fields.every((f) => f in shape) ? zod.object(Object.fromEntries(fields.map((f) => [f, shape[f]!]))) : null;
    cache.set(key, schema);
  }
  const picked = schema?.safeParse(raw);
  return picked?.success ? picked.data : null;
}

/** The fields a row rule reads, parsed on their own (so 404 and 403 come before the rest of the input is checked), or null. */
const rowFields = (spec: Spec, rule: RowAccess, raw: unknown): unknown => pickFields(rowSchemas, spec, ruleFields(rule), raw, rule);

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

/** What a call's answer reports beside its envelope: who made it, and the grants' version that user's answer was made under. */
interface Trace { userId?: number; grantsVersion?: number }

/** Serves one call of the table, however it came: token, access (the call's and its row's), validation and error mapping happen here, once. */
export type Dispatch = (request: CallRequest) => Promise<CallAnswer>;

export function createDispatch(db: Db, options: UpstreamOptions, calls: readonly AnyCall[], rowKinds: RowKinds = {}): Dispatch {
  const registry = registryOf(calls);
  checkRowKinds(rowKinds, calls);
  return async (request) => {
    const started = performance.now();
    const call = registry.get(request.path);
    const requestId = requestIdOf(request.header(REQUEST_ID_HEADER));
    const trace: Trace = {};
    const clientIp = normalizeAddress(request.header('x-client-ip')) ?? 'unknown';
    const answered = await withRequest({ requestId, clientIp }, () => answer(request, call, trace, requestId));
    const seconds = (performance.now() - started) / 1000;
    const path = call?.path ?? 'other';
    observeCall('service', path, answered.status, seconds);
    // A health check that finds the service up is a debug line: probes every few seconds would otherwise fill the log.
    const quiet = path === 'health' && answered.status === 200;
    log[quiet ? 'debug' : 'info']({ requestId, layer: 'service', path, status: answered.status, ms: Math.round(seconds * 1000), userId: trace.userId }, 'call');
    return { ...answered, requestId, grantsVersion: trace.grantsVersion };
  };

  async function answer(request: CallRequest, call: AnyCall | undefined, trace: Trace, requestId: string): Promise<CallAnswer> {
    const locale = localeOf(request.header('accept-language'));
    const t = translator(locale);
    try {
      if (!call || !(methodsOf(call.spec) as readonly string[]).includes(request.method)) throw notFound('call');
      const now = options.now();
      const token = request.header('token');
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
      const raw = await readInput(request, call);
      const early = accessByFields(call.spec, raw);
      if (early && !(await allowed(db, user!, early))) throw forbidden();
      // The client address the web application determined (lib/bff/client-address.ts) and sent as x-client-ip.
      const ctx: CallContext = { db, options, locale, t, clientIp: normalizeAddress(request.header('x-client-ip')) ?? 'unknown', user, now };
      // Row-level access (the record's organisation, the button at its own stage), before the rest of the input and the handler;
      // a rule whose fields do not parse on their own is resolved once the whole input has.
      const later: RowAccess[] = [];
      for (const rule of rowRules(call.spec)) {
        const fields = rowFields(call.spec, rule, raw);
        if (fields === null) later.push(rule);
        else await resolveRow(rowKinds, ctx as CallContext<AuthUser>, rule, fields);
      }
      const parsed = call.spec.input.safeParse(raw);
      if (!parsed.success) {
        await call.onInvalid?.(ctx, raw);
        throw invalid(fieldsOf(parsed.error));
      }
      if (typeof access === 'function' && !(await allowed(db, user!, (access as (input: unknown) => Access)(parsed.data)))) throw forbidden();
      for (const rule of later) await resolveRow(rowKinds, ctx as CallContext<AuthUser>, rule, parsed.data);
      const data = await call.handler(ctx, parsed.data);
      if (data instanceof FileAnswer) return { status: 200, file: data };
      return { status: 200, envelope: { code: CODES.ok, message: t('ok'), data: data ?? null } };
    } catch (error) {
      return errorAnswer(request, error, t, requestId);
    }
  }
}

/** Mounts the calls under /api/<path> of an HTTP app. */
export function mountCalls(app: Hono, dispatch: Dispatch) {
  app.all('/api/*', async (c) => answerResponse(await dispatch(honoRequest(c))));
}
