import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { countRows, createUser, expectFields, orgIdOf, staffIn } from './helpers';
import type { OrgNode } from '../../lib/contract/organiza';

const PAGE = '/admin/setting/system/organiza';
const ALL = ['organiza::add', 'organiza::edit', 'organiza::delete'];

describeUpstream('systemOrganiza/saveOrupdate and delete', (up) => {
  let admin: string, bank: string, manager: string, pageOnly: string, addOnly: string;
  let managerId: number, operatorId: number, gc1Id: number, bank1Id: number;
  const call = <T = any>(path: string, body: object, token: string) => up().call<T>(`systemOrganiza/${path}`, body, { token });
  const save = (body: object, token = admin) => call<OrgNode>('saveOrupdate', body, token);
  const org = (id: number) => up().db.selectFrom('organization').selectAll().where('id', '=', id).executeTakeFirst();
  const audits = (action: string) => up().db.selectFrom('audit_log').select(['actor_id', 'target_id', 'summary'])
    .where('action', '=', action).orderBy('id').execute();
  /** The row counts a refused call must leave as they were. */
  const snapshot = async () => [await countRows(up().db, 'organization'), await countRows(up().db, 'audit_log')];

  beforeAll(async () => {
    [operatorId, gc1Id, bank1Id] = await Promise.all([orgIdOf(up().db, '长沙市创业担保贷款服务中心'), orgIdOf(up().db, '长沙鑫诚融资担保有限公司'), orgIdOf(up().db, '中国工商银行长沙分行')]);
    admin = await up().login('admin');
    bank = await up().login('bank');
    ({ id: managerId, token: manager } = await staffIn(up(), 'orgmanager', gc1Id, { pages: [PAGE], buttons: ALL }));
    pageOnly = (await staffIn(up(), 'orgviewer', gc1Id, { pages: [PAGE] })).token;
    addOnly = (await staffIn(up(), 'orgadder', gc1Id, { pages: [PAGE], buttons: ['organiza::add'] })).token;
  });

  it('lets an admin create a top-level organisation and audits it', async () => {
    const { status, body } = await save({ parentId: null, name: '  Province Centre ', type: 'OPERATOR', regionCode: '430000', sort: 5 });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ parentId: null, name: 'Province Centre', type: 'OPERATOR', regionCode: '430000', regionName: '湖南省', state: 'ENABLED', sort: 5, version: 1, hasChildren: false, userCount: 0 });
    const [entry] = await audits('organiza.create');
    expect(entry).toMatchObject({ actor_id: expect.any(Number), target_id: String(body.data.id), summary: { before: null, after: { name: 'Province Centre', parent_id: null } } });
  });

  it('lets a non-admin with the button create below their organisation only', async () => {
    const { body } = await save({ parentId: gc1Id, name: 'Manager Branch', type: 'GUARANTEE' }, manager);
    expect(body).toMatchObject({ code: 200, data: { parentId: gc1Id, name: 'Manager Branch', regionCode: null } });
    expect((await audits('organiza.create')).at(-1)).toMatchObject({ actor_id: managerId, target_id: String(body.data.id) });
    const before = await snapshot();
    expect((await save({ parentId: null, name: 'Rogue Root', type: 'BANK' }, manager)).status).toBe(403);
    expect((await save({ parentId: bank1Id, name: 'Rogue Child', type: 'BANK' }, manager)).status).toBe(403);
    expect((await save({ parentId: gc1Id, name: 'No Button', type: 'BANK' }, pageOnly)).status).toBe(403);
    expect((await save({ parentId: gc1Id, name: 'No Page', type: 'BANK' }, bank)).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with the field keys and changes nothing', async () => {
    const before = await snapshot();
    expectFields(await save({ parentId: operatorId, name: '   ', type: 'SHOP' }), { name: 'validation.orgNameRequired', type: 'validation.orgType' });
    expectFields(await save({ name: 'x'.repeat(101), type: 'BANK', parentId: operatorId, sort: -1 }), { name: 'validation.tooLong', sort: 'validation.sort' });
    expectFields(await save({ name: 'No parent key', type: 'BANK' }), { parentId: 'validation.id' });
    expectFields(await save({ parentId: operatorId, name: 'Nowhere', type: 'BANK', regionCode: '999999' }), { regionCode: 'validation.regionCode' });
    expectFields(await save({ parentId: operatorId, name: '长沙银行', type: 'BANK' }), { name: 'validation.orgNameTaken' });
    expectFields(await save({ parentId: gc1Id, name: 'MANAGER branch', type: 'BANK' }), { name: 'validation.orgNameTaken' });
    expectFields(await save({ parentId: 999999, name: 'Orphan', type: 'BANK' }), { parentId: 'validation.orgParentNotFound' });
    expectFields(await save({ id: gc1Id, parentId: operatorId, name: 'x', type: 'BANK' }), { version: 'validation.versionRequired' });
    expect(await snapshot()).toEqual(before);
  });

  it('updates with the version read, and a stale version is a 409 that changes nothing', async () => {
    const created = (await save({ parentId: operatorId, name: 'Editable', type: 'BANK', sort: 9 })).body.data;
    const { body } = await save({ id: created.id, version: 1, parentId: operatorId, name: 'Edited', type: 'RENSHE', state: 'DISABLED' });
    expect(body.data).toMatchObject({ id: created.id, name: 'Edited', type: 'RENSHE', state: 'DISABLED', sort: 9, version: 2 });
    expect((await audits('organiza.update')).at(-1)!.summary).toMatchObject({ before: { name: 'Editable', version: 1 }, after: { name: 'Edited', version: 2 } });
    const before = await snapshot();
    const stale = await save({ id: created.id, version: 1, parentId: operatorId, name: 'Lost update', type: 'BANK' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('数据已被他人修改，请刷新后重试');
    expect(await org(created.id)).toMatchObject({ name: 'Edited', version: 2 });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to move an organisation below itself', async () => {
    const parent = (await save({ parentId: operatorId, name: 'Mover', type: 'BANK' })).body.data;
    const child = (await save({ parentId: parent.id, name: 'Mover child', type: 'BANK' })).body.data;
    expectFields(await save({ id: parent.id, version: 1, parentId: child.id, name: 'Mover', type: 'BANK' }), { parentId: 'validation.orgCycle' });
    expectFields(await save({ id: parent.id, version: 1, parentId: parent.id, name: 'Mover', type: 'BANK' }), { parentId: 'validation.orgCycle' });
    expect(await org(parent.id)).toMatchObject({ parent_id: operatorId, version: 1 });
  });

  it('limits updates to the button and the subtree', async () => {
    const gc1 = (await org(gc1Id))!;
    const edit = { id: gc1Id, version: gc1.version, parentId: operatorId, name: gc1.name, type: 'GUARANTEE', sort: 7 };
    expect((await save(edit, addOnly)).status).toBe(403);
    expect((await save({ ...edit, id: bank1Id }, manager)).status).toBe(404);
    expect((await save({ ...edit, id: 999999 })).status).toBe(404);
    expect((await save({ ...edit, parentId: null }, manager)).status).toBe(403);
    expect(await org(gc1Id)).toEqual(gc1);
    // Keeping the parent (outside the manager's scope) is fine.
    expect((await save(edit, manager)).body.data).toMatchObject({ sort: 7, version: gc1.version + 1, parentId: operatorId });
  });

  it('refuses to delete while children or users (in any state) remain, and deletes a bare leaf', async () => {
    const parent = (await save({ parentId: operatorId, name: 'Doomed', type: 'BANK' })).body.data;
    const leaf = (await save({ parentId: parent.id, name: 'Doomed leaf', type: 'BANK' })).body.data;
    const blocked = await call('delete', { id: parent.id }, admin);
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe('该机构下还有下级机构，不能删除');
    const gone = await createUser(up().db, { username: 'goneuser', password: 'goneuser1', state: 'WRITTEN_OFF' });
    await up().db.updateTable('app_user').set({ org_id: leaf.id }).where('id', '=', gone).execute();
    const withUser = await up().call('systemOrganiza/delete', { id: leaf.id }, { token: admin, locale: 'en' });
    expect(withUser.status).toBe(409);
    expect(withUser.body.message).toBe('This organisation still has users and cannot be deleted');
    expect(await org(leaf.id)).toBeDefined();

    await up().db.deleteFrom('app_user').where('id', '=', gone).execute();
    expect((await call('delete', { id: leaf.id }, admin)).body).toEqual({ code: 200, message: '操作成功', data: null });
    expect(await org(leaf.id)).toBeUndefined();
    expect((await audits('organiza.delete')).at(-1)).toMatchObject({ target_id: String(leaf.id), summary: { before: { name: 'Doomed leaf' }, after: null } });
    expect((await call('delete', { id: leaf.id }, admin)).status).toBe(404);
  });

  it('limits deletion to the button and the subtree, and checks the id', async () => {
    const mine = (await save({ parentId: gc1Id, name: 'Manager leaf', type: 'GUARANTEE' }, manager)).body.data;
    const before = await snapshot();
    expect((await call('delete', { id: mine.id }, pageOnly)).status).toBe(403);
    expect((await call('delete', { id: mine.id }, bank)).status).toBe(403);
    expect((await call('delete', { id: bank1Id }, manager)).status).toBe(404);
    expectFields(await call('delete', { id: 'one' }, admin), { id: 'validation.id' });
    expect(await snapshot()).toEqual(before);
    expect((await call('delete', { id: mine.id }, manager)).status).toBe(200);
  });
});
