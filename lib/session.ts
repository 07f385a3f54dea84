import { sealData, unsealData } from 'iron-session';
import type { Locale } from './contract/auth';
import { SESSION_TTL_SECONDS } from './contract/session';
import { decodePages, encodePages } from './session-pages';

export { LOCALE_COOKIE, SESSION_COOKIE } from './contract/session';

interface SessionUser { id: number; username: string; nickname: string; type: number }

/** What the sealed cookie holds (DESIGN.md section 3); the browser can neither read nor forge it. */
export interface SessionData {
  uuid: string;
  token: string;
  user: SessionUser;
  locale: Locale | null;
  /** Route paths the user's menu allows. */
  paths: string[];
  menuVersion: string;
  issuedAt: number;
  lastSeen: number;
  /** 'Remember me': the cookie outlives the browser session (for its 1 day). */
  persistent: boolean;
}

/** The cookie's form of the session: the allowed paths as a bit set over the menu's pages (lib/session-pages.ts). */
type SealedSession = Omit<SessionData, 'paths'> & { pages: string };

export const sealSession = ({ paths, ...rest }: SessionData, secret: string) =>
  sealData({ ...rest, pages: encodePages(paths) } satisfies SealedSession, { password: secret, ttl: SESSION_TTL_SECONDS });

/**
 * Unsealed sessions by cookie value: the same value always unseals to the same session, so
 * the key derivation and decryption run once per cookie, not once per request. An entry is
 * kept until the seal's own expiry (checked again on every hit); the oldest go first.
 */
const unsealed = new Map<string, { data: SessionData; expires: number; secret: string }>();
const UNSEALED_MAX = 2000;

function remember(value: string, secret: string, data: SessionData) {
  if (unsealed.size >= UNSEALED_MAX) unsealed.delete(unsealed.keys().next().value!);
  // iron-session's seal carries its expiry; the session's own ttl bounds it from the time it was sealed (lastSeen).
  unsealed.set(value, { data, secret, expires: data.lastSeen + SESSION_TTL_SECONDS * 1000 });
}

/** The session in a cookie value, or null when absent, forged, expired or malformed. */
export async function unsealSession(value: string | undefined, secret: string): Promise<SessionData | null> {
  if (!value) return null;
  const hit = unsealed.get(value);
  if (hit && hit.secret === secret && hit.expires > Date.now()) return hit.data;
  try {
    const { pages, ...data } = await unsealData<Partial<SealedSession> & { paths?: unknown }>(value, { password: secret, ttl: SESSION_TTL_SECONDS });
    if (!data.token || !data.user) return null;
    const decoded = typeof pages === 'string' ? decodePages(pages) : Array.isArray(data.paths) ? (data.paths as string[]) : undefined;
    if (decoded === undefined) return null;
    // Pages sealed for another build's page list: none until the menu is read again (an unknown version makes the next poll read it).
    const session = (decoded === null ? { ...data, paths: [], menuVersion: '' } : { ...data, paths: decoded }) as SessionData;
    remember(value, secret, session);
    return session;
  } catch {
    return null;
  }
}

/** Cookie attributes of SPEC.md section 9 and DESIGN.md section 1: httpOnly, SameSite Strict, 1 day, Secure over HTTPS. */
export const sessionCookieOptions = (secure: boolean, persistent: boolean) => ({
  httpOnly: true,
  secure,
  sameSite: 'strict' as const,
  path: '/',
  ...(persistent ? { maxAge: SESSION_TTL_SECONDS } : {}),
});

/** Whether the browser reached us over HTTPS (directly or through a TLS-terminating proxy). */
export const isHttps = (url: string, forwardedProto: string | null) =>
  (forwardedProto?.split(',')[0]?.trim() ?? new URL(url).protocol.replace(':', '')) === 'https';
