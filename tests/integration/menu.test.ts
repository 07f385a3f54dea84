import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { MENU_ROUTES, type RouteNode } from '../../lib/contract/menu-routes';
import type { MenuItem, MenuResult, PowerEntry } from '../../lib/contract/auth';

const paths = (items: { path: string }[]) => items.map((i) => i.path);
const bankGroup = MENU_ROUTES.find((r) => r.path === '/bank') as RouteNode;

describeUpstream('admin/getMenu and admin/getPowerList', (up) => {
  let adminToken: string;
  let bankToken: string;
  const menuOf = async (token: string, method: 'GET' | 'POST' = 'POST') => {
    const { status, body } = await up().call<MenuResult>('admin/getMenu', {}, { token, method });
    expect(status).toBe(200);
    return body.data;
  };
  const bankRoleId = async () =>
    (await up().db.selectFrom('role').select('id').where('name', '=', '银行审核员').executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    adminToken = await up().login('admin');
    bankToken = await up().login('bank');
  });

  it('needs a signed-in user', async () => {
    expect((await up().call('admin/getMenu')).status).toBe(401);
    expect((await up().call('admin/getPowerList')).status).toBe(401);
  });

  it('gives an admin every top-level group of the route catalogue, with titles in both languages', async () => {
    const { menu, version } = await menuOf(adminToken);
    expect(paths(menu)).toEqual(paths(MENU_ROUTES));
    menu.forEach((item, i) => {
      const route = MENU_ROUTES[i]!;
      expect(item).toMatchObject({ title: route.zh, titleEn: route.en, icon: route.icon ?? null, header: route.header ?? null, hidden: false });
      expect(paths(item.children)).toEqual(paths(route.children ?? []));
    });
    expect(version).toMatch(/^\d+$/);
  });

  it('gives the bank reviewer only the /bank group and the post-loan ledger, by GET as well', async () => {
    for (const method of ['POST', 'GET'] as const) {
      const { menu } = await menuOf(bankToken, method);
      expect(paths(menu)).toEqual(['/bank', '/post-loan']);
      expect(paths(menu[0]!.children)).toEqual(paths(bankGroup.children!));
      expect(menu[0]!.children.map((c: MenuItem) => c.title)).toEqual(bankGroup.children!.map((c) => c.zh));
    }
  });

  it('changes the version when the user role gains a permission, and shows the new entry', async () => {
    const before = await menuOf(bankToken);
    const loanQuery = await up().db.selectFrom('permission').select('id').where('path', '=', '/admin/home/loan').executeTakeFirstOrThrow();
    await up().db.insertInto('role_permission').values({ role_id: await bankRoleId(), permission_id: loanQuery.id }).execute();
    const after = await menuOf(bankToken);
    expect(after.version).not.toBe(before.version);
    // A child granted without its parent group appears at the top.
    expect(paths(after.menu).sort()).toEqual(['/admin/home/loan', '/bank', '/post-loan']);
    // The same grants give the same version, and the cheap version call agrees with the menu.
    expect((await menuOf(bankToken)).version).toBe(after.version);
    const version = await up().call<{ version: string }>('admin/getMenuVersion', {}, { token: bankToken, method: 'GET' });
    expect(version.body.data).toEqual({ version: after.version });
  });

  it('moves every user to the new version when the bank role changes, another user keeping its menu', async () => {
    const renshe = await up().login('renshe');
    const before = await menuOf(renshe);
    const extra = await up().db.selectFrom('permission').select('id').where('path', '=', '/admin/home/spouse').executeTakeFirstOrThrow();
    await up().db.insertInto('role_permission').values({ role_id: await bankRoleId(), permission_id: extra.id }).execute();
    const after = await menuOf(renshe);
    expect(Number(after.version)).toBeGreaterThan(Number(before.version));
    expect(after.menu).toEqual(before.menu);
  });

  it('drops the menu of a disabled role', async () => {
    const token = await up().login('guarantee');
    expect(paths((await menuOf(token)).menu)).toEqual(['/guarantee', '/post-loan']);
    await up().db.updateTable('role').set({ state: 'DISABLED' }).where('name', '=', '担保审核员').execute();
    const { menu, access } = await menuOf(token);
    expect(menu).toEqual([]);
    expect(access).toEqual([]);
  });

  it('lists granted buttons in the power list and the access list, grouped by component', async () => {
    const powerOf = async (token: string) => {
      const { status, body } = await up().call<PowerEntry[]>('admin/getPowerList', {}, { token });
      expect(status).toBe(200);
      return body.data;
    };
    // The bank reviewer holds the buttons of the /bank pages, one entry per page in catalogue order, but a supervisor's
    // (another person's cases: adminRedeploy, turnOver).
    const supervisors = /::(adminRedeploy|turnOver)$/;
    const seeded = bankGroup.children!.filter((page) => page.buttons?.length)
      .map((page) => ({ component: page.buttons![0]!.split('::')[0]!, btnList: page.buttons!.filter((b) => !supervisors.test(b)) }));
    expect(seeded.flatMap((entry) => entry.btnList)).toContain('bankFirst::redeploy');
    expect(seeded.length).toBeGreaterThan(0);
    // And the bank's buttons of the post-loan ledger and the subsidy claims (upstream/db/seed/post-loan-grants.ts).
    seeded.push({ component: 'postLoan', btnList: ['postLoan::repay', 'postLoan::export'] }, { component: 'subsidy', btnList: ['subsidy::claim', 'subsidy::export'] });
    expect(await powerOf(bankToken)).toEqual(seeded);
    const buttons = await up().db.insertInto('permission').values(['role::del', 'role::authorize', 'user::confer'].map((action, i) => ({
      parent_id: null, kind: 'BUTTON' as const, path: null, title_zh: action, title_en: action, icon: null, sort: 100 + i,
      header_group: null, auth: null, action, component: action.split('::')[0]!,
    }))).returning('id').execute();
    const roleId = await bankRoleId();
    await up().db.insertInto('role_permission').values(buttons.slice(0, 2).map((b) => ({ role_id: roleId, permission_id: b.id }))).execute();

    expect(await powerOf(bankToken)).toEqual([...seeded, { component: 'role', btnList: ['role::del', 'role::authorize'] }]);
    const { access, menu } = await menuOf(bankToken);
    expect(access).toEqual(expect.arrayContaining(['role::authorize', 'role::del', ...seeded.flatMap((entry) => entry.btnList)]));
    expect(access).not.toContain('user::confer');
    // Buttons are not menu entries.
    expect(JSON.stringify(menu)).not.toContain('::');
    // An admin holds every button: the seeded ones of each screen and the ones added here.
    const admin = await powerOf(adminToken);
    const of = (component: string) => admin.find((entry) => entry.component === component)?.btnList ?? [];
    expect(of('role')).toEqual(expect.arrayContaining(['role::add', 'role::authorize', 'role::del']));
    expect(of('user')).toEqual(expect.arrayContaining(['user::add', 'user::confer', 'user::writeOff']));
    expect(of('organiza')).toEqual(['organiza::add', 'organiza::edit', 'organiza::delete']);
  });
});
