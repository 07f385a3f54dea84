'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { recordPageOpen } from '@/lib/page-usage';
import {
  activateTab, closeAll, closeLeft, closeOthers, closeRight, closeTab, filterTabs, initialTabs, openTab, parseStoredTabs,
  TABS_COOKIE, tabsCookieValue, tabStorageKey, type TabState,
} from '@/lib/tabs';
import { MENU_PAGES, SESSION_PATHS } from '@/lib/routes';

/** Pages that pass through and never become tabs. */
const TRANSIENT = [/^\/refresh$/, /^\/redirect\//, /^\/403$/, /^\/500$/];
/** A path that is no page of the product (the 404 page shows) is no tab either. */
const isPage = (path: string) => MENU_PAGES.has(path) || (SESSION_PATHS as readonly string[]).includes(path);
const isTransient = (path: string) => TRANSIENT.some((re) => re.test(path)) || !isPage(path);

function readStored(username: string): TabState | null {
  try {
    return parseStoredTabs(JSON.parse(window.localStorage.getItem(tabStorageKey(username)) ?? 'null'));
  } catch {
    return null;
  }
}

/**
 * The tab bar's state: follows navigation (opening a page adds or updates its tab), is
 * stored per user and restored after a reload or a new sign-in, and drops tabs the user
 * may no longer open. Operations that change the active tab navigate to its URL.
 */
export function useTabs(username: string, canOpen: (path: string) => boolean, fromCookie: TabState | null = null) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const url = search ? `${pathname}?${search}` : pathname;
  const router = useRouter();
  // The tabs the server drew from this browser's cookie (a reload shows them at once), else home and this page.
  const [state, setState] = useState<TabState>(() => {
    const base = fromCookie ? filterTabs(fromCookie, canOpen) : initialTabs();
    return isTransient(pathname) ? base : openTab(base, url);
  });
  // The user whose stored tabs the state holds. Part of the state, not a ref: the render
  // that first holds the restored tabs is the first one allowed to store them, so the
  // tabs of the first render (home and this page) never overwrite the stored ones, not
  // even when React runs the mount effects twice.
  const [restoredFor, setRestoredFor] = useState<string | null>(null);
  const restored = restoredFor === username;

  // Restore once per user; navigation is followed below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of user restores
  useEffect(() => {
    const stored = readStored(username);
    setState((current) => {
      const base = stored ? filterTabs(stored, canOpen) : current;
      return isTransient(pathname) ? base : openTab(base, url);
    });
    setRestoredFor(username);
  }, [username]);

  useEffect(() => {
    if (!isTransient(pathname)) setState((current) => openTab(current, url));
  }, [pathname, url]);

  // The entry page's quick links: the pages this user opens most in this browser. A page is
  // counted once per opening, for the signed-in user, when the menu allows it (after a reload
  // the user and the menu arrive later).
  const uncounted = useRef<string | null>(null);
  useEffect(() => {
    uncounted.current = pathname;
  }, [pathname]);
  useEffect(() => {
    if (!username || uncounted.current !== pathname || isTransient(pathname) || !canOpen(pathname)) return;
    uncounted.current = null;
    recordPageOpen(username, pathname);
  }, [pathname, username, canOpen]);

  // The document says when the shell is ready: the tabs restored and this opening counted. A
  // new document (a reload) starts without the mark, whereas the stored tabs of the page before
  // are already there; leaving a page before its scripts ran loses its count, so a person or a
  // script that wants it counted waits for this mark.
  useEffect(() => {
    const root = document.documentElement;
    const counting = uncounted.current === pathname && !!username && !isTransient(pathname) && canOpen(pathname);
    if (restored && !counting) root.dataset.shell = 'ready';
    return () => { delete root.dataset.shell; };
  }, [restored, pathname, username, canOpen]);

  useEffect(() => {
    if (!restored) return;
    try {
      window.localStorage.setItem(tabStorageKey(username), JSON.stringify(state));
    } catch { /* storage unavailable: tabs live for this page only */ }
    // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads to draw the tabs; the Cookie Store API is not in every browser we serve
    document.cookie = `${TABS_COOKIE}=${tabsCookieValue(username, state)}; path=/; max-age=${30 * 24 * 60 * 60}; samesite=lax`;
  }, [state, username, restored]);

  /** Applies an operation; when it moves the active tab away from the page shown, goes there. */
  const apply = useCallback((operation: (s: TabState) => TabState) => {
    const next = operation(state);
    if (next === state) return;
    setState(next);
    const active = next.tabs.find((tab) => tab.path === next.active);
    if (active && active.path !== pathname) router.push(active.url);
  }, [state, pathname, router]);

  // Grants changed: drop the tabs the user may no longer open (leaving the page if it was one).
  const applyRef = useRef(apply);
  applyRef.current = apply;
  // Only a change of the grants filters here; the restore filters the stored tabs itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the grants filters
  useEffect(() => {
    if (restored) applyRef.current((s) => filterTabs(s, canOpen));
  }, [canOpen]);

  return {
    state,
    activate: (path: string) => apply((s) => activateTab(s, path)),
    close: (path: string) => apply((s) => closeTab(s, path)),
    closeLeft: (path: string) => apply((s) => closeLeft(s, path)),
    closeRight: (path: string) => apply((s) => closeRight(s, path)),
    closeOthers: (path: string) => apply((s) => closeOthers(s, path)),
    closeAll: () => apply(closeAll),
  };
}
