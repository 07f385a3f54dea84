import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { countRows, createUser, expectFields, freshIp, orgIdOf, staffIn } from './helpers';
import { PASSWORD_MIX_PATTERN } from '../../lib/contract/rules';
import type { UserRow } from '../../lib/contract/user';

const PAGE = '/admin/setting/system/user';
const PASSWORD = 'Victim123';

describeUpstream('systemUser changeState, resetPassWord, writeOff and del', (up) => {
  let admin: string, bank: string, manager: string, viewer: string;
  let adminId: number, managerId: number, gc1Id: number, bankUserId: number, gcAdminId: number;
  const act = <T = any>(path: string, body: object, token = admin) => up().call<T>(`systemUser/${path}`, body, { token });
  const row = (id: number) => up().db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const signedIn = async (token: string) => (await up().call('admin/getUserInfo', {}, { token })).status;
  const login = (username: string, password: string) => up().call('admin/login', { username, password }, { ip: freshIp() });
  const snapshot = async () => [await countRows(up().db, 'app_user'), await countRows(up().db, 'audit_log'), await countRows(up().db, 'sms_outbox')];
  /** A user of the guarantee company with a live session. */
  const victim = async (username: string, mobile: string | null = null) => {
    const id = await createUser(up().db, { username, password: PASSWORD, mobile });
    await up().db.updateTable('app_user').set({ org_id: gc1Id }).where('id', '=', id).execute();
    return { id, token: await up().login(username, PASSWORD) };
  };

  beforeAll(async () => {
    const db = up().db;
    gc1Id = await orgIdOf(db, '长沙鑫诚融资担保有限公司');
    const idOf = async (u: string) => (await db.selectFrom('app_user').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
    [adminId, bankUserId] = await Promise.all([idOf('admin'), idOf('bank')]);
    admin = await up().login('admin');
    bank = await up().login('bank');
    ({ id: managerId, token: manager } = await staffIn(up(), 'actmanager', gc1Id, { pages: [PAGE], buttons: ['user::state', 'user::reset', 'user::writeOff', 'user::delete'] }));
    viewer = (await staffIn(up(), 'actviewer', gc1Id, { pages: [PAGE] })).token;
    gcAdminId = await createUser(db, { username: 'gcadmin2', password: 'gcadmin1', type: 0 });
    await db.updateTable('app_user').set({ org_id: gc1Id }).where('id', '=', gcAdminId).execute();
  });

  it('changeState: disabling ends the sessions at once; enabling lets the user back in', async () => {
    const v = await victim('stateuser');
    const off = await act<UserRow>('changeState', { id: v.id, state: 'DISABLED', version: 1 }, manager);
    expect(off.body.data).toMatchObject({ id: v.id, state: 'DISABLED', version: 2 });
    expect(await signedIn(v.token)).toBe(401);
    expect((await login('stateuser', PASSWORD)).body.code).toBe(403);
    const audit = await up().db.selectFrom('audit_log').select(['actor_id', 'summary']).where('action', '=', 'user.state').where('target_id', '=', String(v.id)).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: managerId, summary: { before: { state: 'ENABLED' }, after: { state: 'DISABLED' } } });
    const before = await snapshot();
    expect((await act('changeState', { id: v.id, state: 'ENABLED', version: 1 })).status).toBe(409);
    expect(await row(v.id)).toMatchObject({ state: 'DISABLED', version: 2 });
    expect(await snapshot()).toEqual(before);
    expect((await act('changeState', { id: v.id, state: 'ENABLED', version: 2 })).body.data).toMatchObject({ state: 'ENABLED', version: 3 });
    expect((await login('stateuser', PASSWORD)).body.code).toBe(200);
  });

  it('changeState: refused on oneself, on admins, outside the subtree, without the button, and for bad input', async () => {
    const before = await snapshot();
    const self = await act('changeState', { id: adminId, state: 'DISABLED', version: 1 });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('不能对自己的账号执行该操作');
    expect((await act('changeState', { id: gcAdminId, state: 'DISABLED', version: 1 }, manager)).status).toBe(403);
    expect((await act('changeState', { id: bankUserId, state: 'DISABLED', version: 1 }, manager)).status).toBe(404);
    expect((await act('changeState', { id: managerId, state: 'DISABLED', version: 1 }, viewer)).status).toBe(403);
    expect((await act('changeState', { id: 999999, state: 'DISABLED', version: 1 })).status).toBe(404);
    expectFields(await act('changeState', { id: bankUserId, state: 'WRITTEN_OFF' }), { state: 'validation.userState', version: 'validation.versionRequired' });
    expect(await snapshot()).toEqual(before);
    expect(await signedIn(bank)).toBe(200);
  });

  it('resetPassWord: shows a new password once, stores only its hash and ends every session', async () => {
    const v = await victim('resetuser');
    const { body } = await act<{ password: string }>('resetPassWord', { id: v.id }, manager);
    expect(Object.keys(body.data)).toEqual(['password']);
    expect(body.data.password).toMatch(PASSWORD_MIX_PATTERN);
    expect(await signedIn(v.token)).toBe(401);
    expect((await row(v.id)).password_hash).not.toContain(body.data.password);
    expect((await login('resetuser', PASSWORD)).body.code).toBe(403);
    expect((await login('resetuser', body.data.password)).body.code).toBe(200);
    // A GET changes nothing: resetting is POST only.
    expect((await up().call('systemUser/resetPassWord', { id: v.id }, { token: admin, method: 'GET' })).body.code).toBe(404);
    expect((await login('resetuser', body.data.password)).body.code).toBe(200);
    expect(await up().db.selectFrom('audit_log').select('actor_id').where('action', '=', 'user.resetPassword').where('target_id', '=', String(v.id)).orderBy('id').execute())
      .toEqual([{ actor_id: managerId }]);
  });

  it('resetPassWord by SMS writes the password to the user’s mobile and does not answer it', async () => {
    const v = await victim('smsreset', '13712340001');
    expect((await act('resetPassWord', { id: v.id, delivery: 'SMS' })).body).toMatchObject({ code: 200, data: { sent: true } });
    const sms = await up().db.selectFrom('sms_outbox').select(['mobile', 'content', 'template', 'template_version']).where('mobile', '=', '13712340001').executeTakeFirstOrThrow();
    // Rendered from the RESET_PASSWORD template, whose version the outbox keeps.
    expect(sms).toMatchObject({ template: 'RESET_PASSWORD', template_version: 1 });
    expect(sms.content).toMatch(/^【创业担保贷款】您的登录密码已重置为 \S+，请登录后尽快修改。$/);
    const password = /([A-Za-z0-9]{8,20})，/.exec(sms.content)?.[1];
    expect(password).toMatch(PASSWORD_MIX_PATTERN);
    expect(await signedIn(v.token)).toBe(401);
    expect((await login('smsreset', password!)).body.code).toBe(200);
  });

  it('resetPassWord: refused without a mobile for SMS, outside the subtree, on admins, without the button, for bad input', async () => {
    const v = await victim('nomobile');
    const before = await snapshot();
    const hash = (await row(v.id)).password_hash;
    expectFields(await act('resetPassWord', { id: v.id, delivery: 'SMS' }), { delivery: 'validation.userNoMobile' });
    expectFields(await act('resetPassWord', { id: v.id, delivery: 'PIGEON' }), { delivery: 'validation.delivery' });
    expect((await act('resetPassWord', { id: bankUserId }, manager)).status).toBe(404);
    expect((await act('resetPassWord', { id: gcAdminId }, manager)).status).toBe(403);
    expect((await act('resetPassWord', { id: v.id }, viewer)).status).toBe(403);
    expect((await act('resetPassWord', { id: v.id }, bank)).status).toBe(403);
    expect((await act('resetPassWord', { id: 999999 })).status).toBe(404);
    expect((await row(v.id)).password_hash).toBe(hash);
    expect(await snapshot()).toEqual(before);
    expect(await signedIn(v.token)).toBe(200);
  });

  it('writeOff: cancels the account for good, ends its sessions, keeps its row and frees its mobile', async () => {
    const v = await victim('leaving', '13712340002');
    const { body } = await act<UserRow>('writeOff', { id: v.id, version: 1 }, manager);
    expect(body.data).toMatchObject({ id: v.id, state: 'WRITTEN_OFF', version: 2 });
    expect(await signedIn(v.token)).toBe(401);
    expect((await login('leaving', PASSWORD)).body.code).toBe(403);
    expect(await up().db.selectFrom('audit_log').select('actor_id').where('action', '=', 'user.writeOff').where('target_id', '=', String(v.id)).execute()).toEqual([{ actor_id: managerId }]);
    const again = await up().call('systemUser/saveOrUpdate', { username: 'arriving', nickname: 'a', mobile: '13712340002', orgId: gc1Id }, { token: admin });
    expect(again.status).toBe(200);
    const before = await snapshot();
    for (const [path, body] of [['writeOff', { version: 2 }], ['changeState', { state: 'ENABLED', version: 2 }], ['resetPassWord', {}], ['confer', { roleIds: [], version: 2 }],
      ['saveOrUpdate', { version: 2, username: 'leaving', nickname: 'back', orgId: gc1Id }]] as const) {
      const answer = await act(path, { id: v.id, ...body });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('该用户已注销，不能再修改');
    }
    expect(await snapshot()).toEqual(before);
    expect(await row(v.id)).toMatchObject({ state: 'WRITTEN_OFF', nickname: 'leaving-nick' });
  });

  it('writeOff: refused on oneself, on admins, outside the subtree, without the button, for a stale version', async () => {
    const v = await victim('staying');
    const before = await snapshot();
    expect((await act('writeOff', { id: managerId, version: 1 }, manager)).status).toBe(403);
    expect((await act('writeOff', { id: gcAdminId, version: 1 }, manager)).status).toBe(403);
    expect((await act('writeOff', { id: bankUserId, version: 1 }, manager)).status).toBe(404);
    expect((await act('writeOff', { id: v.id, version: 1 }, viewer)).status).toBe(403);
    expect((await act('writeOff', { id: v.id, version: 7 })).status).toBe(409);
    expect((await act('writeOff', { id: 999999, version: 1 })).status).toBe(404);
    expectFields(await act('writeOff', { id: v.id }), { version: 'validation.versionRequired' });
    expect(await snapshot()).toEqual(before);
    expect(await signedIn(v.token)).toBe(200);
  });

  it('del: removes an account that never signed in, and refuses one with a history', async () => {
    const created = (await act('saveOrUpdate', { username: 'mistake', nickname: 'm', mobile: '13712340003', orgId: gc1Id })).body.data.user;
    expect((await act('del', { id: created.id }, manager)).body).toEqual({ code: 200, message: '操作成功', data: null });
    expect(await up().db.selectFrom('app_user').select('id').where('id', '=', created.id).execute()).toEqual([]);
    expect(await up().db.selectFrom('audit_log').select(['actor_id', 'summary']).where('action', '=', 'user.delete').where('target_id', '=', String(created.id)).executeTakeFirst())
      .toMatchObject({ actor_id: managerId, summary: { before: { username: 'mistake' }, after: null } });
    expect((await act('del', { id: created.id })).status).toBe(404);

    const used = await victim('useduser');
    const before = await snapshot();
    const refused = await up().call('systemUser/del', { id: used.id }, { token: admin, locale: 'en' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('User “useduser” has signed in before and cannot be deleted; write the account off instead');
    expect((await act('del', { id: adminId })).status).toBe(403);
    expect((await act('del', { id: bankUserId }, manager)).status).toBe(404);
    expect((await act('del', { id: used.id }, viewer)).status).toBe(403);
    expectFields(await act('del', { id: 0 }), { id: 'validation.id' });
    expect(await snapshot()).toEqual(before);
  });
});
