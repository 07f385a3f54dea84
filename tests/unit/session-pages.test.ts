import { describe, expect, it } from 'vitest';
import { sealData } from 'iron-session';
import { decodePages, encodePages, PAGES_FINGERPRINT } from '@/lib/session-pages';
import { MENU_PAGES } from '@/lib/routes';
import { sealSession, unsealSession, type SessionData } from '@/lib/session';
import { SESSION_TTL_SECONDS } from '@/lib/contract/session';

const secret = 'p'.repeat(40);
const every = [...MENU_PAGES];
const session = (paths: string[]): SessionData => ({
  uuid: '0b7f4d3e-5a4c-4c1e-9d51-2f6a3b1c9e70', token: 'a'.repeat(64), locale: 'zh-CN', persistent: false,
  user: { id: 1, username: 'admin', nickname: '系统管理员', type: 0 }, paths, menuVersion: '1234', issuedAt: Date.now(), lastSeen: Date.now(),
});

describe('the pages a session may open, in its cookie', () => {
  it('round-trips any set of menu pages, dropping paths that are no page of the menu', () => {
    const some = every.filter((_, i) => i % 3 === 0);
    expect(decodePages(encodePages(some))?.sort()).toEqual([...some].sort());
    expect(decodePages(encodePages(every))?.sort()).toEqual([...every].sort());
    expect(decodePages(encodePages([]))).toEqual([]);
    expect(decodePages(encodePages(['/no/such/page', every[0]!]))).toEqual([every[0]]);
  });

  it('cannot be read by a build with another page list, nor when malformed', () => {
    const [, bits] = encodePages(every).split('.');
    expect(decodePages(`other.${bits}`)).toBeNull();
    expect(decodePages(`${PAGES_FINGERPRINT}.AA`)).toBeNull();
    expect(decodePages('garbage')).toBeNull();
  });

  it('keeps the admin cookie small: every page of the menu in under 800 characters (2,164 when it spelled out the paths)', async () => {
    const sealed = await sealSession(session(every), secret);
    expect(sealed.length).toBeLessThan(800);
    expect(await unsealSession(sealed, secret)).toMatchObject({ paths: expect.arrayContaining(every), menuVersion: '1234', token: 'a'.repeat(64) });
  });

  it('reads a session sealed for another page list as one without menu pages and an unknown version (the next poll reads the menu)', async () => {
    const { paths: _paths, ...rest } = session(every);
    const stale = await sealData({ ...rest, pages: 'zzzz.AAAA' }, { password: secret, ttl: SESSION_TTL_SECONDS });
    expect(await unsealSession(stale, secret)).toMatchObject({ paths: [], menuVersion: '', user: { username: 'admin' } });
  });

  it('still reads a cookie of the earlier form, with the paths spelled out', async () => {
    const { paths, ...rest } = session(every.slice(0, 2));
    const earlier = await sealData({ ...rest, paths }, { password: secret, ttl: SESSION_TTL_SECONDS });
    expect(await unsealSession(earlier, secret)).toMatchObject({ paths: every.slice(0, 2) });
  });

  it('refuses a cookie sealed with another secret, even after the right one was unsealed', async () => {
    const sealed = await sealSession(session(every), secret);
    expect(await unsealSession(sealed, secret)).not.toBeNull();
    expect(await unsealSession(sealed, 'q'.repeat(40))).toBeNull();
  });
});
