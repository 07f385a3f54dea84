import { beforeAll, describe, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { expectFields, orgIdOf, staffIn } from './helpers';
import { createCase, ORGS, type NewCase } from './workflow-fixtures';

const SPOUSE_ID = '43010219920511342X';
let seq = 0;

describeUpstream('spouses and published information (business-proposer-mate/list, businessIssueInfo/list)', (up) => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'renshe', 'bank']) tokens[name] = await up().login(name);
  });
  const list = (path: string, body: object, token: string) => up().call(path, { pageNum: 1, pageSize: 30, ...body }, { token });

  /** A case with a spouse of a name no other test uses. */
  async function caseWithSpouse(options: NewCase = {}) {
    seq += 1;
    const app = await createCase(up().db, options);
    const name = `配偶${seq}号`;
    await up().db.insertInto('application_person').values({
      application_id: app.id, role: 'SPOUSE', name, id_number: SPOUSE_ID, mobile: '13600001111', gender: 'FEMALE', work_unit: '长沙某公司', guarantor_id: null, share_ratio: null, sort: 0,
    }).execute();
    return { ...app, spouse: name };
  }

  /** A case taken straight to approval (or a loan) at a given time. */
  async function decided(status: 'APPROVED' | 'LOANED' | 'REFUSED', at: Date, options: NewCase = {}) {
    const app = await createCase(up().db, options);
    await up().db.updateTable('application').set({
      status, stage: status === 'APPROVED' ? 'BANK_TRANSFER' : null, node_id: null, updated_at: at,
      ...(status === 'LOANED' ? { loan_amount: 150000, loan_date: at.toISOString().slice(0, 10) } : {}),
    }).where('id', '=', app.id).execute();
    return app;
  }

  describe('spouses', () => {
    it('lists every spouse for an admin, newest first, with the proposer and application, masked', async () => {
      const app = await caseWithSpouse();
      const res = await list('business-proposer-mate/list', {}, tokens.admin!);
      expect(res.body.code).toBe(200);
      const spouses = await up().db.selectFrom('application_person').select('id').where('role', '=', 'SPOUSE').orderBy('id', 'desc').execute();
      expect(res.body.data.total).toBe(spouses.length);
      expect(res.body.data.list.map((r: { id: number }) => r.id)).toEqual(spouses.slice(0, 30).map((s) => s.id));
      expect(res.body.data.list[0]).toMatchObject({
        applicationId: app.id, number: app.number, proposer: '测试申请人', name: app.spouse, idNumber: '430***********342X', mobile: '136****1111',
        gender: 'FEMALE', workUnit: '长沙某公司', status: 'IN_REVIEW', stage: 'RS_FIRST',
      });
    });

    it('searches by name, ID number (any case of the x) and application number', async () => {
      const app = await caseWithSpouse();
      const byName = await list('business-proposer-mate/list', { name: app.spouse }, tokens.admin!);
      expect(byName.body.data.list.map((r: { number: string }) => r.number)).toEqual([app.number]);
      const byNumber = await list('business-proposer-mate/list', { number: app.number }, tokens.admin!);
      expect(byNumber.body.data).toMatchObject({ total: 1, list: [{ name: app.spouse }] });
      const byId = await list('business-proposer-mate/list', { idNumber: SPOUSE_ID.toLowerCase(), pageSize: 5 }, tokens.admin!);
      expect(byId.body.data.total).toBeGreaterThanOrEqual(2);
      expect(byId.body.data.list.every((r: { idNumber: string }) => r.idNumber === '430***********342X')).toBe(true);
    });

    it('shows a bank only the spouses on its own cases', async () => {
      const own = await caseWithSpouse({ bank: 'bank1' });
      const other = await caseWithSpouse({ bank: 'bank2' });
      const staff = await staffIn(up(), 'spouse-bank1', await orgIdOf(up().db, ORGS.bank1), { pages: ['/admin/home/spouse'] });
      const res = await list('business-proposer-mate/list', {}, staff.token);
      const ids = res.body.data.list.map((r: { applicationId: number }) => r.applicationId);
      expect(ids).toContain(own.id);
      expect(ids).not.toContain(other.id);
      const bank1 = await orgIdOf(up().db, ORGS.bank1);
      const all = await up().call('business-proposer-mate/list', { pageNum: 1, pageSize: 30 }, { token: staff.token });
      const banks = await up().db.selectFrom('application').select('bank_org_id').where('id', 'in', all.body.data.list.map((r: { applicationId: number }) => r.applicationId)).execute();
      expect(new Set(banks.map((b) => b.bank_org_id))).toEqual(new Set([bank1]));
      expect((await list('business-proposer-mate/list', { number: other.number }, staff.token)).body.data).toEqual({ list: [], total: 0, totalPage: 0 });
    });

    it('needs the spouse page, a session and good input', async () => {
      expect((await list('business-proposer-mate/list', {}, tokens.bank!)).status).toBe(403);
      expect((await up().call('business-proposer-mate/list', {})).status).toBe(401);
      expectFields(await list('business-proposer-mate/list', { pageSize: 7, idNumber: 'x'.repeat(19) }, tokens.admin!),
        { pageSize: 'validation.pageSize', idNumber: 'validation.tooLong' });
    });
  });

  describe('published information', () => {
    it('lists approved and loaned cases, latest first, with masked names, the loan amount and the bank', async () => {
      const base = Date.now() + 86_400_000;
      const approved = await decided('APPROVED', new Date(base));
      const loaned = await decided('LOANED', new Date(base + 60_000));
      await decided('REFUSED', new Date(base + 120_000));
      const res = await list('businessIssueInfo/list', { pageSize: 5 }, tokens.renshe!);
      expect(res.body.code).toBe(200);
      expect(res.body.data.list.slice(0, 2)).toEqual([
        { id: loaned.id, number: loaned.number, name: '测***人', borrowerType: 'PERSON', amount: 150000, bankOrg: ORGS.bank1, status: 'LOANED', publishedAt: new Date(base + 60_000).toISOString() },
        { id: approved.id, number: approved.number, name: '测***人', borrowerType: 'PERSON', amount: 200000, bankOrg: ORGS.bank1, status: 'APPROVED', publishedAt: new Date(base).toISOString() },
      ]);
      const published = await up().db.selectFrom('application').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['APPROVED', 'LOANED']).executeTakeFirstOrThrow();
      expect(res.body.data.total).toBe(Number(published.n));
      expect(res.body.data.list.every((r: { status: string }) => ['APPROVED', 'LOANED'].includes(r.status))).toBe(true);
    });

    it('searches by number, name, bank, status and date', async () => {
      const day = new Date('2031-03-04T10:00:00+08:00');
      const app = await decided('LOANED', day, { bank: 'bank2' });
      const one = async (body: object) => (await list('businessIssueInfo/list', body, tokens.admin!)).body.data.list.map((r: { id: number }) => r.id);
      expect(await one({ number: app.number })).toEqual([app.id]);
      expect(await one({ number: app.number, status: 'APPROVED' })).toEqual([]);
      expect(await one({ number: app.number, bankOrgId: await orgIdOf(up().db, ORGS.bank1) })).toEqual([]);
      expect(await one({ number: app.number, bankOrgId: await orgIdOf(up().db, ORGS.bank2), status: 'LOANED' })).toEqual([app.id]);
      expect(await one({ dateFrom: '2031-03-04', dateTo: '2031-03-04' })).toEqual([app.id]);
      expect(await one({ dateFrom: '2031-03-05', dateTo: '2031-03-06' })).toEqual([]);
      expect((await one({ name: '测试申请人', pageSize: 30 }))).toContain(app.id);
    });

    it('shows an organisation only its own cases, and needs the page', async () => {
      const other = await decided('APPROVED', new Date(), { bank: 'bank2' });
      const own = await decided('APPROVED', new Date(), { bank: 'bank1' });
      const staff = await staffIn(up(), 'publish-bank1', await orgIdOf(up().db, ORGS.bank1), { pages: ['/loan/publish'] });
      const ids = async (number: string) => (await list('businessIssueInfo/list', { number }, staff.token)).body.data.list.map((r: { id: number }) => r.id);
      expect(await ids(own.number)).toEqual([own.id]);
      expect(await ids(other.number)).toEqual([]);
      expect((await list('businessIssueInfo/list', {}, tokens.bank!)).status).toBe(403);
      expectFields(await list('businessIssueInfo/list', { status: 'REFUSED', dateFrom: '2031-3-4' }, tokens.admin!),
        { status: 'validation.invalid', dateFrom: 'validation.date' });
    });
  });
});
