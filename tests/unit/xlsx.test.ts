import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { columnName, escapeXml, xlsx } from '@/upstream/core/xlsx';

const open = (file: Uint8Array) => {
  const parts = unzipSync(file);
  return (name: string) => strFromU8(parts[name]!);
};

describe('the xlsx writer', () => {
  it('writes a zip with the OOXML parts, a bold header, widths and the rows', () => {
    const file = xlsx([{ name: '银行初审', header: ['编号', 'Amount'], rows: [['A-1', 1200.5], ['张三', null]], widths: [20, 12] }]);
    expect([...file.slice(0, 2)]).toEqual([0x50, 0x4b]);
    const parts = unzipSync(file);
    expect(Object.keys(parts).sort()).toEqual([
      '[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml',
    ]);
    const read = open(file);
    expect(read('xl/workbook.xml')).toContain('<sheet name="银行初审" sheetId="1" r:id="rId1"/>');
    expect(read('xl/styles.xml')).toContain('<b/>');
    const sheet = read('xl/worksheets/sheet1.xml');
    expect(sheet).toContain('<col min="1" max="1" width="20" customWidth="1"/>');
    expect(sheet).toContain('<row r="1"><c r="A1" s="1" t="inlineStr"><is><t>编号</t></is></c><c r="B1" s="1" t="inlineStr"><is><t>Amount</t></is></c></row>');
    expect(sheet).toContain('<row r="2"><c r="A2" t="inlineStr"><is><t>A-1</t></is></c><c r="B2"><v>1200.5</v></c></row>');
    expect(sheet).toContain('<row r="3"><c r="A3" t="inlineStr"><is><t>张三</t></is></c></row>');
  });

  it('escapes markup and drops characters XML cannot hold', () => {
    const sheet = open(xlsx([{ name: 'a/b', header: ['x'], rows: [['<b>&"x"</b>\u0001\u0007tab\there\uD800']] }]))('xl/worksheets/sheet1.xml');
    expect(sheet).toContain('&lt;b&gt;&amp;&quot;x&quot;&lt;/b&gt;tab\there</t>');
    expect(sheet).not.toMatch(/[\u0001\u0007\uD800]/);
    expect(escapeXml('a\uD83D\uDE00b')).toBe('a\uD83D\uDE00b');
    const spaced = open(xlsx([{ name: 's', header: ['x'], rows: [[' lead'], ['two\nlines'], ['plain']] }]))('xl/worksheets/sheet1.xml');
    expect(spaced).toContain('<t xml:space="preserve"> lead</t>');
    expect(spaced).toContain('<t xml:space="preserve">two\nlines</t>');
    expect(spaced).toContain('<t>plain</t>');
  });

  it('holds several sheets, names columns past Z and sizes columns by their content', () => {
    const read = open(xlsx([{ name: 'one', header: ['a'], rows: [] }, { name: 'two', header: ['长标题的列'], rows: [[12]] }]));
    expect(read('xl/workbook.xml')).toContain('<sheet name="two" sheetId="2" r:id="rId2"/>');
    expect(read('[Content_Types].xml')).toContain('/xl/worksheets/sheet2.xml');
    expect(read('xl/worksheets/sheet2.xml')).toContain('width="12"');
    expect([columnName(0), columnName(25), columnName(26), columnName(701), columnName(702)]).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA']);
  });
});
