import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { z } from '@/lib/contract/zod';
import { mobile } from '@/lib/contract/validation';
import { importCheck, importTemplate, readImport, type ImportDefinition } from '@/upstream/core/import';
import { acceptedSpreadsheet } from '@/upstream/modules/files/content';
import { AppError } from '@/upstream/core/errors';

const ROW = z.object({
  username: z.string({ error: 'validation.usernameRequired' }).regex(/^[a-z0-9]{2,20}$/i, 'validation.usernameFormat'),
  mobile,
  amount: z.number({ error: 'validation.amount' }).positive('validation.amount').optional(),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date').optional(),
});
const DEFINITION: ImportDefinition<typeof ROW> = {
  columns: [
    { field: 'username', label: 'resources.user.username', required: true },
    { field: 'mobile', label: 'resources.user.mobile', required: true },
    { field: 'amount', label: 'statistics.figures.amount', kind: 'number' },
    { field: 'day', label: 'resources.workbench.deadline', kind: 'day' },
  ],
  row: ROW,
  maxRows: 5,
  maxBytes: 64 * 1024,
  unique: ['username', 'mobile'],
  templateName: 'resources.user.importTemplate',
};

/** An .xlsx made the way a person's spreadsheet program would: a header row, then data rows. */
async function workbook(rows: ExcelJS.CellValue[][], sheets = 1): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data');
  for (const row of rows) sheet.addRow(row);
  for (let i = 1; i < sheets; i += 1) book.addWorksheet(`Other ${i}`).addRows([['用户名', '手机号'], ['other', '13712349999']]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}
const part = (bytes: Uint8Array, name = 'users.xlsx') => ({ name, type: 'application/octet-stream', bytes: new Uint8Array(bytes) });
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).data;
};

describe('reading an import file', () => {
  it('maps Chinese headers to fields and reads text, numbers, rich text, formulas and dates', async () => {
    const bytes = await workbook([
      ['用户名', '手机号', '申请金额（元）', '办理期限', '备注'],
      ['alice', 13712340001, 1000, new Date(Date.UTC(2025, 0, 31)), 'ignored'],
      [],
      [{ richText: [{ text: 'bo' }, { text: 'b' }] }, '13712340002', { formula: '2*300', result: 600 }, '2025-02-01'],
    ]);
    const reading = await readImport(part(bytes), DEFINITION);
    expect(reading.errors).toEqual([]);
    expect(reading.rows).toEqual([
      { row: 2, value: { username: 'alice', mobile: '13712340001', amount: 1000, day: '2025-01-31' } },
      { row: 4, value: { username: 'bob', mobile: '13712340002', amount: 600, day: '2025-02-01' } },
    ]);
  });

  it('takes English headers in any order and case', async () => {
    const en = await readImport(part(await workbook([[' MOBILE ', 'username*'], ['13712340003', 'carol']])), DEFINITION);
    expect(en).toEqual({ rows: [{ row: 2, value: { username: 'carol', mobile: '13712340003' } }], errors: [] });
  });

  it('names each bad cell by row, column and message key, and repeats by the row they repeat', async () => {
    const bytes = await workbook([
      ['用户名', '手机号', '申请金额（元）'],
      ['dave', '13712340004', 5],
      ['Eve!', '2345', -1],
      ['DAVE', '13712340005'],
      ['', '13712340004'],
    ]);
    const reading = await readImport(part(bytes), DEFINITION);
    expect(reading.rows.map((r) => r.row)).toEqual([2]);
    expect(reading.errors).toEqual([
      { row: 3, column: 'resources.user.username', key: 'validation.usernameFormat' },
      { row: 3, column: 'resources.user.mobile', key: 'validation.mobileFormat' },
      { row: 3, column: 'statistics.figures.amount', key: 'validation.amount' },
      { row: 4, column: 'resources.user.username', key: 'validation.importDuplicate', params: { row: 2 } },
      { row: 5, column: 'resources.user.username', key: 'validation.usernameRequired' },
    ]);
  });

  it('reports a missing required column, an empty sheet and too many rows for the whole file', async () => {
    expect((await readImport(part(await workbook([['用户名'], ['frank']])), DEFINITION)).errors)
      .toEqual([{ row: 1, column: 'resources.user.mobile', key: 'validation.importColumnMissing' }]);
    expect((await readImport(part(await workbook([['用户名', '手机号']])), DEFINITION)).errors)
      .toEqual([{ row: null, column: null, key: 'validation.importNoRows' }]);
    const many = [['用户名', '手机号'], ...Array.from({ length: 6 }, (_, i) => [`u${i}`, `1371234100${i}`])];
    expect(await readImport(part(await workbook(many)), DEFINITION)).toEqual({
      rows: [], errors: [{ row: null, column: null, key: 'validation.importTooManyRows', params: { max: 5, rows: 6 } }],
    });
  });

  it('reads the first sheet only', async () => {
    const reading = await readImport(part(await workbook([['用户名', '手机号'], ['gina', '13712340006']], 2)), DEFINITION);
    expect(reading.rows.map((r) => r.value.username)).toEqual(['gina']);
  });

  it('refuses what is not an .xlsx workbook by its name and content, before reading it', async () => {
    const good = await workbook([['用户名', '手机号'], ['hank', '13712340007']]);
    const text = new TextEncoder().encode('用户名,手机号\nhank,13712340007\n');
    for (const file of [part(good, 'users.xls'), part(good, 'users'), part(text, 'users.xlsx'), part(good.slice(0, 200), 'users.xlsx')]) {
      expect(await refusal(readImport(file, DEFINITION))).toEqual({ fields: { file: 'validation.importFile' } });
    }
    const big = new Uint8Array(DEFINITION.maxBytes + 1);
    expect(await refusal(readImport(part(big), DEFINITION))).toEqual({ fields: { file: 'validation.importTooLarge' } });
  });

  it('stops a file whose content unpacks beyond its budget, whatever its directory claims', async () => {
    const bomb = await workbook([['用户名', '手机号'], ['x'.repeat(32_000), '13712340008'], ...Array.from({ length: 60 }, (_, i) => [`${'y'.repeat(32_000)}${i}`])]);
    expect(bomb.byteLength).toBeLessThan(DEFINITION.maxBytes);
    expect(acceptedSpreadsheet(bomb, 'bomb.xlsx', DEFINITION.maxBytes * 25)).toBe('tooLarge');
    expect(await refusal(readImport(part(bomb), DEFINITION))).toEqual({ fields: { file: 'validation.importTooLarge' } });

    // The same file with every entry's size in its directory rewritten to 1 byte.
    const lying = bomb.slice();
    const view = new DataView(lying.buffer);
    for (let at = 0; at < lying.length - 4; at += 1) if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 1, true);
    expect(acceptedSpreadsheet(lying, 'bomb.xlsx', DEFINITION.maxBytes * 25)).toBe('tooLarge');
    expect(acceptedSpreadsheet(await workbook([['a']]), 'ok.XLSX', DEFINITION.maxBytes * 25)).toBe('ok');
  });
});

describe('the check answer and the template', () => {
  it('lists file errors first, then rows in order, at most 200, counting the rest', () => {
    const errors = Array.from({ length: 250 }, (_, i) => ({ row: 251 - i, column: 'c', key: 'validation.invalid' }));
    const check = importCheck(10, [...errors, { row: null, column: null, key: 'validation.importNoRows' }]);
    expect(check.rows).toBe(10);
    expect(check.errors).toHaveLength(200);
    expect(check.errors[0]!.row).toBeNull();
    expect(check.errors[1]!.row).toBe(2);
    expect(check.more).toBe(51);
  });

  it('is an .xlsx with the header row in the caller language, which reads back as a file without rows', async () => {
    for (const [locale, header] of [['zh-CN', ['用户名', '手机号', '申请金额（元）', '办理期限']], ['en', ['Username', 'Mobile', 'Amount applied (yuan)', 'Deadline']]] as const) {
      const template = await importTemplate(DEFINITION, locale);
      expect(template.mime).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(template.disposition).toContain('.xlsx');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(template.bytes) as unknown as ArrayBuffer);
      expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(header);
      expect((await readImport(part(template.bytes), DEFINITION)).errors).toEqual([{ row: null, column: null, key: 'validation.importNoRows' }]);
    }
  });
});
