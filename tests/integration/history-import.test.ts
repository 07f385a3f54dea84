import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { idCheckDigit } from '../../lib/workflow/id-number';
import { describeUpstream, type Upstream } from './harness';
import { countRows, staffIn } from './helpers';
import { readXlsx } from './xlsx-reader';
import { createCase, ORGS } from './workflow-fixtures';

const HEADER = ['贷款编号', '借款人', '身份证号', '手机号', '借款人类型', '担保方式', '贷款金额（元）', '贷款期限（月）', '年利率', '放款日期', '人社局', '担保公司', '银行', '人员类别'];
let serial = 0;
const newId = () => {
  serial += 1;
  const first17 = `430103198505${String(10 + (serial % 18)).padStart(2, '0')}${String(200 + serial).slice(-3)}`;
  return first17 + idCheckDigit(first17);
};
const run = randomUUID().slice(0, 6).toUpperCase();
const loan = (n: number, over: Partial<Record<string, string | number>> = {}) => {
  const row = {
    number: `HIS${run}${String(n).padStart(4, '0')}`, name: '历史借款人', id: newId(), mobile: '13800138000', type: '个人', guarantee: '保证人担保',
    amount: 100000, term: 24, rate: 0.0435, date: '2023-05-10', renshe: ORGS.renshe, gc: ORGS.gc1, bank: ORGS.bank1, category: '高校毕业生', ...over,
  };
  return Object.values(row);
};

async function xlsxOf(rows: (string | number)[][], header = HEADER): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('历史数据').addRows([header, ...rows]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

async function send(up: Upstream, path: string, token: string, bytes: Uint8Array, name = 'history.xlsx', locale = 'zh-CN') {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
  return up.fetch(new Request(`http://upstream/api/${path}`, { method: 'POST', body: form, headers: { token, 'accept-language': locale, 'x-client-ip': '10.0.0.1' } }));
}
const json = async (response: Response) => ({ status: response.status, body: await response.json() });

describeUpstream('historical data import (sysImportHistory)', (up) => {
  let admin: string;
  let reviewer: string;
  beforeAll(async () => {
    admin = await up().login('admin');
    reviewer = await up().login('renshe');
  });

  it('offers the template with the header row in the caller\'s language', async () => {
    for (const [locale, first] of [['zh-CN', '贷款编号'], ['en', 'Loan number']] as const) {
      const response = await up().request('sysImportHistory/template', {}, { token: admin, locale });
      expect(response.headers.get('content-type')).toContain('spreadsheetml');
      const sheets = readXlsx(await response.arrayBuffer());
      expect(Object.values(sheets)[0]![0]![0]).toBe(first);
    }
  });

  it('checks every row first; a file with errors writes nothing; the clean rows can be imported alone; the error report names each reason', async () => {
    const platformCase = await createCase(up().db);
    const rows = [
      loan(1),
      loan(2, { id: '430103198505100000' }),
      loan(3, { mobile: '1380013800' }),
      loan(4, { amount: -5 }),
      loan(5, { date: '2023-02-30' }),
      loan(6, { gc: '不存在的担保公司' }),
      loan(1),
      loan(7),
      loan(8, { number: platformCase.number }),
      loan(9, { date: '2099-01-01', type: '外星人' }),
      loan(10, { amount: 350000, term: 48 }),
      loan(11, { amount: 300000.01, type: 'Small business', guarantee: 'HOUSE', term: 36 }),
    ];
    const bad = await xlsxOf(rows);
    const beforeApps = await countRows(up().db, 'application');
    const checked = await json(await send(up(), 'sysImportHistory/check', admin, bad));
    expect(checked.body.code, checked.body.message).toBe(200);
    expect(checked.body.data.rows).toBe(12);
    const byRow = (row: number) => checked.body.data.errors.filter((e: { row: number }) => e.row === row).map((e: { column: string; key: string }) => `${e.column}:${e.key}`);
    expect(byRow(2)).toEqual([]);
    expect(byRow(3)).toEqual(['resources.history.idNumber:validation.idNumber']);
    expect(byRow(4)).toEqual(['resources.history.mobile:validation.mobileFormat']);
    expect(byRow(5)).toEqual(['resources.history.amount:validation.amount']);
    expect(byRow(6)).toEqual(['resources.history.loanDate:validation.date']);
    expect(byRow(7)).toEqual(['resources.history.guaranteeOrg:validation.importOrgUnknown']);
    expect(byRow(8)).toEqual(['resources.history.loanNumber:validation.importDuplicate']);
    expect(byRow(10)).toEqual(['resources.history.loanNumber:validation.loanNumberTaken']);
    expect(byRow(11).sort()).toEqual(['resources.history.borrowerType:validation.importBorrowerType', 'resources.history.loanDate:validation.loanDateFuture']);
    // The caps and longest terms of the borrower types' settings, as at intake.
    expect(byRow(12).sort()).toEqual(['resources.history.amount:validation.amountCap', 'resources.history.termMonths:validation.termMax']);
    expect(byRow(13)).toEqual(['resources.history.termMonths:validation.termMax']);

    // Import all: refused with the check, nothing written.
    const all = await json(await send(up(), 'sysImportHistory/importAll', admin, bad));
    expect(all.status).toBe(422);
    expect(all.body.data.fields).toEqual({ file: 'validation.importHasErrors' });
    expect(await countRows(up().db, 'application')).toBe(beforeApps);
    expect(await countRows(up().db, 'import_history')).toBe(0);

    // The error report, in English for an English caller.
    const report = await send(up(), 'sysImportHistory/errorReport', admin, bad, 'history.xlsx', 'en');
    expect(report.headers.get('content-type')).toContain('spreadsheetml');
    const sheet = Object.values(readXlsx(await report.arrayBuffer()))[0]!;
    expect(sheet[0]).toEqual(['File', 'Row', 'Column', 'Problem']);
    expect(sheet).toContainEqual(['history.xlsx', 7, 'Guarantee company', `No organisation of this kind is named 不存在的担保公司`]);
    expect(sheet).toContainEqual(['history.xlsx', 3, 'ID number', expect.any(String)]);

    // The clean rows only: two loans written in one go, eight refused.
    const clean = await json(await send(up(), 'sysImportHistory/importClean', admin, bad, '历史贷款.xlsx'));
    expect(clean.body.code, clean.body.message).toBe(200);
    expect(clean.body.data).toMatchObject({ rows: 2, created: 2, updated: 0, refused: 10 });
    expect(await countRows(up().db, 'application')).toBe(beforeApps + 2);
    const written = await up().db.selectFrom('application').selectAll().where('import_id', '=', clean.body.data.historyId).orderBy('number').execute();
    expect(written.map((w) => [w.number, w.status, Number(w.loan_amount), w.guarantee_method, w.borrower_type])).toEqual([
      [`HIS${run}0001`, 'LOANED', 100000, 'GUARANTOR', 'PERSON'], [`HIS${run}0007`, 'LOANED', 100000, 'GUARANTOR', 'PERSON'],
    ]);
    // Each carries its borrower type's current product.
    const personProduct = await up().db.selectFrom('loan_product').select('id').where('borrower_type', '=', 'PERSON').where('current', '=', true).executeTakeFirstOrThrow();
    expect(written.map((w) => w.product_id)).toEqual([personProduct.id, personProduct.id]);

    const history = await up().call('sysImportHistory/getList', { pageNum: 1, pageSize: 10 }, { token: admin });
    expect(history.body.data.list[0]).toMatchObject({ fileName: '历史贷款.xlsx', user: expect.any(String), mode: 'CLEAN', rowsRead: 12, imported: 2, refused: 10 });
    expect((await up().call('sysImportHistory/getList', { pageNum: 1, pageSize: 10, fileName: '不存在' }, { token: admin })).body.data.total).toBe(0);
  });

  it('imports a clean file whole; a loan number imported again is updated, not doubled; imported loans count in statistics and the HISTORY indicator', async () => {
    const person = newId();
    const rows = [loan(101, { id: person, amount: 150000 }), loan(102, { type: 'Small business', guarantee: 'CREDIT', bank: ORGS.bank2 })];
    const tally = async () => Number((await up().db.selectFrom('loan_tally').select((eb) => eb.fn.sum<number>('loans').as('n')).executeTakeFirstOrThrow()).n ?? 0);
    const loansBefore = await tally();
    const first = await json(await send(up(), 'sysImportHistory/importAll', admin, await xlsxOf(rows)));
    expect(first.body.code, first.body.message).toBe(200);
    expect(first.body.data).toMatchObject({ rows: 2, created: 2, updated: 0, refused: 0 });
    expect(await tally()).toBe(loansBefore + 2);

    rows[0]![6] = 180000;
    const again = await json(await send(up(), 'sysImportHistory/importAll', admin, await xlsxOf(rows)));
    expect(again.body.data).toMatchObject({ rows: 2, created: 0, updated: 2 });
    const stored = await up().db.selectFrom('application').select(['loan_amount', 'version', 'import_id']).where('number', '=', `HIS${run}0101`).execute();
    expect(stored).toHaveLength(1);
    expect(Number(stored[0]!.loan_amount)).toBe(180000);
    expect(stored[0]!.import_id).toBe(again.body.data.historyId);
    expect(await tally()).toBe(loansBefore + 2);

    // The person has a loan not settled: intake refuses them by the OPEN_LOANS (HISTORY) indicator.
    const orgs = await up().db.selectFrom('organization').select(['id', 'name']).where('name', 'in', [ORGS.renshe, ORGS.gc1, ORGS.bank1]).execute();
    const idOf = (name: string) => orgs.find((o) => o.name === name)!.id;
    const apply = () => up().call('channel/application/submit', {
      clientKey: randomUUID(), borrowerType: 'PERSON',
      proposer: { name: '历史借款人', idNumber: person, mobile: '13712345678', gender: 'MALE', householdRegister: '湖南省长沙市', employmentCategory: '高校毕业生' },
      amount: 100000, termMonths: 24, rate: 0.0435, repaymentMethod: 'INTEREST_MONTHLY', guaranteeMethod: 'CREDIT',
      rensheOrgId: idOf(ORGS.renshe), guaranteeOrgId: idOf(ORGS.gc1), bankOrgId: idOf(ORGS.bank1),
    }, { token: admin });
    const intake = await apply();
    expect(intake.body.data.status).toBe('REFUSED');
    const check = await up().db.selectFrom('application_check').select(['verdict', 'observed']).where('application_id', '=', intake.body.data.id).where('code', '=', 'OPEN_LOANS').executeTakeFirstOrThrow();
    expect(check).toMatchObject({ verdict: 'REFUSED' });
    expect(Number(check.observed)).toBe(1);
    // Its account: matured in 2025, every period but the last repaid, so still owed.
    const id = (await up().db.selectFrom('application').select('id').where('number', '=', `HIS${run}0101`).executeTakeFirstOrThrow()).id;
    const account = () => up().db.selectFrom('loan_account').select(['state', 'settled_how', 'outstanding', 'method']).where('application_id', '=', id).executeTakeFirstOrThrow();
    expect(await account()).toMatchObject({ state: 'CURRENT', settled_how: null, outstanding: 18_000_000, method: 'INTEREST_MONTHLY' });

    // Imported again marked repaid (是), with its repayment method: settled, and the borrower may apply again.
    const header = [...HEADER, '还款方式', '是否已还清（是/否）', '逾期天数'];
    const settled = await json(await send(up(), 'sysImportHistory/importAll', admin, await xlsxOf([[...rows[0]!, '等额本息', '是', '']], header)));
    expect(settled.body.data).toMatchObject({ rows: 1, updated: 1 });
    expect(await account()).toMatchObject({ state: 'SETTLED', settled_how: 'REPAID', outstanding: 0, method: 'EQUAL_INSTALMENT' });
    const reapplied = await apply();
    const recheck = await up().db.selectFrom('application_check').select(['verdict', 'observed']).where('application_id', '=', reapplied.body.data.id).where('code', '=', 'OPEN_LOANS').executeTakeFirstOrThrow();
    expect(Number(recheck.observed)).toBe(0);
    expect(recheck.verdict).not.toBe('REFUSED');

    // A repaid loan has no days overdue; an unknown method is named.
    const wrong = await json(await send(up(), 'sysImportHistory/check', admin, await xlsxOf([[...loan(103), '每月还款', '', ''], [...loan(104), '', '是', 10]], header)));
    expect(wrong.body.data.errors.map((e: { key: string }) => e.key).sort()).toEqual(['validation.importRepaidOverdue', 'validation.importRepaymentMethod']);
  });

  it('gives imported loans their borrower type\'s subsidy: at the file\'s rate, or the product\'s at the LPR of their date; imported again, the owed figure is not doubled', async () => {
    const rows = [loan(201, { date: '2025-06-10' }), loan(202, { date: '2025-06-10', rate: '' })];
    const owed = async () => Number((await up().db.selectFrom('subsidy_tally').select((eb) => eb.fn.sum<string>('owed').as('n')).executeTakeFirstOrThrow()).n ?? 0);
    const before = await owed();
    const first = await json(await send(up(), 'sysImportHistory/importAll', admin, await xlsxOf(rows)));
    expect(first.body.code, first.body.message).toBe(200);
    const accounts = await up().db.selectFrom('loan_account as l').innerJoin('application as a', 'a.id', 'l.application_id')
      .select(['a.number', 'l.rate', 'l.lpr', 'l.borrower_type', 'l.application_id']).where('a.number', 'in', [`HIS${run}0201`, `HIS${run}0202`]).orderBy('a.number').execute();
    // The seeded personal product: LPR + 150 bp, at most 4.35%; the LPR of 2025-06-10 is 3.00%.
    expect(accounts.map((a) => [Number(a.rate), Number(a.lpr), a.borrower_type])).toEqual([[0.0435, 0.03, 'PERSON'], [0.0435, 0.03, 'PERSON']]);
    const periods = await up().db.selectFrom('loan_period').select(['interest', 'subsidy', 'borrower_interest', 'state']).where('application_id', '=', accounts[1]!.application_id).where('state', '=', 'PAID').execute();
    expect(periods.length).toBeGreaterThan(0);
    for (const p of periods) expect(Number(p.subsidy) + Number(p.borrower_interest)).toBe(Number(p.interest));
    // 4.35% against 3.00% − 1.50%: 2.85 / 4.35 of each interest.
    expect(periods.map((p) => Number(p.subsidy))).toEqual(periods.map((p) => Math.round((Number(p.interest) * 285) / 435)));
    const added = (await owed()) - before;
    const base = await up().db.selectFrom('loan_period').select((eb) => eb.fn.sum<string>('subsidy').as('n')).where('application_id', 'in', accounts.map((a) => a.application_id)).executeTakeFirstOrThrow();
    expect(added).toBe(Number(base.n));
    await json(await send(up(), 'sysImportHistory/importAll', admin, await xlsxOf(rows)));
    expect((await owed()) - before).toBe(added);

    // An extended loan (是否展期 是) earns nothing, though its periods were repaid on time.
    const extended = await json(await send(up(), 'sysImportHistory/importAll', admin, await xlsxOf([[...loan(203, { date: '2025-06-10' }), '', '', '', '是']], [...HEADER, '还款方式', '是否已还清（是/否）', '逾期天数', '是否展期（是/否）'])));
    expect(extended.body.code, extended.body.message).toBe(200);
    const app = await up().db.selectFrom('application').select('id').where('number', '=', `HIS${run}0203`).executeTakeFirstOrThrow();
    const account = await up().db.selectFrom('loan_account').select('extended').where('application_id', '=', app.id).executeTakeFirstOrThrow();
    expect(account.extended).toBe(true);
    const split = await up().db.selectFrom('loan_period').select(['subsidy', 'borrower_interest', 'interest']).where('application_id', '=', app.id).where('state', '=', 'PAID').execute();
    expect(split.length).toBeGreaterThan(0);
    expect(split.every((p) => Number(p.subsidy) === 0 && Number(p.borrower_interest) === Number(p.interest))).toBe(true);
  });

  it('refuses what is not a spreadsheet, a file without the columns, and callers without the import button', async () => {
    expect((await json(await send(up(), 'sysImportHistory/check', admin, new TextEncoder().encode('not a spreadsheet'), 'x.xlsx'))).body.data.fields).toEqual({ file: 'validation.importFile' });
    const missing = await json(await send(up(), 'sysImportHistory/check', admin, await xlsxOf([['A1']], ['贷款编号'])));
    expect(missing.body.data.errors.map((e: { key: string }) => e.key)).toContain('validation.importColumnMissing');
    expect((await json(await send(up(), 'sysImportHistory/importClean', admin, await xlsxOf([['A1']], ['贷款编号'])))).status).toBe(422);
    const file = await xlsxOf([loan(201)]);
    for (const path of ['sysImportHistory/check', 'sysImportHistory/importAll', 'sysImportHistory/importClean', 'sysImportHistory/errorReport']) {
      expect((await send(up(), path, reviewer, file)).status, path).toBe(403);
    }
    expect((await up().call('sysImportHistory/getList', { pageNum: 1, pageSize: 10 }, { token: reviewer })).status).toBe(403);
    expect((await up().call('sysImportHistory/getList', { pageNum: 0, pageSize: 10 }, { token: admin })).status).toBe(422);
    const viewer = await staffIn(up(), 'historyviewer', null, { pages: ['/admin/setting/data/historical-data'] });
    expect((await up().call('sysImportHistory/getList', { pageNum: 1, pageSize: 10 }, { token: viewer.token })).status).toBe(200);
    expect((await send(up(), 'sysImportHistory/importAll', viewer.token, file)).status).toBe(403);
  });
});
