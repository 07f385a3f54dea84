import { HOME_PATH } from './routes';

/**
 * Keeps only a same-origin relative path (with its query and hash) from a redirect
 * parameter; anything else (absolute URLs, `//host`, back-slashes, control characters,
 * the login page itself) falls back to the entry page.
 */
export function safeRedirect(value: string | null | undefined, fallback = HOME_PATH): string {
  if (!value || value.length > 2048 || !value.startsWith('/') || value.startsWith('//')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const base = 'http://same-origin.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    if (url.pathname === '/login' || url.pathname === '/') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
