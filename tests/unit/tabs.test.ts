import { describe, expect, it } from 'vitest';
import { HOME_PATH } from '@/lib/routes';
import {
  HOME_TAB,
  MAX_TABS,
  activateTab,
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  filterTabs,
  tabsCookieValue,
  tabsFromCookie,
  initialTabs,
  isClosable,
  openTab,
  parseStoredTabs,
  parseTabUrl,
  tabStorageKey,
  type Tab,
  type TabState,
} from '@/lib/tabs';

const A = '/bank/bank-first';
const B = '/bank/bank-last';
const C = '/renshe/renshe-first';
const D = '/admin/setting/system/user';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** A frozen state: home, then the given paths, with `active` (default: the last one). */
function state(paths: string[], active?: string): TabState {
  const tabs: Tab[] = [{ path: HOME_PATH, url: HOME_PATH }, ...paths.map((p) => ({ path: p, url: p }))];
  return deepFreeze({ tabs, active: active ?? tabs[tabs.length - 1]!.path });
}

const paths = (s: TabState) => s.tabs.map((t) => t.path);

describe('initial tabs and home tab', () => {
  it('starts with the pinned entry page alone, active', () => {
    expect(HOME_TAB).toEqual({ path: '/admin/index', url: '/admin/index' });
    expect(initialTabs()).toEqual({ tabs: [HOME_TAB], active: HOME_PATH });
  });
  it('hands out a fresh state each time', () => {
    const first = initialTabs();
    first.tabs.push({ path: A, url: A });
    expect(initialTabs().tabs).toEqual([HOME_TAB]);
  });
  it('keys stored tabs by user name', () => {
    expect(tabStorageKey('alice')).toBe('lbo.tabs.alice');
    expect(tabStorageKey('bob')).not.toBe(tabStorageKey('alice'));
  });
});

describe('isClosable', () => {
  it('never lets the home tab close', () => {
    expect(isClosable(state([A, B]), HOME_PATH)).toBe(false);
    expect(isClosable(initialTabs(), HOME_PATH)).toBe(false);
  });
  it('lets any other tab close, including the only closable one', () => {
    const s = state([A, B], A);
    expect(isClosable(s, A)).toBe(true);
    expect(isClosable(s, B)).toBe(true);
    expect(isClosable(state([A]), A)).toBe(true);
  });
  it('refuses the last tab left and a path with no tab', () => {
    expect(isClosable(deepFreeze({ tabs: [{ path: A, url: A }], active: A }), A)).toBe(false);
    expect(isClosable(state([A]), B)).toBe(false);
  });
});

describe('parseTabUrl', () => {
  it('splits a relative url into its path and its url without the hash', () => {
    expect(parseTabUrl('/bank/bank-first?pageNum=2&pageSize=20#top')).toEqual({ path: A, url: `${A}?pageNum=2&pageSize=20` });
    expect(parseTabUrl(`${A}/`)).toEqual({ path: A, url: A });
    expect(parseTabUrl('/')).toEqual({ path: '/', url: '/' });
  });
  it('refuses anything that could leave the origin', () => {
    for (const url of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', '/\\evil.example', 'bank', '', '/a\nb', ' /a', `/${'x'.repeat(3000)}`]) {
      expect(parseTabUrl(url)).toBeNull();
    }
  });
});

describe('openTab', () => {
  it('appends a new tab at the end and activates it', () => {
    const s = state([A, B], A);
    const next = openTab(s, `${C}?pageNum=3`);
    expect(next.tabs).toEqual([...s.tabs, { path: C, url: `${C}?pageNum=3` }]);
    expect(next.active).toBe(C);
  });
  it('updates the url of a tab already open and activates it, without a duplicate', () => {
    const s = state([A, B], B);
    const next = openTab(s, `${A}?pageNum=2`);
    expect(paths(next)).toEqual([HOME_PATH, A, B]);
    expect(next.tabs[1]).toEqual({ path: A, url: `${A}?pageNum=2` });
    expect(next.active).toBe(A);
    const back = openTab(next, A);
    expect(back.tabs[1]).toEqual({ path: A, url: A });
  });
  it('treats a trailing slash as the same tab', () => {
    expect(paths(openTab(state([A]), `${A}/?x=1`))).toEqual([HOME_PATH, A]);
  });
  it('activates an open tab with the same url and returns the same state when it is already active', () => {
    const s = state([A, B], B);
    expect(openTab(s, A)).toEqual({ tabs: s.tabs, active: A });
    expect(openTab(s, B)).toBe(s);
    expect(openTab(s, `${B}#section`)).toBe(s);
  });
  it('opens the entry page onto the home tab, which stays first', () => {
    const next = openTab(state([A]), `${HOME_PATH}?welcome=1`);
    expect(next.tabs).toEqual([{ path: HOME_PATH, url: `${HOME_PATH}?welcome=1` }, { path: A, url: A }]);
    expect(next.active).toBe(HOME_PATH);
  });
  it('ignores an unsafe url', () => {
    const s = state([A]);
    for (const url of ['https://evil.example', '//evil.example', 'javascript:alert(1)']) expect(openTab(s, url)).toBe(s);
  });
  it(`never holds more than ${MAX_TABS} tabs: the oldest closable tab makes room`, () => {
    let s = initialTabs();
    for (let i = 1; i < MAX_TABS; i += 1) s = openTab(s, `/page/${i}`);
    expect(s.tabs).toHaveLength(MAX_TABS);
    s = openTab(s, '/page/new');
    expect(s.tabs).toHaveLength(MAX_TABS);
    expect(paths(s)[0]).toBe(HOME_PATH);
    expect(paths(s)).not.toContain('/page/1');
    expect(paths(s)[1]).toBe('/page/2');
    expect(paths(s).at(-1)).toBe('/page/new');
    expect(s.active).toBe('/page/new');
  });
});

describe('activateTab', () => {
  it('activates an open tab', () => {
    const s = state([A, B], B);
    const next = activateTab(s, A);
    expect(next).toEqual({ tabs: s.tabs, active: A });
    expect(activateTab(s, HOME_PATH).active).toBe(HOME_PATH);
  });
  it('returns the same state for the active tab or a path with no tab', () => {
    const s = state([A, B], B);
    expect(activateTab(s, B)).toBe(s);
    expect(activateTab(s, C)).toBe(s);
  });
});

describe('closeTab', () => {
  it('closes an inactive tab and keeps the active one', () => {
    const next = closeTab(state([A, B, C], C), A);
    expect(paths(next)).toEqual([HOME_PATH, B, C]);
    expect(next.active).toBe(C);
  });
  it('activates the right neighbour when the active tab closes', () => {
    const next = closeTab(state([A, B, C], B), B);
    expect(paths(next)).toEqual([HOME_PATH, A, C]);
    expect(next.active).toBe(C);
  });
  it('activates the left neighbour when the active tab was the last one', () => {
    const next = closeTab(state([A, B, C], C), C);
    expect(paths(next)).toEqual([HOME_PATH, A, B]);
    expect(next.active).toBe(B);
  });
  it('falls back to home when the only closable tab closes', () => {
    expect(closeTab(state([A], A), A)).toEqual({ tabs: [HOME_TAB], active: HOME_PATH });
    expect(closeTab(state([A], HOME_PATH), A)).toEqual({ tabs: [HOME_TAB], active: HOME_PATH });
  });
  it('activates the right neighbour of the first closable tab', () => {
    expect(closeTab(state([A, B], A), A)).toEqual({ tabs: [HOME_TAB, { path: B, url: B }], active: B });
  });
  it('leaves home, the last tab and unknown paths alone', () => {
    const s = state([A, B], A);
    expect(closeTab(s, HOME_PATH)).toBe(s);
    expect(closeTab(s, C)).toBe(s);
    const home = deepFreeze(initialTabs());
    expect(closeTab(home, HOME_PATH)).toBe(home);
    const lone = deepFreeze({ tabs: [{ path: A, url: A }], active: A });
    expect(closeTab(lone, A)).toBe(lone);
  });
});

describe('closeLeft', () => {
  it('closes the closable tabs left of the tab, keeping home', () => {
    const next = closeLeft(state([A, B, C, D], D), C);
    expect(paths(next)).toEqual([HOME_PATH, C, D]);
    expect(next.active).toBe(D);
  });
  it('makes the tab active when the active tab was closed', () => {
    const next = closeLeft(state([A, B, C], A), C);
    expect(paths(next)).toEqual([HOME_PATH, C]);
    expect(next.active).toBe(C);
  });
  it('keeps home active', () => {
    expect(closeLeft(state([A, B], HOME_PATH), B)).toEqual({ tabs: [HOME_TAB, { path: B, url: B }], active: HOME_PATH });
  });
  it('returns the same state when nothing is left of the tab or the tab is unknown', () => {
    const s = state([A, B], B);
    expect(closeLeft(s, A)).toBe(s);
    expect(closeLeft(s, HOME_PATH)).toBe(s);
    expect(closeLeft(s, C)).toBe(s);
  });
});

describe('closeRight', () => {
  it('closes the tabs right of the tab', () => {
    const next = closeRight(state([A, B, C, D], A), B);
    expect(paths(next)).toEqual([HOME_PATH, A, B]);
    expect(next.active).toBe(A);
  });
  it('makes the tab active when the active tab was closed', () => {
    const next = closeRight(state([A, B, C], C), A);
    expect(paths(next)).toEqual([HOME_PATH, A]);
    expect(next.active).toBe(A);
  });
  it('closes everything but home from the home tab', () => {
    expect(closeRight(state([A, B], B), HOME_PATH)).toEqual({ tabs: [HOME_TAB], active: HOME_PATH });
  });
  it('returns the same state when nothing is right of the tab or the tab is unknown', () => {
    const s = state([A, B], A);
    expect(closeRight(s, B)).toBe(s);
    expect(closeRight(s, C)).toBe(s);
    const home = deepFreeze(initialTabs());
    expect(closeRight(home, HOME_PATH)).toBe(home);
  });
});

describe('closeOthers', () => {
  it('keeps home and the tab, and activates the tab', () => {
    const next = closeOthers(state([A, B, C], A), B);
    expect(next).toEqual({ tabs: [HOME_TAB, { path: B, url: B }], active: B });
  });
  it('keeps the url of the tab it keeps', () => {
    const s = openTab(openTab(state([A]), `${B}?pageNum=4`), C);
    expect(closeOthers(s, B).tabs[1]).toEqual({ path: B, url: `${B}?pageNum=4` });
  });
  it('leaves home alone from the home tab', () => {
    expect(closeOthers(state([A, B], B), HOME_PATH)).toEqual({ tabs: [HOME_TAB], active: HOME_PATH });
  });
  it('only activates when there are no others', () => {
    const s = state([A], HOME_PATH);
    expect(closeOthers(s, A)).toEqual({ tabs: s.tabs, active: A });
  });
  it('returns the same state when nothing changes or the tab is unknown', () => {
    const s = state([A], A);
    expect(closeOthers(s, A)).toBe(s);
    const many = state([A, B], A);
    expect(closeOthers(many, C)).toBe(many);
  });
});

describe('closeAll', () => {
  it('returns to the entry page alone', () => {
    expect(closeAll(state([A, B, C], B))).toEqual({ tabs: [HOME_TAB], active: HOME_PATH });
  });
  it('resets the home tab url', () => {
    const s = deepFreeze(openTab(state([A]), `${HOME_PATH}?x=1`));
    expect(closeAll(s)).toEqual(initialTabs());
  });
  it('returns the same state when only the entry page is open', () => {
    const s = deepFreeze(initialTabs());
    expect(closeAll(s)).toBe(s);
  });
});

describe('filterTabs', () => {
  const allowed = (...ok: string[]) => (path: string) => ok.includes(path);

  it('drops the tabs the user may no longer open, keeping the active one', () => {
    const next = filterTabs(state([A, B, C], C), allowed(A, C));
    expect(paths(next)).toEqual([HOME_PATH, A, C]);
    expect(next.active).toBe(C);
  });
  it('activates the last remaining tab when the active tab is dropped', () => {
    const next = filterTabs(state([A, B, C], B), allowed(A));
    expect(paths(next)).toEqual([HOME_PATH, A]);
    expect(next.active).toBe(A);
  });
  it('always keeps home, even when nothing may be opened', () => {
    const next = filterTabs(state([A, B], A), () => false);
    expect(next).toEqual({ tabs: [HOME_TAB], active: HOME_PATH });
  });
  it('does not ask about the home tab', () => {
    const asked: string[] = [];
    filterTabs(state([A]), (p) => (asked.push(p), true));
    expect(asked).toEqual([A]);
  });
  it('returns the same state when every tab may stay', () => {
    const s = state([A, B], A);
    expect(filterTabs(s, () => true)).toBe(s);
  });
});

describe('immutability', () => {
  it('never mutates its input', () => {
    const s = state([A, B, C, D], B);
    const copy = structuredClone(s);
    const results = [
      openTab(s, '/new/page'),
      openTab(s, `${A}?pageNum=9`),
      activateTab(s, A),
      closeTab(s, B),
      closeTab(s, C),
      closeLeft(s, C),
      closeRight(s, A),
      closeOthers(s, C),
      closeAll(s),
      filterTabs(s, (p) => p === A),
    ];
    expect(s).toEqual(copy);
    for (const result of results) expect(result).not.toBe(s);
  });
  it('works on frozen states (a mutation would throw)', () => {
    const s = state([A, B], A);
    expect(() => openTab(openTab(s, C), `${A}?q=1`)).not.toThrow();
  });
});

describe('parseStoredTabs', () => {
  const stored = (tabs: unknown, active: unknown) => ({ tabs, active });
  const tab = (path: string, url = path) => ({ path, url });

  it('restores a valid state', () => {
    const value = stored([tab(HOME_PATH), tab(A, `${A}?pageNum=2`), tab(B)], A);
    expect(parseStoredTabs(value)).toEqual(value);
  });
  it('accepts the JSON text as well', () => {
    const value = stored([tab(HOME_PATH), tab(A)], A);
    expect(parseStoredTabs(JSON.stringify(value))).toEqual(value);
    expect(parseStoredTabs('{not json')).toBeNull();
    expect(parseStoredTabs(`"${'x'.repeat(70_000)}"`)).toBeNull();
  });
  it('returns null for values that are not a tab state', () => {
    for (const value of [null, undefined, 0, 42, true, 'text', [], [tab(A)], {}, { tabs: 'x' }, { tabs: {} }, { active: A }, () => 1]) {
      expect(parseStoredTabs(value)).toBeNull();
    }
  });
  it(`returns null for more than ${MAX_TABS} entries`, () => {
    const many = Array.from({ length: 1000 }, (_, i) => tab(`/page/${i}`));
    expect(parseStoredTabs(stored(many, '/page/3'))).toBeNull();
    expect(parseStoredTabs(stored(many.slice(0, MAX_TABS + 1), '/page/3'))).toBeNull();
    expect(parseStoredTabs(stored([tab(HOME_PATH), ...many.slice(0, MAX_TABS - 1)], '/page/3'))?.tabs).toHaveLength(MAX_TABS);
  });
  it('keeps at most MAX_TABS tabs once home is added', () => {
    const full = Array.from({ length: MAX_TABS }, (_, i) => tab(`/page/${i}`));
    const parsed = parseStoredTabs(stored(full, '/page/19'));
    expect(parsed?.tabs).toHaveLength(MAX_TABS);
    expect(parsed?.tabs[0]).toEqual(HOME_TAB);
    expect(parsed?.active).toBe('/page/18');
  });
  it('drops tabs with absolute, protocol-relative, script or malformed urls', () => {
    const hostile = [
      tab('https://evil.example/x'),
      tab('//evil.example'),
      tab('/x', '//evil.example/x'),
      tab('/x', 'https://evil.example/x'),
      tab('javascript:alert(1)'),
      tab('/x', 'javascript:alert(1)'),
      tab('/x', '/\\evil.example'),
      tab('/x', '/x\r\nSet-Cookie: a=b'),
      tab('data:text/html,hi'),
      tab(''),
      { path: 1, url: '/a' },
      { path: '/a' },
      { url: '/a' },
      null,
      'x',
      ['/a', '/a'],
    ];
    expect(parseStoredTabs(stored([tab(HOME_PATH), ...hostile, tab(A)], A))).toEqual({
      tabs: [HOME_TAB, tab(A)],
      active: A,
    });
  });
  it('drops tabs whose path is not the pathname of their url', () => {
    expect(parseStoredTabs(stored([tab(A, `${B}?pageNum=2`), tab(C, `${C}?x=1`)], C))).toEqual({
      tabs: [HOME_TAB, tab(C, `${C}?x=1`)],
      active: C,
    });
  });
  it('keeps the first of duplicate paths', () => {
    const parsed = parseStoredTabs(stored([tab(HOME_PATH), tab(A, `${A}?n=1`), tab(B), tab(A, `${A}?n=2`), tab(HOME_PATH)], B));
    expect(parsed).toEqual({ tabs: [HOME_TAB, tab(A, `${A}?n=1`), tab(B)], active: B });
  });
  it('adds the home tab first when it is missing', () => {
    expect(parseStoredTabs(stored([tab(A), tab(B)], A))).toEqual({ tabs: [HOME_TAB, tab(A), tab(B)], active: A });
    expect(parseStoredTabs(stored([], A))).toEqual({ tabs: [HOME_TAB], active: HOME_PATH });
  });
  it('moves the home tab first, keeping its url', () => {
    const home = tab(HOME_PATH, `${HOME_PATH}?x=1`);
    expect(parseStoredTabs(stored([tab(A), home, tab(B)], B))).toEqual({ tabs: [home, tab(A), tab(B)], active: B });
  });
  it('activates the last tab when the active one is missing or invalid', () => {
    const tabs = [tab(HOME_PATH), tab(A), tab(B)];
    for (const active of [C, undefined, null, 3, '', 'https://evil.example', { path: A }]) {
      expect(parseStoredTabs(stored(tabs, active))?.active).toBe(B);
    }
    expect(parseStoredTabs(stored([tab(A), tab('//evil')], '//evil'))?.active).toBe(A);
  });
  it('does not mutate its input and returns a state the operations accept', () => {
    const value = deepFreeze({ tabs: [tab(B), tab(HOME_PATH), tab(A)], active: B });
    const parsed = parseStoredTabs(value);
    expect(parsed).not.toBeNull();
    expect(value.tabs).toEqual([tab(B), tab(HOME_PATH), tab(A)]);
    expect(closeTab(parsed as TabState, B).active).toBe(A);
  });
  it('round-trips the operations through JSON', () => {
    let s = initialTabs();
    s = openTab(s, `${A}?pageNum=2`);
    s = openTab(s, `${B}?status=1`);
    s = activateTab(s, A);
    expect(parseStoredTabs(JSON.parse(JSON.stringify(s)))).toEqual(s);
  });
});

describe('the tabs cookie (the server draws the tabs of the page before)', () => {
  const state = { tabs: [HOME_TAB, { path: '/log', url: '/log' }, { path: '/bank/bank-first', url: '/bank/bank-first?pageNum=2' }], active: '/log' };
  it('reads back the tabs of the user who wrote it, and of no one else', () => {
    const value = tabsCookieValue('bank', state);
    expect(tabsFromCookie(value, 'bank')).toEqual(state);
    expect(tabsFromCookie(value, 'admin')).toBeNull();
    expect(tabsFromCookie('not json', 'bank')).toBeNull();
    expect(tabsFromCookie(undefined, 'bank')).toBeNull();
  });
  it('keeps as many tabs as fit a cookie, from the left, with the entry page active when the active one is dropped', () => {
    const many = { tabs: [HOME_TAB, ...Array.from({ length: 19 }, (_, i) => ({ path: `/p${i}`, url: `/p${i}?q=${'x'.repeat(300)}` }))], active: '/p18' };
    const value = tabsCookieValue('bank', many);
    expect(value.length).toBeLessThanOrEqual(3000);
    const read = tabsFromCookie(value, 'bank')!;
    expect(read.tabs.length).toBeGreaterThan(1);
    expect(read.tabs.length).toBeLessThan(many.tabs.length);
    expect(read.tabs).toEqual(many.tabs.slice(0, read.tabs.length));
    expect(read.active).toBe(HOME_PATH);
  });
});
