import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { expectFields, userId } from './helpers';
import { createCase } from './workflow-fixtures';

describeUpstream('house property of the mortgage stage (business-house-property)', (up) => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'guarantee', 'guarantee2', 'bank', 'renshe']) tokens[name] = await up().login(name);
  });
  const call = (path: string, body: object, who: string) => up().call(`business-house-property/${path}`, body, { token: tokens[who] });

  /** A house-mortgage case waiting at GC_HOUSE with `assignee`, of guarantee company `guarantee`. */
  async function houseCase(assignee = 'guarantee', guarantee: 'gc1' | 'gc2' = 'gc1') {
    const app = await createCase(up().db, { stage: 'GC_HOUSE', assignee, method: 'HOUSE', guarantee });
    const house = await up().db.insertInto('house_property').values({
      application_id: app.id, certificate_no: '湘(2020)长沙市不动产权第0012345号', owner: '测试申请人', address: '长沙市岳麓区麓山路1号',
      area: 98.5, assessed_value: 800000, updated_at: new Date(),
    }).returning(['id', 'version']).executeTakeFirstOrThrow();
    return { app, house };
  }
  const edit = (id: number, version: number, extra: object = {}) => ({
    id, version, assessedValue: 850000, certificateNo: '湘(2020)长沙市不动产权第0012345号', mortgageNo: '湘(2026)长沙市不动产证明第0099887号',
    registeredOn: '2026-03-02', mortgageState: 'REGISTERED', ...extra,
  });

  it('the assignee records the valuation, certificate and mortgage registration; audited, versioned, read back everywhere', async () => {
    const { app, house } = await houseCase();
    const saved = await call('edit', edit(house.id, house.version), 'guarantee');
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ id: house.id, assessedValue: 850000, mortgageState: 'REGISTERED', mortgageNo: '湘(2026)长沙市不动产证明第0099887号', registeredOn: '2026-03-02', version: house.version + 1, editable: true, number: app.number });
    const info = (await up().call('business-house-property/getInfo', { id: app.id }, { token: tokens.guarantee })).body.data;
    expect(info[0]).toMatchObject({ assessedValue: 850000, mortgageNo: '湘(2026)长沙市不动产证明第0099887号' });
    const audit = await up().db.selectFrom('audit_log').select(['action', 'target_id', 'actor_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'house.edit', target_id: String(house.id), actor_id: await userId(up().db, 'guarantee') });

    // The same version again is stale, and changes nothing.
    expect((await call('edit', edit(house.id, house.version, { assessedValue: 1 }), 'guarantee')).status).toBe(409);
    expect(Number((await up().db.selectFrom('house_property').select('assessed_value').where('id', '=', house.id).executeTakeFirstOrThrow()).assessed_value)).toBe(850000);
  });

  it('nobody else edits: another reviewer of the company, another company, a bank; bad input is 422 and changes nothing', async () => {
    const { house } = await houseCase();
    expect((await call('edit', edit(house.id, house.version), 'guarantee2')).status).toBe(409);
    const other = await houseCase('guarantee', 'gc2');
    // guarantee works for the first company: the second's house does not exist for them.
    expect((await call('edit', edit(other.house.id, other.house.version), 'guarantee')).status).toBe(404);
    expect((await call('edit', edit(house.id, house.version), 'bank')).status).toBe(403);
    expectFields(await call('edit', { id: house.id, version: house.version, assessedValue: -5, certificateNo: '', mortgageState: 'REGISTERED' }, 'guarantee'), {
      assessedValue: 'validation.amount', certificateNo: 'validation.fieldRequired', mortgageNo: 'validation.fieldRequired', registeredOn: 'validation.date',
    });
    expectFields(await call('edit', edit(house.id, house.version, { mortgageState: 'SOLD' }), 'guarantee'), { mortgageState: 'validation.invalid' });
    const row = await up().db.selectFrom('house_property').select(['version', 'mortgage_state']).where('id', '=', house.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ version: house.version, mortgage_state: 'PENDING' });
  });

  it('a house whose case left the mortgage stage is no longer edited', async () => {
    const { app, house } = await houseCase();
    await up().db.updateTable('application').set({ stage: 'BANK_FIRST' }).where('id', '=', app.id).execute();
    expect((await call('edit', edit(house.id, house.version), 'guarantee')).status).toBe(409);
  });

  it('getPage and getNum: the houses of the company’s cases, searched, counted by state; waiting with me', async () => {
    const { app, house } = await houseCase();
    const page = (await call('getPage', { pageNum: 1, pageSize: 10, number: app.number }, 'guarantee')).body.data;
    expect(page).toMatchObject({ total: 1, list: [{ id: house.id, applicationId: app.id, owner: '测试申请人', editable: true, stage: 'GC_HOUSE' }] });
    const mine = (await call('getPage', { pageNum: 1, pageSize: 30, waiting: 'mine' }, 'guarantee')).body.data;
    expect(mine.list.every((h: { editable: boolean }) => h.editable)).toBe(true);
    expect(mine.list.some((h: { id: number }) => h.id === house.id)).toBe(true);
    const theirs = (await call('getPage', { pageNum: 1, pageSize: 10, number: app.number }, 'guarantee2')).body.data;
    expect(theirs.list[0].editable).toBe(false);
    const owner = (await call('getPage', { pageNum: 1, pageSize: 10, owner: '测试%' }, 'guarantee')).body.data;
    expect(owner.total).toBe(0);

    const num = (await call('getNum', {}, 'guarantee')).body.data;
    const counted = await up().db.selectFrom('house_property as h').innerJoin('application as a', 'a.id', 'h.application_id')
      .innerJoin('organization as o', 'o.id', 'a.guarantee_org_id').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('o.name', '=', '长沙鑫诚融资担保有限公司').executeTakeFirstOrThrow();
    expect(num.total).toBe(Number(counted.n));
    expect(num.PENDING + num.REGISTERED + num.RELEASED).toBe(num.total);
    expect(num.waiting).toBeGreaterThanOrEqual(1);
    expect((await call('getPage', { pageNum: 1, pageSize: 10 }, 'bank')).status).toBe(403);
    expect((await call('getNum', {}, 'renshe')).status).toBe(403);
    expectFields(await call('getPage', { pageNum: 0, pageSize: 7, mortgageState: 'X' }, 'guarantee'), {
      pageNum: 'validation.pageNum', pageSize: 'validation.pageSize', mortgageState: 'validation.invalid',
    });
  });

  it('plan and documents: the loan against the house’s value, the certificate and contracts', async () => {
    const { app, house } = await houseCase();
    await up().db.insertInto('application_file').values([
      { application_id: app.id, kind: 'HOUSE_CERTIFICATE', name: 'cert.jpg', mime: 'image/jpeg', size: 10, storage_key: randomUUID(), uploaded_by: null },
      { application_id: app.id, kind: 'ID_CARD', name: 'id.jpg', mime: 'image/jpeg', size: 10, storage_key: randomUUID(), uploaded_by: null },
    ]).execute();
    const plan = (await call('plan', { id: house.id }, 'guarantee')).body.data;
    expect(plan.assessedValue).toBe(800000);
    expect(plan.rows).toHaveLength(24);
    expect(plan.loanToValue[0]).toBe(0.25);
    expect(plan.loanToValue.at(-1)).toBe(0);
    const files = (await call('findRealEstateMaterials', { id: house.id }, 'guarantee')).body.data;
    expect(files.map((f: { kind: string }) => f.kind)).toEqual(['HOUSE_CERTIFICATE']);
    const other = await houseCase('guarantee', 'gc2');
    expect((await call('plan', { id: other.house.id }, 'guarantee')).status).toBe(404);
    expect((await call('findRealEstateMaterials', { id: other.house.id }, 'guarantee')).status).toBe(404);
    expectFields(await call('plan', { id: -1 }, 'guarantee'), { id: 'validation.id' });
  });
});
