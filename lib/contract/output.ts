import { z } from './zod';

/**
 * Building blocks of the call table's output schemas: what a successful answer's `data`
 * holds. Times travel as ISO strings, dates as YYYY-MM-DD, amounts as numbers in yuan.
 */
export const timestamp = z.string();
export const nothing = z.null();
export const count = z.number().int();

/** A page of rows (DESIGN.md section 3); `capped`: more rows match than `total` counts. */
export function page<T extends z.ZodType>(row: T) {
  return z.object({ list: z.array(row), total: count, totalPage: count, capped: z.boolean().optional() });
}

/** A file answer (an export, a download): not an envelope; its output is described by `file: true`. */
export const fileAnswer = z.never();
