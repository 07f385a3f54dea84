import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { xlsx } from '@/upstream/core/xlsx';

const book = async (file: Uint8Array) => {
  const read = new ExcelJS.Workbook();
  await read.xlsx.load(Buffer.from(file) as unknown as ArrayBuffer);
  return read;
};
const values = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => { rows.push((row.values as unknown[]).slice(1)); });
  return rows;
};

describe('the xlsx writer (exceljs streaming)', () => {
  it('writes a workbook with a bold, frozen header, widths and the rows', async () => {
    const file = await xlsx([{ name: '银行初审', header: ['编号', 'Amount'], rows: [['A-1', 1200.5], ['张三', null]], widths: [20, 12] }]);
    expect([...file.slice(0, 2)]).toEqual([0x50, 0x4b]);
    const read = await book(file);
    const sheet = read.worksheets[0]!;
    expect(sheet.name).toBe('银行初审');
    expect(values(sheet)).toEqual([['编号', 'Amount'], ['A-1', 1200.5], ['张三']]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getColumn(1).width).toBe(20);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('drops characters XML cannot hold and keeps markup, spaces and line breaks as text', async () => {
    const read = await book(await xlsx([{ name: 'a/b', header: ['x'], rows: [['<b>&"x"</b>\u0001\u0007tab\there\uD800'], [' lead'], ['two\nlines'], ['a\uD83D\uDE00b']] }]));
    expect(read.worksheets[0]!.name).toBe('a b');
    expect(values(read.worksheets[0]!).slice(1)).toEqual([['<b>&"x"</b>tab\there'], [' lead'], ['two\nlines'], ['a\uD83D\uDE00b']]);
  });

  it('holds several sheets and sizes columns by their content', async () => {
    const read = await book(await xlsx([{ name: 'one', header: ['a'], rows: [] }, { name: 'two', header: ['长标题的列'], rows: [[12]] }]));
    expect(read.worksheets.map((s) => s.name)).toEqual(['one', 'two']);
    expect(read.worksheets[1]!.getColumn(1).width).toBe(12);
    expect(values(read.worksheets[1]!)).toEqual([['长标题的列'], [12]]);
  });
});
