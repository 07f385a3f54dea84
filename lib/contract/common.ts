import { z } from './zod';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, PAGE_SIZES } from './limits';

export { PAGE_SIZES };

export const pageNum = z.coerce.number().int().min(1).default(FIRST_PAGE);
export const pageSize = z.coerce.number().int().refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'validation.pageSize').default(DEFAULT_PAGE_SIZE);
export const id = z.coerce.number({ error: 'validation.id' }).int('validation.id').positive('validation.id');

export interface Envelope<T = unknown> { code: number; message: string; data: T }

/** A page of rows. `capped`: the list has more rows than `total`, which stops counting at a cap. */
export interface Page<T> { list: T[]; total: number; totalPage: number; capped?: boolean }

export const pageInput = z.object({ pageNum, pageSize });
export const idInput = z.object({ id });

/** Closed catalogue of envelope codes (DESIGN.md section 3). */
export const CODES = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  requestTimeout: 408,
  conflict: 409,
  tooLarge: 413,
  invalid: 422,
  tooMany: 429,
  headersTooLarge: 431,
  error: 500,
  unavailable: 503,
} as const;
