import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { describeUpstream } from './harness';
import { staffIn } from './helpers';
import { createCase } from './workflow-fixtures';
import { readXlsx } from './xlsx-reader';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXPORT = 'businessClubFirstTrial/exportAll';

describeUpstream('workbench export (exportAll)', (up) => {
  const tokens: Record<string, string> = {};
  let mine: { number: string };
  let otherBank: { number: string };
  beforeAll(async () => {
    for (const name of ['admin', 'bank', 'renshe']) tokens[name] = await up().login(name);
    mine = await createCase(up().db, { stage: 'BANK_FIRST', assignee: 'bank', bank: 'bank1' });
    otherBank = await createCase(up().db, { stage: 'BANK_FIRST', assignee: 'bank', bank: 'bank2' });
    await up().db.updateTable('application').set({ name: '导出<测试>&人' }).where('number', 'in', [mine.number, otherBank.number]).execute();
  });

  it("answers the search's cases as an .xlsx file with translated headers and masked numbers, never another bank's", async () => {
    const response = await up().request(EXPORT, { stage: 'BANK_FIRST', name: '导出<测试>&人' }, { token: tokens.bank });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(XLSX);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; .*filename\*=UTF-8''%E9%93%B6%E8%A1%8C%E5%88%9D%E5%AE%A1-\d{8}-\d{4}\.xlsx$/);
    const { 银行初审: rows } = readXlsx(await response.arrayBuffer());
    expect(rows![0]!.slice(0, 6)).toEqual(['申请编号', '姓名', '身份证号', '手机号', '借款人类型', '申请金额']);
    expect(rows!.slice(1).map((r) => r[0])).toEqual([mine.number]);
    expect(rows![1]!.slice(1, 9)).toEqual(['导出<测试>&人', '110***********4514', '139****5678', '个人', 200000, 24, '免担保（信用）', '审核中 · 银行初审']);
  });

  it('writes the deadline and the application time as date cells a spreadsheet sorts by, in China time', async () => {
    const response = await up().request(EXPORT, { stage: 'BANK_FIRST', name: '导出<测试>&人' }, { token: tokens.bank });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await response.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    for (const title of ['办理期限', '申请时间']) {
      const cell = sheet.getRow(2).getCell(header.indexOf(title) + 1);
      expect(cell.type, title).toBe(ExcelJS.ValueType.Date);
      expect(cell.numFmt, title).toBe('yyyy-mm-dd hh:mm:ss');
    }
    const created = await up().db.selectFrom('application').select('created_at').where('number', '=', mine.number).executeTakeFirstOrThrow();
    const cell = sheet.getRow(2).getCell(header.indexOf('申请时间') + 1).value as Date;
    // The sheet's clock reads as in China (UTC+8): the cell's wall time is the stored moment plus eight hours.
    expect(cell.getTime()).toBe(new Date(created.created_at).getTime() + 8 * 3_600_000);
  });

  it("writes the headers in the caller's language", async () => {
    const response = await up().request(EXPORT, { stage: 'BANK_FIRST', name: '导出<测试>&人' }, { token: tokens.bank, locale: 'en' });
    const [rows] = Object.values(readXlsx(await response.arrayBuffer()));
    expect(rows![0]!.slice(0, 3)).toEqual(['Application number', 'Name', 'ID number']);
    expect(rows![1]![4]).toBe('Individual');
  });

  it('refuses more rows than the export limit, asking to narrow the search', async () => {
    const response = await up().call(EXPORT, { stage: 'BANK_FIRST' }, { token: tokens.admin });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('导出的数据超过 5 条，请缩小查询范围后再导出');
  });

  it('bad input is 422 with the field', async () => {
    const response = await up().call(EXPORT, { stage: 'NOWHERE' }, { token: tokens.bank });
    expect(response.status).toBe(422);
    expect(response.body.data.fields).toEqual({ stage: 'validation.stage' });
  });

  it("needs the stage's page and its export button", async () => {
    expect((await up().call(EXPORT, { stage: 'BANK_FIRST' }, { token: tokens.renshe })).status).toBe(403);
    expect((await up().call(EXPORT, { stage: 'BANK_FIRST' })).status).toBe(401);
    const pageOnly = await staffIn(up(), 'export-page-only', null, { pages: ['/bank/bank-first'], buttons: ['bankLast::export'] });
    expect((await up().call(EXPORT, { stage: 'BANK_FIRST' }, { token: pageOnly.token })).status).toBe(403);
    expect((await up().call(EXPORT, { stage: 'BANK_LAST' }, { token: pageOnly.token })).status).toBe(422);
  });
}, { exportMaxRows: 5 });
