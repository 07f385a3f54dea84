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

/**
 * What a log may say of an unexpected error: its class, its SQLSTATE or system code and where
 * it was thrown, never its message (a database error's text can quote the row it refused).
 */
export function errorKind(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  const frames = (error.stack ?? '').split('\n').filter((l) => l.trim().startsWith('at ')).slice(0, 5).map((l) => l.trim());
  return [error.name, typeof code === 'string' ? `code ${code}` : '', ...frames].filter(Boolean).join(' | ');
}
