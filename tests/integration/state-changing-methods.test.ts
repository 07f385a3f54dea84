import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { createUser, freshIp, userId } from './helpers';

/** A call that changes state is POST only: a GET (a link, an image, a prefetch) changes nothing. */
describeUpstream('state-changing calls take POST only', (up) => {
  let adminToken: string;
  beforeAll(async () => { adminToken = await up().login('admin'); });

  it('a GET of admin/logOut is refused and the session stays; a POST ends it', async () => {
    const token = await up().login('bank');
    const get = await up().call('admin/logOut', {}, { token, method: 'GET' });
    expect(get.body.code).not.toBe(200);
    expect(get.status).toBe(get.body.code);
    expect((await up().call('admin/getUserInfo', {}, { token })).body.code).toBe(200);

    expect((await up().call('admin/logOut', {}, { token })).body.code).toBe(200);
    expect((await up().call('admin/getUserInfo', {}, { token })).body.code).toBe(401);
  });

  it('a GET of systemUser/resetPassWord is refused and the password stays; a POST resets it', async () => {
    await createUser(up().db, { username: 'reset-by-get', password: 'before123' });
    const id = await userId(up().db, 'reset-by-get');
    const get = await up().call('systemUser/resetPassWord', { id, delivery: 'SHOW' }, { token: adminToken, method: 'GET' });
    expect(get.body.code).not.toBe(200);
    expect(get.body.data).toBeNull();
    const login = await up().call('admin/login', { username: 'reset-by-get', password: 'before123' }, { ip: freshIp() });
    expect(login.body.code).toBe(200);

    const post = await up().call('systemUser/resetPassWord', { id, delivery: 'SHOW' }, { token: adminToken });
    expect(post.body.code).toBe(200);
    const old = await up().call('admin/login', { username: 'reset-by-get', password: 'before123' }, { ip: freshIp() });
    expect(old.body.code).not.toBe(200);
  });
});
