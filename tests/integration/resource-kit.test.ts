import { beforeAll, describe, expect, it } from 'vitest';
import { STAGES, type Stage } from '../../lib/workflow/stages';
import type { Page } from '../../lib/contract/common';
import type { OvertimeRow } from '../../lib/contract/flow';
import type { RoleRow } from '../../lib/contract/role';
import type { CallContext, AuthUser } from '../../upstream/core/call';
import { translator } from '../../upstream/core/i18n';
import { defaultOptions } from '../../upstream/options';
import { roleTable } from '../../upstream/modules/system/role';
import { describeUpstream } from './harness';
import { countRows, expectFields, userId } from './helpers';

/**
 * The service kit (upstream/core/resource) through the screens built on it: the time-out
 * settings (keyed by stage) through their calls, and the kit's batch removal and references
 * through the roles' table.
 */
describeUpstream('service kit for plain screens', (up) => {
  let admin: string;
  let adminId: number;
  const call = <T = unknown>(path: string, body: object, token = admin) => up().call<T>(path, body, { token });
  const list = async (body: object = {}) => (await call<Page<OvertimeRow>>('systemOvertimeConfig/list', { pageNum: 1, pageSize: 30, ...body })).body.data;
  const row = async (stage: Stage) => (await list({ stage })).list[0]!;
  const stored = (stage: Stage) => up().db.selectFrom('overtime_config').select(['days', 'remind', 'version']).where('stage', '=', stage).executeTakeFirst();
  const audits = async (action: string) => (await up().db.selectFrom('audit_log').select(['actor_id', 'target_type', 'target_id', 'summary'])
    .where('action', '=', action).orderBy('id').execute()).map((a) => ({ ...a, summary: typeof a.summary === 'string' ? JSON.parse(a.summary) : a.summary }));
  /** What a handler of the kit gets from the dispatcher, for the admin. */
  const context = (): CallContext<AuthUser> => ({
    db: up().db, options: defaultOptions, locale: 'zh-CN', t: translator('zh-CN'), clientIp: '10.0.0.1', now: new Date(),
    user: { id: adminId, username: 'admin', nickname: 'admin', type: 0, orgId: null, tokenId: 0, grantsVersion: 1 },
  });

  beforeAll(async () => {
    admin = await up().login('admin');
    adminId = await userId(up().db, 'admin');
  });

  describe('a list', () => {
    it('pages the rows in the screen’s order, with the total and the page count', async () => {
      const first = await list({ pageSize: 5 });
      const second = await list({ pageSize: 5, pageNum: 2 });
      expect(first).toMatchObject({ total: STAGES.length, totalPage: Math.ceil(STAGES.length / 5) });
      expect(first).not.toHaveProperty('capped');
      expect([...first.list, ...second.list].map((r) => r.stage)).toEqual([...STAGES]);
      expect((await list({ pageSize: 5, pageNum: 3 })).list).toEqual([]);
    });

    it('searches by its filters; a blank filter is no filter', async () => {
      expect((await list({ stage: 'GC_FIRST' })).list.map((r) => r.stage)).toEqual(['GC_FIRST']);
      expect((await list({ stage: '' })).total).toBe(STAGES.length);
    });

    it('sorts by the order asked, ties by the key', async () => {
      const ids = (page: Page<RoleRow>) => page.list.map((r) => r.id);
      const ascending = await roleTable.list(context(), { pageNum: 1, pageSize: 30 });
      const descending = await roleTable.list(context(), { pageNum: 1, pageSize: 30, order: '-id' });
      expect(ids(ascending)).toEqual([...ids(ascending)].sort((a, b) => a - b));
      expect(ids(descending)).toEqual([...ids(ascending)].reverse());
    });

    it('refuses bad paging or filters with the field keys', async () => {
      expectFields(await call('systemOvertimeConfig/list', { pageNum: 0, pageSize: 7, stage: 'NOPE' }),
        { pageNum: 'validation.pageNum', pageSize: 'validation.pageSize', stage: 'validation.stage' });
    });
  });

  describe('changes', () => {
    it('adds a row by its natural key with one audit line; a key taken is 422 and writes nothing', async () => {
      const { version } = await row('GC_HOUSE');
      expect((await call('systemOvertimeConfig/del', { stage: 'GC_HOUSE', version })).body.code).toBe(200);
      const lines = (await audits('overtime.create')).length;
      const added = await call<OvertimeRow>('systemOvertimeConfig/add', { stage: 'GC_HOUSE', days: 7 });
      expect(added.body.data).toMatchObject({ stage: 'GC_HOUSE', days: 7, remind: true, overdue: expect.any(Number), version: 1 });
      const created = await audits('overtime.create');
      expect(created).toHaveLength(lines + 1);
      expect(created.at(-1)).toEqual({
        actor_id: adminId, target_type: 'overtime', target_id: 'GC_HOUSE', summary: { before: null, after: { days: 7, remind: true, version: 1 } },
      });
      const rows = await countRows(up().db, 'overtime_config');
      expectFields(await call('systemOvertimeConfig/add', { stage: 'GC_HOUSE', days: 3 }), { stage: 'validation.overtimeStageTaken' });
      expect(await countRows(up().db, 'overtime_config')).toBe(rows);
      expect(await stored('GC_HOUSE')).toEqual({ days: 7, remind: true, version: 1 });
      expect(await audits('overtime.create')).toHaveLength(lines + 1);
    });

    it('two adds of one key at once: one is added, the other refused as taken', async () => {
      const { version } = await row('BANK_TRANSFER');
      await call('systemOvertimeConfig/del', { stage: 'BANK_TRANSFER', version });
      const answers = await Promise.all([4, 5].map((days) => call('systemOvertimeConfig/add', { stage: 'BANK_TRANSFER', days, remind: true })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
      expect(answers.find((a) => a.status === 422)!.body.data).toEqual({ fields: { stage: 'validation.overtimeStageTaken' } });
      expect(await countRows(up().db, 'overtime_config')).toBe(STAGES.length);
    });

    it('updates with the version read, one audit line with before and after; a stale version is 409 with nothing changed', async () => {
      const before = await row('RS_FINAL');
      const lines = (await audits('overtime.update')).length;
      const updated = await call<OvertimeRow>('systemOvertimeConfig/update', { stage: 'RS_FINAL', days: before.days + 1, remind: false, version: before.version });
      expect(updated.body.data).toMatchObject({ stage: 'RS_FINAL', days: before.days + 1, remind: false, version: before.version + 1 });
      expect((await audits('overtime.update')).slice(lines)).toEqual([{
        actor_id: adminId, target_type: 'overtime', target_id: 'RS_FINAL',
        summary: { before: { days: before.days, remind: before.remind, version: before.version }, after: { days: before.days + 1, remind: false, version: before.version + 1 } },
      }]);

      const stale = await call('systemOvertimeConfig/update', { stage: 'RS_FINAL', days: 2, remind: true, version: before.version });
      expect(stale).toMatchObject({ status: 409, body: { code: 409, message: '数据已被他人修改，请刷新后重试' } });
      expect(await stored('RS_FINAL')).toEqual({ days: before.days + 1, remind: false, version: before.version + 1 });
      expect(await audits('overtime.update')).toHaveLength(lines + 1);
    });

    it('refuses bad input with the field keys and changes nothing', async () => {
      const before = await row('RS_FIRST');
      expectFields(await call('systemOvertimeConfig/update', { stage: 'RS_FIRST', days: 0, remind: 'yes', version: before.version }),
        { days: 'validation.timeLimit', remind: 'validation.invalid' });
      expectFields(await call('systemOvertimeConfig/add', { stage: 'NOPE', days: 3 }), { stage: 'validation.stage' });
      expectFields(await call('systemOvertimeConfig/del', { stage: 'RS_FIRST' }), { version: 'validation.version' });
      expect(await stored('RS_FIRST')).toEqual({ days: before.days, remind: before.remind, version: before.version });
    });

    it('deletes with the version read, audited with the row before; stale is 409 and a row gone is 404', async () => {
      const before = await row('GC_SECOND');
      expect((await call('systemOvertimeConfig/del', { stage: 'GC_SECOND', version: before.version + 1 })).status).toBe(409);
      expect(await stored('GC_SECOND')).toBeDefined();
      expect((await call('systemOvertimeConfig/del', { stage: 'GC_SECOND', version: before.version })).body).toMatchObject({ code: 200, data: null });
      expect(await stored('GC_SECOND')).toBeUndefined();
      expect((await audits('overtime.delete')).at(-1)).toMatchObject({
        target_id: 'GC_SECOND', summary: { before: { days: before.days, remind: before.remind, version: before.version }, after: null },
      });
      expect((await call('systemOvertimeConfig/del', { stage: 'GC_SECOND', version: before.version })).status).toBe(404);
      expect((await call('systemOvertimeConfig/update', { stage: 'GC_SECOND', days: 3, remind: true, version: before.version })).status).toBe(404);
      await call('systemOvertimeConfig/add', { stage: 'GC_SECOND', days: before.days, remind: before.remind });
    });
  });

  describe('removal while referenced, and batches', () => {
    const newRole = async (name: string) => (await call<RoleRow>('role/saveOrUpdate', { name })).body.data;

    it('refuses to delete a row something refers to, the message naming what and how many', async () => {
      const held = await newRole('套件-在用角色');
      const holder = await userId(up().db, 'renshe');
      await up().db.insertInto('user_role').values({ user_id: holder, role_id: held.id }).execute();
      const refused = await call('role/del', { id: held.id });
      expect(refused).toMatchObject({ status: 409, body: { code: 409, message: '该角色仍有 1 个用户在使用，不能删除' } });
      expect((await up().call('role/del', { id: held.id }, { token: admin, locale: 'en' })).body.message).toBe('1 user still holds this role; it cannot be deleted');
      expect(await up().db.selectFrom('role').select('id').where('id', '=', held.id).executeTakeFirst()).toEqual({ id: held.id });
    });

    it('removes a batch in one transaction: one row refused refuses them all, naming it', async () => {
      const free = await newRole('套件-空闲角色');
      const held = await newRole('套件-占用角色');
      await up().db.insertInto('user_role').values([{ user_id: await userId(up().db, 'bank'), role_id: held.id }, { user_id: await userId(up().db, 'bank2'), role_id: held.id }]).execute();
      const lines = (await audits('role.delete')).length;
      const refusal = await roleTable.removeMany(context(), { items: [{ id: free.id, version: 1 }, { id: held.id, version: 1 }] }).catch((error: unknown) => error);
      expect(refusal).toMatchObject({ code: 409, key: 'roleInUse', params: { count: 2, name: '套件-占用角色' } });
      expect(await up().db.selectFrom('role').select('id').where('id', 'in', [free.id, held.id]).execute()).toHaveLength(2);
      expect(await audits('role.delete')).toHaveLength(lines);

      const stale = await roleTable.removeMany(context(), { items: [{ id: free.id, version: 2 }] }).catch((error: unknown) => error);
      expect(stale).toMatchObject({ code: 409, key: 'conflict' });

      const other = await newRole('套件-另一角色');
      expect(await roleTable.removeMany(context(), { items: [{ id: other.id, version: 1 }, { id: free.id, version: 1 }, { id: free.id, version: 1 }] })).toEqual({ count: 2 });
      expect(await up().db.selectFrom('role').select('id').where('id', 'in', [free.id, other.id]).execute()).toEqual([]);
      const deleted = (await audits('role.delete')).slice(lines);
      expect(deleted.map((a) => a.target_id).sort()).toEqual([String(free.id), String(other.id)].sort());
      expect(deleted[0]!.summary).toMatchObject({ before: { version: 1, permissionIds: [] }, after: null });
    });

    it('keeps unique rules without an index under concurrent saves: one name in six cases, one is added', async () => {
      const names = ['Risk', 'RISK', 'risk', 'rIsk', 'riSk', 'risK'].map((name) => `套件-${name}`);
      const answers = await Promise.all(names.map((name) => call('role/saveOrUpdate', { name })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422, 422, 422, 422]);
      for (const refused of answers.filter((a) => a.status === 422)) expect(refused.body.data).toEqual({ fields: { name: 'validation.roleNameTaken' } });
      const stored = await up().db.selectFrom('role').select('name').where('name', 'ilike', '套件-risk').execute();
      expect(stored).toHaveLength(1);
    });
  });
});
