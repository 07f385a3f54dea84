import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { countRows, expectFields, userId } from './helpers';
import { lastAudit, ok, staffWith } from './role-fixtures';
import type { Page } from '../../lib/contract/common';
import type { RoleInfo, RoleRow } from '../../lib/contract/role';

const ROLE_PAGE = '/admin/setting/system/role';

describeUpstream('role: list, save, info, state, delete', (up) => {
  let admin: string;
  let bank: string;
  let clerk: string; // the role page and every role button but authorize
  let viewer: string; // the role page only
  let adder: string; // the page and role::add, not role::edit
  const roleIdOf = async (name: string) => (await up().db.selectFrom('role').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const list = (body: object, token = admin) => ok<Page<RoleRow>>(up(), 'role/roleList', { pageNum: 1, pageSize: 30, ...body }, token);
  const names = (page: Page<RoleRow>) => page.list.map((r) => r.name);
  const save = (body: object, token = admin) => up().call<RoleRow>('role/saveOrUpdate', body, { token });
  const holdersOf = async (roleId: number) => (await up().db.selectFrom('user_role as ur').innerJoin('app_user as u', 'u.id', 'ur.user_id')
    .select('u.username').where('ur.role_id', '=', roleId).orderBy('u.username').execute()).map((row) => row.username);

  beforeAll(async () => {
    admin = await up().login('admin');
    bank = await up().login('bank');
    clerk = (await staffWith(up(), 'role-clerk', { pages: [ROLE_PAGE], buttons: ['role::add', 'role::edit', 'role::state', 'role::delete'] })).token;
    viewer = (await staffWith(up(), 'role-viewer', { pages: [ROLE_PAGE] })).token;
    adder = (await staffWith(up(), 'role-adder', { pages: [ROLE_PAGE], buttons: ['role::add'] })).token;
  });

  it('refuses every call without a session (401) and to the bank reviewer (403), changing nothing', async () => {
    const id = await roleIdOf('银行审核员');
    const bodies: [string, object][] = [
      ['role/roleList', {}], ['role/roleInfo', { id }], ['role/saveOrUpdate', { name: 'x' }],
      ['role/changeState', { id, state: 'DISABLED', version: 1 }], ['role/del', { id }],
      ['role/authorize', { id, permissionIds: [], version: 1 }],
    ];
    const before = await up().db.selectFrom('role').selectAll().orderBy('id').execute();
    const audits = await countRows(up().db, 'audit_log');
    for (const [path, body] of bodies) {
      expect((await up().call(path, body)).status).toBe(401);
      expect((await up().call(path, body, { token: bank })).status).toBe(403);
    }
    expect(await up().db.selectFrom('role').selectAll().orderBy('id').execute()).toEqual(before);
    expect(await countRows(up().db, 'audit_log')).toBe(audits);
  });

  it('lists the roles with their holders and grants, filtered by name (any case) and state, page by page', async () => {
    const all = await list({});
    expect(names(all)).toEqual(expect.arrayContaining(['注册用户', '人社审核员', '担保审核员', '银行审核员']));
    const bankRole = all.list.find((r) => r.name === '银行审核员')!;
    const granted = await up().db.selectFrom('role_permission').select('permission_id').where('role_id', '=', bankRole.id).execute();
    const holders = await holdersOf(bankRole.id);
    expect(holders).toContain('bank');
    expect(bankRole).toEqual({
      id: bankRole.id, name: '银行审核员', description: '银行的审核人员', state: 'ENABLED', userCount: holders.length,
      nameZh: '银行审核员', nameEn: 'Bank reviewers', descriptionZh: '银行的审核人员', descriptionEn: 'Bank reviewers', builtIn: false,
      permissionCount: granted.length, version: 1, createTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(granted.length).toBeGreaterThan(1);
    expect(names(await list({ name: 'REGIST' }))).toEqual(['注册用户']);
    expect(names(await list({ name: '审核' }))).toEqual(['人社审核员', '担保审核员', '银行审核员']);
    expect((await list({ name: '%' })).total).toBe(0);
    expect(names(await list({ state: 'DISABLED' }))).toEqual([]);
    const page2 = await list({ pageNum: 2, pageSize: 5 });
    expect(page2).toMatchObject({ total: all.total, totalPage: Math.ceil(all.total / 5) });
    expect(names(page2)).toEqual(names(all).slice(5, 10));
    // A staff member holding the role page may read it too.
    expect((await list({}, viewer)).total).toBe(all.total);
  });

  it('refuses a bad list query with the field keys', async () => {
    expectFields(await up().call('role/roleList', { pageSize: 7, state: 'GONE' }, { token: admin }),
      { pageSize: 'validation.pageSize', state: 'validation.roleState' });
  });

  it('creates a role, audited, and refuses a taken name in any case or a bad one with nothing written', async () => {
    const { body } = await save({ name: '  风控专员 ', description: 'Risk officers' });
    expect(body.data).toMatchObject({ name: '风控专员', description: 'Risk officers', state: 'ENABLED', userCount: 0, permissionCount: 0, version: 1 });
    expect(await lastAudit(up().db, 'role.create')).toMatchObject({
      actor_id: await userId(up().db, 'admin'), target_type: 'role', target_id: String(body.data.id), summary: { after: { name: '风控专员' } },
    });
    const roles = await countRows(up().db, 'role');
    expectFields(await save({ name: '注册用户' }), { name: 'validation.roleNameTaken' });
    expectFields(await save({ name: '风控专员' }, clerk), { name: 'validation.roleNameTaken' });
    expectFields(await save({ name: ' ' }), { name: 'validation.roleNameRequired' });
    expectFields(await save({ description: 'x' }), { name: 'validation.roleNameRequired' });
    expectFields(await save({ name: 'x'.repeat(65), description: 'd'.repeat(256) }), { name: 'validation.tooLong', description: 'validation.tooLong' });
    expectFields(await save({ id: body.data.id, name: 'x' }), { version: 'validation.version' });
    expect(await countRows(up().db, 'role')).toBe(roles);
  });

  it('refuses a taken English name in any case, on add and on edit, while many roles may leave it empty', async () => {
    const roles = await countRows(up().db, 'role');
    expectFields(await save({ name: '英文重名', nameEn: 'bank REVIEWERS' }), { nameEn: 'validation.roleNameEnTaken' });
    expect(await countRows(up().db, 'role')).toBe(roles);
    // Roles without an English name do not collide with each other.
    const first = await ok<RoleRow>(up(), 'role/saveOrUpdate', { name: '无英文名一' }, clerk);
    const second = await ok<RoleRow>(up(), 'role/saveOrUpdate', { name: '无英文名二', nameEn: '' }, clerk);
    expect([first.nameEn, second.nameEn]).toEqual(['', '']);
    // An edit to another role's English name is refused and changes nothing; keeping one's own is fine.
    expectFields(await save({ id: second.id, version: 1, name: '无英文名二', nameEn: 'Guarantee Reviewers' }, clerk), { nameEn: 'validation.roleNameEnTaken' });
    expect(await up().db.selectFrom('role').select(['name_en', 'version']).where('id', '=', second.id).executeTakeFirst()).toEqual({ name_en: '', version: 1 });
    const named = await ok<RoleRow>(up(), 'role/saveOrUpdate', { id: second.id, version: 1, name: '无英文名二', nameEn: 'Second role' }, clerk);
    expect(await ok<RoleRow>(up(), 'role/saveOrUpdate', { id: second.id, version: named.version, name: '无英文名二', nameEn: 'SECOND role', description: 'd' }, clerk))
      .toMatchObject({ nameEn: 'SECOND role', version: named.version + 1 });
  });

  it('updates a role, given whole, with the version it read, and refuses a stale save', async () => {
    const created = await ok<RoleRow>(up(), 'role/saveOrUpdate', { name: '贷后专员', description: 'After-loan' }, clerk);
    const updated = await ok<RoleRow>(up(), 'role/saveOrUpdate', { id: created.id, version: 1, name: '贷后管理员', description: 'Loans' }, clerk);
    expect(updated).toMatchObject({ id: created.id, name: '贷后管理员', description: 'Loans', version: 2 });
    expect(await lastAudit(up().db, 'role.update')).toMatchObject({
      target_id: String(created.id), summary: { before: { name: '贷后专员', version: 1 }, after: { name: '贷后管理员', version: 2 } },
    });
    const stale = await save({ id: created.id, version: 1, name: '别的名字' }, clerk);
    expect(stale).toMatchObject({ status: 409, body: { code: 409, message: '数据已被他人修改，请刷新后重试' } });
    expect((await ok<RoleInfo>(up(), 'role/roleInfo', { id: created.id }, clerk)).role).toEqual(updated);
    expectFields(await save({ id: created.id, version: 2, name: '银行审核员' }), { name: 'validation.roleNameTaken' });
    // A description left out is empty.
    expect((await save({ id: created.id, version: 2, name: '贷后管理员' })).body.data).toMatchObject({ description: '', version: 3 });
    expect((await save({ id: 999_999, version: 1, name: 'ghost' })).status).toBe(404);
  });

  it('keeps the built-in role name, lets the holder of role::add create but not edit, and the page alone neither', async () => {
    const registered = await roleIdOf('注册用户');
    expectFields(await save({ id: registered, version: 1, name: 'newcomers', nameEn: 'Registered users' }), { name: 'validation.roleBuiltInName' });
    expectFields(await save({ id: registered, version: 1, name: '注册用户', nameEn: 'Newcomers' }), { name: 'validation.roleBuiltInName' });
    expect((await save({ id: registered, version: 1, name: '注册用户', nameEn: 'Registered users', description: '自行注册的账号' })).body.data)
      .toMatchObject({ name: '注册用户', description: '自行注册的账号', descriptionEn: '', builtIn: true, version: 2 });
    const created = await ok<RoleRow>(up(), 'role/saveOrUpdate', { name: '新增专员' }, adder);
    expect((await save({ id: created.id, version: 1, name: '改名' }, adder)).status).toBe(403);
    expect((await save({ name: '旁观者的角色' }, viewer)).status).toBe(403);
    expect((await up().call('role/changeState', { id: created.id, state: 'DISABLED', version: 1 }, { token: viewer })).status).toBe(403);
    expect((await up().call('role/del', { id: created.id }, { token: adder })).status).toBe(403);
    expect(await up().db.selectFrom('role').select(['name', 'version']).where('id', '=', created.id).executeTakeFirst())
      .toEqual({ name: '新增专员', version: 1 });
  });

  it('tells a role with its permission ids, 404 for none and 422 for a bad id', async () => {
    const id = await roleIdOf('人社审核员');
    const info = await ok<RoleInfo>(up(), 'role/roleInfo', { id }, viewer);
    const rows = await up().db.selectFrom('role_permission').select('permission_id').where('role_id', '=', id).orderBy('permission_id').execute();
    expect(info.permissionIds).toEqual(rows.map((r) => r.permission_id));
    expect(info.role).toMatchObject({ id, name: '人社审核员', permissionCount: rows.length });
    expect((await up().call('role/roleInfo', { id: 999_999 }, { token: admin })).status).toBe(404);
    expectFields(await up().call('role/roleInfo', { id: 'abc' }, { token: admin }), { id: 'validation.id' });
  });

  it('disables and enables a role with its version, audited; refuses stale, unknown and bad input', async () => {
    const role = await ok<RoleRow>(up(), 'role/saveOrUpdate', { name: '临时角色' }, admin);
    const change = (body: object, token = clerk) => up().call<RoleRow>('role/changeState', { id: role.id, ...body }, { token });
    expect((await change({ state: 'DISABLED', version: 1 })).body.data).toMatchObject({ state: 'DISABLED', version: 2 });
    expect(await lastAudit(up().db, 'role.state')).toMatchObject({
      target_id: String(role.id), summary: { before: { state: 'ENABLED' }, after: { state: 'DISABLED' } },
    });
    expect((await change({ state: 'ENABLED', version: 1 })).status).toBe(409);
    expect(names(await list({ name: '临时', state: 'DISABLED' }))).toEqual(['临时角色']);
    // Asking for the state it already has changes nothing.
    expect((await change({ state: 'DISABLED', version: 2 })).body.data).toMatchObject({ state: 'DISABLED', version: 2 });
    expect((await change({ state: 'ENABLED', version: 2 })).body.data).toMatchObject({ state: 'ENABLED', version: 3 });
    expectFields(await change({ state: 'ON' }), { state: 'validation.roleState', version: 'validation.version' });
    expect((await up().call('role/changeState', { id: 999_999, state: 'ENABLED', version: 1 }, { token: clerk })).status).toBe(404);
    expect(await up().db.selectFrom('role').select(['state', 'version']).where('id', '=', role.id).executeTakeFirst())
      .toEqual({ state: 'ENABLED', version: 3 });
  });

  it('refuses to delete a role someone holds or the built-in role, and deletes an unused one with its grants', async () => {
    const held = await roleIdOf('银行审核员');
    const holders = (await holdersOf(held)).length;
    expect(holders).toBeGreaterThan(0);
    const refused = await up().call('role/del', { id: held }, { token: clerk });
    expect(refused).toMatchObject({ status: 409, body: { code: 409, message: `该角色仍有 ${holders} 个用户在使用，不能删除` } });
    const english = await up().call('role/del', { id: held }, { token: clerk, locale: 'en' });
    expect(english.body.message).toBe(holders === 1 ? '1 user still holds this role; it cannot be deleted' : `${holders} users still hold this role; it cannot be deleted`);
    const builtIn = await up().call('role/del', { id: await roleIdOf('注册用户') }, { token: admin });
    expect(builtIn).toMatchObject({ status: 409, body: { message: '内置角色不能删除' } });
    expect(await up().db.selectFrom('role').select('id').where('id', 'in', [held, await roleIdOf('注册用户')]).execute()).toHaveLength(2);

    const role = await ok<RoleRow>(up(), 'role/saveOrUpdate', { name: '待删除' }, admin);
    await up().db.insertInto('role_permission').values({ role_id: role.id, permission_id: (await up().db.selectFrom('permission').select('id').executeTakeFirstOrThrow()).id }).execute();
    expect(await ok(up(), 'role/del', { id: role.id }, clerk)).toBeNull();
    expect(await up().db.selectFrom('role_permission').select('permission_id').where('role_id', '=', role.id).execute()).toEqual([]);
    expect(await lastAudit(up().db, 'role.delete')).toMatchObject({
      target_id: String(role.id), summary: { before: { name: '待删除', permissionIds: [expect.any(Number)] } },
    });
    expect((await up().call('role/del', { id: role.id }, { token: clerk })).status).toBe(404);
    expectFields(await up().call('role/del', {}, { token: clerk }), { id: 'validation.id' });
  });
});
