import type { Envelope } from '../contract/common';

/** How an upstream exchange ended, as the BFF saw it. */
export type Outcome =
  | { kind: 'response'; status: number; body: Envelope | null; grantsVersion?: string }
  | { kind: 'failure'; reason: 'timeout' | 'unreachable' | 'invalid' }
  | FileOutcome;

/** A file the service answered (HTTP 200, not JSON): passed to the browser as it is (lib/bff/files.ts). */
export interface FileOutcome { kind: 'file'; headers: Record<string, string>; body: ArrayBuffer }

export interface Verdict {
  code: number;
  /** Key under `errors` in messages/*.json; null on success. */
  key: 'notFound' | 'timeout' | 'server' | 'withMessage' | 'system' | null;
  params?: { message: string };
  /** The session must end (SPEC.md section 8: 401 goes to /login). */
  endSession?: boolean;
  /** The version of the user's grants the service answered under (its `x-grants-version` header), when it sent one. */
  grantsVersion?: string;
  data: unknown;
}

/** The id the service logged an unexpected error under, kept so a user can quote it (nothing else of the answer passes). */
function errorIdOf(data: unknown): { errorId: string } | null {
  const errorId = (data as { errorId?: unknown } | null)?.errorId;
  return typeof errorId === 'string' && /^[0-9a-f-]{36}$/.test(errorId) ? { errorId } : null;
}

/**
 * SPEC.md section 8, applied once: every upstream outcome becomes a code the browser
 * acts on and a catalogue key it shows. Rows are checked in the catalogue's order.
 */
export function applyCatalogue(outcome: Outcome): Verdict {
  // No answer: the service could not be reached or died mid-call (503), or took too long (504); the text is the catalogue's.
  if (outcome.kind === 'failure' && outcome.reason !== 'invalid') return { code: outcome.reason === 'timeout' ? 504 : 503, key: 'system', data: null };
  // A file where an envelope was expected is as good as no answer.
  if (outcome.kind !== 'response') return { code: 500, key: 'system', data: null };
  const { status, body } = outcome;
  const code = body?.code;
  if (status === 200 && code === 200) {
    return outcome.grantsVersion ? { code: 200, key: null, data: body!.data, grantsVersion: outcome.grantsVersion } : { code: 200, key: null, data: body!.data };
  }
  if (code === 404 || status === 404) return { code: 404, key: 'notFound', data: null };
  if (code === 401 || status === 401) return { code: 401, key: 'timeout', endSession: true, data: null };
  if (status === 500) return { code: 500, key: 'server', data: errorIdOf(body?.data) };
  if (typeof code === 'number' && code !== 200 && typeof body?.message === 'string') {
    return { code, key: 'withMessage', params: { message: body.message }, data: body.data ?? null };
  }
  // A gateway's own answer without an envelope (a replica behind a load balancer went away): the service is unavailable.
  if (status === 502 || status === 503 || status === 504) return { code: 503, key: 'system', data: null };
  return { code: 500, key: 'system', data: null };
}

/**
 * The server's message as the catalogue shows it, before its one '！' is added (SPEC.md
 * section 8): a message that already ends in an exclamation mark does not get a second.
 */
export const bareMessage = (message: string) => message.replace(/[\s！!]+$/u, '');
