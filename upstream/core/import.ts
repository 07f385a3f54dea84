import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { CODES } from '../../lib/contract/common';
import type { UploadedPart } from '../../lib/contract/files';
import { IMPORT_ERRORS_SHOWN, type ImportCheck, type ImportRowError } from '../../lib/contract/import';
import type { Locale } from '../../lib/contract/auth';
import { lookup } from '../../lib/contract/text-catalogue';
import { contentDisposition } from '../../lib/http/file-name';
import { acceptedSpreadsheet } from '../modules/files/content';
import { AppError, invalid } from './errors';
import { FileAnswer } from './files';
import { xlsx, XLSX_TYPE } from './xlsx';
import { SERVICE_TEXTS } from './i18n';

/**
 * Batch input from an .xlsx file: the first sheet, a header row naming the columns (in
 * either language), one record per row, each checked by a zod row schema. Reused by every
 * import: a module declares its columns and row schema, answers the check call with
 * `checkImport` and applies a clean file with `readImport` inside its own transaction.
 */
interface ImportColumn {
  /** The row schema's field. */
  field: string;
  /** Message key of the header (its Chinese and English texts are both recognised). */
  label: string;
  /** How a cell is read: text (numbers as their digits), a number, or a day 'YYYY-MM-DD'. */
  kind?: 'text' | 'number' | 'day';
  required?: boolean;
}

export interface ImportDefinition<S extends z.ZodType> {
  columns: readonly ImportColumn[];
  row: S;
  /** Most data rows and bytes a file may have. */
  maxRows: number;
  maxBytes: number;
  /** Fields whose value may appear once in a file (compared without case). */
  unique?: readonly string[];
  /** Message key of what the template file is called. */
  templateName: string;
}

export interface ImportedRow<T> { row: number; value: T }
export interface ImportReading<T> { rows: ImportedRow<T>[]; errors: ImportRowError[] }

type Cell = string | number | undefined;

/** What unpacked content a file may hold, for its size (xlsx packs plain rows some 10 times). */
const unpackedBudget = (maxBytes: number) => maxBytes * 25;

const normalise = (text: string) => text.replace(/[\s*＊]/g, '').toLowerCase();

/** Header texts (both languages, normalised) -> column. */
function headerIndex(columns: readonly ImportColumn[]): Map<string, ImportColumn> {
  const index = new Map<string, ImportColumn>();
  for (const column of columns) {
    for (const locale of Object.keys(SERVICE_TEXTS) as Locale[]) {
      const text = lookup(SERVICE_TEXTS[locale], column.label);
      if (text) index.set(normalise(text), column);
    }
    index.set(normalise(column.field), column);
  }
  return index;
}

const two = (n: number) => String(n).padStart(2, '0');

/** An Excel date (a wall-clock time, which exceljs hands over as that time in UTC) as a day, or day and time. */
function excelDate(date: Date): string {
  const day = `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`;
  const time = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
  return time === '00:00:00' ? day : `${day} ${time}`;
}

/** A cell's value as text, number or nothing: rich text joined, links as their text, formulas as their result. */
function cellValue(value: ExcelJS.CellValue): string | number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : excelDate(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('').trim() || undefined;
  if ('formula' in value || 'sharedFormula' in value) return cellValue((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('text' in value) return cellValue((value as ExcelJS.CellHyperlinkValue).text);
  if ('error' in value) return String(value.error);
  return undefined;
}

/** A cell read as its column wants it; what cannot be read so stays as it is, for the row schema to refuse. */
function asKind(value: string | number | undefined, kind: ImportColumn['kind'] = 'text'): Cell {
  if (value === undefined) return undefined;
  if (kind === 'number') return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 1e21 ? value.toFixed(0) : String(value);
  return value;
}

/** Reads an upload's first sheet as header and rows (the file's own checks first: 422 on the `file` field). */
async function readSheet(file: UploadedPart, maxBytes: number): Promise<{ header: (string | undefined)[]; rows: { row: number; cells: (string | number | undefined)[] }[] }> {
  if (file.bytes.byteLength > maxBytes) throw invalid({ file: 'validation.importTooLarge' });
  const verdict = acceptedSpreadsheet(file.bytes, file.name, unpackedBudget(maxBytes));
  if (verdict !== 'ok') throw invalid({ file: verdict === 'tooLarge' ? 'validation.importTooLarge' : 'validation.importFile' });
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength) as unknown as ArrayBuffer);
  } catch {
    throw invalid({ file: 'validation.importFile' });
  }
  const sheet = workbook.worksheets[0];
  const rows: { row: number; cells: (string | number | undefined)[] }[] = [];
  let header: (string | undefined)[] = [];
  sheet?.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: (string | number | undefined)[] = [];
    row.eachCell({ includeEmpty: false }, (cell, col) => { cells[col - 1] = cellValue(cell.value); });
    if (!cells.some((c) => c !== undefined)) return;
    if (!header.length) header = cells.map((c) => (c === undefined ? undefined : String(c)));
    else rows.push({ row: number, cells });
  });
  return { header, rows };
}

/** The key and parameters of a zod issue as a row error's message. */
function issueMessage(issue: z.core.$ZodIssue): Pick<ImportRowError, 'key' | 'params'> {
  const key = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
  const params = (issue as { params?: Record<string, string | number> }).params;
  return params ? { key, params } : { key };
}

/**
 * Reads and checks a file: the header must name every required column; each row goes
 * through the row schema; `unique` fields may not repeat; more than `maxRows` rows is an
 * error of the whole file. Answers the valid rows and every error, in sheet order.
 */
export async function readImport<S extends z.ZodType>(file: UploadedPart, definition: ImportDefinition<S>): Promise<ImportReading<z.infer<S>>> {
  const { header, rows } = await readSheet(file, definition.maxBytes);
  const errors: ImportRowError[] = [];
  const index = headerIndex(definition.columns);
  const position = new Map<string, number>();
  header.forEach((text, col) => {
    const column = text === undefined ? undefined : index.get(normalise(text));
    if (column && !position.has(column.field)) position.set(column.field, col);
  });
  for (const column of definition.columns) {
    if (column.required && !position.has(column.field)) errors.push({ row: 1, column: column.label, key: 'validation.importColumnMissing' });
  }
  if (errors.length) return { rows: [], errors };
  if (rows.length === 0) return { rows: [], errors: [{ row: null, column: null, key: 'validation.importNoRows' }] };
  if (rows.length > definition.maxRows) {
    return { rows: [], errors: [{ row: null, column: null, key: 'validation.importTooManyRows', params: { max: definition.maxRows, rows: rows.length } }] };
  }
  const labelOf = new Map(definition.columns.map((c) => [c.field, c.label]));
  const seen = new Map<string, number>();
  const valid: ImportedRow<z.infer<S>>[] = [];
  for (const { row, cells } of rows) {
    const record: Record<string, Cell> = {};
    for (const column of definition.columns) {
      const col = position.get(column.field);
      if (col !== undefined) record[column.field] = asKind(cells[col], column.kind);
    }
    const parsed = definition.row.safeParse(record);
    if (!parsed.success) {
      const fields = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (fields.has(field)) continue;
        fields.add(field);
        errors.push({ row, column: labelOf.get(field) ?? null, ...issueMessage(issue) });
      }
      continue;
    }
    let duplicate = false;
    for (const field of definition.unique ?? []) {
      const value = record[field];
      if (value === undefined) continue;
      const key = `${field}\u0000${String(value).toLowerCase()}`;
      const first = seen.get(key);
      if (first !== undefined) {
        errors.push({ row, column: labelOf.get(field) ?? null, key: 'validation.importDuplicate', params: { row: first } });
        duplicate = true;
      } else {
        seen.set(key, row);
      }
    }
    if (!duplicate) valid.push({ row, value: parsed.data });
  }
  return { rows: valid, errors };
}

/** Data rows a file holds: those read plus those refused (each counted once). */
export const countRows = (reading: { rows: { row: number }[]; errors: ImportRowError[] }) =>
  new Set([...reading.rows.map((r) => r.row), ...reading.errors.filter((e) => e.row !== null && e.row > 1).map((e) => e.row)]).size;

/** Errors in sheet order (file-level first), the first IMPORT_ERRORS_SHOWN of them, and the rest counted. */
export function importCheck(rows: number, errors: ImportRowError[]): ImportCheck {
  const sorted = [...errors].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return { rows, errors: sorted.slice(0, IMPORT_ERRORS_SHOWN), more: Math.max(0, sorted.length - IMPORT_ERRORS_SHOWN) };
}

/** The commit's refusal of a file that still has errors: 422 on `file`, with the check in the answer. */
export function importRefused(check: ImportCheck): AppError {
  return new AppError(CODES.invalid, 'invalid', {}, { fields: { file: 'validation.importHasErrors' }, check });
}

/** The template: an .xlsx with the header row in the caller's language. */
export async function importTemplate(definition: Pick<ImportDefinition<z.ZodType>, 'columns' | 'templateName'>, locale: Locale): Promise<FileAnswer> {
  const text = (key: string) => lookup(SERVICE_TEXTS[locale], key) ?? key;
  const name = text(definition.templateName);
  const bytes = await xlsx([{ name, header: definition.columns.map((c) => text(c.label)), rows: [] }]);
  return new FileAnswer(bytes, XLSX_TYPE, contentDisposition(`${name}.xlsx`));
}
