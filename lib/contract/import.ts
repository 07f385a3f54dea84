import { z } from './zod';
import { uploadedPart } from './files';

/**
 * Imports from .xlsx files (the screens' 导入 action, upstream/core/import.ts): the file goes
 * as multipart/form-data (one `file` part) to a check call, then, without errors, to a commit
 * call that applies every row in one transaction or none.
 */
export const importInput = z.object({ file: uploadedPart });

export { IMPORT_BODY_MAX_BYTES, IMPORT_ERRORS_SHOWN, IMPORT_MAX_BYTES } from './limits';

/**
 * A problem found in the file: the sheet row (the header is row 1; null for the whole file),
 * the column (the message key of its header; null for the whole row) and the message key
 * with its parameters, translated where it is shown.
 */
const importRowError = z.object({
  row: z.number().int().nullable(),
  column: z.string().nullable(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportRowError = z.infer<typeof importRowError>;

/** The check call's answer: data rows read, the errors (at most IMPORT_ERRORS_SHOWN) and how many more there are. */
export const importCheck = z.object({ rows: z.number().int(), errors: z.array(importRowError), more: z.number().int() });
export type ImportCheck = z.infer<typeof importCheck>;

/** The commit call's answer: rows applied. */
export const importResult = z.object({ rows: z.number().int() });
export type ImportResult = z.infer<typeof importResult>;
