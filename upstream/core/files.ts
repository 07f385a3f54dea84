import type { UploadedPart } from '../../lib/contract/files';
import { invalid } from './errors';
import type { CallRequest } from './dispatch';

/**
 * Calls that take or give files: a multipart/form-data body read within a size limit, and
 * a file answered as itself instead of an envelope (errors still go through the one converter).
 */

/** What a handler returns to answer a file: its bytes, type and the name it is shown under. */
export class FileAnswer {
  constructor(readonly bytes: Uint8Array, readonly mime: string, readonly disposition: string) {}
}

/** The HTTP answer of a file: only what the browser needs, never sniffed, never cached by others, sandboxed. */
export function fileResponse(file: FileAnswer): Response {
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'content-type': file.mime,
      'content-length': String(file.bytes.byteLength),
      'content-disposition': file.disposition,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
    },
  });
}

const tooLarge = () => invalid({ file: 'validation.fileTooLarge' });

/** Reads a body stream, giving up (422) as soon as it passes `max` bytes. */
async function readLimited(body: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The fields of a multipart/form-data body: text parts as strings, file parts as their
 * name, declared type and bytes. The first part of a name counts. Bodies over `maxBytes`
 * are refused (by their Content-Length before reading, else while reading).
 */
export async function readMultipart(request: Pick<CallRequest, 'header' | 'stream'>, maxBytes: number): Promise<Record<string, string | UploadedPart>> {
  const type = request.header('content-type') ?? '';
  if (!/^multipart\/form-data;\s*boundary=/i.test(type)) throw invalid({ _: 'validation.multipart' });
  const declared = Number(request.header('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  const bytes = await readLimited(request.stream(), maxBytes);
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData();
  } catch {
    throw invalid({ _: 'validation.multipart' });
  }
  const fields: Record<string, string | UploadedPart> = {};
  for (const [name, value] of form.entries()) {
    if (name in fields) continue;
    fields[name] = typeof value === 'string'
      ? value
      : { name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
  }
  return fields;
}
