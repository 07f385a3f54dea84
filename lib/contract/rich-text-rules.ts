/**
 * Rules of rich text (notices, help templates) shared by the editor in the browser and the
 * sanitiser of the service (lib/contract/rich-text.ts): which addresses a link or an image may
 * have, and how long a text is. Plain functions without dependencies, so the browser gets them
 * without any HTML library.
 */

/** The elements the editor writes and the service keeps; everything else is dropped. */
export const RICH_TEXT_TAGS = [
  'p', 'h1', 'h2', 'h3', 'h4', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'a',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'br', 'blockquote', 'code', 'pre',
] as const;

/** Schemes a link may use; a relative address (`/path`, `path`, `#part`, `?query`) is allowed too. */
export const LINK_SCHEMES = ['http', 'https', 'mailto'] as const;
/** Schemes an image may come from; a relative address on this site is allowed too. */
export const IMAGE_SCHEMES = ['http', 'https'] as const;

/**
 * The scheme of an address, lower case, or null for a relative address. Read as a browser
 * would: tabs, line breaks and leading spaces ignored, and character references
 * (`javascript&colon;`, `&#106;avascript:`) read too, in case the text ever lands in markup
 * unescaped; either reading with a scheme counts.
 */
function schemeOf(url: string): string | null {
  for (const text of [url, richTextPlain(url)]) {
    const cleaned = text.replace(/[\u0000-\u0020\u007F-\u009F]/g, '');
    const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned);
    if (match) return match[1]!.toLowerCase();
  }
  return null;
}

/** Whether an address is relative to this site: not scheme-relative (`//host`) nor with a backslash trick (`/\host`). */
function sameSite(url: string): boolean {
  return !/^[\s/\\]{2}/.test(url) && !/^\s*\/\\/.test(url);
}

/** Whether an address has characters no plain address needs (control characters, quotes, angle brackets). */
const oddCharacters = (url: string) => /[\u0000-\u001F\u007F-\u009F<>"`]/.test(url);

/**
 * A link's address as typed, trimmed, when it is safe: http(s), mailto or relative. A bare host
 * (`example.com/a`) becomes https. Anything else (`javascript:`, `data:`, `vbscript:`, `//host`)
 * is null.
 */
export function safeLinkUrl(input: string): string | null {
  const url = input.trim();
  if (!url || url.length > 2048 || oddCharacters(url)) return null;
  const scheme = schemeOf(url);
  if (scheme === null) {
    if (/^[\w-]+(\.[\w-]+)+(:\d+)?(\/|$)/.test(url)) return `https://${url}`;
    return sameSite(url) ? url : null;
  }
  return (LINK_SCHEMES as readonly string[]).includes(scheme) ? url : null;
}

/** An image's address when it is safe: http(s), or an absolute path on this site. Never `data:` or `javascript:`. */
export function safeImageUrl(input: string): string | null {
  const url = input.trim();
  if (!url || url.length > 2048 || oddCharacters(url)) return null;
  const scheme = schemeOf(url);
  if (scheme === null) return url.startsWith('/') && sameSite(url) ? url : null;
  return (IMAGE_SCHEMES as readonly string[]).includes(scheme) ? url : null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00A0', colon: ':', tab: '\t', newline: '\n' };

/**
 * The text of rich text as a reader sees it (tags gone, entities read), for counting its
 * length and telling an empty text: the editor's value in the browser and the sanitised HTML
 * on the service are counted the same way.
 */
export function richTextPlain(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (entity, name: string) => {
      const lower = name.toLowerCase();
      if (ENTITIES[lower] !== undefined) return ENTITIES[lower]!;
      const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : lower.startsWith('#') ? parseInt(lower.slice(1), 10) : NaN;
      return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    });
}

/** The length of rich text in characters of its plain text (as `[...text].length`). */
export const richTextLength = (html: string) => [...richTextPlain(html)].length;

/** Whether rich text holds any text at all (an empty editor answers `<p></p>`). */
export const richTextBlank = (html: unknown) => typeof html !== 'string' || richTextPlain(html).trim() === '';
