import { MENU_PAGES, PUBLIC_PATHS, SESSION_PATHS, SESSION_PREFIXES } from './routes';

/**
 * Page paths as the page router resolves them, shared by the route guard and the redirect
 * rule so both decide on exactly the path that is rendered.
 */

// eslint-disable-next-line no-control-regex
const UNSAFE_SEGMENT = /[/\\\u0000-\u001f\u007f]/;

/**
 * The path a request's pathname names: each segment percent-decoded once (the router
 * matches `/admin/setting/system/%75ser` as `.../user`), empty segments dropped, no
 * trailing slash. null when no page of ours can be meant: a malformed escape, or a segment
 * that decodes to a separator, a dot segment or a control character.
 */
export function canonicalPath(pathname: string): string | null {
  if (!pathname.startsWith('/')) return null;
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '.' || segment === '..' || UNSAFE_SEGMENT.test(segment)) return null;
    segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/** What a page asks of its visitor: nothing, a session, or a grant of the user's menu. */
export type PageKind = 'public' | 'session' | 'menu';

/** The kind of a canonical path, or null when it is no page of this product. */
export function pageKind(path: string): PageKind | null {
  if ((PUBLIC_PATHS as readonly string[]).includes(path)) return 'public';
  if ((SESSION_PATHS as readonly string[]).includes(path)) return 'session';
  if (SESSION_PREFIXES.some((prefix) => path.startsWith(prefix) && path.length > prefix.length)) return 'session';
  if (MENU_PAGES.has(path)) return 'menu';
  return null;
}
