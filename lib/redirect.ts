import { HOME_PATH } from './routes';
import { canonicalPath, pageKind } from './page-path';

const BASE = 'http://same-origin.invalid';
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\\u0000-\u001f\u007f]/;

/** A page a redirect may lead to: any page of this product but the login page (and `/redirect/<page>` of one). */
function isTarget(path: string): boolean {
  if (path === '/login' || pageKind(path) === null) return false;
  if (!path.startsWith('/redirect/')) return true;
  const inner = path.slice('/redirect'.length);
  return inner !== '/redirect' && !inner.startsWith('/redirect/') && isTarget(inner);
}

/**
 * The target of a redirect parameter: the value is resolved as the browser would (dot
 * segments, `%2e%2e`, percent escapes) and kept only when it names a page of this product,
 * with its query and hash; anything else (another host, `/.//host`, an unknown path,
 * back-slashes, control characters, the login page itself) gives the fallback, by default
 * the entry page. The answer always starts with one `/` followed by a page's own path.
 */
export function safeRedirect(value: string | null | undefined, fallback = HOME_PATH): string {
  if (!value || value.length > 2048 || !value.startsWith('/') || value.startsWith('//') || UNSAFE.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = canonicalPath(url.pathname);
  if (!path || !isTarget(path)) return fallback;
  return `${path}${url.search}${url.hash}`;
}
