import { sealData, unsealData } from 'iron-session';
import type { Locale } from './contract/auth';
import { SESSION_TTL_SECONDS } from './contract/session';

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

export const sealSession = (data: SessionData, secret: string) => sealData(data, { password: secret, ttl: SESSION_TTL_SECONDS });

/** The session in a cookie value, or null when absent, forged, expired or malformed. */
export async function unsealSession(value: string | undefined, secret: string): Promise<SessionData | null> {
  if (!value) return null;
  try {
    const data = await unsealData<Partial<SessionData>>(value, { password: secret, ttl: SESSION_TTL_SECONDS });
    return data.token && data.user && Array.isArray(data.paths) ? (data as SessionData) : null;
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
