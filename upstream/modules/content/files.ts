import { sql } from 'kysely';
import { log } from '../../../lib/http/log';
import { defineCall } from '../../core/call';
import { audit } from '../../core/audit';
import { invalid, notFound } from '../../core/errors';
import { allowed } from '../../core/permission';
import { FileAnswer } from '../../core/files';
import type { Db } from '../../db';
import type { ContentFileRef } from '../../../lib/contract/content';
import { CONTENT_FILE_MAX_BYTES, contentFileIds, contentFileUrl } from '../../../lib/contract/content-rules';
import { PAGES } from '../../../lib/contract/pages';
import { contentDisposition } from '../../../lib/http/file-name';
import { acceptedMime, displayName } from '../files/content';
import { readStoredFile, withStoredFile } from '../files/store';

/** A content file as screens and bodies name it. */
export const toContentFile = (f: { id: number; name: string; size: number }): ContentFileRef =>
  ({ id: f.id, name: f.name, size: f.size, url: contentFileUrl(f.id) });

/** The ids of the files a body and a cover name, in order, each once. */
export const fileIdsOf = (body: string, coverFileId: number | null = null) =>
  [...new Set([...contentFileIds(body), ...(coverFileId === null ? [] : [coverFileId])])].sort((a, b) => a - b);

/**
 * The files a body and a cover name: every one must be a content file uploaded here (422 on
 * the field naming it otherwise), and a cover must be an image.
 */
export async function checkContentFiles(db: Db, body: string, coverFileId: number | null = null): Promise<void> {
  const inBody = contentFileIds(body);
  const ids = fileIdsOf(body, coverFileId);
  if (!ids.length) return;
  const rows = await db.selectFrom('content_file').select(['id', 'mime']).where('id', 'in', ids).execute();
  const known = new Map(rows.map((r) => [r.id, r.mime]));
  if (inBody.some((fileId) => !known.has(fileId))) throw invalid({ body: 'validation.contentFileMissing' });
  if (coverFileId !== null && !known.get(coverFileId)?.startsWith('image/')) throw invalid({ coverFileId: 'validation.contentCover' });
}

/** Whether the portal may read a file: a published notice whose time has come, or an enabled help template, shows it. */
async function publiclyShown(db: Db, fileId: number, now: Date): Promise<boolean> {
  const shown = sql<boolean>`${fileId}::integer = any(file_ids)`;
  const [notice, help] = await Promise.all([
    db.selectFrom('notice').select('id').where('state', '=', 'PUBLISHED').where('publish_at', '<=', now).where(shown).executeTakeFirst(),
    db.selectFrom('help_info').select('id').where('state', '=', 'ENABLED').where(shown).executeTakeFirst(),
  ]);
  return Boolean(notice ?? help);
}

/**
 * ueditor-file: images and PDF documents for bodies and covers, checked by their bytes. Staff
 * of the content screens read any of them; anyone else only those the portal shows.
 */
export const contentFileCalls = [
  defineCall({
    path: 'ueditor-file/upload',
    async handler(ctx, input) {
      const { file } = input;
      if (file.bytes.byteLength > CONTENT_FILE_MAX_BYTES) throw invalid({ file: 'validation.fileTooLarge' });
      const mime = acceptedMime(file.bytes, file.type, file.name);
      if (!mime) throw invalid({ file: 'validation.fileType' });
      const name = displayName(file.name, mime);
      return withStoredFile(ctx.options.filesDir, file.bytes, (key) => ctx.db.transaction().execute(async (trx) => {
        const row = await trx.insertInto('content_file').values({ name, mime, size: file.bytes.byteLength, storage_key: key, uploaded_by: ctx.user.id })
          .returning(['id', 'name', 'size', 'mime']).executeTakeFirstOrThrow();
        await audit(trx, ctx.user, 'contentFile.upload', { type: 'content_file', id: row.id }, { name, mime, size: row.size });
        return { ...toContentFile(row), mime: row.mime };
      }));
    },
  }),
  defineCall({
    path: 'ueditor-file/file',
    async handler(ctx, input): Promise<FileAnswer> {
      const row = await ctx.db.selectFrom('content_file').select(['name', 'mime', 'storage_key']).where('id', '=', input.id).executeTakeFirst();
      if (!row) throw notFound('file');
      const staff = ctx.user !== null && await allowed(ctx.db, ctx.user, [{ page: PAGES.notice }, { page: PAGES.help }]);
      if (!staff && !(await publiclyShown(ctx.db, input.id, ctx.now))) throw notFound('file');
      let bytes: Uint8Array;
      try {
        bytes = await readStoredFile(ctx.options.filesDir, row.storage_key);
      } catch (error) {
        log.error({ fileId: input.id, error }, 'content file missing from the store');
        throw notFound('file');
      }
      return new FileAnswer(bytes, row.mime, contentDisposition(row.name, 'inline'));
    },
  }),
];
