/**
 * Files of an application (upload/uploadFile, upload/file): what may be uploaded and how
 * much. Plain constants, safe for the browser, the BFF and the upstream alike.
 */
export const FILE_KINDS = [
  'ID_CARD', 'HOUSEHOLD', 'BUSINESS_LICENSE', 'HOUSE_CERTIFICATE', 'CONTRACT', 'UNEMPLOYMENT_CERT', 'HARDSHIP_CERT', 'DISCHARGE_CERT',
  'RELEASE_CERT', 'DIPLOMA', 'MIGRANT_PROOF', 'SHOP_PROOF', 'POVERTY_PROOF', 'RURAL_PROOF', 'LAYOFF_PROOF', 'OTHER',
] as const;
export type FileKind = (typeof FILE_KINDS)[number];
/** The proof documents a client group may require (DOMAIN.md section 1): kinds of file like the others. */
export const PROOF_KINDS = [
  'UNEMPLOYMENT_CERT', 'HARDSHIP_CERT', 'DISCHARGE_CERT', 'RELEASE_CERT', 'DIPLOMA', 'MIGRANT_PROOF', 'HOUSEHOLD',
  'SHOP_PROOF', 'POVERTY_PROOF', 'RURAL_PROOF', 'LAYOFF_PROOF', 'BUSINESS_LICENSE',
] as const satisfies readonly FileKind[];

/** The types a file may have, by their content (magic bytes), with the name endings that go with them. */
export const FILE_TYPES = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'application/pdf': ['pdf'],
} as const satisfies Record<string, readonly string[]>;
export type FileMime = keyof typeof FILE_TYPES;

/** Largest file: 10 MB. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Largest upload body: the file plus room for the form's other fields and the multipart framing. */
export const UPLOAD_BODY_MAX_BYTES = FILE_MAX_BYTES + 64 * 1024;
/** Files one application may hold. */
export const FILES_PER_APPLICATION = 50;
/** Longest kept file name (characters). */
export const FILE_NAME_MAX = 100;

/** What an `<input type=file accept>` offers. */
export const FILE_ACCEPT = Object.values(FILE_TYPES).flat().map((ending) => `.${ending}`).join(',');

/** The name ending of a file name, lower case ('' without one). */
export const fileEnding = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** The type a name ending stands for, or null when it is none of the allowed ones. */
export function mimeOfEnding(ending: string): FileMime | null {
  const found = (Object.entries(FILE_TYPES) as [FileMime, readonly string[]][]).find(([, endings]) => endings.includes(ending));
  return found?.[0] ?? null;
}

export const isImageMime = (mime: string) => mime.startsWith('image/');
