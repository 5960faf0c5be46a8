/**
 * The wysiwyg component's HTML made safe (shared/rich-text.ts lists what survives): run on every write of content
 * (shared and per company) and again when a report is rendered.
 */
import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_LINK, RICH_TEXT_TAGS } from '../../shared/rich-text';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([t, a]) => [t, [...a]])),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      const kept: sanitizeHtml.Attributes = RICH_TEXT_LINK.test(href) ? { href } : {};
      return { tagName, attribs: kept };
    },
  },
};

/** The HTML with only the allowed tags, attributes and links. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether the HTML shows any text (a paragraph of spaces or a lone <br> counts as empty). */
export function hasRichText(html: string | undefined): boolean {
  if (!html) return false;
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '').length > 0;
}
