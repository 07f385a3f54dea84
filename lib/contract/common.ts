export interface Envelope<T = unknown> { code: number; message: string; data: T }

/** A page of rows. `capped`: the list has more rows than `total`, which stops counting at a cap. */
export interface Page<T> { list: T[]; total: number; totalPage: number; capped?: boolean }

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
  unsupportedMediaType: 415,
  invalid: 422,
  tooMany: 429,
  headersTooLarge: 431,
  error: 500,
  unavailable: 503,
} as const;
