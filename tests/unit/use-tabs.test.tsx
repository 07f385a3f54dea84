// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTabs } from '@/components/shell/use-tabs';
import { tabStorageKey, type TabState } from '@/lib/tabs';

const nav = vi.hoisted(() => ({ pathname: '/log', pushed: [] as string[] }));
vi.mock('next/navigation', () => ({
  usePathname: () => nav.pathname,
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: (url: string) => { nav.pushed.push(url); }, replace: vi.fn(), refresh: vi.fn() }),
}));

const KEY = tabStorageKey('bank');
const STORED: TabState = {
  tabs: [
    { path: '/admin/index', url: '/admin/index' },
    { path: '/bank/bank-first', url: '/bank/bank-first?pageNum=2' },
    { path: '/bank/bank-last', url: '/bank/bank-last' },
  ],
  active: '/bank/bank-last',
};
const canOpen = () => true;
const stored = () => JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as TabState | null;
const paths = (state: TabState | null) => state?.tabs.map((tab) => tab.path);

describe('the tab bar after a reload', () => {
  beforeEach(() => {
    nav.pathname = '/log';
    window.localStorage.clear();
    window.localStorage.setItem(KEY, JSON.stringify(STORED));
  });
  afterEach(cleanup);

  it.each([
    ['once', ({ children }: { children: ReactNode }) => <>{children}</>],
    // React runs effects twice on mount in development: the restore must not read tabs overwritten by the first run.
    ['twice (strict mode)', StrictMode],
  ])('brings the stored tabs back and adds the page opened, with its effects run %s', async (_, wrapper) => {
    const { result } = renderHook(() => useTabs('bank', canOpen), { wrapper });
    const expected = ['/admin/index', '/bank/bank-first', '/bank/bank-last', '/log'];
    await waitFor(() => expect(paths(result.current.state)).toEqual(expected));
    expect(result.current.state.active).toBe('/log');
    expect(paths(stored())).toEqual(expected);
    expect(stored()?.tabs[1]?.url).toBe('/bank/bank-first?pageNum=2');
  });

  it('never stores the tabs of the first render over the stored ones', () => {
    const writes: string[] = [];
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === KEY) writes.push(value);
    });
    try {
      renderHook(() => useTabs('bank', canOpen));
    } finally {
      setItem.mockRestore();
    }
    for (const value of writes) expect(paths(JSON.parse(value) as TabState)).toContain('/bank/bank-first');
  });
});
