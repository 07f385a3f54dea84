import { z } from './zod';
import { id } from './fields';

/** Most rows one batch call takes (a screen deletes at most a page of 30). */
const BATCH_MAX = 100;

/** The rows of a batch call: 1 to BATCH_MAX ids (repeats count once). */
const batchIds = z.array(id, { error: 'validation.batchIds' })
  .min(1, 'validation.batchIds').max(BATCH_MAX, 'validation.batchIds')
  .transform((ids) => [...new Set(ids)]);

/** A delete of one row (`{ id }`) or of several at once (`{ ids }`), not both. */
export const deleteInput = z.object({ id: id.optional(), ids: batchIds.optional() }).superRefine((value, ctx) => {
  if ((value.id === undefined) === (value.ids === undefined)) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'validation.batchIds' });
});
export type DeleteInput = z.infer<typeof deleteInput>;
