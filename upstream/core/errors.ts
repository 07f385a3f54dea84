import { CODES } from '../../lib/contract/common';

export type ErrorCode = (typeof CODES)[keyof typeof CODES];

/**
 * The one error type a handler throws. `key` names a text under `upstream` in
 * messages/*.json; `data` travels in the envelope (422 carries `fields`).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

export const unauthorized = () => new AppError(CODES.unauthorized, 'unauthorized');
export const forbidden = () => new AppError(CODES.forbidden, 'forbidden');
export const notFound = (what = 'record') => new AppError(CODES.notFound, 'notFound', { what });
export const conflict = (key = 'conflict', params: Record<string, string | number> = {}) => new AppError(CODES.conflict, key, params);
/** 422 with one or more field messages (keys under `validation`). */
export const invalid = (fields: Record<string, string>) => new AppError(CODES.invalid, 'invalid', {}, { fields });
