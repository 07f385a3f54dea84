import { takesJson } from '../http/content-type';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import type { Config } from '../config';
import { applyCatalogue, bareMessage, type Verdict } from '../api/catalogue';
import { CALLS } from '../contract/calls';
import { methodsOf, type CallSpec } from '../contract/call';
import { resolveLocale, translate } from '../i18n';
import { LOCALE_COOKIE, SESSION_COOKIE, isHttps, sealSession, sessionCookieOptions, unsealSession, type SessionData } from '../session';
import type { Locale } from '../contract/auth';
import { CODES } from '../contract/common';
import type { Transport, UpstreamRequest } from './transport';
import { localCalls, type Method } from './local-calls';
import { fileResponse, MULTIPART_CALLS, readBounded, readUpload, uploadRefusal } from './files';
import { clientAddress } from './client-address';
import { observed, type Trace } from './observe';

/** DESIGN.md section 3: only `module/action` shaped paths are forwarded. */
const PATH_PATTERN = /^[A-Za-z][\w-]*(\/[A-Za-z][\w-]*)+$/;
/** Calls that need no session: the table's public calls, and admin/setLocale (the BFF keeps the choice in a cookie without one). */
const PUBLIC_CALLS = new Set<string>([...Object.entries(CALLS).filter(([, spec]) => spec.access === 'public').map(([path]) => path), 'admin/setLocale']);
const MAX_BODY_BYTES = 1024 * 1024;
/** Calls that take no input (the unread-count poll among them): their body is neither read nor forwarded. */
const NO_INPUT_CALLS = new Set(Object.entries(CALLS as Record<string, CallSpec>)
  .filter(([, spec]) => spec.input instanceof z.ZodObject && Object.keys(spec.input.shape).length === 0).map(([path]) => path));

export interface BffContext {
  req: NextRequest;
  config: Config;
  transport: Transport;
  session: SessionData | null;
  locale: Locale;
  secure: boolean;
  clientIp: string;
  /** The request's id, sent to the service and returned in `x-request-id`. */
  requestId: string;
  path: string;
  method: 'GET' | 'POST';
  body: string | undefined;
  /** Forwards the call (or another) to the upstream with the session's token and applies the catalogue. */
  forward(overrides?: Partial<UpstreamRequest>): Promise<Verdict>;
  /** Answers with a verdict, in the browser's envelope. */
  reply(verdict: Verdict, locale?: Locale): NextResponse;
  setSession(response: NextResponse, session: SessionData): Promise<NextResponse>;
  endSession(response: NextResponse): NextResponse;
}

export interface BffDeps { config: Config; transport: Transport }

const noStore = { 'cache-control': 'no-store' };

/**
 * The one place a verdict becomes the browser's envelope. SPEC.md section 8: a refusal
 * shows the server's message plus one '！' (a message that already ends in one keeps it).
 */
export function envelopeResponse(verdict: Verdict, locale: Locale, headers: Record<string, string> = {}) {
  const params = verdict.params && { message: bareMessage(verdict.params.message) };
  const message = verdict.key ? translate(locale, `errors.${verdict.key}`, params) : translate(locale, 'upstream.ok');
  return NextResponse.json({ code: verdict.code, message, data: verdict.data }, { status: verdict.code === 200 ? 200 : verdict.code, headers: { ...noStore, ...headers } });
}

/** A refusal of the BFF itself, worded as the service words one: a message (key in messages/*.json) and data. */
export const refusal = (code: number, locale: Locale, messageKey: string, data: unknown = null): Verdict =>
  ({ code, key: 'withMessage', params: { message: translate(locale, messageKey) }, data });

/**
 * A request from another origin, whatever its method: Fetch Metadata names another site
 * (or a sibling of the same site), or the Origin is not ours. A navigation the user typed
 * (`none`) and requests without either header (curl, the service's own tools) pass.
 */
export function isCrossSite(req: NextRequest): boolean {
  const site = req.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = req.headers.get('origin');
  if (!origin) return false;
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host');
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/** The BFF: session, origin checks, locale, forwarding and the error catalogue, in one place. */
export function createBff({ config, transport }: BffDeps) {
  return observed(isKnownCall, async function handle(req: NextRequest, segments: string[], trace: Trace): Promise<NextResponse> {
    const session = await unsealSession(req.cookies.get(SESSION_COOKIE)?.value, config.sessionSecret);
    trace.userId = session?.user.id;
    const locale = resolveLocale({
      sessionLocale: session?.locale, cookieLocale: req.cookies.get(LOCALE_COOKIE)?.value,
      acceptLanguage: req.headers.get('accept-language'), auto: config.LOCALE_AUTO, fallback: config.DEFAULT_LOCALE,
    });
    const path = segments.join('/');
    if (!PATH_PATTERN.test(path)) return envelopeResponse({ code: 404, key: 'notFound', data: null }, locale);
    const local = localCalls[path];
    const spec = (CALLS as Record<string, CallSpec>)[path];
    if (!local && !spec) return envelopeResponse({ code: 404, key: 'notFound', data: null }, locale);
    const methods = local?.methods ?? methodsOf(spec!);
    if (!(methods as readonly string[]).includes(req.method)) {
      return envelopeResponse(refusal(CODES.methodNotAllowed, locale, 'errors.methodNotAllowed'), locale, { allow: methods.join(', ') });
    }
    const method = req.method as Method;
    if (isCrossSite(req)) return envelopeResponse(refusal(CODES.forbidden, locale, 'errors.forbiddenRequest'), locale);
    if (!session && !PUBLIC_CALLS.has(path)) {
      return endSession(envelopeResponse({ code: 401, key: 'timeout', data: null }, locale), req);
    }
    const uploadLimit = method === 'POST' ? MULTIPART_CALLS[path] : undefined;
    const upload = uploadLimit ? await readUpload(req, uploadLimit) : null;
    if (upload && !upload.ok) return envelopeResponse(uploadRefusal(upload, (key) => translate(locale, key)), locale);
    const bytes = method === 'POST' && !upload && !NO_INPUT_CALLS.has(path) ? await readBounded(req, MAX_BODY_BYTES) : undefined;
    if (bytes === null) return envelopeResponse(refusal(CODES.tooLarge, locale, 'validation.tooLong'), locale);
    if (bytes?.byteLength && !takesJson(req.headers.get('content-type'))) {
      return envelopeResponse(refusal(CODES.unsupportedMediaType, locale, 'errors.unsupportedMediaType'), locale);
    }
    const body = bytes && new TextDecoder().decode(bytes);
    const secure = isHttps(req.url, req.headers.get('x-forwarded-proto'));
    const clientIp = clientAddress(req.headers.get('x-forwarded-for'), config);
    const send = (overrides: Partial<UpstreamRequest> = {}) => transport({
      path, method, body: upload?.body ?? body, contentType: upload?.contentType,
      query: method === 'GET' ? req.nextUrl.searchParams.toString() : undefined,
      token: session?.token, locale, clientIp, requestId: trace.requestId, ...overrides,
    });
    const ctx: BffContext = {
      req, config, transport, session, locale, secure, clientIp, requestId: trace.requestId, path, method, body,
      forward: async (overrides = {}) => applyCatalogue(await send(overrides)),
      reply: (verdict, replyLocale = locale) => {
        const response = envelopeResponse(verdict, replyLocale);
        return verdict.endSession ? endSession(response, req) : response;
      },
      setSession: async (response, data) => {
        response.cookies.set(SESSION_COOKIE, await sealSession(data, config.sessionSecret), sessionCookieOptions(secure, data.persistent));
        return response;
      },
      endSession: (response) => endSession(response, req),
    };
    if (local) return local.handle(ctx);
    const outcome = await send();
    return outcome.kind === 'file' ? fileResponse(outcome) : ctx.reply(applyCatalogue(outcome));
  });
}

/** A path the metrics may name: one of the call table or of the BFF's own calls. */
const isKnownCall = (path: string) => Object.hasOwn(localCalls, path) || Object.hasOwn(CALLS, path);

function endSession(response: NextResponse, req: NextRequest) {
  if (req.cookies.has(SESSION_COOKIE)) response.cookies.set(SESSION_COOKIE, '', { path: '/', maxAge: 0 });
  return response;
}
