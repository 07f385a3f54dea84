import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { countRows, expectFields, orgIdOf, staffIn } from './helpers';
import type { Page } from '../../lib/contract/common';
import type { UserRow } from '../../lib/contract/user';

const PAGE = '/admin/setting/system/user';
const usernames = (page: Page<UserRow>) => page.list.map((u) => u.username);

describeUpstream('systemUser/adminList', (up) => {
  let admin: string, bank: string, manager: string;
  let gc1Id: number, bank1Id: number, branchId: number;
  const list = (body: object, token = admin) => up().call<Page<UserRow>>('systemUser/adminList', body, { token });
  const everyone = () => up().db.selectFrom('app_user').select(['username', 'nickname', 'mobile', 'org_id']).execute();
  /** The usernames of the users of an organisation and of every organisation below it, in order. */
  const usersUnder = async (rootId: number) => {
    const orgs = await up().db.selectFrom('organization').select(['id', 'parent_id']).execute();
    const tree = new Set([rootId]);
    for (let grew = true; grew;) {
      grew = false;
      for (const org of orgs) if (org.parent_id !== null && tree.has(org.parent_id) && !tree.has(org.id)) { tree.add(org.id); grew = true; }
    }
    return (await everyone()).filter((u) => u.org_id !== null && tree.has(u.org_id)).map((u) => u.username).sort();
  };

  beforeAll(async () => {
    const db = up().db;
    [gc1Id, bank1Id] = await Promise.all([orgIdOf(db, '长沙鑫诚融资担保有限公司'), orgIdOf(db, '中国工商银行长沙分行')]);
    branchId = (await db.insertInto('organization').values({ parent_id: gc1Id, name: 'List Branch', type: 'GUARANTEE', region_code: null, updated_at: new Date() })
      .returning('id').executeTakeFirstOrThrow()).id;
    admin = await up().login('admin');
    bank = await up().login('bank');
    manager = (await staffIn(up(), 'listmanager', gc1Id, { pages: [PAGE] })).token;
    await staffIn(up(), 'branchclerk', branchId, {});
  });

  it('needs a signed-in user holding the page', async () => {
    expect((await up().call('systemUser/adminList', {})).status).toBe(401);
    expect((await list({}, bank)).status).toBe(403);
  });

  it('shows an admin every user, newest first, with masked mobile, organisation, roles and last sign-in', async () => {
    const { status, body } = await list({ pageSize: 30 });
    expect(status).toBe(200);
    expect(body.data.total).toBe(await countRows(up().db, 'app_user'));
    expect(usernames(body.data).slice(0, 2)).toEqual(['branchclerk', 'listmanager']);
    const bankRow = body.data.list.find((u) => u.username === 'bank')!;
    expect(bankRow).toEqual({
      id: expect.any(Number), username: 'bank', nickname: '银行审核员', mobile: '138****0003', mail: 'bank@example.com',
      orgId: bank1Id, orgName: '中国工商银行长沙分行', type: 1, state: 'ENABLED',
      roles: [{ id: expect.any(Number), name: '银行审核员' }], version: 1,
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/), lastLoginTime: expect.stringMatching(/Z$/),
    });
    expect(body.data.list.find((u) => u.username === 'renshe')!.lastLoginTime).toBeNull();
    expect(JSON.stringify(body.data)).not.toMatch(/password|scrypt/);
  });

  it('shows a non-admin only the users of their subtree; the organisation filter takes the subtree', async () => {
    const subtree = await usersUnder(gc1Id);
    expect(subtree).toEqual(expect.arrayContaining(['branchclerk', 'guarantee', 'listmanager']));
    expect(subtree).not.toContain('bank');
    expect(usernames((await list({ order: 'username' }, manager)).body.data)).toEqual(subtree);
    expect(usernames((await list({ orgId: branchId }, manager)).body.data)).toEqual(['branchclerk']);
    expect((await list({ orgId: gc1Id }, admin)).body.data.total).toBe(subtree.length);
    expect((await list({ orgId: bank1Id }, manager)).status).toBe(404);
    expect((await list({ username: 'bank' }, manager)).body.data).toEqual({ list: [], total: 0, totalPage: 0 });
  });

  it('filters by text case-insensitively, by state, and sorts by the allowed orders only', async () => {
    const users = await everyone();
    const having = (field: 'username' | 'nickname' | 'mobile', text: string) =>
      users.filter((u) => u[field]?.toLowerCase().includes(text)).map((u) => u.username).sort();
    const matching = async (body: object) => {
      const { data } = (await list({ pageSize: 30, ...body })).body;
      expect(data.total).toBe(data.list.length);
      return usernames(data).sort();
    };
    expect(having('username', 'an')).toEqual(expect.arrayContaining(['bank', 'branchclerk', 'guarantee', 'listmanager']));
    expect(having('username', 'an')).not.toContain('renshe');
    expect(await matching({ username: 'AN' })).toEqual(having('username', 'an'));
    expect(having('nickname', '审核')).toEqual(expect.arrayContaining(['bank', 'guarantee', 'renshe']));
    expect(having('nickname', '审核')).not.toContain('admin');
    expect(await matching({ nickname: '审核' })).toEqual(having('nickname', '审核'));
    expect(await matching({ mobile: '0001' })).toEqual(['renshe']);
    expect(usernames((await list({ username: '_' })).body.data)).toEqual([]);
    const descending = users.map((u) => u.username).sort().reverse();
    expect(descending.length).toBeGreaterThan(5);
    expect(usernames((await list({ order: '-username', pageSize: 5 })).body.data)).toEqual(descending.slice(0, 5));
    expect((await list({ state: 'DISABLED' })).body.data.total).toBe(0);
    expectFields(await list({ order: 'password' }), { order: 'validation.order' });
    expectFields(await list({ pageSize: 7, state: 'ASLEEP', orgId: 'x' }), { pageSize: 'validation.pageSize', state: 'validation.userState', orgId: 'validation.id' });
  });

  it('answers a filtered page over 10,000 users with correct totals', async () => {
    await sql`
      insert into app_user (org_id, username, nickname, mobile, mail, type, state, password_hash, created_at, updated_at)
      select case when i % 2 = 0 then ${bank1Id}::int else ${gc1Id}::int end, 'bulk' || lpad(i::text, 5, '0'), 'Bulk User ' || i,
             '15' || lpad(i::text, 9, '0'), null, 1, case when i % 10 = 0 then 'DISABLED' else 'ENABLED' end, 'not-a-hash',
             now() - make_interval(secs => i), now()
      from generate_series(1, 10000) as s(i)`.execute(up().db);
    const started = Date.now();
    const byName = (await list({ username: 'BULK0012', order: 'username' })).body.data;
    expect(byName.total).toBe(10);
    expect(usernames(byName)).toEqual(Array.from({ length: 10 }, (_, i) => `bulk0012${i}`));
    const disabledBank = (await list({ orgId: bank1Id, state: 'DISABLED', pageNum: 3, pageSize: 30 })).body.data;
    expect(disabledBank).toMatchObject({ total: 1000, totalPage: 34 });
    expect(disabledBank.list).toHaveLength(30);
    expect(disabledBank.list.every((u) => u.orgId === bank1Id && u.state === 'DISABLED' && u.roles.length === 0)).toBe(true);
    const scoped = (await list({ nickname: 'bulk user 99' }, manager)).body.data;
    // Odd numbers belong to the manager's organisation: 99, 991 to 999 and 9901 to 9999 (1 + 5 + 50).
    expect(scoped.total).toBe(56);
    expect(scoped.list.every((u) => u.orgId === gc1Id)).toBe(true);
    expect((await list({ pageNum: 1000, pageSize: 10 })).body.data.list).toHaveLength(10);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
