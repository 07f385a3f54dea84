import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * The .xlsx writer of every export, template and report: exceljs's streaming workbook writer.
 * Each row is written and committed as it comes, so the sheet's XML is never held whole; only
 * the compressed file is collected. Sheets of text and numbers, a bold header row that stays in
 * view, and column widths.
 */
/** A calendar day or month as a date cell that shows only the day or the month (a China day has no time of its own). */
interface DayCell { readonly date: Date; readonly format: 'yyyy-mm-dd' | 'yyyy-mm' }
export type Cell = string | number | Date | DayCell | null | undefined;

/** How a date and time cell shows (its value is a real date: a spreadsheet sorts and filters it as one). */
const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** A China day (YYYY-MM-DD) as a date cell; nothing for none, the text as it is for anything else. */
export const dayCell = (day: string | null | undefined): Cell =>
  (day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? { date: new Date(`${day}T00:00:00Z`), format: 'yyyy-mm-dd' } : day);

/** A month (YYYY-MM) as a date cell of its first day, shown as the month; the text as it is for anything else. */
export const monthCell = (month: string | null | undefined): Cell =>
  (month && /^\d{4}-\d{2}$/.test(month) ? { date: new Date(`${month}-01T00:00:00Z`), format: 'yyyy-mm' } : month);

const isDayCell = (cell: Cell): cell is DayCell => typeof cell === 'object' && cell !== null && !(cell instanceof Date);

/** A moment as a date cell of China time (the sheet has no time zone: its clock reads as in China). */
export const chinaDateCell = (instant: Date | string | null): Date | null =>
  (instant === null ? null : new Date(new Date(instant).getTime() + 8 * 3_600_000));

export interface Sheet {
  /** Shown on the sheet's tab; cut to 31 characters, without []:*?/\ . */
  name: string;
  header: string[];
  rows: Cell[][];
  /** Column widths in characters; by default from the longest value (CJK counts double). */
  widths?: number[];
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Characters XML 1.0 forbids (C0 controls but tab, newline and return; U+FFFE/U+FFFF; lone surrogates).
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const textWidth = (text: string) => [...text].reduce((w, ch) => w + (/[\u1100-\uFFFF]/.test(ch) ? 2 : 1), 0);

function defaultWidths(sheet: Sheet): number[] {
  return sheet.header.map((title, col) => {
    let widest = textWidth(title);
    for (const row of sheet.rows.slice(0, 1000)) widest = Math.max(widest, row[col] instanceof Date ? 19 : isDayCell(row[col]) ? 10 : textWidth(String(row[col] ?? '')));
    return Math.min(60, Math.max(8, widest + 2));
  });
}

/** A cell as the file holds it: finite numbers, dates, text without forbidden characters, else nothing. */
function value(cell: Cell): string | number | Date | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (isDayCell(cell)) return value(cell.date);
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell;
  if (cell === null || cell === undefined || cell === '') return null;
  return cell.replace(FORBIDDEN, '');
}

const sheetName = (name: string, index: number) => name.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31) || `Sheet${index + 1}`;

/** The .xlsx file of the sheets. */
export async function xlsx(sheets: Sheet[]): Promise<Uint8Array> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  for (const [index, sheet] of sheets.entries()) {
    const writer = book.addWorksheet(sheetName(sheet.name, index), { views: [{ state: 'frozen', ySplit: 1 }] });
    writer.columns = (sheet.widths ?? defaultWidths(sheet)).map((width) => ({ width }));
    const header = writer.addRow(sheet.header.map(value));
    header.font = { bold: true };
    header.commit();
    for (const row of sheet.rows) {
      const added = writer.addRow(row.map(value));
      row.forEach((cell, col) => {
        if (cell instanceof Date) added.getCell(col + 1).numFmt = DATE_TIME_FORMAT;
        else if (isDayCell(cell)) added.getCell(col + 1).numFmt = cell.format;
      });
      added.commit();
    }
    writer.commit();
  }
  await book.commit();
  return new Uint8Array(Buffer.concat(chunks));
}
