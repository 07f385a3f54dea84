import { z } from './zod';
import { id, version } from './fields';

/** Most rows one batch call takes (a screen deletes at most a page of 30). */
export const BATCH_MAX = 100;

/** The rows of a batch call: 1 to BATCH_MAX ids (repeats count once). */
export const batchIds = z.array(id, { error: 'validation.batchIds' })
  .min(1, 'validation.batchIds').max(BATCH_MAX, 'validation.batchIds')
  .transform((ids) => [...new Set(ids)]);

/** The rows of a batch call with the version each was read at (a changed one refuses the batch). */
export const batchItems = z.array(z.object({ id, version }), { error: 'validation.batchIds' })
  .min(1, 'validation.batchIds').max(BATCH_MAX, 'validation.batchIds');

/** A delete of one row (`{ id }`) or of several at once (`{ ids }`), not both. */
export const deleteInput = z.object({ id: id.optional(), ids: batchIds.optional() }).superRefine((value, ctx) => {
  if ((value.id === undefined) === (value.ids === undefined)) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'validation.batchIds' });
});
export type DeleteInput = z.infer<typeof deleteInput>;
