import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_MAX_BYTES, FILES_PER_APPLICATION, UPLOAD_BODY_MAX_BYTES } from '../../lib/workflow/files';
import { describeUpstream, type Upstream } from './harness';
import { countRows, orgIdOf, staffIn } from './helpers';
import { createCase, ORGS } from './workflow-fixtures';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');
const TEXT = new TextEncoder().encode('hello, not an image');

interface Part { bytes: Uint8Array; name: string; type?: string }

/** A multipart upload as a browser sends it (FormData sets the boundary). */
function uploadRequest(fields: { applicationId?: number | string; kind?: string; file?: Part }, token?: string) {
  const form = new FormData();
  if (fields.applicationId !== undefined) form.set('applicationId', String(fields.applicationId));
  if (fields.kind !== undefined) form.set('kind', fields.kind);
  if (fields.file) form.set('file', new File([fields.file.bytes as Uint8Array<ArrayBuffer>], fields.file.name, { type: fields.file.type ?? '' }));
  return new Request('http://upstream/api/upload/uploadFile', {
    method: 'POST', body: form, headers: { 'accept-language': 'zh-CN', 'x-client-ip': '10.0.0.1', ...(token ? { token } : {}) },
  });
}

async function upload(up: Upstream, token: string, fields: Parameters<typeof uploadRequest>[0]) {
  const response = await up.fetch(uploadRequest(fields, token));
  return { status: response.status, body: await response.json() };
}

async function download(up: Upstream, token: string | undefined, id: number) {
  return up.fetch(new Request(`http://upstream/api/upload/file?id=${id}`, { headers: token ? { token } : {} }));
}

const stored = (up: Upstream) => readdirSync(up.filesDir);

describeUpstream('application files (upload/uploadFile, upload/file)', (up) => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'renshe', 'bank']) tokens[name] = await up().login(name);
  });

  describe('upload', () => {
    it('keeps a PNG under a random key, lists it with the case and answers it inline to its readers', async () => {
      const app = await createCase(up().db);
      const before = stored(up());
      const res = await upload(up(), tokens.renshe!, { applicationId: app.id, kind: 'ID_CARD', file: { bytes: PNG, name: '../../身份证 正面.png', type: 'image/png' } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ kind: 'ID_CARD', name: '身份证 正面.png', mime: 'image/png', size: PNG.byteLength });
      const { id } = res.body.data;
      expect(res.body.data.url).toBe(`/api/upload/file?id=${id}`);

      const added = stored(up()).filter((f) => !before.includes(f));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(readFileSync(join(up().filesDir, added[0]!))).toEqual(Buffer.from(PNG));

      const list = await up().call('businessProposerInfo/getFileInfo', { id: app.id }, { token: tokens.renshe });
      expect(list.body.data.map((f: { id: number }) => f.id)).toEqual([id]);
      const audit = await up().db.selectFrom('audit_log').select('action').where('target_type', '=', 'application_file').where('target_id', '=', String(id)).execute();
      expect(audit).toEqual([{ action: 'file.upload' }]);

      const file = await download(up(), tokens.renshe, id);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(file.headers.get('content-disposition')).toBe(`inline; filename="___ __.png"; filename*=UTF-8''${encodeURIComponent('身份证 正面.png')}`);
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
    });

    it('drops bidirectional controls from the name it keeps and answers the file sandboxed', async () => {
      const app = await createCase(up().db);
      // U+202E would show 'invoice\u202Efdp.exe.pdf' as 'invoiceexe.pdf' reversed; U+2066-2069 and U+200E/F isolate and mark.
      const name = 'invoice\u202Efdp.exe\u2066\u200F.pdf';
      const res = await upload(up(), tokens.renshe!, { applicationId: app.id, kind: 'OTHER', file: { bytes: PDF, name, type: 'application/pdf' } });
      expect(res.status).toBe(200);
      expect(res.body.data.name).toBe('invoicefdp.exe.pdf');
      const list = await up().call('businessProposerInfo/getFileInfo', { id: app.id }, { token: tokens.renshe });
      expect(list.body.data.map((f: { name: string }) => f.name)).toEqual(['invoicefdp.exe.pdf']);
      const file = await download(up(), tokens.renshe, res.body.data.id);
      expect(file.headers.get('content-security-policy')).toBe('sandbox');
      expect(file.headers.get('content-disposition')).not.toMatch(/%E2%80%AE|%E2%81%A6|%E2%80%8F/);
    });

    it('takes JPEG and PDF content, also without a declared type, and names it by its type', async () => {
      const app = await createCase(up().db);
      const jpeg = await upload(up(), tokens.renshe!, { applicationId: app.id, kind: 'OTHER', file: { bytes: JPEG, name: 'photo', type: 'application/octet-stream' } });
      expect(jpeg.body.data).toMatchObject({ name: 'photo.jpg', mime: 'image/jpeg' });
      const pdf = await upload(up(), tokens.renshe!, { applicationId: app.id, kind: 'CONTRACT', file: { bytes: PDF, name: 'contract.PDF', type: 'application/pdf' } });
      expect(pdf.body.data).toMatchObject({ name: 'contract.PDF', mime: 'application/pdf' });
      const file = await download(up(), tokens.renshe, pdf.body.data.id);
      expect(file.headers.get('content-type')).toBe('application/pdf');
    });

    it('refuses content that is not JPEG, PNG or PDF, or that claims to be another type, and keeps nothing', async () => {
      const app = await createCase(up().db);
      const [rows, files] = [await countRows(up().db, 'application_file'), stored(up()).length];
      for (const file of [
        { bytes: TEXT, name: 'fake.png', type: 'image/png' },
        { bytes: TEXT, name: 'notes.txt', type: 'text/plain' },
        { bytes: PNG, name: 'scan.png', type: 'application/pdf' },
        { bytes: PDF, name: 'scan.jpg', type: '' },
        { bytes: new Uint8Array(0), name: 'empty.png', type: 'image/png' },
      ]) {
        const res = await upload(up(), tokens.renshe!, { applicationId: app.id, kind: 'OTHER', file });
        expect(res.status, file.name).toBe(422);
        expect(res.body.data).toEqual({ fields: { file: 'validation.fileType' } });
      }
      expect(await countRows(up().db, 'application_file')).toBe(rows);
      expect(stored(up())).toHaveLength(files);
    });

    it('refuses a file over 10 MB, and a body over the limit before reading it all', async () => {
      const app = await createCase(up().db);
      const big = new Uint8Array(FILE_MAX_BYTES + 1);
      big.set(PNG);
      const res = await upload(up(), tokens.renshe!, { applicationId: app.id, kind: 'OTHER', file: { bytes: big, name: 'big.png', type: 'image/png' } });
      expect(res.status).toBe(422);
      expect(res.body.data).toEqual({ fields: { file: 'validation.fileTooLarge' } });
      const huge = new Uint8Array(UPLOAD_BODY_MAX_BYTES + 1);
      huge.set(PNG);
      const body = await upload(up(), tokens.renshe!, { applicationId: app.id, kind: 'OTHER', file: { bytes: huge, name: 'huge.png', type: 'image/png' } });
      expect(body.status).toBe(422);
      expect(body.body.data).toEqual({ fields: { file: 'validation.fileTooLarge' } });
      expect((await up().call('businessProposerInfo/getFileInfo', { id: app.id }, { token: tokens.renshe })).body.data).toEqual([]);
    });

    it('asks for the case, the kind and the file, as multipart', async () => {
      const app = await createCase(up().db);
      expect((await upload(up(), tokens.renshe!, { applicationId: app.id, kind: 'OTHER' })).body.data).toEqual({ fields: { file: 'validation.fileRequired' } });
      expect((await upload(up(), tokens.renshe!, { applicationId: app.id, kind: 'SELFIE', file: { bytes: PNG, name: 'a.png' } })).body.data)
        .toEqual({ fields: { kind: 'validation.fileKind' } });
      expect((await upload(up(), tokens.renshe!, { kind: 'OTHER', file: { bytes: PNG, name: 'a.png' } })).body.data).toEqual({ fields: { applicationId: 'validation.id' } });
      const json = await up().call('upload/uploadFile', { applicationId: app.id, kind: 'OTHER' }, { token: tokens.renshe });
      expect(json.status).toBe(422);
      expect(json.body.data).toEqual({ fields: { _: 'validation.multipart' } });
    });

    it('refuses a case of another bank as not found, and callers without a case page', async () => {
      const other = await createCase(up().db, { stage: 'BANK_FIRST', assignee: 'bank', bank: 'bank2' });
      const res = await upload(up(), tokens.bank!, { applicationId: other.id, kind: 'OTHER', file: { bytes: PNG, name: 'a.png', type: 'image/png' } });
      expect(res.status).toBe(404);
      const outsider = await staffIn(up(), 'files-outsider', await orgIdOf(up().db, ORGS.bank1), { pages: ['/admin/setting/system/user'] });
      const mine = await createCase(up().db, { stage: 'BANK_FIRST', assignee: 'bank', bank: 'bank1' });
      expect((await upload(up(), outsider.token, { applicationId: mine.id, kind: 'OTHER', file: { bytes: PNG, name: 'a.png' } })).status).toBe(403);
      expect((await up().fetch(uploadRequest({ applicationId: mine.id, kind: 'OTHER', file: { bytes: PNG, name: 'a.png' } }))).status).toBe(401);
      expect((await upload(up(), tokens.bank!, { applicationId: mine.id, kind: 'OTHER', file: { bytes: PNG, name: 'a.png' } })).status).toBe(200);
    });

    it('holds at most FILES_PER_APPLICATION files per case', async () => {
      const app = await createCase(up().db);
      await up().db.insertInto('application_file').values(Array.from({ length: FILES_PER_APPLICATION }, (_, i) => ({
        application_id: app.id, kind: 'OTHER', name: `f${i}.png`, mime: 'image/png', size: 1, storage_key: `seeded-${app.id}-${i}`, uploaded_by: null,
      }))).execute();
      const res = await upload(up(), tokens.renshe!, { applicationId: app.id, kind: 'OTHER', file: { bytes: PNG, name: 'a.png' } });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('该申请的附件已达上限（50 个），不能再上传');
    });
  });

  describe('download', () => {
    it('answers a file only to users who may see its case: another bank gets not found', async () => {
      const app = await createCase(up().db, { stage: 'BANK_FIRST', assignee: 'bank', bank: 'bank2' });
      const res = await upload(up(), tokens.admin!, { applicationId: app.id, kind: 'OTHER', file: { bytes: PDF, name: 'a.pdf' } });
      expect(res.status).toBe(200);
      const { id } = res.body.data;
      const refused = await download(up(), tokens.bank, id);
      expect(refused.status).toBe(404);
      expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await refused.json()).code).toBe(404);
      const colleague = await staffIn(up(), 'files-bank2', await orgIdOf(up().db, ORGS.bank2), { pages: ['/bank/bank-first'] });
      expect((await download(up(), colleague.token, id)).status).toBe(200);
      expect((await download(up(), undefined, id)).status).toBe(401);
      expect((await download(up(), tokens.admin, 987_654)).status).toBe(404);
    });
  });
});
