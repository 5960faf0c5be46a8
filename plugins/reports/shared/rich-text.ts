/**
 * What survives in a wysiwyg component's HTML (properties.content): the server sanitises every write with this
 * list (server/components/sanitize.ts) and again when it renders, so the preview, the presentation and the Word
 * export only ever see these tags. The workspace editor offers the same set. Pure: both sides read it.
 */

/** Tags kept; every other tag is removed (script, style and similar with their content, the rest keeping theirs). */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

/** Attributes kept, by tag (no style, class, id or event handler survives). */
export const RICH_TEXT_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

/** A link keeps its href only when it is absolute http(s) or mailto; any other link loses it (text kept). */
export const RICH_TEXT_LINK = /^(https?:\/\/|mailto:)/i;
