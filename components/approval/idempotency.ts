/**
 * Idempotency keys of the workflow actions (DESIGN.md section 5): a dialog makes a key when
 * it opens and sends it with every attempt of the same submission, so a retry after a lost
 * answer cannot act twice. A changed submission is a new one and gets a new key (the
 * version it carries still refuses it if the first attempt went through after all).
 */
export interface KeyedSubmission {
  key: string;
  /** The body the key was last sent with; null until the first attempt. */
  body: string | null;
}

/** A random UUID; falls back to getRandomValues where randomUUID is missing (plain-HTTP origins). */
export function makeKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const openSubmission = (make: () => string = makeKey): KeyedSubmission => ({ key: make(), body: null });

/** The key for sending `body`: the open key on the first attempt and on a retry of the same body, else a new one. */
export function submissionFor(last: KeyedSubmission, body: unknown, make: () => string = makeKey): KeyedSubmission {
  const text = JSON.stringify(body);
  return last.body === null || last.body === text ? { key: last.key, body: text } : { key: make(), body: text };
}
