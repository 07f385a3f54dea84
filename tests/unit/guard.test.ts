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
  it('answers a path that is no page at all with the 404 page, signed in or not', () => {
    expect(decide('/no-such-page', '', null)).toEqual({ action: 'notFound' });
    expect(decide('/no-such-page', '', bank)).toEqual({ action: 'notFound' });
  });
  it('answers a suffix on a page path (.rsc and others) with the 404 page', () => {
    for (const path of ['/admin/setting/system/user.rsc', '/bank/bank-first.rsc', '/no-such.rsc', '/admin/index.prefetch.rsc', '/bank/bank-first.html', '/bank/bank-first;x']) {
      expect(decide(path, '', bank), path).toEqual({ action: 'notFound' });
      expect(decide(path, '', null), path).toEqual({ action: 'notFound' });
    }
  });
  it('decides on the decoded path the page router renders', () => {
    // %75 is 'u': the router renders the user page, so the guard asks for its grant.
    expect(decide('/admin/setting/system/%75ser', '', bank)).toEqual({ action: 'redirect', to: '/403' });
    expect(decide('/admin/setting/system/%75ser', '', null)).toEqual({ action: 'redirect', to: '/login?redirect=%2Fadmin%2Fsetting%2Fsystem%2Fuser' });
    expect(decide('/admin/setting/system/%75ser', '', { paths: ['/admin/setting/system/user'] })).toEqual({ action: 'next' });
    expect(decide('/%62ank/bank-first', '', bank)).toEqual({ action: 'next' });
    expect(decide('/%72enshe/renshe-first', '', bank)).toEqual({ action: 'redirect', to: '/403' });
    expect(decide('//admin//setting/system/user/', '', bank)).toEqual({ action: 'redirect', to: '/403' });
    expect(decide('/%6cogin', '?redirect=%2Fbank%2Fbank-first', bank)).toEqual({ action: 'redirect', to: '/bank/bank-first' });
  });
  it('answers an escape that hides a separator, a dot segment or a control character, or is malformed, with the 404 page', () => {
    for (const path of ['/admin%2Fsetting%2Fsystem%2Fuser', '/bank/%2e%2e/admin/setting/system/user', '/bank%5Cbank-first', '/bank/bank-first%00', '/bank/%E0%A4%A']) {
      expect(decide(path, '', bank), path).toEqual({ action: 'notFound' });
    }
  });
  it("leaves Next's own paths to Next", () => {
    expect(decide('/_next/webpack-hmr', '', null)).toEqual({ action: 'next' });
    expect(decide('/__nextjs_original-stack-frames', '', null)).toEqual({ action: 'next' });
  });
  it('sends a signed-in user on /login only to a page of this product', () => {
    for (const target of ['/.//evil.example', '/..//evil.example', '/%2e%2e//evil.example', '/./%2e%2e//evil.example/x', '/bank/..//evil.example', '/no-such-page', '/bank/bank-first.rsc']) {
      expect(decide('/login', `?redirect=${encodeURIComponent(target)}`, bank), target).toEqual({ action: 'redirect', to: '/admin/index' });
    }
    expect(decide('/login', '?redirect=/.//evil.example', bank)).toEqual({ action: 'redirect', to: '/admin/index' });
  });
});

describe('redirect rule: a normalised path that is a page of this product, else the entry page', () => {
  it.each([
    ['/bank/bank-first', '/bank/bank-first'],
    ['/bank/bank-first?pageNum=2#top', '/bank/bank-first?pageNum=2#top'],
    ['/a/../admin/index', '/admin/index'],
    ['/admin/./index', '/admin/index'],
    ['/admin/setting/system/%75ser?pageNum=2', '/admin/setting/system/user?pageNum=2'],
    ['/bank/bank-first/', '/bank/bank-first'],
    ['/403', '/403'],
    ['/register/result', '/register/result'],
    ['/redirect/bank/bank-first?x=1', '/redirect/bank/bank-first?x=1'],
  ])('keeps the page %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });
  it.each([
    [null], [''], ['https://evil.example/x'], ['//evil.example/x'], ['/\\evil.example'], ['\\\\evil.example'],
    ['javascript:alert(1)'], ['/%0d%0aSet-Cookie:x'.replace('%0d%0a', '\r\n')], ['evil.example'], ['/login'], ['/login?redirect=/x'], ['/'],
    [`/${'a'.repeat(3000)}`],
    ['/.//evil.example'], ['/.//evil.example/admin/index'], ['/..//evil.example'], ['/%2e%2e//evil.example'], ['/%2E%2E//evil.example'],
    ['/.%2e//evil.example'], ['/bank/../..//evil.example'], ['/./%2e%2e//evil.example'], ['/%2f%2fevil.example'], ['/%5c%5cevil.example'],
    ['/no-such-page'], ['/bank/bank-first.rsc'], ['/admin%2Findex'], ['/redirect//evil.example'], ['/redirect/.//evil.example'], ['/redirect/no-such'],
    ['/redirect/redirect/admin/index'], ['/%E0%A4%A'],
  ])('falls back to the entry page for %j', (value) => {
    expect(safeRedirect(value)).toBe('/admin/index');
  });
  it('answers a path that starts with one slash and a page name, never a host', () => {
    for (const value of ['/.//evil.example', '/..//evil.example', '/%2e%2e//evil.example', '/bank/bank-first']) {
      const target = safeRedirect(value);
      expect(new URL(target, 'https://app.example').host).toBe('app.example');
      expect(target).toMatch(/^\/[a-z0-9]/);
    }
  });
});
