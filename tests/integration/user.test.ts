import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { countRows, createUser, expectFields, freshIp, orgIdOf, staffIn } from './helpers';
import { PASSWORD_MIX_PATTERN } from '../../lib/contract/rules';
import type { UserRow, UserSaveResult } from '../../lib/contract/user';

const PAGE = '/admin/setting/system/user';
const BUTTONS = ['user::add', 'user::edit', 'user::confer'];

describeUpstream('systemUser/saveOrUpdate', (up) => {
  let admin: string, bank: string, manager: string, adder: string;
  let adminId: number, managerId: number, gcAdminId: number, gc1Id: number, bank1Id: number, gcRole: number, bankRole: number;
  const save = (body: object, token = admin) => up().call<UserSaveResult>('systemUser/saveOrUpdate', body, { token });
  const userRow = (id: number) => up().db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const snapshot = async () => [await countRows(up().db, 'app_user'), await countRows(up().db, 'user_role'), await countRows(up().db, 'audit_log')];
  const roleId = async (name: string) => (await up().db.selectFrom('role').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const newUser = (username: string, mobile: string, extra: object = {}) => ({ username, nickname: `${username} nick`, mobile, orgId: gc1Id, ...extra });

  beforeAll(async () => {
    const db = up().db;
    [gc1Id, bank1Id, gcRole, bankRole] = await Promise.all([
      orgIdOf(db, '长沙鑫诚融资担保有限公司'), orgIdOf(db, '中国工商银行长沙分行'), roleId('担保审核员'), roleId('银行审核员')]);
    adminId = (await db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    admin = await up().login('admin');
    bank = await up().login('bank');
    // The manager also holds the guarantee reviewer's permissions, so may give that role, not the bank one.
    const staff = await staffIn(up(), 'usermanager', gc1Id, { pages: [PAGE], buttons: BUTTONS });
    ({ id: managerId, token: manager } = staff);
    const managerRole = staff.roleId;
    await db.insertInto('role_permission').columns(['role_id', 'permission_id'])
      .expression(db.selectFrom('role_permission').select((eb) => [eb.val(managerRole).as('role_id'), 'permission_id']).where('role_id', '=', gcRole)
        .where('permission_id', 'not in', db.selectFrom('role_permission').select('permission_id').where('role_id', '=', managerRole)))
      .execute();
    adder = (await staffIn(up(), 'useradder', gc1Id, { pages: [PAGE], buttons: ['user::add'] })).token;
    gcAdminId = await createUser(db, { username: 'gcadmin', password: 'gcadmin1', type: 0 });
    await db.updateTable('app_user').set({ org_id: gc1Id }).where('id', '=', gcAdminId).execute();
  });

  it('creates a user with a generated password that is shown once, works for sign-in and is stored hashed', async () => {
    const { status, body } = await save(newUser('Zhang.San', '13912340001', { mail: 'Zhang@Example.com', roleIds: [gcRole] }));
    expect(status).toBe(200);
    const { user, password } = body.data;
    expect(password).toMatch(PASSWORD_MIX_PATTERN);
    expect(password!.length).toBeGreaterThanOrEqual(8);
    expect(user).toEqual({
      id: expect.any(Number), username: 'Zhang.San', nickname: 'Zhang.San nick', mobile: '139****0001', mail: 'zhang@example.com',
      orgId: gc1Id, orgName: '长沙鑫诚融资担保有限公司', type: 1, state: 'ENABLED', roles: [{ id: gcRole, name: '担保审核员' }],
      version: 1, createTime: expect.any(String), lastLoginTime: null,
    } satisfies UserRow);
    const stored = await userRow(user.id);
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain(password);
    const audit = await up().db.selectFrom('audit_log').select(['actor_id', 'summary']).where('action', '=', 'user.create')
      .where('target_id', '=', String(user.id)).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: adminId, summary: { before: null, after: { username: 'Zhang.San', roleIds: [gcRole] } } });
    expect(JSON.stringify(audit.summary)).not.toContain(password);
    expect(JSON.stringify(audit.summary)).not.toContain('scrypt');
    const login = await up().call('admin/login', { username: 'zhang.san', password }, { ip: freshIp() });
    expect(login.body.code).toBe(200);
  });

  it('takes a given password and does not echo it', async () => {
    const { body } = await save(newUser('given', '13912340002', { password: 'Given1234' }));
    expect(body.data.password).toBeUndefined();
    expect((await up().call('admin/login', { username: 'given', password: 'Given1234' }, { ip: freshIp() })).body.code).toBe(200);
  });

  it('lets a non-admin with the buttons create in their subtree, with roles whose permissions they hold', async () => {
    const { body } = await save(newUser('gcclerk', '13912340003', { roleIds: [gcRole] }), manager);
    expect(body.data.user).toMatchObject({ username: 'gcclerk', type: 1, roles: [{ id: gcRole }] });
    const audit = await up().db.selectFrom('audit_log').select('actor_id').where('action', '=', 'user.create').where('target_id', '=', String(body.data.user.id)).executeTakeFirst();
    expect(audit).toEqual({ actor_id: managerId });
  });

  it('refuses a non-admin what is beyond them, changing nothing', async () => {
    const before = await snapshot();
    expect((await save(newUser('r1', '13912340011', { roleIds: [bankRole] }), manager)).status).toBe(403);
    expect((await save(newUser('r2', '13912340012', { orgId: bank1Id }), manager)).status).toBe(403);
    expect((await save(newUser('r3', '13912340013', { type: 0 }), manager)).status).toBe(403);
    expect((await save(newUser('r4', '13912340014', { roleIds: [gcRole] }), adder)).status).toBe(403);
    expect((await save(newUser('r5', '13912340015'), bank)).status).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect((await save(newUser('r6', '13912340016'), adder)).status).toBe(200);
  });

  it('refuses bad input with the field keys and changes nothing', async () => {
    const before = await snapshot();
    expectFields(await save({}), { username: 'validation.usernameRequired', nickname: 'validation.nicknameRequired', orgId: 'validation.orgRequired' });
    expectFields(await save(newUser('a b', '2381234567', { mail: 'nope', type: 3, password: 'short1' })),
      { username: 'validation.usernameFormat', mobile: 'validation.mobileFormat', mail: 'validation.mailFormat', type: 'validation.userType', password: 'validation.passwordLength' });
    expectFields(await save({ username: 'nomobile', nickname: 'n', orgId: gc1Id }), { mobile: 'validation.mobileRequired' });
    expectFields(await save(newUser('ADMIN', '13800000001')), { username: 'validation.usernameTaken', mobile: 'validation.mobileTaken' });
    expectFields(await save(newUser('ghost', '13912340021', { orgId: 999999 })), { orgId: 'validation.orgNotFound' });
    expectFields(await save(newUser('ghost', '13912340021', { roleIds: [999999] })), { roleIds: 'validation.roleNotFound' });
    expect(await snapshot()).toEqual(before);
  });

  it('frees the mobile of a written-off account for reuse', async () => {
    const old = await createUser(up().db, { username: 'leaver', password: 'leaver123', mobile: '13912340031', state: 'WRITTEN_OFF' });
    expect(old).toBeGreaterThan(0);
    expect((await save(newUser('joiner', '13912340031'))).status).toBe(200);
  });

  it('updates with the version read; a stale version is a 409 that changes nothing', async () => {
    const created = (await save(newUser('editme', '13912340041', { mail: 'e@x.cn' }))).body.data.user;
    const { body } = await save({ id: created.id, version: 1, username: 'editme', nickname: 'Edited', orgId: gc1Id, mail: '' });
    expect(body.data.user).toMatchObject({ nickname: 'Edited', mobile: '139****0041', mail: null, version: 2 });
    expect(body.data.password).toBeUndefined();
    const audit = await up().db.selectFrom('audit_log').select('summary').where('action', '=', 'user.update').where('target_id', '=', String(created.id)).executeTakeFirstOrThrow();
    expect(audit.summary).toMatchObject({ before: { nickname: 'editme nick', version: 1 }, after: { nickname: 'Edited', version: 2 } });
    const before = await userRow(created.id);
    const stale = await save({ id: created.id, version: 1, username: 'editme', nickname: 'Lost', orgId: gc1Id, mobile: '13912340042' });
    expect(stale.status).toBe(409);
    expect(await userRow(created.id)).toEqual(before);
    expectFields(await save({ id: created.id, username: 'editme', nickname: 'x', orgId: gc1Id, password: 'Abcd12345', roleIds: [gcRole] }),
      { version: 'validation.versionRequired', password: 'validation.createOnly', roleIds: 'validation.createOnly' });
  });

  it('guards updates: scope, admins, the caller’s own type, missing and written-off users', async () => {
    const bankUser = await userRow((await up().db.selectFrom('app_user').select('id').where('username', '=', 'bank').executeTakeFirstOrThrow()).id);
    const edit = (u: typeof bankUser, extra: object = {}) => ({ id: u.id, version: u.version, username: u.username, nickname: 'changed', orgId: u.org_id, ...extra });
    expect((await save(edit(bankUser), manager)).status).toBe(404);
    expect((await save(edit(await userRow(gcAdminId)), manager)).status).toBe(403);
    expect((await save(edit(await userRow(adminId), { type: 1 }))).status).toBe(403);
    expect((await save({ ...edit(bankUser), id: 999999 })).status).toBe(404);
    const mine = await userRow(managerId);
    expect((await save(edit(mine, { orgId: bank1Id }), manager)).status).toBe(403);
    expect((await save(edit(mine), adder)).status).toBe(403);
    const goneId = await createUser(up().db, { username: 'goneedit', password: 'gone1234', state: 'WRITTEN_OFF' });
    await up().db.updateTable('app_user').set({ org_id: gc1Id }).where('id', '=', goneId).execute();
    expect((await save(edit(await userRow(goneId)))).status).toBe(409);
    expect((await userRow(bankUser.id)).nickname).toBe('银行审核员');
    // An admin may move a user to another organisation and make them an admin.
    const moved = await save(edit(bankUser, { orgId: gc1Id, type: 0 }));
    expect(moved.body.data.user).toMatchObject({ orgId: gc1Id, type: 0, nickname: 'changed', version: bankUser.version + 1 });
  });
});
