import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { countRows, expectFields, userId } from './helpers';
import { buttonId, lastAudit, menuId, ok, staffWith } from './role-fixtures';
import type { MenuResult } from '../../lib/contract/auth';
import { MENU_ROUTES } from '../../lib/contract/menu-routes';
import type { PermissionNode, PermissionSaveInput, PermissionSonResult } from '../../lib/contract/permission';

const MENU_PAGE = '/system/menu';
const SYSTEM = '/admin/setting/system';
/** The pages the route catalogue puts under 系统管理: a new one comes after them. */
const SYSTEM_PAGES = MENU_ROUTES.find((r) => r.path === SYSTEM)!.children!.length;

describeUpstream('systemPermisson/saveOrupdate', (up) => {
  let admin: string;
  let adder: string; // the menu page and menu::add
  let editor: string; // the menu page and menu::edit
  let system: number;
  type Body = Partial<PermissionSaveInput> | Record<string, unknown>;
  const save = (body: Body, token = admin) =>
    up().call<PermissionNode>('systemPermisson/saveOrupdate', body, { token });
  const saved = async (body: Body, token = admin) => {
    const response = await save(body, token);
    expect(response.body).toMatchObject({ code: 200 });
    return response.body.data;
  };
  const node = (id: number) => up().db.selectFrom('permission').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const menu = (fields: Record<string, unknown> = {}): Body =>
    ({ parentId: system, kind: 'MENU', titleZh: '审计日志', titleEn: 'Audit log', path: '/admin/setting/system/new', ...fields });

  beforeAll(async () => {
    admin = await up().login('admin');
    adder = (await staffWith(up(), 'menu-adder', { pages: [MENU_PAGE], buttons: ['menu::add'] })).token;
    editor = (await staffWith(up(), 'menu-editor', { pages: [MENU_PAGE], buttons: ['menu::edit'] })).token;
    system = await menuId(up().db, SYSTEM);
  });

  it('creates a page after its siblings and a button under it, audited, and shows them in the tree', async () => {
    const page = await saved(menu({ titleZh: ' 审计日志 ', path: '/admin/setting/system/audit', icon: 'FileTextOutlined', headerGroup: '' }), adder);
    expect(page).toEqual({
      id: expect.any(Number), parentId: system, kind: 'MENU', path: '/admin/setting/system/audit', titleZh: '审计日志', titleEn: 'Audit log',
      icon: 'FileTextOutlined', sort: SYSTEM_PAGES, headerGroup: null, hidden: false, auth: null, action: null, component: null, version: 1, children: [],
    });
    expect(await lastAudit(up().db, 'permission.create')).toMatchObject({
      actor_id: await userId(up().db, 'menu-adder'), target_id: String(page.id), summary: { after: { path: page.path } },
    });
    const button = await saved({ parentId: page.id, kind: 'BUTTON', titleZh: '导出', titleEn: 'Export', action: 'audit::export', path: '/ignored', sort: 5 });
    expect(button).toMatchObject({ parentId: page.id, kind: 'BUTTON', path: null, action: 'audit::export', component: 'audit', sort: 5 });
    // The same action under another page is another button, placed after the page's own buttons.
    const bankFirst = await menuId(up().db, '/bank/bank-first');
    const siblings = await up().db.selectFrom('permission').select('sort').where('parent_id', '=', bankFirst).execute();
    expect(siblings.length).toBeGreaterThan(0);
    const other = await saved({ parentId: bankFirst, kind: 'BUTTON', titleZh: '导出', titleEn: 'Export', action: 'audit::export' });
    expect(other).toMatchObject({ parentId: bankFirst, action: 'audit::export', sort: Math.max(...siblings.map((p) => p.sort)) + 1 });

    const sons = await ok<PermissionSonResult>(up(), 'systemPermisson/permissonSonList', { id: system }, admin);
    expect(sons.list.at(-1)).toMatchObject({ id: page.id, hasChildren: true });
    const tree = await ok<PermissionNode[]>(up(), 'systemPermisson/permissonList', {}, admin);
    const audit = tree.find((n) => n.id === system)!.children.find((n) => n.id === page.id)!;
    expect(audit.children.map((c) => c.action)).toEqual(['audit::export']);
    const { menu: adminMenu } = await ok<MenuResult>(up(), 'admin/getMenu', {}, admin);
    expect(adminMenu.find((m) => m.path === SYSTEM)!.children.map((c) => c.path)).toContain('/admin/setting/system/audit');
  });

  it('refuses bad input with the field keys, writing nothing', async () => {
    const count = await countRows(up().db, 'permission');
    const audits = await countRows(up().db, 'audit_log');
    const rolePage = await menuId(up().db, '/admin/setting/system/role');
    const roleAdd = await buttonId(up().db, 'role::add');
    const button = (fields: Record<string, unknown>) => ({ parentId: rolePage, kind: 'BUTTON' as const, titleZh: '导出', titleEn: 'Export', action: 'role::export', ...fields });
    const cases: [Body, Record<string, string>][] = [
      [button({ action: 'export' }), { action: 'validation.permissionAction' }],
      [button({ action: 'Role::add' }), { action: 'validation.permissionAction' }],
      [button({ action: '' }), { action: 'validation.permissionActionRequired' }],
      [button({ parentId: null }), { parentId: 'validation.buttonParent' }],
      [button({ parentId: roleAdd }), { parentId: 'validation.buttonHasNoChildren' }],
      [button({ action: 'role::add' }), { action: 'validation.permissionActionTaken' }],
      [menu({ parentId: roleAdd }), { parentId: 'validation.buttonHasNoChildren' }],
      [menu({ parentId: 999_999 }), { parentId: 'validation.permissionParentUnknown' }],
      [menu({ parentId: undefined }), { parentId: 'validation.id' }],
      [menu({ path: '/bank' }), { path: 'validation.permissionPathTaken' }],
      [menu({ path: 'admin/x' }), { path: 'validation.permissionPath' }],
      [menu({ path: '/Admin/X' }), { path: 'validation.permissionPath' }],
      [menu({ path: undefined }), { path: 'validation.permissionPathRequired' }],
      [menu({ titleZh: ' ', titleEn: undefined }), { titleZh: 'validation.titleZhRequired', titleEn: 'validation.titleEnRequired' }],
      [menu({ titleEn: 'x'.repeat(65) }), { titleEn: 'validation.tooLong' }],
      [menu({ sort: -1 }), { sort: 'validation.sort' }],
      [menu({ icon: 'setting outlined', headerGroup: 'top', sort: 1.5 }), { icon: 'validation.permissionIcon', headerGroup: 'validation.headerGroup', sort: 'validation.sort' }],
      [{ ...menu(), kind: 'LINK' }, { kind: 'validation.permissionKind' }],
      [menu({ id: system }), { version: 'validation.version' }],
    ];
    for (const [body, fields] of cases) expectFields(await save(body), fields);
    expect(await countRows(up().db, 'permission')).toBe(count);
    expect(await countRows(up().db, 'audit_log')).toBe(audits);
  });

  it('updates a node, given whole, with the version it read, audited; refuses stale and unknown', async () => {
    const before = await node(system);
    const body = {
      id: system, version: 1, parentId: null, kind: 'MENU' as const, titleZh: '系统设置', titleEn: 'System settings', path: SYSTEM,
      icon: 'SettingOutlined', headerGroup: 'setting' as const,
    };
    const updated = await saved(body, editor);
    // Sort and hidden left out keep their value.
    expect(updated).toMatchObject({ titleZh: '系统设置', icon: 'SettingOutlined', headerGroup: 'setting', sort: before.sort, hidden: false, version: 2 });
    expect(await lastAudit(up().db, 'permission.update')).toMatchObject({
      target_id: String(system), summary: { before: { titleZh: '系统管理', version: 1 }, after: { titleZh: '系统设置', version: 2 } },
    });
    const { menu: adminMenu } = await ok<MenuResult>(up(), 'admin/getMenu', {}, admin);
    expect(adminMenu.find((m) => m.path === SYSTEM)).toMatchObject({ title: '系统设置', titleEn: 'System settings' });

    expect(await save({ ...body, titleZh: '别的' }, editor)).toMatchObject({ status: 409, body: { code: 409 } });
    expect((await node(system)).title_zh).toBe('系统设置');
    // Optional texts left out, empty or null are none.
    expect(await saved({ ...body, version: 2, icon: '', headerGroup: null, auth: 'system', sort: 7, hidden: true }, editor))
      .toMatchObject({ icon: null, headerGroup: null, auth: 'system', sort: 7, hidden: true, version: 3 });
    expect(await saved({ id: system, version: 3, parentId: null, kind: 'MENU', titleZh: '系统设置', titleEn: 'System', path: SYSTEM }, editor))
      .toMatchObject({ icon: null, headerGroup: null, auth: null, sort: 7, hidden: true, version: 4 });
    expect((await save({ ...body, id: 999_999 }, editor)).status).toBe(404);
  });

  it('moves a node elsewhere but never under itself or its own descendants, and keeps buttons childless', async () => {
    const monitor = await menuId(up().db, '/admin/setting/monitor');
    const report = await node(await menuId(up().db, '/admin/setting/report'));
    const moved = await saved({ id: report.id, version: report.version, parentId: await menuId(up().db, '/operation'), kind: 'MENU', titleZh: report.title_zh, titleEn: report.title_en, path: report.path });
    expect(moved).toMatchObject({ parentId: await menuId(up().db, '/operation'), version: report.version + 1 });

    const group = await node(monitor);
    const asGroup = { id: monitor, version: group.version, kind: 'MENU' as const, titleZh: group.title_zh, titleEn: group.title_en, path: group.path };
    const child = await menuId(up().db, '/admin/setting/agree');
    expectFields(await save({ ...asGroup, parentId: monitor }), { parentId: 'validation.permissionParentCycle' });
    expectFields(await save({ ...asGroup, parentId: child }), { parentId: 'validation.permissionParentCycle' });
    const page = await node(await menuId(up().db, '/admin/setting/system/role'));
    expectFields(await save({ id: page.id, version: page.version, parentId: system, kind: 'BUTTON', titleZh: 'x', titleEn: 'x', action: 'role::page' }),
      { kind: 'validation.buttonHasNoChildren' });
    expect(await node(monitor)).toEqual(group);
    expect((await node(page.id)).kind).toBe('MENU');
  });

  it('needs menu::add to create and menu::edit to update', async () => {
    const count = await countRows(up().db, 'permission');
    expect((await save(menu({ path: '/admin/setting/system/x' }), editor)).status).toBe(403);
    const bank = await node(await menuId(up().db, '/bank'));
    const update = { id: bank.id, version: bank.version, parentId: null, kind: 'MENU' as const, titleZh: '银行', titleEn: 'Banks', path: '/bank' };
    expect((await save(update, adder)).status).toBe(403);
    const viewer = await staffWith(up(), 'menu-viewer', { pages: [MENU_PAGE] });
    expect((await save(menu({ path: '/admin/setting/system/y' }), viewer.token)).status).toBe(403);
    expect(await countRows(up().db, 'permission')).toBe(count);
    expect(await node(bank.id)).toEqual(bank);
  });
});
