import { expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { DEMO_PASSWORD } from '../../upstream/db/seed';
import { freshIp } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
const UNAUTHORIZED = { code: 401, message: '登录已失效', data: null };

describeUpstream('session tokens', (up) => {
  const userInfo = (token?: string, method: 'GET' | 'POST' = 'POST') =>
    up().call('admin/getUserInfo', {}, { ...(token ? { token } : {}), method });

  it('a login token opens admin/getUserInfo by POST and GET', async () => {
    const { body: login } = await up().call('admin/login', { username: 'renshe', password: DEMO_PASSWORD }, { ip: freshIp() });
    for (const method of ['POST', 'GET'] as const) {
      const { status, body } = await userInfo(login.data.token, method);
      expect(status).toBe(200);
      expect(body.data).toEqual(login.data.info);
      expect(body.data).toMatchObject({ username: 'renshe', nickname: '人社审核员', type: 1, orgType: 'RENSHE' });
    }
  });

  it('answers 401 without a token and with a garbage token', async () => {
    for (const token of [undefined, 'garbage', 'x'.repeat(43)]) {
      const { status, body } = await userInfo(token);
      expect(status).toBe(401);
      expect(body).toEqual(UNAUTHORIZED);
    }
  });

  it('stores only a hash of the token', async () => {
    const token = await up().login('guarantee');
    const rows = await up().db.selectFrom('auth_token').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
    for (const row of rows) expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('admin/logOut by POST revokes only the token it is called with', async () => {
    const first = await up().login('bank');
    const second = await up().login('bank');
    const { status, body } = await up().call('admin/logOut', {}, { token: first });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 200, message: '操作成功', data: null });
    expect((await userInfo(first)).body).toEqual(UNAUTHORIZED);
    expect((await userInfo(second)).status).toBe(200);
    // A second log-out with the same token is no longer signed in.
    expect((await up().call('admin/logOut', {}, { token: first })).status).toBe(401);
  });

  it('admin/logOut by GET is refused and the token stays (state changes are POST only)', async () => {
    const token = await up().login('bank');
    expect((await up().call('admin/logOut', {}, { token, method: 'GET' })).body.code).not.toBe(200);
    expect((await userInfo(token)).status).toBe(200);
  });

  it('a token of a disabled account stops working', async () => {
    const token = await up().login('guarantee');
    await up().db.updateTable('app_user').set({ state: 'DISABLED' }).where('username', '=', 'guarantee').execute();
    expect((await userInfo(token)).status).toBe(401);
    await up().db.updateTable('app_user').set({ state: 'ENABLED' }).where('username', '=', 'guarantee').execute();
    expect((await userInfo(token)).status).toBe(200);
  });

  it('a token expires after one day', async () => {
    const token = await up().login('renshe');
    up().clock.advance(DAY - 60_000);
    expect((await userInfo(token)).status).toBe(200);
    up().clock.advance(2 * 60_000);
    const { status, body } = await userInfo(token);
    expect(status).toBe(401);
    expect(body).toEqual(UNAUTHORIZED);
    // A fresh sign-in after expiry works again.
    expect((await userInfo(await up().login('renshe'))).status).toBe(200);
  });
});
