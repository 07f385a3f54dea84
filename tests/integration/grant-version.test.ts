import { beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeUpstream } from './harness';
import { createUser, userId } from './helpers';
import { buttonId, menuId, ok, staffWith } from './role-fixtures';
import { PAGES } from '../../lib/contract/pages';
import type { Db } from '../../upstream/db';
import type { RoleRow } from '../../lib/contract/role';

/** The version row of every user's grants (migration 0021), as the service reads it. */
const counter = async (db: Db) => (await db.selectFrom('grant_version').select('version').executeTakeFirstOrThrow()).version;

describeUpstream('the grants version', (up) => {
  let admin: string;
  let bank: string;
  let role: RoleRow;
  let staffId: number;
  const versionOf = async (token: string) => (await ok<{ version: string }>(up(), 'admin/getMenuVersion', {}, token)).version;
  /** Runs a change and answers how far the version moved. */
  const bumps = async (change: () => Promise<unknown>) => {
    const before = await counter(up().db);
    await change();
    return (await counter(up().db)) - before;
  };

  beforeAll(async () => {
    admin = await up().login('admin');
    bank = await up().login('bank');
    role = await ok<RoleRow>(up(), 'role/saveOrUpdate', { name: '版本测试' }, admin);
    staffId = await createUser(up().db, { username: 'versioned', password: 'versioned1234' });
  });

  it('is answered with every signed-in call, the same as admin/getMenuVersion and admin/getMenu', async () => {
    const version = String(await counter(up().db));
    const count = await up().request('businessMessage/count', {}, { token: bank });
    expect(count.headers.get('x-grants-version')).toBe(version);
    expect(await versionOf(bank)).toBe(version);
    expect((await ok<{ version: string }>(up(), 'admin/getMenu', {}, bank)).version).toBe(version);
    // No user, no version.
    const open = await up().request('admin/login', { username: 'bank', password: 'wrong-password' });
    expect(open.headers.get('x-grants-version')).toBeNull();
  });

  it('moves with each change of menus and buttons, roles, their grants and who holds them, and of the organisation tree', async () => {
    const db = up().db;
    const page = await menuId(db, '/admin/home/loan');
    expect(await bumps(() => db.insertInto('role_permission').values({ role_id: role.id, permission_id: page }).execute())).toBe(1);
    expect(await bumps(() => db.deleteFrom('role_permission').where('role_id', '=', role.id).execute())).toBe(1);
    expect(await bumps(() => db.insertInto('user_role').values({ user_id: staffId, role_id: role.id }).execute())).toBe(1);
    expect(await bumps(() => db.deleteFrom('user_role').where('user_id', '=', staffId).execute())).toBe(1);
    expect(await bumps(() => db.updateTable('role').set({ description: 'changed' }).where('id', '=', role.id).execute())).toBe(1);
    expect(await bumps(() => db.updateTable('permission').set({ title_en: 'Loan query (renamed)' }).where('id', '=', page).execute())).toBe(1);
    expect(await bumps(() => db.updateTable('app_user').set({ state: 'DISABLED' }).where('id', '=', staffId).execute())).toBe(1);
    expect(await bumps(() => db.updateTable('app_user').set({ state: 'ENABLED', type: 1 }).where('id', '=', staffId).execute())).toBe(1);
    // The organisation tree: whose cases a user may read.
    const parent = (await db.selectFrom('organization').select('id').where('type', '=', 'BANK').orderBy('id').executeTakeFirstOrThrow()).id;
    let branch = 0;
    expect(await bumps(async () => {
      branch = (await db.insertInto('organization').values({ name: '版本支行', type: 'BANK', parent_id: parent }).returning('id').executeTakeFirstOrThrow()).id;
    })).toBe(1);
    expect(await bumps(() => db.updateTable('organization').set({ parent_id: null }).where('id', '=', branch).execute())).toBe(1);
    expect(await bumps(() => db.updateTable('organization').set({ name: '版本支行二', sort: 3 }).where('id', '=', branch).execute())).toBe(0);
    expect(await bumps(() => db.deleteFrom('organization').where('id', '=', branch).execute())).toBe(1);
  });

  it('moves with the administration calls that change grants: authorize, role state, a user\'s roles', async () => {
    const button = (await up().db.selectFrom('permission').select('id').where('action', '=', 'role::authorize').executeTakeFirstOrThrow()).id;
    const before = await versionOf(bank);
    expect(await bumps(async () => {
      role = (await ok<{ role: RoleRow }>(up(), 'role/authorize', { id: role.id, version: role.version, permissionIds: [button] }, admin)).role;
    })).toBeGreaterThanOrEqual(1);
    expect(await bumps(async () => {
      role = await ok<RoleRow>(up(), 'role/changeState', { id: role.id, state: 'DISABLED', version: role.version }, admin);
    })).toBeGreaterThanOrEqual(1);
    const staff = await up().db.selectFrom('app_user').select('version').where('id', '=', staffId).executeTakeFirstOrThrow();
    expect(await bumps(() => ok(up(), 'systemUser/confer', { id: staffId, roleIds: [role.id], version: staff.version }, admin))).toBeGreaterThanOrEqual(1);
    // Another user's poll sees the new version at once (and reloads its menu once).
    expect(Number(await versionOf(bank))).toBeGreaterThan(Number(before));
  });

  it('stays when nothing about grants changes, and when a change is rolled back', async () => {
    const db = up().db;
    expect(await bumps(() => db.updateTable('app_user').set({ nickname: 'renamed' }).where('id', '=', staffId).execute())).toBe(0);
    expect(await bumps(() => db.insertInto('message').values({ user_id: staffId, content: 'hello' }).execute())).toBe(0);
    expect(await bumps(() => ok(up(), 'businessMessage/count', {}, bank))).toBe(0);
    expect(await bumps(async () => {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('user_role').values({ user_id: await userId(trx, 'versioned'), role_id: role.id }).execute();
        throw new Error('rolled back');
      }).catch(() => {});
    })).toBe(0);
    // The row is one, and stays one.
    expect((await sql<{ n: number }>`select count(*)::int as n from grant_version`.execute(db)).rows[0]!.n).toBe(1);
  });

  it('decides every call by the grants as they are: the call after a change of them is decided by the change', async () => {
    const staff = await staffWith(up(), 'grant-follower', { pages: [PAGES.role], buttons: ['role::edit'] });
    const status = async (path: string, body: object) => (await up().call(path, body, { token: staff.token })).body.code;
    const list = () => status('role/roleList', { pageNum: 1, pageSize: 10 });
    const edit = async () => {
      const row = await up().db.selectFrom('role').select(['version', 'name']).where('id', '=', role.id).executeTakeFirstOrThrow();
      return status('role/saveOrUpdate', { id: role.id, name: row.name, version: row.version });
    };
    expect([await list(), await list(), await edit()]).toEqual([200, 200, 200]);
    const db = up().db;
    const button = await buttonId(db, 'role::edit');
    // The button taken from the role: the page stays, the button goes.
    await db.deleteFrom('role_permission').where('role_id', '=', staff.roleId).where('permission_id', '=', button).execute();
    expect([await list(), await edit()]).toEqual([200, 403]);
    await db.insertInto('role_permission').values({ role_id: staff.roleId, permission_id: button }).execute();
    expect(await edit()).toBe(200);
    // The role disabled, then enabled.
    await db.updateTable('role').set({ state: 'DISABLED' }).where('id', '=', staff.roleId).execute();
    expect([await list(), await edit()]).toEqual([403, 403]);
    await db.updateTable('role').set({ state: 'ENABLED' }).where('id', '=', staff.roleId).execute();
    expect(await list()).toBe(200);
    // The role taken from the user, then given back.
    await db.deleteFrom('user_role').where('user_id', '=', staff.userId).execute();
    expect(await list()).toBe(403);
    await db.insertInto('user_role').values({ user_id: staff.userId, role_id: staff.roleId }).execute();
    expect([await list(), await edit()]).toEqual([200, 200]);
  });
});
