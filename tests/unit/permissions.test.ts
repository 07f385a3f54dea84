import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuItem, PowerEntry } from '@/lib/contract/auth';
import { filterMenu, findMenuItem, hasAccess, hasButton, menuPages, menuTrail, parsePermission, searchMenu, soleOpenGroups } from '@/lib/permissions';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const item = (path: string, title: string, titleEn: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  path, title, titleEn, icon: null, header: null, auth: null, hidden: false, children: [], ...extra,
});

/*
 * bank (auth bank)                      group
 *   bank-first (auth bank:first)        page
 *   bank-last (auth bank:last)          page
 *   bank-statistics (no auth)           page
 * setting                               group, no auth
 *   system                              nested group, no auth
 *     user (auth user)                  page
 *     role (auth role)                  page
 *   data (auth data)                    nested group
 *     black (no auth)                   page
 * renshe-first (auth renshe, hidden child detail) a catalogue page with a hidden child
 * log (hidden)                          hidden page
 * help (no auth)                        top-level page
 * empty group                           group whose only child is hidden
 */
const MENU: MenuItem[] = deepFreeze([
  item('/bank', '银行审核', 'Bank review', {
    icon: 'BankOutlined', header: 'business', auth: 'bank',
    children: [
      item('/bank/bank-first', '银行初审', 'Bank first review', { auth: 'bank:first' }),
      item('/bank/bank-last', '银行复审', 'Bank second review', { auth: 'bank:last' }),
      item('/bank/bank-statistics', '银行统计', 'Bank statistics'),
    ],
  }),
  item('/admin/setting', '系统设置', 'Settings', {
    header: 'setting',
    children: [
      item('/admin/setting/system', '系统管理', 'System', {
        children: [
          item('/admin/setting/system/user', '用户管理', 'Users', { auth: 'user' }),
          item('/admin/setting/system/role', '角色管理', 'Roles', { auth: 'role' }),
        ],
      }),
      item('/admin/setting/data', '数据管理', 'Data', {
        auth: 'data',
        children: [item('/admin/setting/data/black', '黑名单', 'Blacklist')],
      }),
    ],
  }),
  item('/renshe/renshe-first', '人社初审', 'Renshe first review', {
    auth: 'renshe',
    children: [item('/renshe/renshe-first/detail', '详情', 'Detail', { hidden: true })],
  }),
  item('/log', '日志', 'Log', { hidden: true }),
  item('/help-model', '帮助模板管理', 'Help templates'),
  item('/empty', '空', 'Empty', { children: [item('/empty/only', '隐藏', 'Hidden', { hidden: true })] }),
]);

const ALL = ['bank', 'bank:first', 'bank:last', 'user', 'role', 'data', 'renshe'];

/** The visible tree as nested path lists. */
const shape = (menu: MenuItem[]): unknown[] => menu.map((m) => (m.children.length ? { [m.path]: shape(m.children) } : m.path));

describe('parsePermission', () => {
  it('splits module::action', () => {
    expect(parsePermission('user::add')).toEqual({ module: 'user', action: 'add' });
    expect(parsePermission('bank-first::export')).toEqual({ module: 'bank-first', action: 'export' });
    expect(parsePermission('a::b::c')).toEqual({ module: 'a', action: 'b::c' });
  });
  it('throws, naming the string, without :: or with an empty side', () => {
    for (const code of ['useradd', 'user:add', 'user::', '::add', '::', '', 'user: :add', 'user : add', 'user\u2236\u2236add']) {
      expect(() => parsePermission(code)).toThrow(Error);
    }
    expect(() => parsePermission('useradd')).toThrow(/useradd/);
    expect(() => parsePermission('user:add')).toThrow(/user:add/);
  });
});

describe('hasButton', () => {
  const powers: PowerEntry[] = deepFreeze([
    { component: 'user', btnList: ['user::add', 'user::edit'] },
    { component: 'role', btnList: ['role::authorize'] },
    { component: 'bank', btnList: ['user::delete'] },
  ]);

  // vi.stubEnv sets process.env.NODE_ENV; unstubAllEnvs restores the value the run started with.
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('grants a string the module entry holds', () => {
    expect(hasButton(powers, 'user::add')).toBe(true);
    expect(hasButton(powers, 'user::edit')).toBe(true);
    expect(hasButton(powers, 'role::authorize')).toBe(true);
  });
  it('matches the exact string only', () => {
    expect(hasButton(powers, 'user::addAll')).toBe(false);
    expect(hasButton(powers, 'user::ad')).toBe(false);
    expect(hasButton(powers, 'User::add')).toBe(false);
    expect(hasButton(powers, 'user::add ')).toBe(false);
  });
  it('does not let a button of one module grant another', () => {
    expect(hasButton(powers, 'role::add')).toBe(false);
    // 'user::delete' sits in the bank entry, not in the user entry.
    expect(hasButton(powers, 'user::delete')).toBe(false);
    expect(hasButton(powers, 'bank::delete')).toBe(false);
    expect(hasButton(powers, 'menu::add')).toBe(false);
  });
  it('grants nothing without a power list', () => {
    expect(hasButton(null, 'user::add')).toBe(false);
    expect(hasButton(undefined, 'user::add')).toBe(false);
    expect(hasButton([], 'user::add')).toBe(false);
    expect(hasButton([{ component: 'user', btnList: [] }], 'user::add')).toBe(false);
  });
  it('throws on a string without :: in development and test', () => {
    vi.stubEnv('NODE_ENV', 'development');
    expect(() => hasButton(powers, 'useradd')).toThrow(/useradd/);
    expect(() => hasButton(null, 'useradd')).toThrow(/useradd/);
    vi.stubEnv('NODE_ENV', 'test');
    expect(() => hasButton(powers, '::add')).toThrow();
  });
  it('returns false for a string without :: in production', () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect(hasButton(powers, 'useradd')).toBe(false);
    expect(hasButton(powers, 'user::')).toBe(false);
    expect(hasButton(powers, 'user::add')).toBe(true);
  });
  it('restores the environment after each test', () => {
    expect(process.env.NODE_ENV).not.toBe('production');
    expect(() => hasButton(powers, 'useradd')).toThrow();
  });
});

describe('hasAccess', () => {
  it('is true when the list holds one of the required values', () => {
    expect(hasAccess(['a', 'b'], 'a')).toBe(true);
    expect(hasAccess(['a', 'b'], ['x', 'b'])).toBe(true);
  });
  it('is false when it holds none of them, exact match only', () => {
    expect(hasAccess(['a', 'b'], 'c')).toBe(false);
    expect(hasAccess(['a', 'b'], ['c', 'd'])).toBe(false);
    expect(hasAccess(['admin'], 'adm')).toBe(false);
    expect(hasAccess(['adm'], 'admin')).toBe(false);
  });
  it('is false without an access list', () => {
    expect(hasAccess(null, 'a')).toBe(false);
    expect(hasAccess(undefined, ['a'])).toBe(false);
    expect(hasAccess([], 'a')).toBe(false);
  });
  it('is true when nothing is required', () => {
    expect(hasAccess(['a'], [])).toBe(true);
    expect(hasAccess(null, [])).toBe(true);
  });
});

describe('filterMenu', () => {
  it('shows everything but hidden entries with every grant', () => {
    expect(shape(filterMenu(MENU, ALL))).toEqual([
      { '/bank': ['/bank/bank-first', '/bank/bank-last', '/bank/bank-statistics'] },
      { '/admin/setting': [{ '/admin/setting/system': ['/admin/setting/system/user', '/admin/setting/system/role'] }, { '/admin/setting/data': ['/admin/setting/data/black'] }] },
      '/renshe/renshe-first',
      '/help-model',
    ]);
  });
  it('hides every entry with auth, and the groups left empty, without an access list', () => {
    for (const access of [null, undefined, []]) {
      expect(shape(filterMenu(MENU, access))).toEqual(['/help-model']);
    }
  });
  it('filters leaves and nested groups by their auth', () => {
    expect(shape(filterMenu(MENU, ['bank', 'bank:last', 'role']))).toEqual([
      { '/bank': ['/bank/bank-last', '/bank/bank-statistics'] },
      { '/admin/setting': [{ '/admin/setting/system': ['/admin/setting/system/role'] }] },
      '/help-model',
    ]);
  });
  it('hides a whole group whose auth is missing, whatever its children hold', () => {
    expect(shape(filterMenu(MENU, ['bank:first', 'bank:last', 'user']))).toEqual([
      { '/admin/setting': [{ '/admin/setting/system': ['/admin/setting/system/user'] }] },
      '/help-model',
    ]);
  });
  it('keeps a group with auth but no granted children only while a child without auth remains', () => {
    expect(shape(filterMenu(MENU, ['bank']))).toEqual([{ '/bank': ['/bank/bank-statistics'] }, '/help-model']);
    expect(shape(filterMenu(MENU, ['data']))).toEqual([{ '/admin/setting': [{ '/admin/setting/data': ['/admin/setting/data/black'] }] }, '/help-model']);
  });
  it('keeps a catalogue page whose only children are hidden, as a leaf', () => {
    const [renshe] = filterMenu(MENU, ['renshe']);
    expect(renshe?.path).toBe('/renshe/renshe-first');
    expect(renshe?.children).toEqual([]);
  });
  it('removes a group whose children are all hidden', () => {
    expect(filterMenu(MENU, ALL).map((m) => m.path)).not.toContain('/empty');
  });
  it('keeps entries without auth and all their fields', () => {
    const [help] = filterMenu([item('/help-model', '帮助', 'Help', { icon: 'X', header: 'operation' })], null);
    expect(help).toEqual(item('/help-model', '帮助', 'Help', { icon: 'X', header: 'operation' }));
  });
  it('matches auth exactly and handles an empty menu', () => {
    expect(filterMenu([item('/a', 'a', 'a', { auth: 'user' })], ['users', 'use', 'USER'])).toEqual([]);
    expect(filterMenu([], ALL)).toEqual([]);
  });
  it('does not mutate the menu (it is frozen)', () => {
    const before = structuredClone(MENU);
    filterMenu(MENU, ['bank']);
    expect(MENU).toEqual(before);
  });
});

describe('menuPages', () => {
  it('lists the leaves in menu order', () => {
    expect(menuPages(MENU)).toEqual([
      '/bank/bank-first', '/bank/bank-last', '/bank/bank-statistics',
      '/admin/setting/system/user', '/admin/setting/system/role', '/admin/setting/data/black',
      '/renshe/renshe-first/detail', '/log', '/help-model', '/empty/only',
    ]);
  });
  it('lists the pages of a filtered menu', () => {
    expect(menuPages(filterMenu(MENU, ['renshe']))).toEqual(['/renshe/renshe-first', '/help-model']);
  });
  it('lists a path once', () => {
    expect(menuPages([item('/a', 'a', 'a'), item('/g', 'g', 'g', { children: [item('/a', 'a', 'a'), item('/b', 'b', 'b')] })])).toEqual(['/a', '/b']);
    expect(menuPages([])).toEqual([]);
  });
});

describe('findMenuItem and menuTrail', () => {
  it('finds a top-level, nested and deeply nested item', () => {
    expect(findMenuItem(MENU, '/help-model')?.title).toBe('帮助模板管理');
    expect(findMenuItem(MENU, '/bank/bank-last')?.titleEn).toBe('Bank second review');
    expect(findMenuItem(MENU, '/admin/setting/system/role')?.auth).toBe('role');
    expect(findMenuItem(MENU, '/admin/setting/system')?.children).toHaveLength(2);
  });
  it('finds depth-first, the first match wins', () => {
    const menu = [
      item('/g', 'g', 'g', { children: [item('/x', 'first', 'first')] }),
      item('/x', 'second', 'second'),
    ];
    expect(findMenuItem(menu, '/x')?.title).toBe('first');
  });
  it('returns undefined and [] for an unknown path', () => {
    expect(findMenuItem(MENU, '/nope')).toBeUndefined();
    expect(menuTrail(MENU, '/nope')).toEqual([]);
    expect(menuTrail([], '/bank')).toEqual([]);
  });
  it('gives the ancestors followed by the item', () => {
    expect(menuTrail(MENU, '/admin/setting/system/user').map((m) => m.path)).toEqual(['/admin/setting', '/admin/setting/system', '/admin/setting/system/user']);
    expect(menuTrail(MENU, '/bank/bank-first').map((m) => m.path)).toEqual(['/bank', '/bank/bank-first']);
    expect(menuTrail(MENU, '/bank').map((m) => m.path)).toEqual(['/bank']);
    expect(menuTrail(MENU, '/renshe/renshe-first/detail').map((m) => m.path)).toEqual(['/renshe/renshe-first', '/renshe/renshe-first/detail']);
  });
  it('returns the menu items themselves', () => {
    expect(menuTrail(MENU, '/bank')[0]).toBe(MENU[0]);
    expect(findMenuItem(MENU, '/bank/bank-first')).toBe(MENU[0]?.children?.[0]);
  });
});

describe('soleOpenGroups (the side menu keeps one group open)', () => {
  it('opening a group closes the others but keeps the groups it sits in', () => {
    expect(soleOpenGroups(MENU, ['/bank'], ['/bank', '/admin/setting'])).toEqual(['/admin/setting']);
    expect(soleOpenGroups(MENU, ['/admin/setting', '/bank'], ['/admin/setting', '/bank', '/admin/setting/system'])).toEqual(['/admin/setting', '/admin/setting/system']);
  });
  it('closing a group leaves the rest as they are', () => {
    expect(soleOpenGroups(MENU, ['/admin/setting', '/admin/setting/system'], ['/admin/setting'])).toEqual(['/admin/setting']);
    expect(soleOpenGroups(MENU, ['/bank'], [])).toEqual([]);
  });
});

describe('searchMenu', () => {
  const paths = (items: MenuItem[]) => items.map((m) => m.path);

  it('finds leaves by Chinese title', () => {
    expect(paths(searchMenu(MENU, '银行'))).toEqual(['/bank/bank-first', '/bank/bank-last', '/bank/bank-statistics']);
    expect(paths(searchMenu(MENU, '黑名单'))).toEqual(['/admin/setting/data/black']);
  });
  it('finds leaves by English title, case-insensitive and trimmed', () => {
    expect(paths(searchMenu(MENU, '  REVIEW '))).toEqual(['/bank/bank-first', '/bank/bank-last']);
    expect(paths(searchMenu(MENU, 'users'))).toEqual(['/admin/setting/system/user']);
  });
  it('does not offer groups or hidden entries', () => {
    expect(searchMenu(MENU, 'System')).toEqual([]);
    expect(searchMenu(MENU, 'Settings')).toEqual([]);
    expect(searchMenu(MENU, 'Log')).toEqual([]);
    expect(searchMenu(MENU, 'Detail')).toEqual([]);
    expect(searchMenu(MENU, '隐藏')).toEqual([]);
  });
  it('finds nothing for an empty or blank query or no match', () => {
    expect(searchMenu(MENU, '')).toEqual([]);
    expect(searchMenu(MENU, '   ')).toEqual([]);
    expect(searchMenu(MENU, 'zzz')).toEqual([]);
  });
  it('returns at most limit results, 10 by default, in menu order', () => {
    const many = Array.from({ length: 15 }, (_, i) => item(`/p/${i}`, `页面${i}`, `Page ${i}`));
    expect(paths(searchMenu(many, 'page'))).toEqual(many.slice(0, 10).map((m) => m.path));
    expect(paths(searchMenu(many, 'page', 3))).toEqual(['/p/0', '/p/1', '/p/2']);
    expect(searchMenu(many, 'page', 0)).toEqual([]);
    expect(searchMenu(many, 'page', -1)).toEqual([]);
    expect(searchMenu(many, 'page', 100)).toHaveLength(15);
  });
});
