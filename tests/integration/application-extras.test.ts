import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { expectFields, orgIdOf, userId } from './helpers';
import { createCase, key, ORGS } from './workflow-fixtures';
import { readXlsx } from './xlsx-reader';
import { openMissingAccounts } from '../../upstream/modules/loans/backfill';

describeUpstream('application calls: status dictionary, state, records, people, files, bank first review, quotas', (up) => {
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'renshe', 'renshe2', 'guarantee', 'guarantee2', 'bank', 'bank2']) {
      tokens[name] = await up().login(name);
      ids[name] = await userId(up().db, name);
    }
  });
  const call = (path: string, body: object, who: string, locale?: string) => up().call(path, body, { token: tokens[who], locale });

  it('approvalStatus: every stage of review and every status, labelled in the caller’s language', async () => {
    const zh = (await call('businessApproveRecord/approvalStatus', {}, 'bank')).body.data;
    expect(zh).toHaveLength(16);
    expect(zh[0]).toEqual({ value: 'IN_REVIEW:RS_FIRST', status: 'IN_REVIEW', stage: 'RS_FIRST', label: expect.stringContaining('人社初审'), color: 'processing' });
    expect(zh.find((e: { value: string }) => e.value === 'LOANED')).toMatchObject({ stage: null, color: 'green' });
    const en = (await call('businessApproveRecord/approvalStatus', {}, 'bank', 'en')).body.data;
    expect(en.find((e: { value: string }) => e.value === 'REFUSED').label).toMatch(/refused/i);
    expect((await up().call('businessApproveRecord/approvalStatus', {})).status).toBe(401);
  });

  it('state: where a case stands, with the working days it waited; nothing of another bank’s case', async () => {
    const app = await createCase(up().db, { stage: 'BANK_FIRST', assignee: 'bank' });
    // Entered on Friday 2026-03-06 (China time), read on Tuesday 2026-03-10: Monday and Tuesday are two working days.
    await up().db.updateTable('application').set({ entered_at: new Date('2026-03-06T02:00:00Z'), deadline: new Date('2026-03-09T02:00:00Z') }).where('id', '=', app.id).execute();
    const state = (await call('businessApproveRecord/state', { id: app.id }, 'bank')).body.data;
    expect(state).toMatchObject({ id: app.id, status: 'IN_REVIEW', stage: 'BANK_FIRST', value: 'IN_REVIEW:BANK_FIRST', assignee: '银行审核员', overdue: true, records: 1, version: app.version });
    expect(state.waitingDays).toBeGreaterThanOrEqual(2);
    const other = await createCase(up().db, { stage: 'BANK_FIRST', assignee: 'bank2', bank: 'bank2' });
    expect((await call('businessApproveRecord/state', { id: other.id }, 'bank')).status).toBe(404);
    expectFields(await call('businessApproveRecord/state', { id: 'x' }, 'bank'), { id: 'validation.id' });
  });

  it('infoList: records of cases in scope, searched by case, stage, action, actor and day', async () => {
    const app = await createCase(up().db);
    await call('businessClubFirstTrial/check', { id: app.id, version: app.version, key: key(), opinion: '材料齐全', nextUserId: ids.renshe2 }, 'renshe');
    const found = (await call('businessApproveRecord/infoList', { pageNum: 1, pageSize: 10, number: app.number }, 'renshe')).body.data;
    expect(found.total).toBe(2);
    expect(found.list[0]).toMatchObject({ applicationId: app.id, number: app.number, action: 'CHECK', stage: 'RS_FIRST', actor: '人社审核员', opinion: '材料齐全' });
    const checks = (await call('businessApproveRecord/infoList', { pageNum: 1, pageSize: 10, number: app.number, action: 'CHECK', actor: '人社审核' }, 'renshe')).body.data;
    expect(checks.list.map((r: { action: string }) => r.action)).toEqual(['CHECK']);
    expect((await call('businessApproveRecord/infoList', { pageNum: 1, pageSize: 10, number: app.number, stage: 'GC_FIRST' }, 'renshe')).body.data.total).toBe(0);
    // A case of another bank is no record of this one's.
    const other = await createCase(up().db, { bank: 'bank2' });
    expect((await call('businessApproveRecord/infoList', { pageNum: 1, pageSize: 10, number: other.number }, 'bank')).body.data.total).toBe(0);
    expect((await call('businessApproveRecord/infoList', { pageNum: 1, pageSize: 10, number: other.number }, 'admin')).body.data.total).toBe(1);
    expectFields(await call('businessApproveRecord/infoList', { pageNum: 1, pageSize: 10, action: 'DANCE', dateFrom: '2026-13-01' }, 'renshe'), { action: 'validation.invalid', dateFrom: 'validation.date' });
    expect((await call('businessApproveRecord/infoList', { pageNum: 1, pageSize: 10 }, 'guarantee')).status).toBe(200);
  });

  it('getPersonAndAmount: the people of a stage in scope with the cases and amount waiting with them', async () => {
    await createCase(up().db, { stage: 'BANK_FIRST', assignee: 'bank' });
    const people = (await call('businessApproveRecord/getPersonAndAmount', { stage: 'BANK_FIRST' }, 'bank')).body.data;
    const waiting = await up().db.selectFrom('application').select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<string>('amount').as('amount')])
      .where('assignee_id', '=', ids.bank!).where('stage', '=', 'BANK_FIRST').where('status', '=', 'IN_REVIEW').executeTakeFirstOrThrow();
    expect(people.find((p: { id: number }) => p.id === ids.bank)).toMatchObject({ pending: Number(waiting.n), amount: Number(waiting.amount) });
    expect(people.every((p: { orgName: string }) => p.orgName === ORGS.bank1)).toBe(true);
    expect((await call('businessApproveRecord/getPersonAndAmount', { stage: 'BANK_FIRST' }, 'renshe')).status).toBe(403);
    expectFields(await call('businessApproveRecord/getPersonAndAmount', { stage: 'NOWHERE' }, 'admin'), { stage: 'validation.stage' });
  });

  it('a guarantor’s spouse (mate), files by kind and the bank’s first review; nothing across banks', async () => {
    const app = await createCase(up().db, { stage: 'BANK_SECOND', assignee: 'bank2' });
    const [guarantor] = await up().db.insertInto('application_person').values({ application_id: app.id, role: 'GUARANTOR', name: '王强', id_number: '430102198001011234', mobile: '13700002222', gender: 'MALE', guarantor_id: null, share_ratio: null }).returning('id').execute();
    await up().db.insertInto('application_person').values({ application_id: app.id, role: 'GUARANTOR_SPOUSE', name: '赵敏', id_number: '430102198203041229', mobile: '13700003333', gender: 'FEMALE', guarantor_id: guarantor!.id, share_ratio: null }).execute();
    await up().db.insertInto('application_file').values([
      { application_id: app.id, kind: 'ID_CARD', name: 'id.jpg', mime: 'image/jpeg', size: 10, storage_key: randomUUID(), uploaded_by: null },
      { application_id: app.id, kind: 'CONTRACT', name: 'contract.pdf', mime: 'application/pdf', size: 20, storage_key: randomUUID(), uploaded_by: null },
    ]).execute();
    await up().db.insertInto('approval_record').values({
      application_id: app.id, action: 'CHECK', node_id: null, stage: 'BANK_FIRST', from_status: 'IN_REVIEW', to_status: 'IN_REVIEW', to_node_id: null, to_stage: 'BANK_SECOND',
      actor_id: ids.bank, actor_org_id: await orgIdOf(up().db, ORGS.bank1), target_user_id: ids.bank2, opinion: '同意放款', refuse_reason_id: null, details: null, idempotency_key: randomUUID(),
    }).execute();

    const mate = (await call('businessBondsmanPeople/mate', { id: guarantor!.id }, 'bank')).body.data;
    expect(mate).toMatchObject({ name: '赵敏', idNumber: '430***********1229', mobile: '137****3333' });
    const files = (await call('businessClubFirstTrial/getFiles', { id: app.id }, 'bank')).body.data;
    expect(files.map((g: { kind: string; files: unknown[] }) => [g.kind, g.files.length])).toEqual([['CONTRACT', 1], ['ID_CARD', 1]]);
    expect((await call('businessClubFirstTrial/getFiles', { id: app.id, kind: 'ID_CARD' }, 'bank')).body.data).toHaveLength(1);
    const first = (await call('businessClubFirstTrial/getBankFirst', { id: app.id }, 'bank')).body.data;
    expect(first).toMatchObject({ record: { action: 'CHECK', stage: 'BANK_FIRST', opinion: '同意放款', actor: '银行审核员' }, amount: 200000, bankOrg: ORGS.bank1 });

    const other = await createCase(up().db, { stage: 'BANK_FIRST', assignee: 'bank2', bank: 'bank2' });
    for (const path of ['businessClubFirstTrial/getFiles', 'businessClubFirstTrial/getBankFirst', 'businessApproveRecord/state']) {
      expect((await call(path, { id: other.id }, 'bank')).status, path).toBe(404);
    }
    expect((await call('businessBondsmanPeople/mate', { id: guarantor!.id }, 'renshe')).status).toBe(200);
    expect((await call('businessBondsmanPeople/mate', { id: 99_999_999 }, 'bank')).status).toBe(404);
    expectFields(await call('businessClubFirstTrial/getFiles', { id: app.id, kind: 'a\u0000b' }, 'bank'), { kind: 'validation.controlChar' });
  });

  it('getBondingCompanyList and its export: quota, the balance guaranteed on a day, what is left; a company sees only itself', async () => {
    const gc1 = await orgIdOf(up().db, ORGS.gc1);
    const app = await createCase(up().db, { guarantee: 'gc1' });
    await up().db.updateTable('application').set({ status: 'LOANED', stage: null, node_id: null, assignee_id: null, loan_amount: 150000, loan_date: '2015-01-15', term_months: 24 })
      .where('id', '=', app.id).execute();
    await openMissingAccounts(up().db);
    // Long before the demo's loans: the one loan of the company then.
    const before = (await call('businessClubFirstTrial/getBondingCompanyList', { date: '2015-01-14' }, 'admin')).body.data;
    const on = (await call('businessClubFirstTrial/getBondingCompanyList', { date: '2015-01-15' }, 'admin')).body.data;
    const after = (await call('businessClubFirstTrial/getBondingCompanyList', { date: '2017-01-15' }, 'admin')).body.data;
    const company = (data: { list: { orgId: number; used: number; loans: number; left: number | null; quota: number | null }[] }) => data.list.find((c) => c.orgId === gc1)!;
    expect(company(before)).toMatchObject({ used: 0, loans: 0 });
    expect(company(on)).toMatchObject({ used: 150000, loans: 1, left: 60_000_000 - 150000 });
    expect(company(on).quota).toBe(60_000_000);
    // Past its term it is guaranteed until the bank reports its last period; then no longer.
    expect(company(after)).toMatchObject({ used: 150000, loans: 1 });
    const account = (await call('loanAccount/getInfo', { id: app.id }, 'admin')).body.data;
    const last = account.schedule.at(-1);
    const paid = await call('loanAccount/repay', {
      id: app.id, version: account.account.version, key: randomUUID(), reportId: 'LAST-1', kind: 'PERIOD', period: last.period, paidOn: last.dueDate,
      principal: last.principal, interest: last.interest,
    }, 'bank');
    expect(paid.body.code, paid.body.message).toBe(200);
    expect(company((await call('businessClubFirstTrial/getBondingCompanyList', { date: '2017-01-15' }, 'admin')).body.data)).toMatchObject({ used: 150000, loans: 1 });
    expect(company((await call('businessClubFirstTrial/getBondingCompanyList', { date: '2017-02-15' }, 'admin')).body.data)).toMatchObject({ used: 0, loans: 0 });

    const own = (await call('businessClubFirstTrial/getBondingCompanyList', {}, 'guarantee')).body.data;
    expect(own.list.map((c: { name: string }) => c.name)).toEqual([ORGS.gc1]);
    expect((await call('businessClubFirstTrial/getBondingCompanyList', {}, 'bank')).status).toBe(403);
    expectFields(await call('businessClubFirstTrial/getBondingCompanyList', { date: '2026-02-30' }, 'admin'), { date: 'validation.date' });

    const file = await up().request('guaranteeCompany/export', { date: '2015-01-15' }, { token: tokens.admin, locale: 'en' });
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const sheet = Object.values(readXlsx(new Uint8Array(await file.arrayBuffer())))[0]!;
    expect(sheet[0]).toEqual(['Guarantee company', 'Quota (yuan)', 'Outstanding loans', 'Balance guaranteed (yuan)', 'Quota left (yuan)', 'Approved, awaiting loan', 'Awaiting loan (yuan)']);
    expect(sheet.find((row) => row[0] === ORGS.gc1)?.slice(1, 5)).toEqual([60_000_000, 1, 150000, 60_000_000 - 150000]);
    expect((await up().call('guaranteeCompany/export', {}, { token: tokens.guarantee })).status).toBe(403);
  });
});
