import { CODES } from '../../lib/contract/common';
import { AppError } from './errors';
import { FileAnswer } from './files';
import { contentDisposition } from '../../lib/http/file-name';
import { xlsx, XLSX_TYPE, type Sheet } from './xlsx';

/** The platform's clock for people: China Standard Time (no daylight saving). */
const OFFSET_MS = 8 * 3_600_000;
const local = (value: Date | string) => new Date(new Date(value).getTime() + OFFSET_MS).toISOString();

/** YYYYMMDD-HHmm in China time, for file names. */
const fileStamp = (now: Date) => local(now).slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

/** Refuses an export of more rows than the limit, asking to narrow the search. */
export function ensureExportable(rows: number, max: number) {
  if (rows > max) throw new AppError(CODES.invalid, 'exportTooMany', { max });
}

/** An .xlsx download named `<title>-<stamp>.xlsx`. */
export const xlsxFile = async (title: string, now: Date, sheets: Sheet[]) => new FileAnswer(await xlsx(sheets), XLSX_TYPE, contentDisposition(`${title}-${fileStamp(now)}.xlsx`));
