import { inflateRawSync } from 'node:zlib';
import { FILE_NAME_MAX, FILE_TYPES, fileEnding, mimeOfEnding, type FileMime } from '../../../lib/workflow/files';

/**
 * What an uploaded file really is, by its first bytes (a declared type or a name ending is
 * only what the sender claims), and the names it is kept and answered under.
 */
const SIGNATURES: readonly { mime: FileMime; bytes: readonly number[] }[] = [
  { mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
];

/** The allowed type the content starts like, or null. */
export function sniffMime(bytes: Uint8Array): FileMime | null {
  return SIGNATURES.find((s) => s.bytes.length <= bytes.length && s.bytes.every((b, i) => bytes[i] === b))?.mime ?? null;
}

/** Declared types that say nothing (the browser did not know) or name a type by another spelling. */
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream']);
const ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'image/x-png': 'image/png' };

/**
 * The file's type when its content is an allowed one and neither its declared type nor its
 * name ending says otherwise; else null.
 */
export function acceptedMime(bytes: Uint8Array, declaredType: string, name: string): FileMime | null {
  const mime = sniffMime(bytes);
  if (!mime) return null;
  const declared = declaredType.split(';')[0]!.trim().toLowerCase();
  if (!UNKNOWN_TYPES.has(declared) && (ALIASES[declared] ?? declared) !== mime) return null;
  const ending = fileEnding(baseName(name));
  if (ending && mimeOfEnding(ending) !== mime) return null;
  return mime;
}

const baseName = (name: string) => name.split(/[\\/]/).pop() ?? '';

/** Bidirectional-text controls: they can make `cod.exe.pdf` read as another name. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name a file is listed under: the sender's base name without control, bidirectional
 * or reserved characters, at most FILE_NAME_MAX characters, ending as its type does. Never a path.
 */
export function displayName(name: string, mime: FileMime): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = baseName(name).replace(BIDI_CONTROLS, '').replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  const known = mimeOfEnding(fileEnding(cleaned)) === mime;
  const ending = known ? cleaned.slice(cleaned.lastIndexOf('.') + 1) : FILE_TYPES[mime][0];
  const stem = (known ? cleaned.slice(0, cleaned.lastIndexOf('.')) : cleaned) || 'file';
  return `${[...stem].slice(0, FILE_NAME_MAX - ending.length - 1).join('')}.${ending}`;
}


/** Name endings and first bytes of an .xlsx workbook (a zip archive, PKWARE APPNOTE). */
const XLSX_ENDING = 'xlsx';
const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;

export type SpreadsheetVerdict = 'ok' | 'type' | 'tooLarge';

/**
 * Whether an upload is an .xlsx workbook whose content unpacks to at most `maxUnpacked`
 * bytes: named .xlsx, a zip archive by its bytes and its directory, and every entry really
 * inflated within the budget (a declared size can lie; a zip bomb stops at the budget).
 * Zip64 archives, encrypted entries and methods other than stored and deflate are refused.
 */
export function acceptedSpreadsheet(bytes: Uint8Array, name: string, maxUnpacked: number): SpreadsheetVerdict {
  if (fileEnding(baseName(name)) !== XLSX_ENDING || bytes.byteLength < 22) return 'type';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== ZIP_LOCAL) return 'type';
  let end = -1;
  for (let at = bytes.byteLength - 22; at >= Math.max(0, bytes.byteLength - 22 - 0xffff); at -= 1) {
    if (view.getUint32(at, true) === ZIP_END) { end = at; break; }
  }
  if (end < 0) return 'type';
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  let budget = maxUnpacked;
  try {
    for (let i = 0; i < entries; i += 1) {
      if (view.getUint32(at, true) !== ZIP_CENTRAL) return 'type';
      const flags = view.getUint16(at + 8, true), method = view.getUint16(at + 10, true);
      const packed = view.getUint32(at + 20, true), unpacked = view.getUint32(at + 24, true), local = view.getUint32(at + 42, true);
      if ((flags & 1) !== 0 || (method !== 0 && method !== 8) || packed === 0xffffffff || unpacked === 0xffffffff || local === 0xffffffff) return 'type';
      if (unpacked > budget) return 'tooLarge';
      if (view.getUint32(local, true) !== ZIP_LOCAL) return 'type';
      const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      if (start + packed > bytes.byteLength) return 'type';
      const data = bytes.subarray(start, start + packed);
      budget -= method === 0 ? data.byteLength : inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).byteLength;
      at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return 'tooLarge';
    return 'type';
  }
  return entries > 0 ? 'ok' : 'type';
}
