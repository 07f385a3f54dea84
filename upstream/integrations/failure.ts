/**
 * Why a lookup failed, as the real-time errors screen shows it: a short code (TIMEOUT,
 * UNREACHABLE, HTTP_503, BAD_ANSWER, FAILED) and a message key with its parameters, translated
 * where it is read. A provider throws one; anything else thrown counts as FAILED.
 */
export class LookupFailure extends Error {
  constructor(readonly code: string, readonly key: string, readonly params: Record<string, string | number> = {}) {
    super(code);
  }
}

export type LookupOutcome<T> = { ok: true; value: T } | { ok: false; failure: LookupFailure };

/** What a thrown value means: a timeout when the caller's signal fired, else the provider's own failure. */
export function failureOf(error: unknown, signal: AbortSignal): LookupFailure {
  if (error instanceof LookupFailure) return error;
  if (signal.aborted) return new LookupFailure('TIMEOUT', 'lookup.timeout');
  return new LookupFailure('FAILED', 'lookup.failed');
}
