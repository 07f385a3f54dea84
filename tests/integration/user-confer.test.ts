import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { countRows, createUser, expectFields, freshIp, orgIdOf, staffIn } from './helpers';
import type { UserRow } from '../../lib/contract/user';

const PAGE = '/admin/setting/system/user';

describeUpstream('systemUser/confer and systemUser/updatePassWord', (up) => {
  let admin: string, bank: string, manager: string, viewer: string;
  let managerId: number, managerRole: number, gc1Id: number, bankUserId: number, gcAdminId: number, gcRole: number, bankRole: number;
  const confer = (body: object, token = admin) => up().call<UserRow>('systemUser/confer', body, { token });
  const rolesOf = async (userId: number) => (await up().db.selectFrom('user_role').select('role_id').where('user_id', '=', userId).orderBy('role_id').execute()).map((r) => r.role_id);
  const versionOf = async (userId: number) => (await up().db.selectFrom('app_user').select('version').where('id', '=', userId).executeTakeFirstOrThrow()).version;
  const snapshot = async () => [await countRows(up().db, 'user_role'), await countRows(up().db, 'audit_log')];
  const member = async (username: string) => {
    const id = await createUser(up().db, { username, password: 'Member123' });
    await up().db.updateTable('app_user').set({ org_id: gc1Id }).where('id', '=', id).execute();
    return id;
  };

  beforeAll(async () => {
    const db = up().db;
    gc1Id = await orgIdOf(db, '长沙鑫诚融资担保有限公司');
    const roleIdOf = async (name: string) => (await db.selectFrom('role').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    [gcRole, bankRole] = await Promise.all([roleIdOf('担保审核员'), roleIdOf('银行审核员')]);
    bankUserId = (await db.selectFrom('app_user').select('id').where('username', '=', 'bank').executeTakeFirstOrThrow()).id;
    admin = await up().login('admin');
    bank = await up().login('bank');
    const staff = await staffIn(up(), 'confermanager', gc1Id, { pages: [PAGE], buttons: ['user::confer'] });
    ({ id: managerId, token: manager, roleId: managerRole } = staff);
    // The manager holds every permission of the guarantee reviewer role, not those of the bank reviewer role.
    const gcPermissions = await db.selectFrom('role_permission').select('permission_id').where('role_id', '=', gcRole).execute();
    const held = new Set((await db.selectFrom('role_permission').select('permission_id').where('role_id', '=', managerRole).execute()).map((p) => p.permission_id));
    const extra = gcPermissions.filter((p) => !held.has(p.permission_id));
    if (extra.length) await db.insertInto('role_permission').values(extra.map((p) => ({ role_id: managerRole, permission_id: p.permission_id }))).execute();
    viewer = (await staffIn(up(), 'conferviewer', gc1Id, { pages: [PAGE] })).token;
    gcAdminId = await member('gcadmin3');
    await db.updateTable('app_user').set({ type: 0 }).where('id', '=', gcAdminId).execute();
  });

  it('replaces the roles of a user, with the version read, and audits before and after', async () => {
    const id = await member('conferee');
    const { status, body } = await confer({ id, roleIds: [bankRole, gcRole, gcRole], version: 1 });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id, version: 2, roles: [{ id: gcRole, name: '担保审核员' }, { id: bankRole, name: '银行审核员' }].sort((a, b) => a.id - b.id) });
    expect((await confer({ id, roleIds: [gcRole], version: 2 })).body.data.roles).toEqual([{ id: gcRole, name: '担保审核员' }]);
    const audit = await up().db.selectFrom('audit_log').select('summary').where('action', '=', 'user.confer').where('target_id', '=', String(id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.summary).toEqual({ before: { roleIds: [gcRole, bankRole].sort((a, b) => a - b) }, after: { roleIds: [gcRole] } });
    const before = await snapshot();
    expect((await confer({ id, roleIds: [], version: 2 })).status).toBe(409);
    expect(await rolesOf(id)).toEqual([gcRole]);
    expect(await snapshot()).toEqual(before);
    expect((await confer({ id, roleIds: [], version: 3 })).body.data.roles).toEqual([]);
  });

  it('lets a non-admin confer only roles whose permissions they hold, in their subtree', async () => {
    const id = await member('gcconferee');
    expect((await confer({ id, roleIds: [gcRole], version: 1 }, manager)).body.data.roles).toEqual([{ id: gcRole, name: '担保审核员' }]);
    const before = await snapshot();
    expect((await confer({ id, roleIds: [gcRole, bankRole], version: 2 }, manager)).status).toBe(403);
    expect((await confer({ id: gcAdminId, roleIds: [gcRole], version: 1 }, manager)).status).toBe(403);
    expect((await confer({ id: bankUserId, roleIds: [gcRole], version: 1 }, manager)).status).toBe(404);
    expect((await confer({ id, roleIds: [], version: 2 }, viewer)).status).toBe(403);
    expect((await confer({ id, roleIds: [], version: 2 }, bank)).status).toBe(403);
    expect(await rolesOf(id)).toEqual([gcRole]);
    expect(await snapshot()).toEqual(before);
    // A role the user already holds may stay although the manager could not give it.
    await up().db.insertInto('user_role').values({ user_id: id, role_id: bankRole }).execute();
    expect((await confer({ id, roleIds: [bankRole], version: 2 }, manager)).body.data.roles).toEqual([{ id: bankRole, name: '银行审核员' }]);
    expect(await up().db.selectFrom('audit_log').select('actor_id').where('action', '=', 'user.confer').where('target_id', '=', String(id)).execute())
      .toEqual([{ actor_id: managerId }, { actor_id: managerId }]);
  });

  it('refuses unknown roles, missing users and bad input, changing nothing', async () => {
    const id = await member('badconfer');
    const before = await snapshot();
    expectFields(await confer({ id, roleIds: [gcRole, 999999], version: 1 }), { roleIds: 'validation.roleNotFound' });
    expectFields(await confer({ id, roleIds: 'all' }), { roleIds: 'validation.roleIds', version: 'validation.versionRequired' });
    expectFields(await confer({ roleIds: [], version: 1 }), { id: 'validation.id' });
    expect((await confer({ id: 999999, roleIds: [], version: 1 })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect(await versionOf(id)).toBe(1);
  });

  it('updatePassWord: the self-service change, as admin/updatePassWord', async () => {
    await createUser(up().db, { username: 'selfservice', password: 'OldPass123' });
    const token = await up().login('selfservice', 'OldPass123');
    const change = (body: object) => up().call('systemUser/updatePassWord', body, { token });
    expect((await up().call('systemUser/updatePassWord', { oldPassword: 'OldPass123', newPassword: 'NewPass123' })).status).toBe(401);
    expectFields(await change({ oldPassword: 'Wrong1234', newPassword: 'NewPass123' }), { oldPassword: 'validation.oldPasswordWrong' });
    expectFields(await change({ oldPassword: 'OldPass123', newPassword: 'letters' }), { newPassword: 'validation.passwordLength' });
    expectFields(await change({}), { oldPassword: 'validation.oldPasswordRequired', newPassword: 'validation.newPasswordRequired' });
    const { body } = await change({ oldPassword: 'OldPass123', newPassword: 'NewPass123' });
    expect(body).toEqual({ code: 200, message: '操作成功', data: { message: '密码修改成功，请重新登录' } });
    expect((await up().call('admin/getUserInfo', {}, { token })).status).toBe(401);
    expect((await up().call('admin/login', { username: 'selfservice', password: 'NewPass123' }, { ip: freshIp() })).body.code).toBe(200);
    const userId = (await up().db.selectFrom('app_user').select('id').where('username', '=', 'selfservice').executeTakeFirstOrThrow()).id;
    expect(await up().db.selectFrom('audit_log').select(['actor_id', 'target_id']).where('action', '=', 'user.changePassword').execute())
      .toEqual([{ actor_id: userId, target_id: String(userId) }]);
  });
});
