import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { countRows, createUser, expectFields, userId } from './helpers';
import { buttonId, closed, lastAudit, menuId, ok, staffWith } from './role-fixtures';
import type { MenuResult, PowerEntry } from '../../lib/contract/auth';
import type { RoleInfo, RoleRow } from '../../lib/contract/role';

const ROLE_PAGE = '/admin/setting/system/role';
const paths = (items: { path: string; children: { path: string }[] }[]) => items.map((i) => [i.path, i.children.map((c) => c.path)]);

describeUpstream('role/authorize', (up) => {
  let admin: string;
  let holder: string; // holds only the role under test
  let role: RoleRow;
  const menuOf = (token: string) => ok<MenuResult>(up(), 'admin/getMenu', {}, token);
  const powerOf = (token: string) => ok<PowerEntry[]>(up(), 'admin/getPowerList', {}, token);
  const versionOf = async (token: string) => (await ok<{ version: string }>(up(), 'admin/getMenuVersion', {}, token)).version;
  const authorize = (body: object, token = admin) =>
    up().call<RoleInfo>('role/authorize', { id: role.id, version: role.version, ...body }, { token });
  const grantsOf = async (id = role.id) => (await up().db.selectFrom('role_permission').select('permission_id')
    .where('role_id', '=', id).orderBy('permission_id').execute()).map((r) => r.permission_id);
  const stored = () => up().db.selectFrom('role').select(['state', 'version']).where('id', '=', role.id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    admin = await up().login('admin');
    role = await ok<RoleRow>(up(), 'role/saveOrUpdate', { name: '授权测试' }, admin);
    const id = await createUser(up().db, { username: 'holder', password: 'holder1234' });
    await up().db.insertInto('user_role').values({ user_id: id, role_id: role.id }).execute();
    holder = await up().login('holder', 'holder1234');
  });

  it('grants a button with its page and groups, and the holder sees exactly that without signing in again', async () => {
    const renshe = await up().login('renshe');
    const [holderVersion, rensheMenu] = [await versionOf(holder), await menuOf(renshe)];
    expect((await menuOf(holder)).menu).toEqual([]);

    const button = await buttonId(up().db, 'role::authorize');
    const { body } = await authorize({ permissionIds: [button] });
    const expected = await closed(up().db, [button]);
    expect(expected).toEqual([await menuId(up().db, '/admin/setting/system'), await menuId(up().db, ROLE_PAGE), button].sort((a, b) => a - b));
    expect(body.data).toEqual({ role: { ...role, userCount: 1, permissionCount: 3, version: role.version + 1 }, permissionIds: expected });
    role = body.data.role;
    expect(await lastAudit(up().db, 'role.authorize')).toMatchObject({
      actor_id: await userId(up().db, 'admin'), target_id: String(role.id), summary: { before: [], after: expected },
    });

    const menu = await menuOf(holder);
    expect(paths(menu.menu)).toEqual([['/admin/setting/system', [ROLE_PAGE]]]);
    expect(menu.access).toEqual(['role::authorize']);
    expect(await powerOf(holder)).toEqual([{ component: 'role', btnList: ['role::authorize'] }]);
    expect(await versionOf(holder)).not.toBe(holderVersion);
    expect(await versionOf(holder)).toBe(menu.version);
    // The version is one counter for everybody: renshe's moves on too (a menu reload), its menu stays.
    expect(await versionOf(renshe)).toBe(menu.version);
    expect((await menuOf(renshe)).menu).toEqual(rensheMenu.menu);
    // The server lets the holder do what the grants say, and nothing else.
    expect((await up().call('role/roleList', {}, { token: holder })).status).toBe(200);
    expect((await up().call('role/saveOrUpdate', { name: 'nope' }, { token: holder })).status).toBe(403);
  });

  it('takes everything away from the holder while the role is disabled, and gives it back when enabled', async () => {
    const granted = await menuOf(holder);
    role = await ok<RoleRow>(up(), 'role/changeState', { id: role.id, state: 'DISABLED', version: role.version }, admin);
    expect(await menuOf(holder)).toEqual({ menu: [], access: [], version: expect.not.stringMatching(granted.version) });
    expect(await powerOf(holder)).toEqual([]);
    expect((await up().call('role/roleList', {}, { token: holder })).status).toBe(403);
    expect((await up().call('systemPermisson/myPermissonSonList', {}, { token: holder })).body.data).toEqual({ list: [] });

    role = await ok<RoleRow>(up(), 'role/changeState', { id: role.id, state: 'ENABLED', version: role.version }, admin);
    const regained = await menuOf(holder);
    expect(regained).toEqual({ ...granted, version: regained.version });
    expect(Number(regained.version)).toBeGreaterThan(Number(granted.version));
    expect((await up().call('role/roleList', {}, { token: holder })).status).toBe(200);
  });

  it('replaces the grants as a whole: what is left out goes, and an empty list clears them', async () => {
    const first = await menuId(up().db, '/bank/bank-first');
    const info = await ok<RoleInfo>(up(), 'role/authorize', { id: role.id, version: role.version, permissionIds: [first, first] }, admin);
    expect(info.permissionIds).toEqual(await closed(up().db, [first]));
    role = info.role;
    expect(paths((await menuOf(holder)).menu)).toEqual([['/bank', ['/bank/bank-first']]]);
    expect(await powerOf(holder)).toEqual([]);
    expect(await ok<RoleInfo>(up(), 'role/roleInfo', { id: role.id }, admin)).toEqual(info);

    const cleared = await ok<RoleInfo>(up(), 'role/authorize', { id: role.id, version: role.version, permissionIds: [] }, admin);
    expect(cleared).toMatchObject({ role: { permissionCount: 0 }, permissionIds: [] });
    role = cleared.role;
    expect((await menuOf(holder)).menu).toEqual([]);
  });

  it('refuses unknown or malformed ids, a missing version, a stale version and an unknown role, changing nothing', async () => {
    const page = await menuId(up().db, '/bank/bank-last');
    role = await ok<RoleInfo>(up(), 'role/authorize', { id: role.id, version: role.version, permissionIds: [page] }, admin).then((r) => r.role);
    const grants = await grantsOf();
    const audits = await countRows(up().db, 'audit_log');
    expectFields(await authorize({ permissionIds: [page, 999_999] }), { permissionIds: 'validation.permissionUnknown' });
    expectFields(await authorize({ permissionIds: ['x'] }), { 'permissionIds.0': 'validation.id' });
    expectFields(await authorize({ permissionIds: undefined }), { permissionIds: 'validation.permissionIds' });
    expectFields(await authorize({ permissionIds: [page], version: undefined }), { version: 'validation.version' });
    const stale = await authorize({ permissionIds: [], version: role.version - 1 });
    expect(stale).toMatchObject({ status: 409, body: { code: 409 } });
    expect((await authorize({ id: 999_999, permissionIds: [] })).status).toBe(404);
    expect(await grantsOf()).toEqual(grants);
    expect(await stored()).toEqual({ state: 'ENABLED', version: role.version });
    expect(await countRows(up().db, 'audit_log')).toBe(audits);
  });

  it('lets a non-admin grant only what they hold, keeping the grants they cannot see', async () => {
    const delegate = await staffWith(up(), 'delegate', { pages: [ROLE_PAGE, '/bank/bank-first', '/bank/bank-last'], buttons: ['role::authorize'] });
    const rensheFirst = await menuId(up().db, '/renshe/renshe-first');
    const bankFirst = await menuId(up().db, '/bank/bank-first');
    role = (await ok<RoleInfo>(up(), 'role/authorize', { id: role.id, version: role.version, permissionIds: [rensheFirst] }, admin)).role;

    const mine = await ok<RoleInfo>(up(), 'role/authorize', { id: role.id, version: role.version, permissionIds: [bankFirst] }, delegate.token);
    expect(mine.permissionIds).toEqual(await closed(up().db, [rensheFirst, bankFirst]));
    role = mine.role;
    expect(paths((await menuOf(holder)).menu)).toEqual([['/renshe', ['/renshe/renshe-first']], ['/bank', ['/bank/bank-first']]]);

    const grants = await grantsOf();
    for (const foreign of [rensheFirst, await menuId(up().db, '/bank/bank-forward'), await buttonId(up().db, 'role::delete')]) {
      expect((await authorize({ permissionIds: [bankFirst, foreign] }, delegate.token)).status).toBe(403);
    }
    expect(await grantsOf()).toEqual(grants);
    expect(await stored()).toMatchObject({ version: role.version });

    // Clearing what they hold leaves the rest.
    const cleared = await ok<RoleInfo>(up(), 'role/authorize', { id: role.id, version: role.version, permissionIds: [] }, delegate.token);
    expect(cleared.permissionIds).toEqual(await closed(up().db, [rensheFirst]));
    role = cleared.role;
    // Their own role is no exception: they cannot add to it what they lack.
    expect((await up().call('role/authorize', { id: delegate.roleId, version: 1, permissionIds: [rensheFirst] }, { token: delegate.token })).status).toBe(403);
  });

  it('is refused to a holder of the role page without role::authorize', async () => {
    const viewer = await staffWith(up(), 'authorize-viewer', { pages: [ROLE_PAGE] });
    expect((await authorize({ permissionIds: [] }, viewer.token)).status).toBe(403);
    expect(await stored()).toMatchObject({ version: role.version });
  });
});
