import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { expectFields, userId } from './helpers';
import { createCase, key, ORGS } from './workflow-fixtures';

describeUpstream('workflow reads and the remaining actions', (up) => {
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'renshe', 'renshe2', 'guarantee', 'guarantee2', 'bank', 'bank2']) {
      tokens[name] = await up().login(name);
      ids[name] = await userId(up().db, name);
    }
  });
  const call = (path: string, body: object, who: string, method: 'GET' | 'POST' = 'POST') => up().call(path, body, { token: tokens[who], method });
  const trial = (path: string, body: object, who: string) => call(`businessClubFirstTrial/${path}`, body, who);

  it('pending counts: each stage for the caller’s organisations, the bank stages alone', async () => {
    const renshe = (await trial('approvalPendingCount', {}, 'renshe')).body.data;
    const waiting = await up().db.selectFrom('application').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('stage', '=', 'RS_FIRST').where('status', '=', 'IN_REVIEW').executeTakeFirstOrThrow();
    expect(renshe.RS_FIRST).toBe(Number(waiting.n));
    expect(renshe.BANK_FIRST).toBe(0);
    const bank = (await trial('bankApprovalPendingCount', {}, 'bank')).body.data;
    expect(Object.keys(bank).sort()).toEqual(['BANK_FIRST', 'BANK_SECOND', 'BANK_TRANSFER']);
    const bank1 = await up().db.selectFrom('application as a').innerJoin('organization as o', 'o.id', 'a.bank_org_id')
      .select((eb) => eb.fn.countAll<number>().as('n')).where('a.stage', '=', 'BANK_FIRST').where('a.status', '=', 'IN_REVIEW')
      .where('o.name', '=', '中国工商银行长沙分行').executeTakeFirstOrThrow();
    expect(bank.BANK_FIRST).toBe(Number(bank1.n));
    expect((await trial('approvalPendingCount', {}, 'admin')).body.data.RS_FIRST).toBe(Number(waiting.n));
  });

  it('the detail: every section, masked, with what the caller may do; reveal is audited', async () => {
    const app = await createCase(up().db);
    await up().db.insertInto('application_person').values([
      { application_id: app.id, role: 'SPOUSE', name: '李芳', id_number: '430102199205113420', mobile: '13700001111', gender: 'FEMALE', guarantor_id: null, share_ratio: null },
      { application_id: app.id, role: 'GUARANTOR', name: '王强', id_number: '430102198001011234', mobile: '13700002222', gender: 'MALE', guarantor_id: null, share_ratio: null },
    ]).execute();
    const detail = await trial('unfold', { id: app.id }, 'renshe');
    expect(detail.body.data).toMatchObject({
      number: app.number, idNumber: '110***********4514', mobile: '139****5678', rate: 0.0435, repaymentMethod: 'INTEREST_MONTHLY',
      can: { act: true, reveal: true }, rensheOrg: '长沙市人力资源和社会保障局',
    });
    expect((await trial('unfold', { id: app.id }, 'renshe2')).body.data.can.act).toBe(false);
    expect((await call('businessProposerInfo/getInfo', { id: app.id }, 'renshe')).body.data.number).toBe(app.number);
    expect((await call('business-proposer-mate/getInfo', { id: app.id }, 'renshe')).body.data).toMatchObject({ name: '李芳', idNumber: '430***********3420', mobile: '137****1111' });
    expect((await call('businessBondsmanPeople/getList', { id: app.id }, 'renshe')).body.data).toEqual([expect.objectContaining({ name: '王强', spouse: null })]);
    expect((await call('businessProposerInfo/getPartnerInfo', { id: app.id }, 'renshe')).body.data).toEqual([]);
    expect((await call('businessProposerInfo/getEmployee', { id: app.id }, 'renshe')).body.data).toEqual([]);
    expect((await call('business-house-property/getInfo', { id: app.id }, 'renshe')).body.data).toEqual([]);

    const revealed = await call('businessProposerInfo/reveal', { id: app.id, field: 'idNumber' }, 'renshe');
    expect(revealed.body.data).toEqual({ value: '110101199003074514' });
    const audit = await up().db.selectFrom('audit_log').select(['action', 'actor_id', 'target_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'application.reveal', actor_id: ids.renshe, target_id: String(app.id) });
    expectFields(await call('businessProposerInfo/reveal', { id: app.id, field: 'password' }, 'renshe'), { field: 'validation.invalid' });
  });

  it('a bank reviewer reads nothing of a case of another bank', async () => {
    const other = await createCase(up().db, { stage: 'BANK_FIRST', assignee: 'bank', bank: 'bank2' });
    for (const path of ['businessClubFirstTrial/unfold', 'businessClubFirstTrial/getPlan', 'businessApproveRecord/getList', 'business-proposer-mate/getInfo', 'businessBondsmanPeople/getList', 'business-house-property/getInfo', 'businessProposerInfo/getFileInfo']) {
      expect((await call(path, { id: other.id }, 'bank')).status, path).toBe(404);
    }
    expect((await call('businessClubFirstTrial/progressBar', { id: other.id }, 'bank', 'GET')).status).toBe(404);
    expect((await call('businessProposerInfo/reveal', { id: other.id, field: 'mobile' }, 'bank')).status).toBe(404);
  });

  it('a bank reviewer reads the cases of a branch while it lies under their bank: moved in, moved out, the next call knows', async () => {
    const db = up().db;
    const under = async (bank: string) => (await db.selectFrom('organization').select('id').where('name', '=', bank).executeTakeFirstOrThrow()).id;
    const branch = await db.insertInto('organization').values({ name: '建设银行岳麓支行', type: 'BANK', parent_id: await under(ORGS.bank2) })
      .returning('id').executeTakeFirstOrThrow();
    const app = await createCase(db, { stage: 'BANK_FIRST', assignee: 'bank2', bank: 'bank2' });
    await db.updateTable('application').set({ bank_org_id: branch.id }).where('id', '=', app.id).execute();
    const reads = async () => (await call('businessClubFirstTrial/unfold', { id: app.id }, 'bank')).status;
    expect([await reads(), await reads()]).toEqual([404, 404]);
    await db.updateTable('organization').set({ parent_id: await under(ORGS.bank1) }).where('id', '=', branch.id).execute();
    expect([await reads(), await reads()]).toEqual([200, 200]);
    await db.updateTable('organization').set({ parent_id: await under(ORGS.bank2) }).where('id', '=', branch.id).execute();
    expect(await reads()).toBe(404);
  });

  it('records: the history in order, the last approval, and remarks only on one’s own record', async () => {
    const app = await createCase(up().db);
    const checked = await trial('check', { id: app.id, version: app.version, key: key(), opinion: '材料齐全', nextUserId: ids.renshe2 }, 'renshe');
    const records = await call('businessApproveRecord/getList', { id: app.id }, 'renshe2');
    expect(records.body.data.map((r: { action: string }) => r.action)).toEqual(['SUBMIT', 'CHECK']);
    expect(records.body.data[1]).toMatchObject({ stage: 'RS_FIRST', toStage: 'RS_SECOND', actor: '人社审核员', targetUser: '人社复核员', opinion: '材料齐全' });
    const last = await call('businessClubFirstTrial/getLastApprovedResult', { id: app.id }, 'renshe2', 'GET');
    expect(last.body.data).toMatchObject({ id: checked.body.data.recordId, action: 'CHECK' });
    const remark = await call('businessApproveRecord/editRemark', { id: checked.body.data.recordId, remark: '已电话核实' }, 'renshe');
    expect(remark.body.data.remark).toBe('已电话核实');
    expect((await call('businessApproveRecord/editRemark', { id: checked.body.data.recordId, remark: 'x' }, 'renshe2')).status).toBe(409);
    expect((await call('businessApproveRecord/editRemark', { id: 99999999, remark: 'x' }, 'renshe')).status).toBe(404);
  });

  it('return, withdraw, quota and re-signing, each with one record', async () => {
    const returned = await createCase(up().db);
    expectFields(await trial('return', { id: returned.id, version: returned.version, key: key() }, 'renshe'), { opinion: 'validation.opinionRequired', documents: 'validation.documentsRequired' });
    expectFields(await trial('return', { id: returned.id, version: returned.version, key: key(), opinion: 'x', documents: [] }, 'renshe'), { documents: 'validation.documentsRequired' });
    expectFields(await trial('return', { id: returned.id, version: returned.version, key: key(), opinion: 'x', documents: ['PASSPORT'] }, 'renshe'), { 'documents.0': 'validation.documentsRequired' });
    const back = await trial('return', { id: returned.id, version: returned.version, key: key(), opinion: '请补充营业执照', documents: ['BUSINESS_LICENSE'] }, 'renshe');
    expect(back.body.data.application).toMatchObject({
      status: 'RETURNED', stage: 'RS_FIRST', assignee: { id: await userId(up().db, 'renshe') },
      awaited: { documents: ['BUSINESS_LICENSE'], note: '请补充营业执照', due: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) },
    });
    const withdrawing = await createCase(up().db);
    const withdrawn = await trial('withdraw', { id: withdrawing.id, version: withdrawing.version, key: key(), opinion: '申请人撤回' }, 'renshe');
    expect(withdrawn.body.data.application).toMatchObject({ status: 'WITHDRAWN', stage: null, assignee: null });

    const gc = await createCase(up().db, { stage: 'GC_FIRST', assignee: 'guarantee' });
    expectFields(await trial('updateGuaranteeQuota', { id: gc.id, version: gc.version, key: key(), quota: -5 }, 'guarantee'), { quota: 'validation.amount' });
    const quota = await trial('updateGuaranteeQuota', { id: gc.id, version: gc.version, key: key(), quota: 180000 }, 'guarantee');
    expect(quota.body.code).toBe(200);
    const resign = await trial('reSign', { id: gc.id, version: gc.version + 1, key: key() }, 'guarantee');
    expect(resign.body.code).toBe(200);
    const detail = (await trial('unfold', { id: gc.id }, 'guarantee')).body.data;
    expect(detail).toMatchObject({ guaranteeQuota: 180000, resignCount: 1, stage: 'GC_FIRST' });
    const actions = await up().db.selectFrom('approval_record').select('action').where('application_id', '=', gc.id).orderBy('id').execute();
    expect(actions.map((r) => r.action)).toEqual(['SUBMIT', 'QUOTA', 'RESIGN']);
    expect((await trial('reSign', { id: gc.id, version: gc.version + 2, key: key() }, 'guarantee2')).status).toBe(409);
  });

  it('the loan query: every case the caller may see, with the workbench searches', async () => {
    const mine = await createCase(up().db, { bank: 'bank1' });
    expect((await call('businessApproveRecord/loanUnfold', { pageNum: 1, pageSize: 10, number: mine.number }, 'admin')).body.data.list).toHaveLength(1);
    const loaned = await call('businessApproveRecord/loanUnfold', { pageNum: 1, pageSize: 30, status: 'LOANED' }, 'admin');
    expect(loaned.body.data.total).toBeGreaterThan(0);
    expect(loaned.body.data.list.every((r: { status: string }) => r.status === 'LOANED')).toBe(true);
    expect((await call('businessApproveRecord/loanUnfold', { pageNum: 1, pageSize: 10 }, 'bank')).status).toBe(403);
    expectFields(await call('businessApproveRecord/loanUnfold', { pageNum: 1, pageSize: 7 }, 'admin'), { pageSize: 'validation.pageSize' });
  });

  it('the workbench list: searches, the processed scope, overdue and bad input', async () => {
    const app = await createCase(up().db);
    const list = (body: object, who = 'renshe') => trial('getList', { stage: 'RS_FIRST', pageNum: 1, pageSize: 10, ...body }, who);
    expect((await list({ number: app.number })).body.data.list.map((r: { id: number }) => r.id)).toEqual([app.id]);
    expect((await list({ idNumber: '110101199003074514', mine: true })).body.data.list.some((r: { id: number }) => r.id === app.id)).toBe(true);
    await trial('check', { id: app.id, version: app.version, key: key(), nextUserId: ids.renshe2 }, 'renshe');
    expect((await list({ number: app.number })).body.data.list).toEqual([]);
    expect((await list({ number: app.number, scope: 'processed' })).body.data.list).toHaveLength(1);
    const overdue = (await list({ overdue: true, pageSize: 30 })).body.data.list;
    expect(overdue.every((r: { overdue: boolean }) => r.overdue)).toBe(true);
    expectFields(await list({ stage: 'NOWHERE' }), { stage: 'validation.stage' });
    expectFields(await list({ dateFrom: '2026/01/01' }), { dateFrom: 'validation.date' });
  });
});
