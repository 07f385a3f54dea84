/**
 * Data push and the supervision sync (DOMAIN.md section 4): the events a push target may
 * subscribe to, the states of an outbox row and of a daily supervision batch. Plain
 * constants, safe for the browser.
 */

/** The events of an application delivered to push targets: the case approved, the bank's decision (issued or not), refused, and the bank's repayment reports on an issued loan. */
export const PUSH_EVENTS = ['APPROVED', 'LOANED', 'NOT_ISSUED', 'REFUSED', 'REPAYMENT'] as const;
export type PushEvent = (typeof PUSH_EVENTS)[number];

/**
 * An outbox row: PENDING (waiting for its first attempt or a manual re-push), SENDING (claimed by
 * a worker, until its lease ends), FAILED (an attempt failed, the next one is scheduled),
 * DELIVERED (answered 2xx) and DEAD (the attempt limit reached; only a manual push revives it).
 */
export const PUSH_STATUSES = ['PENDING', 'SENDING', 'FAILED', 'DELIVERED', 'DEAD'] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];

/** Why an attempt failed. */
export const PUSH_ERRORS = ['TIMEOUT', 'NETWORK', 'HTTP', 'ANSWER', 'TARGET_OFF'] as const;
export type PushError = (typeof PUSH_ERRORS)[number];

/** What an outbox row carries: an application's event to a target, or a day's batch to the supervision platform. */
export type PushKind = 'EVENT' | 'SUPERVISION';

/** A daily supervision batch: waiting or being sent, accepted by the platform, or given up after the attempt limit. */
export const BATCH_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const TARGET_STATES = ['ENABLED', 'DISABLED'] as const;

/** The headers of a delivery (docs/api.md, 'Receiving pushes'). */
export const PUSH_HEADERS = {
  idempotencyKey: 'Idempotency-Key',
  signature: 'X-LBO-Signature',
  event: 'X-LBO-Event',
} as const;
