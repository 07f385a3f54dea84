import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { createUser, expectFields, orgIdOf, staffIn } from './helpers';
import type { OrgNode, OrgTreeNode } from '../../lib/contract/organiza';

const OPERATOR = '长沙市创业担保贷款服务中心';
const GC1 = '长沙鑫诚融资担保有限公司';
const BANK1 = '中国工商银行长沙分行';
const PAGE = '/admin/setting/system/organiza';
const names = (list: { name: string }[]) => list.map((o) => o.name);

describeUpstream('systemOrganiza reads, trees and pickers', (up) => {
  let admin: string, bank: string, manager: string;
  let operatorId: number, gc1Id: number, bank1Id: number, branchId: number, subId: number;
  const call = <T = any>(path: string, body: object, token: string) => up().call<T>(`systemOrganiza/${path}`, body, { token });

  beforeAll(async () => {
    const db = up().db;
    [operatorId, gc1Id, bank1Id] = await Promise.all([orgIdOf(db, OPERATOR), orgIdOf(db, GC1), orgIdOf(db, BANK1)]);
    branchId = (await db.insertInto('organization').values({ parent_id: gc1Id, name: 'GC1 Branch', type: 'GUARANTEE', region_code: null, sort: 10, updated_at: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
    subId = (await db.insertInto('organization').values({ parent_id: branchId, name: 'GC1 Sub', type: 'GUARANTEE', region_code: null, sort: 11, state: 'DISABLED', updated_at: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
    admin = await up().login('admin');
    bank = await up().login('bank');
    manager = (await staffIn(up(), 'orgreader', gc1Id, { pages: [PAGE] })).token;
  });

  it('needs a signed-in user for every call', async () => {
    for (const path of ['organizaList', 'list', 'myOrganization', 'getInstitutionDropdown', 'orgTree', 'getMyOrganizationUser']) {
      expect((await up().call(`systemOrganiza/${path}`, {})).status).toBe(401);
    }
  });

  it('organizaList: an admin gets the top-level organisation, then its children lazily', async () => {
    const roots = await call<{ list: OrgNode[] }>('organizaList', {}, admin);
    expect(roots.status).toBe(200);
    expect(roots.body.data.list).toEqual([{
      id: operatorId, parentId: null, name: OPERATOR, type: 'OPERATOR', regionCode: '430100', regionName: '长沙市', state: 'ENABLED',
      sort: 0, version: 1, hasChildren: true, userCount: 1, createTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    }]);
    const children = await call<{ list: OrgNode[] }>('organizaList', { id: operatorId, nodeType: 'org' }, admin);
    expect(children.body.data.list.map((o) => o.type)).toEqual(['RENSHE', 'GUARANTEE', 'GUARANTEE', 'BANK', 'BANK', 'BANK']);
    expect(children.body.data.list.find((o) => o.id === gc1Id)).toMatchObject({ hasChildren: true, userCount: 5, parentId: operatorId });
    expect(children.body.data.list.find((o) => o.id === bank1Id)).toMatchObject({ hasChildren: false });
  });

  it('names the region in the reader\'s language', async () => {
    const english = await up().call<{ list: OrgNode[] }>('systemOrganiza/organizaList', {}, { token: admin, locale: 'en' });
    expect(english.body.data.list[0]).toMatchObject({ regionCode: '430100', regionName: 'Changsha' });
    const page = await up().call<{ list: OrgNode[] }>('systemOrganiza/list', { pageNum: 1, pageSize: 10 }, { token: admin, locale: 'en' });
    expect(page.body.data.list.find((o) => o.id === operatorId)).toMatchObject({ regionName: 'Changsha' });
  });

  it('organizaList: a non-admin holding the page starts at their own organisation and cannot open others', async () => {
    expect(names((await call('organizaList', {}, manager)).body.data.list)).toEqual([GC1]);
    expect(names((await call('organizaList', { id: gc1Id }, manager)).body.data.list)).toEqual(['GC1 Branch']);
    expect(names((await call('organizaList', { id: branchId }, manager)).body.data.list)).toEqual(['GC1 Sub']);
    expect((await call('organizaList', { id: bank1Id }, manager)).status).toBe(404);
    expect((await call('organizaList', { id: operatorId }, manager)).status).toBe(404);
    expect((await call('organizaList', { id: 999999 }, admin)).status).toBe(404);
  });

  it('organizaList: name and type filters give a flat list limited to the scope', async () => {
    expect(names((await call('organizaList', { name: '银行' }, admin)).body.data.list)).toEqual([BANK1, '中国建设银行长沙分行', '长沙银行']);
    expect(names((await call('organizaList', { name: 'gc1 s' }, admin)).body.data.list)).toEqual(['GC1 Sub']);
    expect((await call('organizaList', { name: '银行' }, manager)).body.data.list).toEqual([]);
    expect(names((await call('organizaList', { type: 'GUARANTEE' }, manager)).body.data.list)).toEqual([GC1, 'GC1 Branch', 'GC1 Sub']);
    expect((await call('organizaList', { name: '%' }, admin)).body.data.list).toEqual([]);
  });

  it('organizaList and list: refused without the page, and bad input is a 422', async () => {
    expect((await call('organizaList', {}, bank)).status).toBe(403);
    expect((await call('list', {}, bank)).status).toBe(403);
    expectFields(await call('organizaList', { type: 'SHOP' }, admin), { type: 'validation.orgType' });
    expectFields(await call('organizaList', { id: 'x' }, admin), { id: 'validation.id' });
    expectFields(await call('list', { pageSize: 7, state: 'GONE' }, admin), { pageSize: 'validation.pageSize', state: 'validation.orgState' });
  });

  it('list: pages the organisations in scope by sort, with filters', async () => {
    const first = await call('list', { pageNum: 1, pageSize: 5 }, admin);
    expect(first.body.data).toMatchObject({ total: 9, totalPage: 2 });
    expect(names(first.body.data.list)).toEqual([OPERATOR, '长沙市人力资源和社会保障局', GC1, '湖南汇通融资担保有限公司', BANK1]);
    const second = await call('list', { pageNum: 2, pageSize: 5 }, admin);
    expect(second.body.data.list).toHaveLength(4);
    expect((await call('list', { type: 'BANK' }, admin)).body.data.total).toBe(3);
    const mine = await call('list', {}, manager);
    expect(mine.body.data).toMatchObject({ total: 3, totalPage: 1 });
    expect(names((await call('list', { state: 'DISABLED' }, manager)).body.data.list)).toEqual(['GC1 Sub']);
  });

  it('myOrganization: the caller’s own organisation, or null without one', async () => {
    expect((await call<OrgNode>('myOrganization', {}, bank)).body.data).toMatchObject({ id: bank1Id, name: BANK1, type: 'BANK' });
    await createUser(up().db, { username: 'orgless', password: 'orgless1' });
    const orgless = await up().login('orgless', 'orgless1');
    expect((await call('myOrganization', {}, orgless)).body).toMatchObject({ code: 200, data: null });
    expect((await call('organizaList', {}, manager)).status).toBe(200);
  });

  it('getInstitutionDropdown: enabled organisations in scope, to any signed-in user', async () => {
    const banks = await call('getInstitutionDropdown', { type: 'BANK' }, admin);
    expect(banks.body.data).toEqual([
      { id: bank1Id, name: BANK1, type: 'BANK' }, { id: expect.any(Number), name: '中国建设银行长沙分行', type: 'BANK' },
      { id: expect.any(Number), name: '长沙银行', type: 'BANK' },
    ]);
    expect((await call('getInstitutionDropdown', {}, bank)).body.data).toEqual([{ id: bank1Id, name: BANK1, type: 'BANK' }]);
    expect(names((await call('getInstitutionDropdown', {}, manager)).body.data)).toEqual([GC1, 'GC1 Branch']);
    expectFields(await call('getInstitutionDropdown', { type: 'x' }, admin), { type: 'validation.orgType' });
  });

  it('orgTree, orgTreeById and orgTreeByIdWithoutMe nest what is in scope', async () => {
    const tree = (await call<OrgTreeNode[]>('orgTree', {}, admin)).body.data;
    expect(tree).toHaveLength(1);
    expect(tree[0]!.children).toHaveLength(6);
    const gc1 = { id: gc1Id, name: GC1, type: 'GUARANTEE', children: [{ id: branchId, name: 'GC1 Branch', type: 'GUARANTEE', children: [{ id: subId, name: 'GC1 Sub', type: 'GUARANTEE', children: [] }] }] };
    expect(tree[0]!.children[1]).toEqual(gc1);
    expect((await call('orgTree', {}, manager)).body.data).toEqual([gc1]);
    expect((await call('orgTree', {}, bank)).body.data).toEqual([{ id: bank1Id, name: BANK1, type: 'BANK', children: [] }]);
    expect((await call('orgTreeById', { id: gc1Id }, manager)).body.data).toEqual(gc1);
    expect((await call('orgTreeById', { id: operatorId }, admin)).body.data.children).toHaveLength(6);
    expect((await call('orgTreeByIdWithoutMe', { id: gc1Id }, manager)).body.data).toEqual(gc1.children);
    expect((await call('orgTreeByIdWithoutMe', { id: subId }, manager)).body.data).toEqual([]);
    for (const path of ['orgTreeById', 'orgTreeByIdWithoutMe']) {
      expect((await call(path, { id: bank1Id }, manager)).status).toBe(404);
      expect((await call(path, { id: 999999 }, admin)).status).toBe(404);
      expectFields(await call(path, {}, admin), { id: 'validation.id' });
    }
  });

  it('getMyOrganizationUser: enabled users of the caller’s organisation', async () => {
    const bankUsers = await up().db.selectFrom('app_user').select(['id', 'username', 'nickname'])
      .where('username', 'in', ['bank', 'bank2', 'bank3', 'bank-lead']).orderBy('id').execute();
    const off = await createUser(up().db, { username: 'bankoff', password: 'bankoff1', state: 'DISABLED' });
    await up().db.updateTable('app_user').set({ org_id: bank1Id }).where('id', '=', off).execute();
    expect((await call('getMyOrganizationUser', {}, bank)).body.data).toEqual(bankUsers);
  });

  it('adminRedeployUser: enabled users of an organisation in scope', async () => {
    const bankUsers = (await up().db.selectFrom('app_user').select(['id', 'username', 'nickname'])
      .where('username', 'in', ['bank', 'bank2', 'bank3', 'bank-lead']).orderBy('id').execute()).map((u) => ({ ...u, orgId: bank1Id }));
    const path = 'adminRedeployUser';
    expect((await call(path, { orgId: bank1Id }, admin)).body.data).toEqual(bankUsers);
    expect((await call(path, { orgId: bank1Id }, bank)).body.data).toHaveLength(4);
    expect((await call(path, { orgId: bank1Id }, manager)).status).toBe(404);
    expect((await call(path, { orgId: 999999 }, admin)).status).toBe(404);
    expect((await call(path, { orgId: branchId }, manager)).body.data).toEqual([]);
    expectFields(await call(path, { orgId: 'abc' }, admin), { orgId: 'validation.id' });
    expect((await up().call(`systemOrganiza/${path}`, { orgId: bank1Id })).status).toBe(401);
  });
});
