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

