import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { expectFields, orgIdOf, staffIn } from './helpers';
import { createCase, ORGS } from './workflow-fixtures';
import { readXlsx } from './xlsx-reader';

const FORM = 'businessClubFirstTrial/statisticsForm';
const UNFOLD = 'businessClubFirstTrial/statisticsFormUnfold';
const sum = (rows: { total: number }[]) => rows.reduce((n, r) => n + r.total, 0);

describeUpstream('statistics (statisticsForm, Unfold, Export)', (up) => {
  const tokens: Record<string, string> = {};
  const org = {} as Record<'bank1' | 'bank2' | 'gc1' | 'gc2', number>;
  beforeAll(async () => {
    for (const name of ['admin', 'bank', 'guarantee', 'renshe']) tokens[name] = await up().login(name);
    for (const key of ['bank1', 'bank2', 'gc1', 'gc2'] as const) org[key] = await orgIdOf(up().db, ORGS[key]);
  });
  const form = (body: object, who = 'bank') => up().call(FORM, { side: 'bank', ...body }, { token: tokens[who] });
  /** Cases of the default period (the 12 months up to today), straight from the database. */
  const dbCount = async (where: (q: any) => any = (q) => q) => {
    const { data } = (await form({}, 'admin')).body;
    const from = new Date(`${data.period.dateFrom}T00:00:00+08:00`);
    const q = up().db.selectFrom('application as a').select((eb) => eb.fn.countAll<number>().as('n')).where('a.created_at', '>=', from);
    return Number((await where(q).executeTakeFirstOrThrow()).n);
  };

  it('counts the period by status, stage, organisation and month, every view adding up to the whole', async () => {
    const { status, body } = await form({}, 'admin');
    expect(status).toBe(200);
    const data = body.data;
    expect(data.period.dateTo).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.byMonth).toHaveLength(12);
    expect(data.summary.total).toBe(await dbCount());
    expect(data.summary.total).toBeGreaterThan(100);
    expect(sum(data.byOrg)).toBe(data.summary.total);
    expect(sum(data.byMonth)).toBe(data.summary.total);
    expect(data.byStatus.reduce((n: number, r: { count: number }) => n + r.count, 0)).toBe(data.summary.total);
    expect(data.byStage.reduce((n: number, r: { count: number }) => n + r.count, 0)).toBe(data.summary.inReview);
    expect(data.byOrg.map((r: { orgName: string }) => r.orgName).sort()).toEqual([ORGS.bank1, ORGS.bank2, '长沙银行'].sort());
    expect(data.summary.loaned).toBe(await dbCount((q) => q.where('a.status', '=', 'LOANED')));
    expect(data.summary.overdue).toBe(await dbCount((q) => q.where('a.status', '=', 'IN_REVIEW').where('a.deadline', '<', new Date())));
    expect(data.orgs.length).toBe(3);
  });

  it("a bank's reviewer sees their bank's cases only; another bank's are never counted", async () => {
    const before = (await form({})).body.data;
    expect(before.summary.total).toBe(await dbCount((q) => q.where('a.bank_org_id', '=', org.bank1)));
    expect(before.byOrg.map((r: { orgId: number }) => r.orgId)).toEqual([org.bank1]);
    expect(before.orgs).toEqual([{ id: org.bank1, name: ORGS.bank1 }]);
    const adminBefore = (await form({}, 'admin')).body.data.summary.total;
    await createCase(up().db, { stage: 'BANK_FIRST', assignee: 'bank', bank: 'bank2' });
    expect((await form({})).body.data.summary.total).toBe(before.summary.total);
    expect((await form({}, 'admin')).body.data.summary.total).toBe(adminBefore + 1);
    expect((await form({ orgId: org.bank2 })).body.data.summary.total).toBe(0);
  });

  it('a period that starts in the future without an end is that one day, with nothing in it, in every call and export', async () => {
    const future = `${new Date().getUTCFullYear() + 1}-03-01`;
    for (const side of ['bank', 'guarantee']) {
      const res = await form({ side, dateFrom: future }, 'admin');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.period).toMatchObject({ dateFrom: future, dateTo: future });
      const byType = await up().call('businessClubFirstTrial/loanCountStatisticsSmallCompany', { side, dateFrom: future }, { token: tokens.admin });
      expect(byType.status).toBe(200);
      const exported = await up().request('businessClubFirstTrial/statisticsFormExport', { side, dateFrom: future }, { token: tokens.admin });
      expect(exported.status).toBe(200);
      expect(exported.headers.get('content-type')).toContain('spreadsheetml');
    }
  });

  it('counts overdue cases in review, per stage and per organisation', async () => {
    const before = (await form({})).body.data;
    const late = await createCase(up().db, { stage: 'BANK_FIRST', assignee: 'bank', bank: 'bank1' });
    await up().db.updateTable('application').set({ deadline: new Date(Date.now() - 86_400_000) }).where('id', '=', late.id).execute();
    const after = (await form({})).body.data;
    expect(after.summary.overdue).toBe(before.summary.overdue + 1);
    expect(after.byStage.find((s: { stage: string }) => s.stage === 'BANK_FIRST').overdue).toBe(before.byStage.find((s: { stage: string }) => s.stage === 'BANK_FIRST').overdue + 1);
    expect(after.byOrg[0].overdue).toBe(before.byOrg[0].overdue + 1);
    const cell = await up().call(UNFOLD, { side: 'bank', orgId: org.bank1, stage: 'BANK_FIRST', overdue: true, pageNum: 1, pageSize: 30 }, { token: tokens.bank });
    expect(cell.body.data.total).toBe(after.byStage.find((s: { stage: string }) => s.stage === 'BANK_FIRST').overdue);
    expect(cell.body.data.list.map((r: { number: string }) => r.number)).toContain(late.number);
    expect(cell.body.data.list.every((r: { overdue: boolean; idNumber: string }) => r.overdue && r.idNumber.includes('*'))).toBe(true);
  });

  it('unfolds a cell into its applications, paged, within the scope', async () => {
    const data = (await form({})).body.data;
    const month = data.byMonth.find((m: { total: number }) => m.total > 0);
    const cell = await up().call(UNFOLD, { side: 'bank', month: month.month, status: 'LOANED', pageNum: 1, pageSize: 5 }, { token: tokens.bank });
    expect(cell.status).toBe(200);
    expect(cell.body.data.total).toBe(month.loaned);
    expect(cell.body.data.list.length).toBe(Math.min(5, month.loaned));
    expect(cell.body.data.list.every((r: { bankOrg: string; status: string; createTime: string }) =>
      r.bankOrg === ORGS.bank1 && r.status === 'LOANED')).toBe(true);
    const other = await up().call(UNFOLD, { side: 'bank', orgId: org.bank2, pageNum: 1, pageSize: 10 }, { token: tokens.bank });
    expect(other.body.data).toEqual({ list: [], total: 0, totalPage: 0 });
  });

  it('a guarantee company counts by its own cases on the institution statistics', async () => {
    const { body } = await up().call(FORM, { side: 'guarantee' }, { token: tokens.guarantee });
    expect(body.data.byOrg.map((r: { orgId: number }) => r.orgId)).toEqual([org.gc1]);
    expect(body.data.summary.total).toBe(await dbCount((q) => q.where('a.guarantee_org_id', '=', org.gc1)));
  });

  it('shows each organisation\'s loans after issue as their accounts stand, within the scope', async () => {
    const direct = async (column: 'bank_org_id' | 'guarantee_org_id', orgId: number) => {
      const { rows: [row] } = await sql<{ loans: string; outstanding: string; overdue: string; compensated: string; recovered: string }>`select
          count(*) filter (where state in ('CURRENT', 'OVERDUE')) as loans, coalesce(sum(outstanding) filter (where state in ('CURRENT', 'OVERDUE')), 0) as outstanding,
          coalesce(sum(outstanding) filter (where state = 'OVERDUE'), 0) as overdue, coalesce(sum(compensated), 0) as compensated, coalesce(sum(recovered), 0) as recovered
        from loan_account where ${sql.ref(column)} = ${orgId}`.execute(up().db);
      return { loans: Number(row!.loans), outstanding: Number(row!.outstanding) / 100, overdue: Number(row!.overdue) / 100, compensated: Number(row!.compensated) / 100, recovered: Number(row!.recovered) / 100 };
    };
    const bank = (await form({})).body.data.afterIssue;
    expect(bank.map((r: { orgId: number }) => r.orgId)).toEqual([org.bank1]);
    expect(bank[0]).toMatchObject(await direct('bank_org_id', org.bank1));
    const gc = (await up().call(FORM, { side: 'guarantee' }, { token: tokens.admin })).body.data.afterIssue;
    const gc1 = gc.find((r: { orgId: number }) => r.orgId === org.gc1);
    expect(gc1).toMatchObject(await direct('guarantee_org_id', org.gc1));
    expect(gc1.compensated).toBeGreaterThan(0);
  });

  it('filters by period and borrower type', async () => {
    const all = (await form({}, 'admin')).body.data;
    const last = all.byMonth.at(-1);
    const month = await form({ dateFrom: `${last.month}-01`, dateTo: all.period.dateTo }, 'admin');
    expect(month.body.data.summary.total).toBe(last.total);
    expect(month.body.data.byMonth).toHaveLength(1);
    const person = (await form({ borrowerType: 'PERSON' }, 'admin')).body.data.summary.total;
    expect(person).toBe(await dbCount((q) => q.where('a.borrower_type', '=', 'PERSON')));
  });

  it('bad input is 422 with the fields', async () => {
    expectFields(await up().call(FORM, {}, { token: tokens.admin }), { side: 'validation.invalid' });
    expectFields(await form({ dateFrom: '2026-05-02', dateTo: '2026-05-01' }, 'admin'), { dateTo: 'validation.dateOrder' });
    expectFields(await form({ dateFrom: '2020-01-01', dateTo: '2026-05-01' }, 'admin'), { dateFrom: 'validation.periodTooLong' });
    expectFields(await form({ dateFrom: '2026-13-45' }, 'admin'), { dateFrom: 'validation.date' });
    expectFields(await up().call(UNFOLD, { side: 'bank', month: '2026-13', pageNum: 1, pageSize: 7 }, { token: tokens.admin }),
      { month: 'validation.date', pageSize: 'validation.pageSize' });
  });

  it("needs the page of the statistics asked for, and its export button for the export", async () => {
    expect((await form({}, 'renshe')).status).toBe(403);
    expect((await up().call(FORM, { side: 'guarantee' }, { token: tokens.bank })).status).toBe(403);
    expect((await up().call(FORM, { side: 'bank' })).status).toBe(401);
    const viewer = await staffIn(up(), 'stats-viewer', org.bank1, { pages: ['/bank/bank-statistics'] });
    expect((await up().call(FORM, { side: 'bank' }, { token: viewer.token })).status).toBe(200);
    expect((await up().call('businessClubFirstTrial/statisticsFormExport', { side: 'bank' }, { token: viewer.token })).status).toBe(403);
    expect((await up().call('businessClubFirstTrial/loanCountStatisticsExport', { side: 'bank' }, { token: viewer.token })).status).toBe(403);
  });

  it('exports the statistics as .xlsx in the caller\'s language', async () => {
    const data = (await form({})).body.data;
    const response = await up().request('businessClubFirstTrial/statisticsFormExport', { side: 'bank' }, { token: tokens.bank });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''%E9%93%B6%E8%A1%8C%E7%BB%9F%E8%AE%A1-");
    const sheets = readXlsx(await response.arrayBuffer());
    expect(Object.keys(sheets)).toEqual(['按机构', '按月份', '按审核环节', '按状态', '贴息（按还款月份）']);
    expect(sheets['按机构']![0]!.slice(0, 3)).toEqual(['机构', '申请笔数', '申请金额（元）']);
    expect(sheets['按机构']!.map((row) => row[0])).toEqual(['机构', ORGS.bank1, `合计 (${data.period.dateFrom} ~ ${data.period.dateTo})`]);
    expect(sheets['按机构']![1]!.slice(0, 2)).toEqual([ORGS.bank1, data.summary.total]);
    expect(sheets['按月份']!).toHaveLength(13);
    const english = readXlsx(await (await up().request('businessClubFirstTrial/statisticsFormExport', { side: 'bank' }, { token: tokens.bank, locale: 'en' })).arrayBuffer());
    expect(Object.keys(english)[0]).toBe('By organisation');
  });
});

describeUpstream('statistics by borrower type (loanCountStatistics*)', (up) => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'bank', 'renshe']) tokens[name] = await up().login(name);
  });
  const TYPES = ['Person', 'SmallCompany', 'Partnership'];

  it('counts each borrower type; the three add up to the whole, within the scope', async () => {
    for (const who of ['admin', 'bank']) {
      const whole = (await up().call(FORM, { side: 'bank' }, { token: tokens[who] })).body.data.summary;
      const parts = await Promise.all(TYPES.map((t) => up().call(`businessClubFirstTrial/loanCountStatistics${t}`, { side: 'bank' }, { token: tokens[who] })));
      expect(parts.map((p) => p.body.data.borrowerType)).toEqual(['PERSON', 'SMALL_COMPANY', 'PARTNERSHIP']);
      expect(parts.reduce((n, p) => n + p.body.data.summary.total, 0)).toBe(whole.total);
      expect(parts.reduce((n, p) => n + p.body.data.summary.loanAmount, 0)).toBeCloseTo(whole.loanAmount, 2);
      if (who === 'bank') expect(parts.every((p) => p.body.data.byOrg.every((r: { orgName: string }) => r.orgName === ORGS.bank1))).toBe(true);
    }
  });

  it('bad input, no permission', async () => {
    for (const path of [...TYPES.map((t) => `loanCountStatistics${t}`), 'loanCountStatisticsExport']) {
      expectFields(await up().call(`businessClubFirstTrial/${path}`, { side: 'moon' }, { token: tokens.admin }), { side: 'validation.invalid' });
      expectFields(await up().call(`businessClubFirstTrial/${path}`, { side: 'bank', dateFrom: '2026-02-01', dateTo: '2026-01-01' }, { token: tokens.admin }), { dateTo: 'validation.dateOrder' });
      expect((await up().call(`businessClubFirstTrial/${path}`, { side: 'bank' }, { token: tokens.renshe })).status).toBe(403);
      expect((await up().call(`businessClubFirstTrial/${path}`, { side: 'guarantee' }, { token: tokens.bank })).status).toBe(403);
    }
  });

  it('exports the three types as .xlsx', async () => {
    const response = await up().request('businessClubFirstTrial/loanCountStatisticsExport', { side: 'bank' }, { token: tokens.bank });
    expect(response.status).toBe(200);
    const sheets = readXlsx(await response.arrayBuffer());
    expect(sheets['按借款人类型']!.map((r) => r[0])).toEqual(['借款人类型', '个人', '小微企业', '合伙经营']);
    expect(sheets['按机构和借款人类型']!.length).toBeGreaterThan(1);
    expect(sheets['按机构和借款人类型']!.slice(1).every((r) => r[0] === ORGS.bank1)).toBe(true);
  });
});
