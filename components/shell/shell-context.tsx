'use client';

import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api/client';
import type { MenuItem, MenuResult, PowerEntry } from '@/lib/contract/auth';
import { filterMenu, menuPages } from '@/lib/permissions';
import { SESSION_PATHS } from '@/lib/routes';

export interface ShellUser { id: number | null; username: string; nickname: string; type: number; uuid: string; orgName: string | null }

interface ShellValue {
  user: ShellUser;
  /** The menu the user sees: filtered by `auth` against their access list. */
  menu: MenuItem[];
  access: string[];
  powers: PowerEntry[];
  /** Whether the user may open a page (session pages, or a page of their menu). */
  canOpen: (path: string) => boolean;
  /** Reloads menu and buttons (after a change of the user's grants). */
  refreshGrants: () => Promise<void>;
  /** Drops the menu and buttons held in the browser (return to the entry page). */
  clearGrants: () => Promise<void>;
}

const ShellContext = createContext<ShellValue | null>(null);
const MENU_KEY = 'admin/getMenu';
const POWER_KEY = 'admin/getPowerList';

const getMenu = () => api(MENU_KEY, {}, { method: 'GET', silent: true });
const getPowers = () => api(POWER_KEY, {}, { method: 'GET', silent: true });

/** What the signed-in user is and may do, for every part of the shell and every screen. */
export function ShellProvider({ user, initialMenu, initialPowers, children }: {
  user: ShellUser;
  initialMenu: MenuResult | null;
  initialPowers: PowerEntry[] | null;
  children: ReactNode;
}) {
  const { mutate } = useSWRConfig();
  const options = { revalidateOnMount: false, revalidateIfStale: false } as const;
  const menuData = useSWR(MENU_KEY, getMenu, { ...options, fallbackData: initialMenu ?? undefined, revalidateOnMount: !initialMenu });
  const powerData = useSWR(POWER_KEY, getPowers, { ...options, fallbackData: initialPowers ?? undefined, revalidateOnMount: !initialPowers });
  const access = useMemo(() => menuData.data?.access ?? [], [menuData.data]);
  const menu = useMemo(() => filterMenu(menuData.data?.menu ?? [], access), [menuData.data, access]);
  // Pages the user may open include hidden menu entries (detail pages), so they come from the unfiltered menu.
  const pages = useMemo(() => new Set(menuPages(menuData.data?.menu ?? [])), [menuData.data]);
  const canOpen = useCallback((path: string) => (SESSION_PATHS as readonly string[]).includes(path) || pages.has(path), [pages]);
  const refreshGrants = useCallback(async () => { await Promise.all([mutate(MENU_KEY), mutate(POWER_KEY)]); }, [mutate]);
  const clearGrants = useCallback(async () => {
    await Promise.all([mutate(MENU_KEY, undefined, { revalidate: false }), mutate(POWER_KEY, undefined, { revalidate: false })]);
  }, [mutate]);
  const value = useMemo<ShellValue>(() => ({
    user, menu, access, powers: powerData.data ?? [], canOpen, refreshGrants, clearGrants,
  }), [user, menu, access, powerData.data, canOpen, refreshGrants, clearGrants]);
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell outside ShellProvider');
  return value;
}
