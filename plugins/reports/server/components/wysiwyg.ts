/** wysiwyg: rich text the user writes (shared or per company); answers one richText block of sanitised HTML. */
import type { BuilderComponentDef } from './types';
import { hasRichText, sanitizeRichText } from './sanitize';

export const wysiwygComponent: BuilderComponentDef = {
  type: 'wysiwyg',
  label: 'Rich Text',
  description: 'Formatted text: headings, lists, links and tables, shared or written per company.',
  group: 'Content',
  perCompany: false,
  origin: 'builtIn',
  available: true,
  reason: null,
  normalize: (p) => (typeof p.content === 'string' ? { ...p, content: sanitizeRichText(p.content) } : p),
  async build({ properties }) {
    const html = sanitizeRichText(properties.content ?? '');
    if (!hasRichText(html))
      return [{ kind: 'empty', title: 'No text yet', message: 'Write the text of this component in the designer.' }];
    return [{ kind: 'richText', html }];
  },
};
