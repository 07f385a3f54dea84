import { z } from './zod';
import { id, line } from './fields';
import { FILE_KINDS } from '../workflow/files';

/**
 * Contracts of the application files (SPEC.md section 7 'Other': upload/uploadFile). The
 * upload is multipart/form-data: `applicationId`, `kind` and one `file` part, which the
 * service reads as its name, declared type and bytes.
 */
export const uploadedPart = z.object({
  name: line(1000),
  type: line(200),
  bytes: z.instanceof(Uint8Array),
}, { error: 'validation.fileRequired' });
export type UploadedPart = z.infer<typeof uploadedPart>;

export const uploadInput = z.object({
  applicationId: id,
  kind: z.enum(FILE_KINDS, { error: 'validation.fileKind' }),
  file: uploadedPart,
});

/** upload/file?id=: one file, answered as the file itself. */
export const fileIdInput = z.object({ id });
