'use client';

import { useCallback, useEffect, useState } from 'react';

/** Personal settings of the shell, kept per user in this browser (they survive logout). */
export interface ShellSettings { hideHeaderOnScroll: boolean; showTabs: boolean; collapsed: boolean }
const DEFAULT_SETTINGS: ShellSettings = { hideHeaderOnScroll: false, showTabs: true, collapsed: false };
const key = (username: string) => `lbo.settings.${username}`;

function read(username: string): ShellSettings {
  try {
    const value = JSON.parse(window.localStorage.getItem(key(username)) ?? '{}') as Partial<ShellSettings>;
    return {
      hideHeaderOnScroll: typeof value.hideHeaderOnScroll === 'boolean' ? value.hideHeaderOnScroll : DEFAULT_SETTINGS.hideHeaderOnScroll,
      showTabs: typeof value.showTabs === 'boolean' ? value.showTabs : DEFAULT_SETTINGS.showTabs,
      collapsed: typeof value.collapsed === 'boolean' ? value.collapsed : DEFAULT_SETTINGS.collapsed,
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function useSettings(username: string) {
  const [settings, setSettings] = useState<ShellSettings>(DEFAULT_SETTINGS);
  useEffect(() => { setSettings(read(username)); }, [username]);
  const update = useCallback((patch: Partial<ShellSettings>) => {
    setSettings((current) => {
      const next = { ...current, ...patch };
      try { window.localStorage.setItem(key(username), JSON.stringify(next)); } catch { /* kept for this page */ }
      return next;
    });
  }, [username]);
  return [settings, update] as const;
}

/** SPEC.md section 9: the header hides after this much scrolling when the option is on. */
const HEADER_HIDE_SCROLL = 300;

/** Whether the header should hide: the option is on and the page is scrolled past 300 px. */
export function useHeaderHidden(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) { setHidden(false); return; }
    const onScroll = () => setHidden(window.scrollY > HEADER_HIDE_SCROLL);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}
