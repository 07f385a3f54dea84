import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import type { Db } from '../db';
import type { UpstreamOptions } from '../options';
import { CODES } from '../../lib/contract/common';
import { AppError, forbidden, invalid, notFound, unauthorized } from './errors';
import { localeOf, translator, type Translate } from './i18n';
import type { AnyCall, AuthUser, CallContext } from './call';
import { resolveToken } from './token';
import { allowed } from './permission';
import { FileAnswer, fileResponse, readMultipart } from './files';
import { normalizeAddress } from '../../lib/net-address';

/** The one converter from a thrown error to the envelope of DESIGN.md section 3. */
export function errorResponse(c: Context, error: unknown, t: Translate) {
  if (error instanceof AppError) {
    return c.json({ code: error.code, message: t(error.key, error.params), data: error.data }, error.code);
  }
  console.error('[upstream] unexpected error', error);
  return c.json({ code: CODES.error, message: t('internal'), data: null }, 500);
}

function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    fields[field] ??= issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
  }
  return fields;
}

async function readInput(c: Context, call: AnyCall): Promise<unknown> {
  if (c.req.method === 'GET') return Object.fromEntries(new URL(c.req.url).searchParams);
  if (call.body && call.body !== 'json') return readMultipart(c, call.body.multipart.maxBytes);
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalid({ _: 'validation.json' });
  }
}

/** The client address the web application determined (lib/bff/client-address.ts) and sent as x-client-ip. */
export function clientIpOf(c: Context): string {
  return normalizeAddress(c.req.header('x-client-ip')) ?? 'unknown';
}

/** Mounts every call under /api/<path>: token, access, validation and error mapping happen here, once. */
export function mountCalls(app: Hono, db: Db, options: UpstreamOptions, calls: readonly AnyCall[]) {
  const registry = new Map(calls.map((call) => [call.path, call]));
  app.all('/api/*', async (c) => {
    const locale = localeOf(c.req.header('accept-language'));
    const t = translator(locale);
    try {
      const call = registry.get(c.req.path.slice('/api/'.length));
      if (!call || !(call.methods ?? ['POST']).includes(c.req.method as 'GET' | 'POST')) throw notFound('call');
      const now = options.now();
      const token = c.req.header('token');
      let user: AuthUser | null = token ? await resolveToken(db, token, now) : null;
      if (call.access !== 'public') {
        if (!user) throw unauthorized();
        if (!(await allowed(db, user, call.access))) throw forbidden();
      } else if (!token) {
        user = null;
      }
      const raw = await readInput(c, call);
      const ctx: CallContext = { db, options, locale, t, clientIp: clientIpOf(c), user, now };
      const parsed = call.input.safeParse(raw);
      if (!parsed.success) {
        await call.onInvalid?.(ctx, raw);
        throw invalid(fieldsOf(parsed.error));
      }
      const data = await call.handler(ctx, parsed.data);
      if (data instanceof FileAnswer) return fileResponse(data);
      return c.json({ code: CODES.ok, message: t('ok'), data: data ?? null });
    } catch (error) {
      return errorResponse(c, error, t);
    }
  });
}
