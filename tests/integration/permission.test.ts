import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { countRows, expectFields } from './helpers';
import { buttonId, lastAudit, menuId, ok, staffWith } from './role-fixtures';
import { MENU_ROUTES } from '../../lib/contract/menu-routes';
import type { PermissionNode, PermissionSonResult } from '../../lib/contract/permission';
import type { PowerEntry } from '../../lib/contract/auth';
import type { RoleInfo } from '../../lib/contract/role';

const MENU_PAGE = '/system/menu';
const SYSTEM = '/admin/setting/system';
const label = (n: PermissionNode) => n.path ?? n.action;

describeUpstream('systemPermisson: tree, lazy rows, delete', (up) => {
  let admin: string;
  let bank: string;
  let keeper: string; // the menu page and menu::delete
  const sons = (body: object, token = admin) => ok<PermissionSonResult>(up(), 'systemPermisson/permissonSonList', body, token);
  const mySons = (body: object, token: string) => ok<PermissionSonResult>(up(), 'systemPermisson/myPermissonSonList', body, token);
  const rows = (result: PermissionSonResult) => result.list.map((n) => [label(n), n.hasChildren]);

  beforeAll(async () => {
    admin = await up().login('admin');
    bank = await up().login('bank');
    keeper = (await staffWith(up(), 'menu-keeper', { pages: [MENU_PAGE], buttons: ['menu::delete'] })).token;
  });

  it('refuses every call without a session and the menu admin calls to the bank reviewer, changing nothing', async () => {
    const id = await menuId(up().db, '/bank/bank-first');
    const bodies: [string, object][] = [
      ['systemPermisson/permissonList', {}], ['systemPermisson/permissonSonList', {}],
      ['systemPermisson/saveOrupdate', { parentId: null, kind: 'MENU', titleZh: 'x', titleEn: 'x', path: '/x' }],
      ['systemPermisson/delete', { id }],
    ];
    const count = await countRows(up().db, 'permission');
    for (const [path, body] of bodies) {
      expect((await up().call(path, body)).status).toBe(401);
      expect((await up().call(path, body, { token: bank })).status).toBe(403);
    }
    expect((await up().call('systemPermisson/myPermissonSonList', {})).status).toBe(401);
    expect(await countRows(up().db, 'permission')).toBe(count);
  });

  it('gives the whole tree, nested and in order, to an admin and to a holder of the menu page', async () => {
    const tree = await ok<PermissionNode[]>(up(), 'systemPermisson/permissonList', {}, admin);
    expect(tree.map(label)).toEqual(MENU_ROUTES.map((r) => r.path));
    const system = tree.find((n) => n.path === SYSTEM)!;
    expect(system).toMatchObject({
      parentId: null, kind: 'MENU', titleZh: '系统管理', titleEn: 'System', icon: 'SettingOutlined', headerGroup: 'setting',
      hidden: false, auth: null, action: null, component: null, version: 1,
    });
    const rolePage = system.children.find((n) => n.path === '/admin/setting/system/role')!;
    expect(rolePage.children.map(label)).toEqual(['role::add', 'role::edit', 'role::delete', 'role::state', 'role::authorize']);
    expect(rolePage.children[0]).toEqual({
      id: expect.any(Number), parentId: rolePage.id, kind: 'BUTTON', path: null, titleZh: '新增', titleEn: 'Add', icon: null,
      sort: 0, headerGroup: null, hidden: false, auth: null, action: 'role::add', component: 'role', version: 1, children: [],
    });
    const flat = (nodes: PermissionNode[]): PermissionNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
    expect(flat(tree)).toHaveLength(await countRows(up().db, 'permission'));
    expect(await ok(up(), 'systemPermisson/permissonList', {}, keeper)).toEqual(tree);
  });

  it('gives lazy rows: the roots without an id, the children of one with it, 404 for an unknown id', async () => {
    const roots = await sons({});
    expect(rows(roots)).toEqual(MENU_ROUTES.map((r) => [r.path, true]));
    expect(roots.list.every((n) => n.children.length === 0)).toBe(true);
    const system = await sons({ id: await menuId(up().db, SYSTEM), nodeType: 'MENU' }, keeper);
    expect(rows(system)).toEqual([
      ['/admin/setting/system/organiza', true], ['/admin/setting/system/user', true],
      ['/admin/setting/system/role', true], [MENU_PAGE, true],
      ['/admin/setting/system/operation-log', true], ['/admin/setting/system/login-log', true],
    ]);
    // A page has children exactly when the catalogue gives it buttons.
    for (const group of MENU_ROUTES) {
      const pages = group.children!.map((page) => [page.path, Boolean(page.buttons?.length)]);
      expect(rows(await sons({ id: await menuId(up().db, group.path) }))).toEqual(pages);
    }
    const leaves = MENU_ROUTES.flatMap((group) => group.children!);
    expect(leaves.some((page) => page.buttons?.length) && leaves.some((page) => !page.buttons?.length)).toBe(true);
    expect(await sons({ id: await buttonId(up().db, 'role::add') })).toEqual({ list: [] });
    expect((await up().call('systemPermisson/permissonSonList', { id: 999_999 }, { token: admin })).status).toBe(404);
    expectFields(await up().call('systemPermisson/permissonSonList', { id: 'top' }, { token: admin }), { id: 'validation.id' });
  });

  it('gives the caller only the nodes they hold in the lazy rows of myPermissonSonList', async () => {
    expect(rows(await mySons({}, bank))).toEqual([['/bank', true], ['/post-loan', true]]);
    expect(rows(await mySons({ id: await menuId(up().db, '/bank') }, bank)).map(([path]) => path))
      .toEqual(['/bank/bank-first', '/bank/bank-last', '/bank/bank-forward', '/bank/bank-statistics']);
    expect((await up().call('systemPermisson/myPermissonSonList', { id: await menuId(up().db, '/renshe') }, { token: bank })).status).toBe(404);
    expect(rows(await mySons({}, keeper))).toEqual([[SYSTEM, true]]);
    expect(rows(await mySons({ id: await menuId(up().db, SYSTEM) }, keeper))).toEqual([[MENU_PAGE, true]]);
    expect(rows(await mySons({ id: await menuId(up().db, MENU_PAGE) }, keeper))).toEqual([['menu::delete', false]]);
    expect(await mySons({}, admin)).toEqual(await sons({}));
    expectFields(await up().call('systemPermisson/myPermissonSonList', { id: -1 }, { token: bank }), { id: 'validation.id' });
  });

  it('deletes a node without children, taking it from every role, audited; holders notice at once', async () => {
    const page = await menuId(up().db, '/bank/bank-statistics');
    // The page's only child is its export button: without it the page is a node without children.
    const button = await buttonId(up().db, 'bankStatistics::export');
    await up().db.deleteFrom('role_permission').where('permission_id', '=', button).execute();
    await up().db.deleteFrom('permission').where('id', '=', button).execute();
    const bankRole = (await up().db.selectFrom('role').select(['id', 'version']).where('name', '=', '银行审核员').executeTakeFirstOrThrow());
    const supervisorRole = (await up().db.selectFrom('role').select('id').where('name', '=', '银行主管').executeTakeFirstOrThrow());
    const menuBefore = await ok<{ version: string }>(up(), 'admin/getMenuVersion', {}, bank);
    expect(await ok(up(), 'systemPermisson/delete', { id: page }, keeper)).toBeNull();

    expect(await up().db.selectFrom('permission').select('id').where('id', '=', page).execute()).toEqual([]);
    const info = await ok<RoleInfo>(up(), 'role/roleInfo', { id: bankRole.id }, admin);
    expect(info.permissionIds).not.toContain(page);
    expect(info.role.version).toBe(bankRole.version + 1);
    expect((await ok<{ version: string }>(up(), 'admin/getMenuVersion', {}, bank)).version).not.toBe(menuBefore.version);
    expect(rows(await mySons({ id: await menuId(up().db, '/bank') }, bank)).map(([path]) => path)).not.toContain('/bank/bank-statistics');
    expect(await lastAudit(up().db, 'permission.delete')).toMatchObject({
      target_type: 'permission', target_id: String(page), summary: { before: { path: '/bank/bank-statistics', kind: 'MENU' }, roleIds: [bankRole.id, supervisorRole.id] },
    });
    expect((await up().call('systemPermisson/delete', { id: page }, { token: keeper })).status).toBe(404);
  });

  it('deletes a button from the power lists of its holders', async () => {
    const holder = await staffWith(up(), 'button-holder', { buttons: ['role::state', 'role::edit'] });
    const power = () => ok<PowerEntry[]>(up(), 'admin/getPowerList', {}, holder.token);
    expect(await power()).toEqual([{ component: 'role', btnList: ['role::edit', 'role::state'] }]);
    await ok(up(), 'systemPermisson/delete', { id: await buttonId(up().db, 'role::state') }, admin);
    expect(await power()).toEqual([{ component: 'role', btnList: ['role::edit'] }]);
  });

  it('refuses to delete a node with children, and bad input, changing nothing', async () => {
    const count = await countRows(up().db, 'permission');
    const audits = await countRows(up().db, 'audit_log');
    for (const path of ['/bank', '/admin/setting/system/role']) {
      const refused = await up().call('systemPermisson/delete', { id: await menuId(up().db, path) }, { token: admin });
      expect(refused).toMatchObject({ status: 409, body: { code: 409, message: '该节点下还有子节点，请先删除子节点' } });
    }
    const english = await up().call('systemPermisson/delete', { id: await menuId(up().db, '/bank') }, { token: admin, locale: 'en' });
    expect(english.body.message).toBe('This node still has children; delete them first');
    expectFields(await up().call('systemPermisson/delete', { id: 0 }, { token: admin }), { id: 'validation.id' });
    expect(await countRows(up().db, 'permission')).toBe(count);
    expect(await countRows(up().db, 'audit_log')).toBe(audits);
  });
});
