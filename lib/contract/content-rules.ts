/**
 * Constants and address rules of the content screens (DOMAIN.md section 3), without
 * dependencies: the browser, the BFF and the service share them.
 */
export const NOTICE_CATEGORIES = ['POLICY', 'NOTICE', 'NEWS'] as const;
export const NOTICE_STATES = ['DRAFT', 'PUBLISHED', 'WITHDRAWN'] as const;
export const HELP_CATEGORIES = ['APPLY', 'MATERIALS', 'FAQ'] as const;
export const HELP_STATES = ['ENABLED', 'DISABLED'] as const;
export const CONSULT_CATEGORIES = ['POLICY', 'APPLY', 'SUGGESTION', 'OTHER'] as const;
export const CONSULT_STATES = ['PENDING', 'ANSWERED', 'CLOSED'] as const;

/** A question is answered within this many working days; older waiting ones are highlighted. */
export const CONSULT_ANSWER_DAYS = 3;

/** Files a body may show or link (ueditor-file): images and PDF documents, at most 10 MB each. */
export const CONTENT_FILE_ACCEPT = ['jpg', 'jpeg', 'png', 'pdf'] as const;
export const CONTENT_IMAGE_ACCEPT = ['jpg', 'jpeg', 'png'] as const;
export const CONTENT_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The largest upload body: the file plus the multipart framing. */
export const CONTENT_UPLOAD_MAX_BYTES = CONTENT_FILE_MAX_BYTES + 64 * 1024;

/** Where an uploaded content file is read: the address its body's images and links use. */
const CONTENT_FILE_URL = '/api/ueditor-file/file?id=';
export const contentFileUrl = (fileId: number) => `${CONTENT_FILE_URL}${fileId}`;

/** The file id of an address of an uploaded content file, or null for any other address. */
export function contentFileId(url: string): number | null {
  const match = /^\/api\/ueditor-file\/file\?id=([1-9]\d{0,9})$/.exec(url.trim());
  return match ? Number(match[1]) : null;
}

/** The ids of the uploaded files a (sanitised) body shows or links, each once. */
export function contentFileIds(html: string): number[] {
  const ids = new Set<number>();
  for (const match of html.matchAll(/\s(?:src|href)="([^"]*)"/g)) {
    const fileId = contentFileId(match[1]!.replace(/&amp;/g, '&'));
    if (fileId !== null) ids.add(fileId);
  }
  return [...ids];
}
