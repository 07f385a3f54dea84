import { describe, expect, it } from 'vitest';
import { decide } from '@/lib/guard';
import { safeRedirect } from '@/lib/redirect';

const bank = { paths: ['/bank/bank-first', '/bank/bank-last'] };

describe('route guard (SPEC.md section 4, DESIGN.md section 6)', () => {
  it('sends / to the login page, or home when signed in', () => {
    expect(decide('/', '', null)).toEqual({ action: 'redirect', to: '/login' });
    expect(decide('/', '', bank)).toEqual({ action: 'redirect', to: '/admin/index' });
  });
  it('lets anyone open the public pages', () => {
    for (const path of ['/login', '/register', '/register/result', '/500']) expect(decide(path, '', null)).toEqual({ action: 'next' });
  });
  it('sends a signed-in user away from /login to the sanitised redirect target', () => {
    expect(decide('/login', '?redirect=%2Fbank%2Fbank-first', bank)).toEqual({ action: 'redirect', to: '/bank/bank-first' });
    expect(decide('/login', '?redirect=https%3A%2F%2Fevil.example', bank)).toEqual({ action: 'redirect', to: '/admin/index' });
  });
  it('sends every known page to /login without a session, remembering it', () => {
    expect(decide('/admin/index', '', null)).toEqual({ action: 'redirect', to: '/login?redirect=%2Fadmin%2Findex' });
    expect(decide('/bank/bank-first', '?pageNum=2', null)).toEqual({ action: 'redirect', to: '/login?redirect=%2Fbank%2Fbank-first%3FpageNum%3D2' });
    expect(decide('/403', '', null)).toMatchObject({ action: 'redirect' });
  });
  it('lets a session open /403, the entry page and the layout pages whatever its menu', () => {
    for (const path of ['/403', '/admin/index', '/log', '/refresh', '/redirect/bank/bank-first', '/account/password']) {
      expect(decide(path, '', { paths: [] })).toEqual({ action: 'next' });
    }
  });
  it('lets a session open a menu page it holds and sends it to /403 otherwise', () => {
    expect(decide('/bank/bank-first', '', bank)).toEqual({ action: 'next' });
    expect(decide('/bank/bank-first/', '', bank)).toEqual({ action: 'next' });
    expect(decide('/admin/setting/system/user', '', bank)).toEqual({ action: 'redirect', to: '/403' });
    expect(decide('/renshe/renshe-first', '', bank)).toEqual({ action: 'redirect', to: '/403' });
  });
  it('passes a path that is no page at all through to the 404 page', () => {
    expect(decide('/no-such-page', '', null)).toEqual({ action: 'next' });
    expect(decide('/no-such-page', '', bank)).toEqual({ action: 'next' });
  });
});

describe('redirect sanitiser', () => {
  it.each([
    ['/bank/bank-first', '/bank/bank-first'],
    ['/bank/bank-first?pageNum=2#top', '/bank/bank-first?pageNum=2#top'],
    ['/a/../admin/index', '/admin/index'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });
  it.each([
    [null], [''], ['https://evil.example/x'], ['//evil.example/x'], ['/\\evil.example'], ['\\\\evil.example'],
    ['javascript:alert(1)'], ['/%0d%0aSet-Cookie:x'.replace('%0d%0a', '\r\n')], ['evil.example'], ['/login'], ['/login?redirect=/x'], ['/'],
    ['/' + 'a'.repeat(3000)],
  ])('falls back to the entry page for %j', (value) => {
    expect(safeRedirect(value)).toBe('/admin/index');
  });
});
