/**
 * Multi-tab bar logic (SPEC.md section 4 'Tabs'). Pure: every operation returns a new
 * state and never mutates its input; it returns the very same state object when
 * nothing changes, so a React state setter can skip the re-render.
 */
import { HOME_PATH } from './routes';

export interface Tab {
  /** Pathname: the identity of the tab. */
  path: string;
  /** Pathname + search: reopening the tab restores its filters and page. */
  url: string;
}

export interface TabState {
  tabs: Tab[];
  /** Path of the active tab. */
  active: string;
}

/** Most tabs the bar holds (home included); opening one more drops the oldest closable tab. */
export const MAX_TABS = 20;
const MAX_URL_LENGTH = 2048;
const MAX_STORED_LENGTH = 64 * 1024;

/** The entry page: always first, pinned, never closable. */
export const HOME_TAB: Tab = Object.freeze({ path: HOME_PATH, url: HOME_PATH });

export const tabStorageKey = (username: string) => `lbo.tabs.${username}`;

export function initialTabs(): TabState {
  return { tabs: [HOME_TAB], active: HOME_PATH };
}

const isPinned = (path: string) => path === HOME_PATH;
const indexOf = (state: TabState, path: string) => state.tabs.findIndex((t) => t.path === path);

/**
 * Splits a same-origin relative URL into the tab identity (pathname without a trailing
 * slash) and the URL to restore (pathname + search; the hash is dropped). Anything else
 * (absolute URLs, `//host`, `javascript:`, back-slashes, control characters) is null.
 */
export function parseTabUrl(value: string): Tab | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_URL_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  const base = 'http://same-origin.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') || '/' : url.pathname;
  return { path, url: `${path}${url.search}` };
}

/** False for the home tab, for the only tab left and for a path that has no tab. */
export function isClosable(state: TabState, path: string): boolean {
  if (isPinned(path) || state.tabs.length <= 1) return false;
  return indexOf(state, path) >= 0;
}

/**
 * Opens `url` (a relative URL such as '/bank/bank-first?pageNum=2'): activates the tab
 * of the same path, updating its url, or appends a new tab at the end. An unsafe url
 * leaves the state unchanged.
 */
export function openTab(state: TabState, url: string): TabState {
  const tab = parseTabUrl(url);
  if (!tab) return state;
  const index = indexOf(state, tab.path);
  const current = state.tabs[index];
  if (current) {
    if (current.url === tab.url) return activateTab(state, tab.path);
    const tabs = state.tabs.map((t, i) => (i === index ? tab : t));
    return { tabs, active: tab.path };
  }
  let tabs = [...state.tabs, tab];
  while (tabs.length > MAX_TABS) {
    const drop = tabs.findIndex((t) => !isPinned(t.path) && t.path !== tab.path);
    if (drop < 0) break;
    tabs = tabs.filter((_, i) => i !== drop);
  }
  return { tabs, active: tab.path };
}

export function activateTab(state: TabState, path: string): TabState {
  if (state.active === path || indexOf(state, path) < 0) return state;
  return { tabs: state.tabs, active: path };
}

/** Closes one tab; closing the active tab activates its right neighbour, else its left one. */
export function closeTab(state: TabState, path: string): TabState {
  if (!isClosable(state, path)) return state;
  const index = indexOf(state, path);
  const tabs = state.tabs.filter((_, i) => i !== index);
  if (state.active !== path) return { tabs, active: state.active };
  const next = tabs[Math.min(index, tabs.length - 1)];
  return { tabs, active: next?.path ?? HOME_PATH };
}

/** Keeps the pinned tabs and the tabs `keep` accepts; `path` becomes active if the active tab went. */
function closeWhere(state: TabState, path: string, keep: (index: number, anchor: number) => boolean): TabState {
  const anchor = indexOf(state, path);
  if (anchor < 0) return state;
  const tabs = state.tabs.filter((t, i) => isPinned(t.path) || keep(i, anchor));
  if (tabs.length === state.tabs.length) return state;
  const active = tabs.some((t) => t.path === state.active) ? state.active : path;
  return { tabs, active };
}

export function closeLeft(state: TabState, path: string): TabState {
  return closeWhere(state, path, (i, anchor) => i >= anchor);
}

export function closeRight(state: TabState, path: string): TabState {
  return closeWhere(state, path, (i, anchor) => i <= anchor);
}

/** Keeps home and `path`, and activates `path`. */
export function closeOthers(state: TabState, path: string): TabState {
  return activateTab(closeWhere(state, path, (i, anchor) => i === anchor), path);
}

/** Back to the entry page alone (SPEC: close all returns to the entry page). */
export function closeAll(state: TabState): TabState {
  const [only] = state.tabs;
  if (state.tabs.length === 1 && only?.path === HOME_TAB.path && only.url === HOME_TAB.url && state.active === HOME_PATH) {
    return state;
  }
  return initialTabs();
}

/**
 * Drops the tabs the user may no longer open (home is always kept); if the active tab
 * went, the last remaining tab becomes active.
 */
export function filterTabs(state: TabState, canOpen: (path: string) => boolean): TabState {
  const tabs = state.tabs.filter((t) => isPinned(t.path) || canOpen(t.path));
  if (tabs.length === state.tabs.length) return state;
  const last = tabs.at(-1);
  if (!last) return initialTabs();
  const active = tabs.some((t) => t.path === state.active) ? state.active : last.path;
  return { tabs, active };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Validates tabs read from localStorage (untrusted; the parsed value or its JSON text).
 * Tabs with an unsafe url, a path that is not the url's pathname or a path already seen
 * are dropped; the home tab is put first (added if missing); an unknown active tab
 * falls back to the last tab. Null when the value is not a tab state at all or holds
 * more than MAX_TABS entries.
 */
export function parseStoredTabs(value: unknown): TabState | null {
  let data = value;
  if (typeof data === 'string') {
    if (data.length > MAX_STORED_LENGTH) return null;
    try {
      data = JSON.parse(data) as unknown;
    } catch {
      return null;
    }
  }
  if (!isRecord(data) || !Array.isArray(data.tabs) || data.tabs.length > MAX_TABS) return null;
  const raw: unknown[] = data.tabs;
  const seen = new Set<string>();
  const tabs: Tab[] = [];
  for (const entry of raw) {
    if (!isRecord(entry) || typeof entry.path !== 'string' || typeof entry.url !== 'string') continue;
    const tab = parseTabUrl(entry.url);
    if (!tab || tab.path !== entry.path || seen.has(tab.path)) continue;
    seen.add(tab.path);
    tabs.push(tab);
  }
  const homeIndex = tabs.findIndex((t) => isPinned(t.path));
  const home = tabs[homeIndex] ?? HOME_TAB;
  const ordered = [home, ...tabs.filter((_, i) => i !== homeIndex)].slice(0, MAX_TABS);
  const active =
    typeof data.active === 'string' && ordered.some((t) => t.path === data.active)
      ? data.active
      : (ordered.at(-1) ?? home).path;
  return { tabs: ordered, active };
}

/**
 * The tabs of the last page, also kept in a cookie of this browser, so the server draws them
 * with the next page at once (a reload) instead of after the shell's scripts have run. Only
 * the user's own (named in it), and as many tabs as fit a cookie; localStorage keeps them all.
 */
export const TABS_COOKIE = 'lbo-tabs';
const MAX_COOKIE_LENGTH = 3000;

export function tabsCookieValue(username: string, state: TabState): string {
  let tabs = state.tabs;
  const encode = (list: Tab[]) => encodeURIComponent(JSON.stringify({ u: username, s: { tabs: list, active: list.some((t) => t.path === state.active) ? state.active : HOME_PATH } }));
  let value = encode(tabs);
  while (value.length > MAX_COOKIE_LENGTH && tabs.length > 1) {
    tabs = tabs.slice(0, -1);
    value = encode(tabs);
  }
  return value;
}

export function tabsFromCookie(value: string | undefined, username: string): TabState | null {
  if (!value || value.length > MAX_COOKIE_LENGTH) return null;
  try {
    const data = JSON.parse(decodeURIComponent(value)) as unknown;
    return isRecord(data) && data.u === username ? parseStoredTabs(data.s) : null;
  } catch {
    return null;
  }
}
