import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { createUser, expectFields, freshIp, userId } from './helpers';

const OLD = 'Passw0rd1';
const NEW = 'N3wPassword';

describeUpstream('admin/updatePassWord', (up) => {
  let token: string;
  const change = (body: object, t = token) => up().call('admin/updatePassWord', body, { token: t });
  const login = (username: string, password: string) => up().call('admin/login', { username, password }, { ip: freshIp() });
  const hashOf = async (username: string) =>
    (await up().db.selectFrom('app_user').select('password_hash').where('username', '=', username).executeTakeFirstOrThrow()).password_hash;

  beforeAll(async () => {
    await createUser(up().db, { username: 'pwuser', password: OLD });
    await createUser(up().db, { username: 'bystander', password: OLD });
    token = await up().login('pwuser', OLD);
  });

  it('needs a signed-in user', async () => {
    const { status } = await up().call('admin/updatePassWord', { oldPassword: OLD, newPassword: NEW });
    expect(status).toBe(401);
  });

  it('refuses a wrong old password and keeps the password', async () => {
    const before = await hashOf('pwuser');
    const response = await change({ oldPassword: 'Wrong0ld1', newPassword: NEW });
    expectFields(response, { oldPassword: 'validation.oldPasswordWrong' });
    expect(await hashOf('pwuser')).toBe(before);
    expect((await up().call('admin/getUserInfo', {}, { token })).status).toBe(200);
  });

  it('requires both fields', async () => {
    expectFields(await change({}), { oldPassword: 'validation.oldPasswordRequired', newPassword: 'validation.newPasswordRequired' });
  });

  it.each([
    ['a1b2c3', 'validation.passwordLength'],
    [`${'a1'.repeat(10)}x`, 'validation.passwordLength'],
    ['abcdefgh', 'validation.passwordMix'],
    ['12345678', 'validation.passwordMix'],
    ['abcd_1234', 'validation.passwordMix'],
  ])('refuses the new password %s with %s', async (newPassword, key) => {
    const before = await hashOf('pwuser');
    expectFields(await change({ oldPassword: OLD, newPassword }), { newPassword: key });
    expect(await hashOf('pwuser')).toBe(before);
  });

  it('accepts the boundary lengths 8 and 20 as valid shapes (checked against a wrong old password)', async () => {
    for (const newPassword of ['abcd1234', 'a1'.repeat(10)]) {
      expectFields(await change({ oldPassword: 'Wrong0ld1', newPassword }), { oldPassword: 'validation.oldPasswordWrong' });
    }
  });

  it('refuses a new password equal to the old one', async () => {
    expectFields(await change({ oldPassword: OLD, newPassword: OLD }), { newPassword: 'validation.passwordSame' });
  });

  it('changes the password, ends every session of the user and leaves other users signed in', async () => {
    const secondSession = await up().login('pwuser', OLD);
    const otherUser = await up().login('bystander', OLD);
    const { status, body } = await change({ oldPassword: OLD, newPassword: NEW });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 200, message: '操作成功', data: { message: '密码修改成功，请重新登录' } });

    for (const t of [token, secondSession]) expect((await up().call('admin/getUserInfo', {}, { token: t })).status).toBe(401);
    expect((await up().call('admin/getUserInfo', {}, { token: otherUser })).status).toBe(200);
    const live = await up().db.selectFrom('auth_token').select('id')
      .where('user_id', '=', await userId(up().db, 'pwuser')).where('revoked_at', 'is', null).execute();
    expect(live).toEqual([]);

    expect((await login('pwuser', OLD)).body.code).toBe(403);
    const again = await login('pwuser', NEW);
    expect(again.body.code).toBe(200);
    token = again.body.data.token;
  });

  it('answers in English for an English caller', async () => {
    const { body } = await up().call('admin/updatePassWord', { oldPassword: NEW, newPassword: 'Th1rdPassword' }, { token, locale: 'en-US,en;q=0.9' });
    expect(body.data).toEqual({ message: 'Password changed, please sign in again' });
  });
});

describeUpstream('admin/updatePassWord guessing', (up) => {
  it('locks the account after repeated wrong old passwords, like failed sign-ins', async () => {
    await createUser(up().db, { username: 'guesser', password: OLD });
    const token = await up().login('guesser', OLD);
    for (let i = 0; i < 3; i += 1) {
      expectFields(await up().call('admin/updatePassWord', { oldPassword: `Guess${i}abc`, newPassword: NEW }, { token }), { oldPassword: 'validation.oldPasswordWrong' });
    }
    const locked = await up().call('admin/updatePassWord', { oldPassword: OLD, newPassword: NEW }, { token });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/登录失败次数过多/);
    expect((await up().call('admin/login', { username: 'guesser', password: OLD }, { ip: freshIp() })).status).toBe(429);
  });
}, { loginMaxFailures: 3 });
