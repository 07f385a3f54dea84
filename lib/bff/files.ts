import { NextResponse, type NextRequest } from 'next/server';
import { isJsonType } from '../http/file-name';
import type { FileOutcome, Verdict } from '../api/catalogue';
import { CALLS } from '../contract/calls';
import type { CallSpec } from '../contract/call';

/**
 * Files through the BFF, both ways: uploads (a multipart/form-data body, forwarded as it
 * came, within a size limit) and file answers (passed to the browser as they are; error
 * answers stay envelopes and go through the catalogue).
 */

/** Calls whose POST body is multipart/form-data, with the largest body each takes. */
export const MULTIPART_CALLS: Readonly<Record<string, number>> = Object.fromEntries(Object.entries(CALLS as Record<string, CallSpec>)
  .flatMap(([path, spec]) => (spec.body && spec.body !== 'json' ? [[path, spec.body.multipart.maxBytes]] : [])));

export type UploadBody = { ok: true; body: Uint8Array; contentType: string } | { ok: false; field: string; key: string };

/**
 * Reads an upload's body: multipart/form-data only, at most `max` bytes (refused by its
 * Content-Length before reading, else as soon as the stream passes it).
 */
export async function readUpload(req: NextRequest, max: number): Promise<UploadBody> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;\s*boundary=/i.test(contentType)) return { ok: false, field: '_', key: 'validation.multipart' };
  const body = await readBounded(req, max);
  return body ? { ok: true, body, contentType } : { ok: false, field: 'file', key: 'validation.fileTooLarge' };
}

/**
 * A request's body, or null when it is larger than `max` bytes (refused by its
 * Content-Length before reading, else as soon as the stream passes it).
 */
export async function readBounded(req: NextRequest, max: number): Promise<Uint8Array | null> {
  if (Number(req.headers.get('content-length')) > max) return null;
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      total += part.value.byteLength;
      if (total > max) {
        await reader.cancel().catch(() => {});
        return null;
      }
      chunks.push(part.value);
    }
  }
  const body = new Uint8Array(total);
  chunks.reduce((offset, chunk) => { body.set(chunk, offset); return offset + chunk.byteLength; }, 0);
  return body;
}

/** The answer to an upload the BFF refuses itself: a 422 naming the field, as the service would. */
export const uploadRefusal = (refusal: Extract<UploadBody, { ok: false }>, translate: (key: string) => string): Verdict =>
  ({ code: 422, key: 'withMessage', params: { message: translate(refusal.key) }, data: { fields: { [refusal.field]: refusal.key } } });

/** A file answer: HTTP 200 with a content type other than JSON. */
export function isFileAnswer(status: number, contentType: string | null): boolean {
  return status === 200 && Boolean(contentType) && !isJsonType(contentType!);
}

/** The headers of a file answer the browser gets; nothing else of the service's passes. */
const FILE_HEADERS = ['content-type', 'content-length', 'content-disposition', 'last-modified', 'etag'] as const;

/** Reads a file answer of the service (its body and the headers that describe it). */
export async function readFileAnswer(response: Pick<Response, 'arrayBuffer'> & { headers: { get(name: string): string | null } }): Promise<FileOutcome> {
  const headers: Record<string, string> = {};
  for (const name of FILE_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return { kind: 'file', headers, body: await response.arrayBuffer() };
}

/**
 * Forwards a file to the browser: never sniffed, never kept by a shared cache, same origin
 * only, and sandboxed (a document opened from it runs no script and has no origin of ours).
 */
export function fileResponse(file: FileOutcome): NextResponse {
  return new NextResponse(file.body, {
    status: 200,
    headers: {
      ...file.headers,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      'content-security-policy': 'sandbox',
    },
  });
}
