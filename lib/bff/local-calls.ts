import type { NextResponse } from 'next/server';
import { applyCatalogue } from '../api/catalogue';
import { translate } from '../i18n';
import { LOCALES, loginResult, setLocaleInput, type Locale, type MenuItem, type MenuResult } from '../contract/auth';
import { LOCALE_COOKIE, type SessionData } from '../session';
import type { BffContext } from './handler';
import { MENU_VERSION_HEADER, userLocaleCookie } from '../contract/session';

const LOCALE_COOKIE_OPTIONS = { path: '/', maxAge: 365 * 24 * 60 * 60, sameSite: 'lax' as const, httpOnly: false };

/** Paths of the menu's pages (its leaves): what the route guard lets this user open. */
function menuPaths(menu: MenuItem[]): string[] {
  return menu.flatMap((item) => (item.children.length ? menuPaths(item.children) : item.path ? [item.path] : []));
}

function rememberMe(body: string | undefined): boolean {
  try {
    return (JSON.parse(body ?? '{}') as { remember?: unknown }).remember === true;
  } catch {
    return false;
  }
}

async function loadMenu(ctx: BffContext, token: string) {
  return applyCatalogue(await ctx.transport({ path: 'admin/getMenu', method: 'GET', token, locale: ctx.locale, clientIp: ctx.clientIp, requestId: ctx.requestId }));
}

/**
 * Login and registration: the upstream answers uuid, token and info; the BFF seals them
 * with the menu's paths into the session cookie and answers the info and menu, never the token.
 */
async function signIn(ctx: BffContext): Promise<NextResponse> {
  const verdict = await ctx.forward({ token: undefined });
  if (verdict.code !== 200) return ctx.reply(verdict);
  const parsed = loginResult.safeParse(verdict.data);
  if (!parsed.success) return ctx.reply({ code: 500, key: 'system', data: null });
  const { uuid, token, info } = parsed.data;
  const menu = await loadMenu(ctx, token);
  if (menu.code !== 200) return ctx.reply(menu);
  const { menu: items, access, version } = menu.data as MenuResult;
  const now = Date.now();
  // The language this user chose in this browser, if any; else the sign-in default (the page's language: a choice made
  // before signing in, the browser's language in auto mode, or the configured default).
  const chosen = ctx.req.cookies.get(userLocaleCookie(info.id))?.value;
  const locale = (LOCALES as readonly string[]).includes(chosen ?? '') ? chosen as Locale : null;
  const session: SessionData = {
    uuid, token, locale, persistent: rememberMe(ctx.body),
    user: { id: info.id, username: info.username, nickname: info.nickname, type: info.type },
    paths: menuPaths(items), menuVersion: version, issuedAt: now, lastSeen: now,
  };
  const response = ctx.reply({ code: 200, key: null, data: { info: { ...info, locale: locale ?? ctx.locale }, menu: items, access } }, locale ?? ctx.locale);
  return ctx.setSession(response, session);
}

async function askMenuVersion(ctx: BffContext): Promise<string | undefined> {
  const verdict = await ctx.forward({ path: 'admin/getMenuVersion', method: 'GET', body: undefined, query: undefined });
  return verdict.code === 200 ? (verdict.data as { version?: string } | null)?.version : undefined;
}

function refreshPaths(ctx: BffContext, response: NextResponse, { menu, version }: MenuResult) {
  if (version === ctx.session!.menuVersion) return response;
  return ctx.setSession(response, { ...ctx.session!, paths: menuPaths(menu), menuVersion: version, lastSeen: Date.now() });
}

export type Method = 'GET' | 'POST';

/** A call the BFF answers itself, and the methods it takes (a call that changes state takes POST only). */
export interface LocalCall { methods: readonly Method[]; handle(ctx: BffContext): Promise<NextResponse> }

const POST_ONLY: readonly Method[] = ['POST'];
const READ: readonly Method[] = ['GET', 'POST'];

export const localCalls: Record<string, LocalCall> = {
  'admin/login': { methods: POST_ONLY, handle: signIn },
  'admin/register': { methods: POST_ONLY, handle: signIn },

  /** Logout ends the upstream token and the session whatever the upstream answers. */
  'admin/logOut': { methods: POST_ONLY, async handle(ctx) {
    if (ctx.session) await ctx.forward({ method: 'POST', body: '{}', query: undefined });
    return ctx.endSession(ctx.reply({ code: 200, key: null, data: null }));
  } },

  /**
   * The language choice, kept in this browser only (SPEC.md section 1): for the signed-in user in their own
   * cookie (and the session), before signing in in the browser's. The service stores nothing.
   */
  'admin/setLocale': { methods: POST_ONLY, async handle(ctx) {
    let input: unknown;
    try { input = JSON.parse(ctx.body || '{}'); } catch { input = null; }
    const parsed = setLocaleInput.safeParse(input);
    if (!parsed.success) {
      const message = translate(ctx.locale, 'validation.locale');
      return ctx.reply({ code: 422, key: 'withMessage', params: { message }, data: { fields: { locale: 'validation.locale' } } });
    }
    const { locale } = parsed.data;
    const response = ctx.reply({ code: 200, key: null, data: { locale } }, locale);
    if (!ctx.session) {
      response.cookies.set(LOCALE_COOKIE, locale, LOCALE_COOKIE_OPTIONS);
      return response;
    }
    response.cookies.set(userLocaleCookie(ctx.session.user.id), locale, LOCALE_COOKIE_OPTIONS);
    return ctx.setSession(response, { ...ctx.session, locale });
  } },

  /** The menu, and the session's allowed paths refreshed from it (a role change applies without a new login). */
  'admin/getMenu': { methods: READ, async handle(ctx) {
    const verdict = await loadMenu(ctx, ctx.session!.token);
    const response = ctx.reply(verdict);
    return verdict.code === 200 ? refreshPaths(ctx, response, verdict.data as MenuResult) : response;
  } },

  /**
   * The unread count, polled every 10 seconds: one service call. The same poll notices a
   * change of the user's grants from the version the service answers with (its
   * `x-grants-version` header; a service that sends none is asked with admin/getMenuVersion):
   * the session's allowed paths are refreshed and the answer carries the new version in
   * `x-menu-version`, so the browser reloads its menu and buttons.
   */
  'businessMessage/count': { methods: READ, async handle(ctx) {
    const count = await ctx.forward();
    const response = ctx.reply(count);
    if (count.code !== 200) return response;
    const current = count.grantsVersion ?? await askMenuVersion(ctx);
    if (!current || current === ctx.session!.menuVersion) return response;
    const menu = await loadMenu(ctx, ctx.session!.token);
    if (menu.code !== 200) return response;
    response.headers.set(MENU_VERSION_HEADER, current);
    return refreshPaths(ctx, response, menu.data as MenuResult);
  } },

  /** A changed password revokes every token upstream, so the session ends here too. */
  'admin/updatePassWord': { methods: POST_ONLY, async handle(ctx) {
    const verdict = await ctx.forward();
    const response = ctx.reply(verdict);
    return verdict.code === 200 ? ctx.endSession(response) : response;
  } },
};
