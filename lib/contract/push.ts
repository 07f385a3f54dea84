import { z } from './zod';
import { date, id, inDateOrder, pageInput, requiredLine, textFilter } from './fields';
import { count, timestamp } from './output';
import { version } from './role';
import { BATCH_STATUSES, PUSH_ERRORS, PUSH_EVENTS, PUSH_STATUSES, TARGET_STATES } from '../workflow/push';

/**
 * Data push (businessDataSyncLog) and the supervision sync (renshePushLog), DOMAIN.md
 * section 4: push targets, the outbox log with its re-push, and the daily batches.
 */
const TARGET_NAME_MAX = 64;
const TARGET_URL_MAX = 500;
const SECRET_MIN = 16;
const SECRET_MAX = 128;
/** The most rows one batchPush names. */
const BATCH_PUSH_MAX = 100;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const event = z.enum(PUSH_EVENTS, { error: 'validation.pushEvent' });
const state = z.enum(TARGET_STATES, { error: 'validation.state' });

/** An http(s) address a worker can POST to. */
const url = requiredLine(TARGET_URL_MAX, 'validation.pushUrl').refine((v) => {
  try {
    const parsed = new URL(v);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}, 'validation.pushUrl');
const secret = z.string({ error: 'validation.pushSecret' }).min(SECRET_MIN, 'validation.pushSecret').max(SECRET_MAX, 'validation.pushSecret')
  .regex(/^[\x21-\x7E]+$/, 'validation.pushSecret');

export const pushTargetListInput = pageInput.extend({
  name: textFilter(TARGET_NAME_MAX),
  state: z.preprocess(blank, state.optional()),
});

const editable = {
  name: requiredLine(TARGET_NAME_MAX, 'validation.pushTargetName'),
  url,
  events: z.array(event, { error: 'validation.pushEvents' }).min(1, 'validation.pushEvents').max(PUSH_EVENTS.length, 'validation.pushEvents'),
  state: state.default('ENABLED'),
};
/** pushTarget/add: the secret is required (16 to 128 printable characters). */
export const pushTargetAddInput = z.object({ ...editable, secret });
/** pushTarget/update: a blank or absent secret keeps the stored one. */
export const pushTargetUpdateInput = z.object({ id, version, ...editable, secret: z.preprocess(blank, secret.optional()) });
export const pushTargetDeleteInput = z.object({ id, version });

export const pushTargetRow = z.object({
  id: count,
  name: z.string(),
  url: z.string(),
  /** The secret's last four characters after a mask; the whole secret is never answered. */
  secretHint: z.string(),
  events: z.array(event),
  state,
  /** Rows of the outbox for this target (a target with rows is disabled, not deleted). */
  deliveries: count,
  version: count,
  updateTime: timestamp,
});
export type PushTargetRow = z.infer<typeof pushTargetRow>;

export const pushLogListInput = inDateOrder(pageInput.extend({
  applicationNumber: textFilter(32),
  event: z.preprocess(blank, event.optional()),
  targetId: z.preprocess(blank, id.optional()),
  status: z.preprocess(blank, z.enum(PUSH_STATUSES, { error: 'validation.pushStatus' }).optional()),
  dateFrom: z.preprocess(blank, date.optional()),
  dateTo: z.preprocess(blank, date.optional()),
  order: textFilter(32),
}));

export const pushLogRow = z.object({
  id: count,
  applicationNumber: z.string().nullable(),
  event: z.string(),
  targetId: count.nullable(),
  targetName: z.string().nullable(),
  status: z.enum(PUSH_STATUSES),
  attempts: count,
  attemptLimit: count,
  lastHttpCode: count.nullable(),
  lastError: z.enum(PUSH_ERRORS).nullable(),
  /** The start of the receiver's answer or the network error, as it came. */
  lastDetail: z.string().nullable(),
  /** When the next attempt is due; null once delivered or dead. */
  nextAttemptTime: timestamp.nullable(),
  deliveredTime: timestamp.nullable(),
  createTime: timestamp,
  version: count,
});
export type PushLogRow = z.infer<typeof pushLogRow>;

export const pushOneInput = z.object({ id });
/** batchPush: the rows named, or (allFailed) every failed and dead row. */
export const batchPushInput = z.object({
  ids: z.array(id, { error: 'validation.pushSelection' }).max(BATCH_PUSH_MAX, 'validation.pushSelection').optional(),
  allFailed: z.boolean({ error: 'validation.invalid' }).optional(),
}).refine((v) => (v.allFailed === true) !== ((v.ids?.length ?? 0) > 0), { message: 'validation.pushSelection', path: ['ids'] });
export const pushResult = z.object({ count });

export const pushPayloadInput = z.object({ id });
export const pushPayload = z.object({
  id: count,
  idempotencyKey: z.string(),
  /** The body as it is sent (JSON text). */
  payload: z.string(),
});

export const renshePushListInput = inDateOrder(pageInput.extend({
  status: z.preprocess(blank, z.enum(BATCH_STATUSES, { error: 'validation.batchStatus' }).optional()),
  dateFrom: z.preprocess(blank, date.optional()),
  dateTo: z.preprocess(blank, date.optional()),
}));

export const renshePushRow = z.object({
  id: count,
  day: z.string(),
  count,
  succeeded: count,
  failed: count,
  status: z.enum(BATCH_STATUSES),
  /** The platform's answer as it came (null while waiting, or from the simulated platform: see `simulated`). */
  answer: z.string().nullable(),
  simulated: z.boolean(),
  runs: count,
  attempts: count,
  lastError: z.enum(PUSH_ERRORS).nullable(),
  lastHttpCode: count.nullable(),
  updateTime: timestamp,
  version: count,
});
export type RenshePushRow = z.infer<typeof renshePushRow>;

export const renshePushRerunInput = z.object({ id, version });
export const pushTargetOptionsInput = z.object({});
export const pushTargetOptions = z.array(z.object({ id: count, name: z.string() }));
