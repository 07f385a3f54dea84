import 'server-only';
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { getConfig } from '../config';
import { DEVICE_COOKIE, parseDeviceClass } from '../device';
import { resolveLocale } from '../i18n';
import { LOCALE_COOKIE, SESSION_COOKIE, unsealSession } from '../session';
import { applyCatalogue } from '../api/catalogue';
import { defaultTransport } from '../bff';
import type { MenuResult, PowerEntry, UserInfo } from '../contract/auth';

/** The current request's session (server components); null when signed out. */
export const currentSession = cache(async () => {
  const jar = await cookies();
  return unsealSession(jar.get(SESSION_COOKIE)?.value, getConfig().sessionSecret);
});

/** The current request's language (see resolveLocale). */
export const requestLocale = cache(async () => {
  const config = getConfig();
  const [jar, head, session] = await Promise.all([cookies(), headers(), currentSession()]);
  return resolveLocale({
    sessionLocale: session?.locale, cookieLocale: jar.get(LOCALE_COOKIE)?.value,
    acceptLanguage: head.get('accept-language'), auto: config.LOCALE_AUTO, fallback: config.DEFAULT_LOCALE,
  });
});

export const requestNonce = cache(async () => (await headers()).get('x-nonce') ?? undefined);

/** The device class the browser last reported (a layout hint); null before it has. */
export const requestDevice = cache(async () => parseDeviceClass((await cookies()).get(DEVICE_COOKIE)?.value));

/**
 * The signed-in user's info from the platform service, once per request. 'expired' when
 * the service no longer accepts the session's token (logged out elsewhere, password
 * changed, account disabled); null when the service could not answer.
 */
export const currentUserInfo = cache(async (): Promise<UserInfo | 'expired' | null> => {
  const session = await currentSession();
  if (!session) return 'expired';
  const outcome = await defaultTransport()({
    path: 'admin/getUserInfo', method: 'GET', token: session.token, locale: await requestLocale(), clientIp: 'server',
  });
  const verdict = applyCatalogue(outcome);
  if (verdict.code === 200) return verdict.data as UserInfo;
  return verdict.endSession ? 'expired' : null;
});

/** The user's menu and power list for the first paint of the shell (null parts are loaded by the browser). */
export const currentGrants = cache(async (): Promise<{ menu: MenuResult | null; powers: PowerEntry[] | null }> => {
  const session = await currentSession();
  if (!session) return { menu: null, powers: null };
  const locale = await requestLocale();
  const load = async <T,>(path: string) => {
    const verdict = applyCatalogue(await defaultTransport()({ path, method: 'GET', token: session.token, locale, clientIp: 'server' }));
    return verdict.code === 200 ? (verdict.data as T) : null;
  };
  const [menu, powers] = await Promise.all([load<MenuResult>('admin/getMenu'), load<PowerEntry[]>('admin/getPowerList')]);
  return { menu, powers };
});
