import { defineCall } from '../../core/call';
import { audit } from '../../core/audit';
import { conflict, invalid, notFound } from '../../core/errors';
import { FileAnswer } from '../../core/files';
import type { FileInfo } from '../../../lib/contract/workflow';
import { FILE_MAX_BYTES, FILES_PER_APPLICATION } from '../../../lib/workflow/files';
import { visibleApplication } from '../workflow/detail';
import { acceptedMime, displayName } from './content';
import { contentDisposition } from '../../../lib/http/file-name';
import { readStoredFile, withStoredFile } from './store';
import { log } from '../../../lib/http/log';

/** A file as lists show it, with the address it is viewed at. */
export const toFileInfo = (f: { id: number; kind: string; name: string; mime: string; size: number; created_at: Date | string }): FileInfo => ({
  id: f.id, kind: f.kind, name: f.name, mime: f.mime, size: f.size,
  url: `/api/upload/file?id=${f.id}`, createTime: new Date(f.created_at).toISOString(),
});

/**
 * The files of an application (SPEC.md section 7 'Other'): uploaded by, and shown only to,
 * users who may see the application; a case of another bank does not exist for them (404).
 * Only JPEG, PNG and PDF content is taken (by its bytes), at most FILE_MAX_BYTES each.
 */
export const fileCalls = [
  defineCall({
    path: 'upload/uploadFile',
    async handler(ctx, input): Promise<FileInfo> {
      await visibleApplication(ctx.db, ctx.user, input.applicationId);
      const { file } = input;
      if (file.bytes.byteLength > FILE_MAX_BYTES) throw invalid({ file: 'validation.fileTooLarge' });
      const mime = acceptedMime(file.bytes, file.type, file.name);
      if (!mime) throw invalid({ file: 'validation.fileType' });
      const name = displayName(file.name, mime);
      return withStoredFile(ctx.options.filesDir, file.bytes, (key) => ctx.db.transaction().execute(async (trx) => {
        // One upload at a time per application, so the count below holds.
        await trx.selectFrom('application').select('id').where('id', '=', input.applicationId).forUpdate().executeTakeFirstOrThrow();
        const { n } = await trx.selectFrom('application_file').select((eb) => eb.fn.countAll<number>().as('n'))
          .where('application_id', '=', input.applicationId).executeTakeFirstOrThrow();
        if (Number(n) >= FILES_PER_APPLICATION) throw conflict('files.tooMany');
        const row = await trx.insertInto('application_file').values({
          application_id: input.applicationId, kind: input.kind, name, mime, size: file.bytes.byteLength,
          storage_key: key, uploaded_by: ctx.user.id,
        }).returning(['id', 'kind', 'name', 'mime', 'size', 'created_at']).executeTakeFirstOrThrow();
        await audit(trx, ctx.user, 'file.upload', { type: 'application_file', id: row.id },
          { applicationId: input.applicationId, kind: input.kind, name, mime, size: row.size });
        return toFileInfo(row);
      }));
    },
  }),

  defineCall({
    path: 'upload/file',
    async handler(ctx, input): Promise<FileAnswer> {
      const row = await ctx.db.selectFrom('application_file').select(['application_id', 'name', 'mime', 'storage_key', 'uploaded_by'])
        .where('id', '=', input.id).executeTakeFirst();
      if (!row) throw notFound('file');
      if (row.application_id === null) {
        if (row.uploaded_by !== ctx.user.id) throw notFound('file');
      } else {
        await visibleApplication(ctx.db, ctx.user, row.application_id);
      }
      let bytes: Uint8Array;
      try {
        bytes = await readStoredFile(ctx.options.filesDir, row.storage_key);
      } catch (error) {
        log.error({ fileId: input.id, error }, 'file missing from the store');
        throw notFound('file');
      }
      return new FileAnswer(bytes, row.mime, contentDisposition(row.name, 'inline'));
    },
  }),
];
