import { z } from './zod';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MONEY_MAX, PAGE_SIZES } from './limits';
import { isValidIdNumber } from '../workflow/id-number';
import { richTextBlank, richTextLength } from './rich-text-rules';
import { sanitizeRichText } from './rich-text';

/**
 * The shared field schemas of every call (DESIGN.md section 3): integers bounded to what
 * their column holds, strings without control characters, numbers never coerced from
 * booleans, arrays or padded text. A call's input is built from these; a value that fails
 * gets the 422 message key given (or `validation.invalid`).
 */

/** The largest value of a PostgreSQL `integer` column (ids, versions, counts, sorts). */
export const INT_MAX = 2_147_483_647;
/** Most pages a list may be asked for (a list counts at most 10,000 rows). */
const PAGE_NUM_MAX = 100_000;
/** The largest amount in yuan a money column holds (numeric(14,2)). */

/** A canonical decimal integer as text (query strings): no sign but '-', no spaces, no leading zeros, no hex. */
const DECIMAL_INT = /^-?(0|[1-9]\d{0,15})$/;
/** A canonical decimal number with at most two decimals, as text. */
const DECIMAL_MONEY = /^(0|[1-9]\d{0,14})(\.\d{1,2})?$/;
/**
 * Control characters (C0 but tab, line feed and carriage return, allowed only in long texts; DEL; C1), and
 * half of a surrogate pair standing alone (no character at all: it cannot be stored as UTF-8).
 */
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const CONTROL_LINE = new RegExp(`[\\u0000-\\u001F\\u007F-\\u009F]|${LONE_SURROGATE}`);
const CONTROL_LONG = new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]|${LONE_SURROGATE}`);

/**
 * A whole number within [min, max]: a JSON number, or its canonical decimal text (query
 * strings). `true`, `[300]`, `"0x12c"`, `"  7  "` and `1.5` are refused.
 */
export function int(min: number, max: number, key = 'validation.invalid') {
  return z.union([z.number(), z.string().regex(DECIMAL_INT).transform(Number)], { error: key })
    .pipe(z.number().int(key).min(min, key).max(max, key));
}

/** A positive id of an `integer` column. */
export const id = int(1, INT_MAX, 'validation.id');
/** A sort position. */
export const sort = int(0, 1_000_000, 'validation.sort');
const pageNum = int(1, PAGE_NUM_MAX, 'validation.pageNum').default(FIRST_PAGE);
export const pageSize = int(1, 100, 'validation.pageSize')
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'validation.pageSize').default(DEFAULT_PAGE_SIZE);
export const pageInput = z.object({ pageNum, pageSize });
export const idInput = z.object({ id });

/** A boolean: JSON true/false only (search forms send 'true'/'1' for flags: see `flag`). */
export const bool = (key = 'validation.invalid') => z.boolean({ error: key });

/** An optional search flag: true/false, or 'true'/'false'/'1'/'0' from a query string; blank is absent. */
export const flag = z.preprocess((v) => (v === '' || v === null ? undefined : v),
  z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], { error: 'validation.invalid' }).optional());

/** Amounts in yuan: positive, at most two decimals, within `max`. */
export function money(key = 'validation.amount', max = MONEY_MAX) {
  return z.union([z.number(), z.string().regex(DECIMAL_MONEY).transform(Number)], { error: key })
    .pipe(z.number().positive(key).max(max, key).refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, key));
}

/** A decimal within [min, max] (rates, areas, shares). */
export function decimal(min: number, max: number, key = 'validation.invalid') {
  return z.union([z.number(), z.string().regex(/^-?(0|[1-9]\d{0,15})(\.\d{1,6})?$/).transform(Number)], { error: key })
    .pipe(z.number().min(min, key).max(max, key));
}

/** Text of one line: trimmed, at most `max` characters, no control characters. */
export function line(max: number, key = 'validation.invalid') {
  return z.string({ error: key }).trim().max(max, 'validation.tooLong').refine((v) => !CONTROL_LINE.test(v), 'validation.controlChar');
}

/** A required line: not blank after trimming (`required` is its message key). */
export function requiredLine(max: number, required = 'validation.fieldRequired') {
  return z.string({ error: required }).trim().min(1, required).max(max, 'validation.tooLong').refine((v) => !CONTROL_LINE.test(v), 'validation.controlChar');
}

/** Long text (opinions, descriptions): tab and line breaks allowed, no other control characters. */
export function longText(max: number, key = 'validation.invalid') {
  return z.string({ error: key }).trim().max(max, 'validation.tooLong').refine((v) => !CONTROL_LONG.test(v), 'validation.controlChar');
}

/** A string taken as it is (passwords): no trimming, but no control characters either. */
export function raw(max: number, key = 'validation.invalid') {
  return z.string({ error: key }).max(max, 'validation.tooLong').refine((v) => !CONTROL_LINE.test(v), 'validation.controlChar');
}

/** How much markup rich text may carry per character of its text (tags, tables, addresses), and at least. */
const RICH_TEXT_MARKUP_FACTOR = 20;
const RICH_TEXT_MARKUP_MIN = 20_000;

/**
 * Rich text (notices, help templates): HTML of the editor, sanitised here to the markup the
 * editor writes (lib/contract/rich-text.ts), so a script, an event handler or a `javascript:`
 * link never gets stored. No control characters but tab and line breaks; the HTML at most
 * `maxHtml` characters (20 per character of text, at least 20,000) and its text, counted as the
 * editor counts it (lib/contract/rich-text-rules.ts), at most `max`. `required`: a message key when the text
 * may not be empty; `image`: which (already safe) image addresses are kept, e.g. only files
 * uploaded here. The value given on is the sanitised HTML ('' for an empty text).
 */
export function richText(max: number, options: { required?: string; maxHtml?: number; image?: (src: string) => boolean } = {}) {
  const maxHtml = options.maxHtml ?? Math.max(max * RICH_TEXT_MARKUP_FACTOR, RICH_TEXT_MARKUP_MIN);
  return z.string({ error: options.required ?? 'validation.invalid' })
    .max(maxHtml, 'validation.tooLong')
    .refine((v) => !CONTROL_LONG.test(v), 'validation.controlChar')
    .transform((v) => {
      const clean = sanitizeRichText(v, { image: options.image });
      return richTextBlank(clean) && !/<(img|table)\b/.test(clean) ? '' : clean;
    })
    .refine((v) => richTextLength(v) <= max, 'validation.tooLong')
    .refine((v) => !options.required || !richTextBlank(v), options.required ?? 'validation.fieldRequired');
}

/** Whether a text holds a control character a stored line may not. */
export const hasControl = (v: string) => CONTROL_LINE.test(v);

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
/** An optional search filter: blank counts as absent. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(blank, schema.optional());
}
/** An optional text filter of a search form (blank is absent). */
export const textFilter = (max: number) => optional(line(max));

/** A calendar date, YYYY-MM-DD (China time), that exists. */
export const date = z.string({ error: 'validation.date' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, 'validation.date');

/** A resident ID number with a valid check digit (upper-case X). */
export const idNumber = line(18, 'validation.idNumber').toUpperCase().refine((v) => isValidIdNumber(v), 'validation.idNumber');

/** A period's dates in order: `dateTo` is not before `dateFrom` (either may be absent). */
export function inDateOrder<T extends z.ZodType<{ dateFrom?: string; dateTo?: string }>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    if (value.dateFrom && value.dateTo && value.dateFrom > value.dateTo) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'validation.dateOrder' });
  });
}

/** An action or client key that makes a retry safe. */
export const clientKey = z.string({ error: 'validation.actionKey' }).trim().min(8, 'validation.actionKey').max(64, 'validation.actionKey')
  .refine((v) => !CONTROL_LINE.test(v), 'validation.actionKey');
