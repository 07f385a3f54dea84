import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { countRows, expectFields, staffIn } from './helpers';
import { createCase, key } from './workflow-fixtures';

const PAGE = '/admin/setting/agree';
type Row = { id: number; productCode: string; kind: string; title: string; body: string; state: string; version: number; signedCount: number };

describeUpstream('agreement templates (businessModelAgreement), preview and signing', (up) => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'guarantee', 'bank'] as const) tokens[name] = await up().login(name);
    tokens.viewer = (await staffIn(up(), 'agree-viewer', null, { pages: [PAGE] })).token;
  });
  const call = (path: string, body: object, who = 'admin') => up().call(`businessModelAgreement/${path}`, body, { token: tokens[who] });
  const loanContract = async (): Promise<Row> =>
    (await call('list', { pageNum: 1, pageSize: 10, productCode: 'PERSON-STD', kind: 'LOAN_CONTRACT' })).body.data.list[0];
  const personProduct = async () => (await up().db.selectFrom('loan_product').select('id').where('code', '=', 'PERSON-STD').where('current', '=', true).executeTakeFirstOrThrow()).id;

  it('seeds the four documents of every product', async () => {
    const data = (await call('list', { pageNum: 1, pageSize: 30 })).body.data;
    expect(data.total).toBe(12);
    const person = data.list.filter((r: Row) => r.productCode === 'PERSON-STD').map((r: Row) => r.kind).sort();
    expect(person).toEqual(['COUNTER_GUARANTEE', 'ENTRUSTED_GUARANTEE', 'GUARANTEE_CONTRACT', 'LOAN_CONTRACT']);
    expect((await call('list', { pageNum: 1, pageSize: 10 }, 'viewer')).status).toBe(200);
    expect((await call('list', { pageNum: 1, pageSize: 10 }, 'bank')).status).toBe(403);
  });

  it('previews a template filled from an application, the amount in capital numerals', async () => {
    const template = await loanContract();
    const app = await createCase(up().db);
    const res = await call('preview', { id: template.id, applicationId: app.id });
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ title: '借款合同', version: template.version, applicationNumber: app.number });
    const body: string = res.body.data.body;
    expect(body).toContain('借款人：测试申请人（身份证号：110101199003074514）');
    expect(body).toContain('人民币 贰拾万元整（小写：¥200,000.00）');
    expect(body).toContain('年利率 4.35%');
    expect(body).toContain('贷款人：中国工商银行长沙分行');
    expect(body).toContain('由 长沙鑫诚融资担保有限公司 提供担保');
    expect(body).toMatch(/签订日期：\d{4}年\d{2}月\d{2}日/);
    expect(body).not.toContain('{{');
    // The applications it can be filled from are searched by number or name.
    const found = (await call('applications', { keyword: app.number })).body.data;
    expect(found).toEqual([{ id: app.id, number: app.number, name: '测试申请人', productCode: null }]);
    expect((await call('preview', { id: template.id, applicationId: 99_999_999 })).status).toBe(404);
    expect((await call('preview', { id: 99_999_999, applicationId: app.id })).status).toBe(404);
  });

  it('refuses unknown placeholders, naming them; bad input writes nothing', async () => {
    const template = await loanContract();
    const before = await countRows(up().db, 'agreement_template');
    expectFields(await call('update', { id: template.id, version: template.version, title: template.title, body: '{{proposer.name}} {{ salary }} {{x.y}}' }),
      { body: 'validation.agreementPlaceholders|{"names":"{{salary}}, {{x.y}}"}' });
    expectFields(await call('add', { productCode: 'NOPE', kind: 'LOAN_CONTRACT', title: '合同', body: '{{amount}}' }), { productCode: 'validation.agreementProduct' });
    expectFields(await call('add', { productCode: 'PERSON-STD', kind: 'LOAN_CONTRACT', title: '合同', body: '{{amount}}' }), { kind: 'validation.agreementKindTaken' });
    expectFields(await call('add', { productCode: 'PERSON-STD', kind: 'OTHER', title: ' ', body: '' }),
      { kind: 'validation.agreementKind', title: 'validation.agreementTitle', body: 'validation.agreementBody' });
    expect(await countRows(up().db, 'agreement_template')).toBe(before);
    expect(await loanContract()).toEqual(template);
    expect((await call('update', { id: template.id, version: template.version, title: 'x', body: 'y' }, 'viewer')).status).toBe(403);
  });

  it('reSign records the template versions signed; the detail shows them; a signed template is not deleted; a stale version is 409', async () => {
    const template = await loanContract();
    const edited = await call('update', { id: template.id, version: template.version, title: '借款合同', body: `${template.body}\n附：{{number}}`, state: 'ENABLED' });
    expect(edited.body.data.version).toBe(template.version + 1);
    expect((await call('update', { id: template.id, version: template.version, title: '借款合同', body: 'x' })).status).toBe(409);

    const app = await createCase(up().db, { stage: 'GC_FIRST', assignee: 'guarantee' });
    await up().db.updateTable('application').set({ product_id: await personProduct() }).where('id', '=', app.id).execute();
    const signedNow = await up().call('businessClubFirstTrial/reSign', { id: app.id, version: app.version, key: key() }, { token: tokens.guarantee });
    expect(signedNow.body.code, signedNow.body.message).toBe(200);
    const detail = (await up().call('businessClubFirstTrial/unfold', { id: app.id }, { token: tokens.guarantee })).body.data;
    expect(detail.signedAgreements).toContainEqual({ kind: 'LOAN_CONTRACT', title: '借款合同', version: template.version + 1 });
    expect(detail.signedAgreements).toHaveLength(4);
    const kept = await up().db.selectFrom('agreement_template_version').select(['version', 'body']).where('template_id', '=', template.id).execute();
    expect(kept).toEqual([{ version: template.version + 1, body: `${template.body}\n附：{{number}}` }]);

    const row = await loanContract();
    expect(row.signedCount).toBe(1);
    expect((await call('del', { id: row.id, version: row.version })).status).toBe(409);
    const audit = await up().db.selectFrom('audit_log').select('summary').where('action', '=', 'agreement.update').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const summary = typeof audit.summary === 'string' ? JSON.parse(audit.summary) : audit.summary;
    expect(summary.after.version).toBe(template.version + 1);
  });

  it('deletes a template never signed', async () => {
    const row = (await call('list', { pageNum: 1, pageSize: 10, productCode: 'COMPANY-STD', kind: 'COUNTER_GUARANTEE' })).body.data.list[0];
    expect((await call('del', { id: row.id, version: row.version })).body.code).toBe(200);
    const again = await call('add', { productCode: 'COMPANY-STD', kind: 'COUNTER_GUARANTEE', title: '反担保合同', body: '反担保人：{{proposer.name}}' });
    expect(again.body.data).toMatchObject({ version: 1, signedCount: 0 });
  });
});
