import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { countRows, expectFields, orgIdOf, staffIn } from './helpers';

const PAGE = '/admin/setting/system/user';

describeUpstream('systemUser/del with ids: a batch deleted in one transaction, all or nothing', (up) => {
  let admin: string, manager: string, viewer: string;
  let managerId: number, gc1Id: number, bankUserId: number, adminId: number, roleId: number;
  let seq = 0;
  const del = (body: object, token = manager, locale = 'zh-CN') => up().call('systemUser/del', body, { token, locale });
  /** A new account of the guarantee company (with a role) that never did anything. */
  const fresh = async (prefix = 'batch') => {
    seq += 1;
    const { body } = await up().call('systemUser/saveOrUpdate', {
      username: `${prefix}${seq}`, nickname: `n${seq}`, mobile: `1371234${String(seq).padStart(4, '0')}`, orgId: gc1Id, roleIds: [roleId],
    }, { token: admin });
    expect(body.code).toBe(200);
    return body.data.user.id as number;
  };
  const existing = async (ids: number[]) => (await up().db.selectFrom('app_user').select('id').where('id', 'in', ids).orderBy('id').execute()).map((r) => r.id);
  const snapshot = async (): Promise<[number, number, number]> => [await countRows(up().db, 'app_user'), await countRows(up().db, 'user_role'), await countRows(up().db, 'audit_log')];

  beforeAll(async () => {
    const db = up().db;
    gc1Id = await orgIdOf(db, '长沙鑫诚融资担保有限公司');
    const idOf = async (u: string) => (await db.selectFrom('app_user').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
    [adminId, bankUserId] = await Promise.all([idOf('admin'), idOf('bank')]);
    admin = await up().login('admin');
    ({ id: managerId, token: manager } = await staffIn(up(), 'batchmanager', gc1Id, { pages: [PAGE], buttons: ['user::delete'] }));
    viewer = (await staffIn(up(), 'batchviewer', gc1Id, { pages: [PAGE] })).token;
    roleId = (await db.selectFrom('role').select('id').where('name', '=', 'batchviewer-role').executeTakeFirstOrThrow()).id;
  });

  it('deletes every selected account with its roles in one call, one audit line each (mobile masked)', async () => {
    const ids = [await fresh(), await fresh(), await fresh()];
    const res = await del({ ids: [...ids, ids[0]] });
    expect(res.body).toEqual({ code: 200, message: '操作成功', data: { count: 3 } });
    expect(await existing(ids)).toEqual([]);
    expect(await up().db.selectFrom('user_role').select('user_id').where('user_id', 'in', ids).execute()).toEqual([]);
    const audits = await up().db.selectFrom('audit_log').select(['actor_id', 'target_id', 'summary']).where('action', '=', 'user.delete')
      .where('target_id', 'in', ids.map(String)).orderBy('target_id').execute();
    expect(audits.map((a) => [a.actor_id, Number(a.target_id)])).toEqual(ids.map((id) => [managerId, id]));
    for (const { summary } of audits) {
      expect(summary).toMatchObject({ after: null, batch: 3, before: { org_id: gc1Id } });
      expect(JSON.stringify(summary)).not.toMatch(/1371234\d{4}/);
      expect(JSON.stringify(summary)).not.toContain('password');
    }
  });

  it('one account that signed in refuses the whole batch, naming it, and nothing changes', async () => {
    const ids = [await fresh(), await fresh(), await fresh()];
    const used = await fresh('used');
    await up().db.updateTable('app_user').set({ password_hash: (await up().db.selectFrom('app_user').select('password_hash').where('username', '=', 'batchviewer').executeTakeFirstOrThrow()).password_hash })
      .where('id', '=', used).execute();
    await up().login(`used${seq}`, 'staff1234');
    const before = await snapshot();
    const refused = await del({ ids: [ids[0], used, ids[1], ids[2]] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`用户“used${seq}”已登录过系统，不能删除，请改为注销`);
    const english = await del({ ids: [used, ids[0]] }, manager, 'en');
    expect(english.body.message).toBe(`User “used${seq}” has signed in before and cannot be deleted; write the account off instead`);
    expect(await existing([...ids, used])).toEqual([...ids, used].sort((a, b) => a - b));
    expect(await snapshot()).toEqual(before);
  });

  it('messages and actions keep an account too, each refusal saying which', async () => {
    const [a, b, c] = [await fresh(), await fresh(), await fresh()];
    await up().db.insertInto('message').values({ user_id: b, content: 'c' }).execute();
    const before = await snapshot();
    const withMessage = await del({ ids: [a, b] });
    expect(withMessage.status).toBe(409);
    expect(withMessage.body.message).toContain('已收到过消息');
    await up().db.insertInto('audit_log').values({ actor_id: c, action: 'test.act', target_type: 'test', target_id: null, summary: '{}' }).execute();
    const acted = await del({ ids: [a, c] });
    expect(acted.status).toBe(409);
    expect(acted.body.message).toContain('已有操作记录');
    expect(await existing([a, b, c])).toEqual([a, b, c]);
    expect(await countRows(up().db, 'app_user')).toBe(before[0]);
  });

  it('a row the caller may not touch refuses the batch: outside the scope (404), oneself or an admin (403), without the button (403)', async () => {
    const ids = [await fresh(), await fresh()];
    const before = await snapshot();
    expect((await del({ ids: [...ids, bankUserId] })).status).toBe(404);
    expect((await del({ ids: [...ids, 99999999] })).status).toBe(404);
    const self = await del({ ids: [ids[0], managerId] });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('不能对自己的账号执行该操作');
    expect((await del({ ids: [adminId, ids[1]] }, admin)).status).toBe(403);
    expect((await del({ ids }, viewer)).status).toBe(403);
    expect((await del({ ids })).status).toBe(200);
    expect(await existing(ids)).toEqual([]);
    expect((await snapshot())[0]).toBe(before[0] - 2);
  });

  it('refuses bad input with the field it concerns', async () => {
    const before = await snapshot();
    expectFields(await del({ ids: [] }), { ids: 'validation.batchIds' });
    expectFields(await del({}), { ids: 'validation.batchIds' });
    expectFields(await del({ id: managerId, ids: [managerId] }), { ids: 'validation.batchIds' });
    expectFields(await del({ ids: [1, 0] }), { 'ids.1': 'validation.id' });
    expectFields(await del({ ids: 'all' }), { ids: 'validation.batchIds' });
    expectFields(await del({ ids: Array.from({ length: 101 }, (_, i) => i + 1) }), { ids: 'validation.batchIds' });
    expect(await snapshot()).toEqual(before);
  });
});
