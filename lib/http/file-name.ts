/**
 * File names of downloads (RFC 6266 / RFC 5987): the service names a file in
 * `content-disposition`, the browser saves it under that name. Pure, for every side.
 */

/** Percent-encodes all but RFC 5987's attr-chars. */
const encode5987 = (name: string) => encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/** `attachment` (or `inline`: shown in the browser) with an ASCII fallback name and the exact UTF-8 name. */
export function contentDisposition(name: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = name.replace(/[^\x20-\x7E]|["\\%;]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encode5987(name)}`;
}

/** The file name a `content-disposition` header gives (filename* first), without any folder part. */
export function fileNameOf(header: string | null, fallback = 'download'): string {
  if (!header) return fallback;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header);
  if (extended && extended[1]!.toLowerCase() === 'utf-8') {
    try { name = decodeURIComponent(extended[2]!.trim()); } catch { name = undefined; }
  }
  name ??= /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  const base = name?.split(/[\\/]/).pop()?.replace(/[\u0000-\u001F]/g, '').trim();
  return base || fallback;
}

/** A JSON answer (the envelope); anything else the service answers with status 200 is a file. */
export const isJsonType = (type: string) => /^\s*application\/([\w.-]+\+)?json\s*(;|$)/i.test(type);
