import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { DEMO_PASSWORD } from '../../upstream/db/seed';
import { countRows, createUser, expectFields, freshIp } from './helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describeUpstream('admin/login', (up) => {
  beforeAll(async () => {
    await createUser(up().db, { username: 'stopped', password: 'stopped123', state: 'DISABLED' });
    await createUser(up().db, { username: 'gone', password: 'gone12345', state: 'WRITTEN_OFF' });
  });

  it('signs an admin in with uuid, token and user info, and never returns the password hash', async () => {
    const { status, body } = await up().call('admin/login', { username: 'admin', password: DEMO_PASSWORD }, { ip: freshIp() });
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.message).toBe('操作成功');
    expect(body.data.uuid).toMatch(UUID);
    expect(body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(body.data.info).toMatchObject({
      username: 'admin', nickname: '系统管理员', type: 0, orgName: '长沙市创业担保贷款服务中心', mobile: '13800000000', mail: 'admin@example.com',
    });
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/scrypt|password/i);
    expect(Object.keys(body.data.info).sort()).toEqual(['id', 'locale', 'mail', 'mobile', 'nickname', 'orgId', 'orgName', 'orgType', 'type', 'username']);
  });

  it('gives a staff account type 1 and matches the username without regard to case', async () => {
    const { body } = await up().call('admin/login', { username: '  BANK ', password: DEMO_PASSWORD }, { ip: freshIp() });
    expect(body.code).toBe(200);
    expect(body.data.info).toMatchObject({ username: 'bank', type: 1, orgType: 'BANK' });
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const wrong = await up().call('admin/login', { username: 'admin', password: 'not-the-password1' }, { ip: freshIp() });
    const unknown = await up().call('admin/login', { username: 'nobody-here', password: 'not-the-password1' }, { ip: freshIp() });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ code: 403, message: '用户名或密码错误', data: null });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('treats a written-off account like an unknown one', async () => {
    const { status, body } = await up().call('admin/login', { username: 'gone', password: 'gone12345' }, { ip: freshIp() });
    expect(status).toBe(403);
    expect(body.message).toBe('用户名或密码错误');
  });

  it('refuses a disabled account with the right password, and issues no token', async () => {
    const before = await countRows(up().db, 'auth_token');
    const { status, body } = await up().call('admin/login', { username: 'stopped', password: 'stopped123' }, { ip: freshIp() });
    expect(status).toBe(403);
    expect(body.message).toBe('账号已被停用，请联系管理员');
    expect(await countRows(up().db, 'auth_token')).toBe(before);
  });

  it('rejects an empty payload with both field messages and changes nothing', async () => {
    const limits = await countRows(up().db, 'login_limit');
    const tokens = await countRows(up().db, 'auth_token');
    const response = await up().call('admin/login', {}, { ip: freshIp() });
    expectFields(response, { username: 'validation.usernameRequired', password: 'validation.passwordRequired' });
    expect(response.body.message).toBe('提交的内容不符合要求');
    const blank = await up().call('admin/login', { username: '   ', password: '' }, { ip: freshIp() });
    expectFields(blank, { username: 'validation.usernameRequired', password: 'validation.passwordRequired' });
    expect(await countRows(up().db, 'login_limit')).toBe(limits);
    expect(await countRows(up().db, 'auth_token')).toBe(tokens);
  });

  it('rejects a payload without a password with only that field', async () => {
    expectFields(await up().call('admin/login', { username: 'admin' }, { ip: freshIp() }), { password: 'validation.passwordRequired' });
  });

  it('rejects malformed JSON with 422 and changes nothing', async () => {
    const limits = await countRows(up().db, 'login_limit');
    const response = await up().call('admin/login', undefined, { raw: '{"username":"admin","password":', ip: freshIp() });
    expectFields(response, { _: 'validation.json' });
    expect(await countRows(up().db, 'login_limit')).toBe(limits);
  });

  it('rejects a non-object JSON body with 422', async () => {
    const response = await up().call('admin/login', undefined, { raw: '["admin"]', ip: freshIp() });
    expect(response.status).toBe(422);
    expect(response.body.data).toEqual({ fields: { _: 'validation.invalid' } });
  });

  it('does not accept GET for the login call', async () => {
    const { status, body } = await up().call('admin/login', { username: 'admin', password: DEMO_PASSWORD }, { method: 'GET' });
    expect(status).toBe(404);
    expect(body.code).toBe(404);
  });
});
