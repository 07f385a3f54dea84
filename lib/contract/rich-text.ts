import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_TAGS, safeImageUrl, safeLinkUrl } from './rich-text-rules';

/**
 * The service's sanitiser of rich text (notices, help templates): only the elements and
 * attributes the editor writes survive (lib/contract/rich-text-rules.ts), links only to http(s), mailto or
 * relative addresses, images only from http(s) or this site. Scripts, styles, event
 * handlers, frames, SVG and `data:` addresses never do. Server code only: the browser edits
 * and shows what the service answered, it never loads this (nor sanitize-html).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowedClasses: {},
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  // Elements whose content is not text for a reader: dropped whole, content and all.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'xmp', 'iframe', 'noembed', 'noframes',
    'template', 'title', 'svg', 'math', 'object', 'embed', 'select', 'plaintext', 'head'],
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
  transformTags: {
    // A link keeps a safe address only; one opened elsewhere never gets hold of this page.
    a: (tagName, attribs) => {
      const href = attribs.href === undefined ? null : safeLinkUrl(attribs.href);
      const target = attribs.target === '_blank' ? '_blank' : undefined;
      return {
        tagName,
        attribs: {
          ...(href ? { href } : {}),
          ...(target ? { target, rel: 'noopener noreferrer nofollow' } : attribs.rel ? { rel: 'noopener noreferrer nofollow' } : {}),
        },
      };
    },
    img: (tagName, attribs) => {
      const src = attribs.src === undefined ? null : safeImageUrl(attribs.src);
      return { tagName, attribs: { ...(src ? { src } : {}), ...(attribs.alt !== undefined ? { alt: attribs.alt } : {}) } };
    },
    td: cellSpan,
    th: cellSpan,
  },
  // An image without a (safe) address is nothing.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** A table cell keeps its spans only as small whole numbers. */
function cellSpan(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const kept: sanitizeHtml.Attributes = {};
  for (const name of ['colspan', 'rowspan'] as const) {
    if (attribs[name] !== undefined && /^[1-9]\d?$/.test(attribs[name]!.trim())) kept[name] = attribs[name]!.trim();
  }
  return { tagName, attribs: kept };
}

/** What a caller may narrow further: which safe image addresses are kept (e.g. only files uploaded here). */
export interface SanitizeOptions { image?: (src: string) => boolean }

/** Rich text as it may be stored and shown: the editor's markup, nothing else. */
export function sanitizeRichText(html: string, options: SanitizeOptions = {}): string {
  const keep = options.image;
  if (!keep) return sanitizeHtml(html, OPTIONS).trim();
  return sanitizeHtml(html, {
    ...OPTIONS,
    transformTags: {
      ...OPTIONS.transformTags,
      img: (tagName, attribs) => {
        const src = attribs.src === undefined ? null : safeImageUrl(attribs.src);
        return { tagName, attribs: { ...(src && keep(src) ? { src } : {}), ...(attribs.alt !== undefined ? { alt: attribs.alt } : {}) } };
      },
    },
  }).trim();
}
