import { zip } from './zip';

/**
 * A minimal .xlsx (Office Open XML spreadsheet) writer: one or more sheets of inline strings
 * and numbers, a bold header row that stays in view, and column widths. No shared strings, no
 * formulas, no dates (dates are written as text the reader sees as they are).
 */
export type Cell = string | number | null | undefined;

export interface Sheet {
  /** Shown on the sheet's tab; cut to 31 characters, without []:*?/\ . */
  name: string;
  header: string[];
  rows: Cell[][];
  /** Column widths in characters; by default from the longest value (CJK counts double). */
  widths?: number[];
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// Characters XML 1.0 forbids (C0 controls but tab, newline and return; U+FFFE/U+FFFF; lone surrogates).
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const SPECIAL = /[&<>"\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Text safe inside an XML element or attribute. */
export function escapeXml(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text.replace(FORBIDDEN, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A, B, ..., Z, AA, ... for a zero-based column index. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const textWidth = (text: string) => [...text].reduce((w, ch) => w + (/[\u1100-\uFFFF]/.test(ch) ? 2 : 1), 0);

function defaultWidths(sheet: Sheet): number[] {
  return sheet.header.map((title, col) => {
    let widest = textWidth(title);
    for (const row of sheet.rows.slice(0, 1000)) widest = Math.max(widest, textWidth(String(row[col] ?? '')));
    return Math.min(60, Math.max(8, widest + 2));
  });
}

/** Spaces at either end, or line breaks, survive only with xml:space="preserve". */
const NEEDS_PRESERVE = /^\s|\s$|\n/;

function cellXml(value: Cell, ref: string, bold: boolean): string {
  const style = bold ? ' s="1"' : '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${style}><v>${value}</v></c>` : '';
  if (value === null || value === undefined || value === '') return '';
  const space = NEEDS_PRESERVE.test(value) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${escapeXml(value)}</t></is></c>`;
}

function rowXml(cells: Cell[], index: number, bold: boolean, columns: string[]): string {
  const r = index + 1;
  let xml = `<row r="${r}">`;
  for (let col = 0; col < cells.length; col += 1) xml += cellXml(cells[col], `${columns[col] ?? columnName(col)}${r}`, bold);
  return `${xml}</row>`;
}

function sheetXml(sheet: Sheet): string {
  const widths = sheet.widths ?? defaultWidths(sheet);
  const columns = sheet.header.map((_, i) => columnName(i));
  const cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('');
  const parts = [
    `${HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL_NS}">`,
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>',
    cols ? `<cols>${cols}</cols>` : '',
    '<sheetData>',
    rowXml(sheet.header, 0, true, columns),
  ];
  sheet.rows.forEach((row, i) => { parts.push(rowXml(row, i + 1, false, columns)); });
  parts.push('</sheetData></worksheet>');
  return parts.join('');
}

const sheetName = (name: string, index: number) => escapeXml(name.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31) || `Sheet${index + 1}`);

/** The .xlsx file of the sheets. */
export function xlsx(sheets: Sheet[]): Uint8Array {
  const overrides = sheets.map((_, i) =>
    `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('');
  const files: Record<string, string> = {
    '[Content_Types].xml': (`${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`
      + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
      + '<Default Extension="xml" ContentType="application/xml"/>'
      + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
      + '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
      + `${overrides}</Types>`),
    '_rels/.rels': (`${HEAD}<Relationships xmlns="${PKG_REL_NS}">`
      + `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    'xl/workbook.xml': (`${HEAD}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets>`
      + sheets.map((s, i) => `<sheet name="${sheetName(s.name, i)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')
      + '</sheets></workbook>'),
    'xl/_rels/workbook.xml.rels': (`${HEAD}<Relationships xmlns="${PKG_REL_NS}">`
      + sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')
      + `<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`),
    'xl/styles.xml': (`${HEAD}<styleSheet xmlns="${NS}">`
      + '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>'
      + '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>'
      + '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
      + '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
      + '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
      + '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>'
      + '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'),
  };
  sheets.forEach((sheet, i) => { files[`xl/worksheets/sheet${i + 1}.xml`] = sheetXml(sheet); });
  return zip(Object.entries(files).map(([name, text]) => ({ name, data: Buffer.from(text, 'utf8') })));
}
