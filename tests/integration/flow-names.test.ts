import { Migrator } from 'kysely/migration';
import { beforeAll, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../upstream/db';
import { migrations } from '../../upstream/db/migrations';
import { describeUpstream } from './harness';
import { expectFields } from './helpers';
import { createCase } from './workflow-fixtures';

/** approvalModule names are unique per borrower type (ignoring case and deleted flows), also under concurrent saves. */
describeUpstream('approval flow names', (up) => {
  let admin: string;
  beforeAll(async () => { admin = await up().login('admin'); });
  const call = (path: string, body: object) => up().call(path, body, { token: admin });
  const flows = async (name: string) => up().db.selectFrom('approval_module').select(['id', 'borrower_type']).where('name', '=', name).where('deleted_at', 'is', null).execute();

  it('20 adds of one name at once make one flow; the others are told the name is taken', async () => {
    const name = `并发流程${Date.now() % 100000}`;
    const results = await Promise.all(Array.from({ length: 20 }, () => call('approvalModule/add', { name, borrowerType: 'SMALL_COMPANY' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const res of results.filter((r) => r.status !== 200)) expectFields(res, { name: 'validation.flowNameTaken' });
    expect(await flows(name)).toHaveLength(1);
  });

  it('names are unique per borrower type, whatever the case and spaces; a deleted flow’s name is free again', async () => {
    const added = await call('approvalModule/add', { name: 'Flow Alpha', borrowerType: 'PERSON' });
    expect(added.body.code).toBe(200);
    for (const name of ['Flow Alpha', ' flow alpha ', 'FLOW ALPHA']) {
      expectFields(await call('approvalModule/add', { name, borrowerType: 'PERSON' }), { name: 'validation.flowNameTaken' });
    }
    expect((await call('approvalModule/add', { name: 'Flow Alpha', borrowerType: 'PARTNERSHIP' })).body.code).toBe(200);
    expect((await call('approvalModule/del', { id: added.body.data.id, version: added.body.data.version })).body.code).toBe(200);
    expect((await call('approvalModule/add', { name: 'Flow Alpha', borrowerType: 'PERSON' })).body.code).toBe(200);
    expect((await flows('Flow Alpha')).map((f) => f.borrower_type).sort()).toEqual(['PARTNERSHIP', 'PERSON']);
  });

  it('an update to a name taken in the type is refused; keeping or recasing its own name is not', async () => {
    const a = (await call('approvalModule/add', { name: 'Rename A', borrowerType: 'PERSON' })).body.data;
    const b = (await call('approvalModule/add', { name: '改名乙', borrowerType: 'PERSON' })).body.data;
    expectFields(await call('approvalModule/update', { id: b.id, version: b.version, name: 'rename a' }), { name: 'validation.flowNameTaken' });
    expectFields(await call('approvalModule/update', { id: b.id, version: b.version, name: '个人创业担保贷款' }), { name: 'validation.flowNameTaken' });
    const same = await call('approvalModule/update', { id: a.id, version: a.version, name: 'Rename A', description: '说明' });
    expect(same.body.data).toMatchObject({ name: 'Rename A', description: '说明' });
    const recased = await call('approvalModule/update', { id: a.id, version: same.body.data.version, name: 'RENAME A' });
    expect(recased.body.data).toMatchObject({ name: 'RENAME A' });
    const both = await Promise.all([
      call('approvalModule/update', { id: a.id, version: recased.body.data.version, name: '改名丙' }),
      call('approvalModule/update', { id: b.id, version: b.version, name: '改名丙' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await flows('改名丙')).toHaveLength(1);
  });

  it('a flow keeps an English name beside its Chinese one; leaving it out or enabling the flow keeps what the form sent', async () => {
    const seeded = (await call('approvalModule/getList', { pageNum: 1, pageSize: 30, state: 'ENABLED' })).body.data.list;
    expect(seeded.find((m: { borrowerType: string }) => m.borrowerType === 'PERSON')).toMatchObject({ name: '个人创业担保贷款', nameEn: 'Personal start-up guarantee loan' });
    const added = await call('approvalModule/add', { name: '英文名流程', nameEn: ' Flow with a name ', borrowerType: 'PARTNERSHIP' });
    expect(added.body.data).toMatchObject({ name: '英文名流程', nameEn: 'Flow with a name' });
    const plain = await call('approvalModule/add', { name: '只有中文名', borrowerType: 'PARTNERSHIP' });
    expect(plain.body.data).toMatchObject({ nameEn: '' });
    expectFields(await call('approvalModule/add', { name: '太长', nameEn: 'x'.repeat(65), borrowerType: 'PARTNERSHIP' }), { nameEn: 'validation.tooLong' });
    const renamed = await call('approvalModule/update', { id: added.body.data.id, version: added.body.data.version, name: '英文名流程', nameEn: 'Renamed flow' });
    expect(renamed.body.data).toMatchObject({ nameEn: 'Renamed flow' });
    const found = async (name: string) => (await call('approvalModule/getList', { pageNum: 1, pageSize: 30, name })).body.data.list.map((m: { id: number }) => m.id);
    expect(await found('renamed FLOW')).toEqual([added.body.data.id]);
    expect(await found('英文名')).toEqual([added.body.data.id]);
    const audit = await up().db.selectFrom('audit_log').select('summary').where('target_type', '=', 'flow').where('target_id', '=', String(added.body.data.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.summary)).toContain('Renamed flow');
  });

  it('a case names its flow and its refusal reason in the reader\'s language', async () => {
    const app = await createCase(up().db);
    const reason = await up().db.selectFrom('refuse_reason').select(['id', 'content', 'content_en']).where('content_en', '<>', '').executeTakeFirstOrThrow();
    await up().db.updateTable('application').set({ refuse_reason_id: reason.id }).where('id', '=', app.id).execute();
    const detail = async (locale: string) => (await up().call('businessProposerInfo/getInfo', { id: app.id }, { token: admin, locale })).body.data;
    expect(await detail('en')).toMatchObject({ moduleName: 'Personal start-up guarantee loan', refuseReason: reason.content_en });
    expect(await detail('zh-CN')).toMatchObject({ moduleName: '个人创业担保贷款', refuseReason: reason.content });
  });

  it('migration 0032 gives the seeded flows their English names', async () => {
    const other = await openDatabase({ dataDir: 'memory://' });
    try {
      await new Migrator({ db: other.db, provider: { getMigrations: async () => migrations } }).migrateTo('0031_region_names');
      await other.db.insertInto('approval_module').values({ name: '小微企业创业担保贷款', borrower_type: 'SMALL_COMPANY', state: 'DISABLED', updated_at: new Date() }).execute();
      await other.db.insertInto('approval_module').values({ name: '自建流程', borrower_type: 'PERSON', state: 'DISABLED', updated_at: new Date() }).execute();
      await migrate(other.db);
      const rows = await other.db.selectFrom('approval_module').select(['name', 'name_en']).orderBy('id').execute();
      expect(rows).toEqual([{ name: '小微企业创业担保贷款', name_en: 'Small business start-up guarantee loan' }, { name: '自建流程', name_en: '' }]);
    } finally {
      await other.close();
    }
  });

  it('the migration renames flows that shared a name before, so the rule holds for them too', async () => {
    const other = await openDatabase({ dataDir: 'memory://' });
    try {
      await new Migrator({ db: other.db, provider: { getMigrations: async () => migrations } }).migrateTo('0007_flow_config');
      const add = (name: string, borrower_type: 'PERSON' | 'PARTNERSHIP', deleted = false) => other.db.insertInto('approval_module')
        .values({ name, borrower_type, state: 'DISABLED', updated_at: new Date(), deleted_at: deleted ? new Date() : null }).returning('id').executeTakeFirstOrThrow();
      const first = await add('重名流程', 'PERSON');
      const second = await add('重名流程', 'PERSON');
      const recased = await add('Same Flow', 'PERSON');
      const again = await add('same flow', 'PERSON');
      await add('重名流程', 'PARTNERSHIP');
      await add('重名流程', 'PERSON', true);
      await migrate(other.db);
      const names = await other.db.selectFrom('approval_module').select(['id', 'name', 'borrower_type', 'deleted_at']).orderBy('id').execute();
      expect(names.map((m) => m.name)).toEqual(['重名流程', `重名流程 (${second.id})`, 'Same Flow', `same flow (${again.id})`, '重名流程', '重名流程']);
      expect(names[0]!.id).toBe(first.id);
      expect(names[2]!.id).toBe(recased.id);
    } finally {
      await other.close();
    }
  });
});
