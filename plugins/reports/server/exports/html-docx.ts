/**
 * Rich text (the wysiwyg component's HTML, already sanitised on the server) to Word paragraphs and tables. Parsed with
 * htmlparser2 into a DOM, never with regular expressions; only the sanitised subset is mapped: p, br, h1-h3,
 * strong/b, em/i, u, s/strike/del, ul/ol/li, a (http, https and mailto links), blockquote and tables. Any other
 * element keeps its text and loses its markup; nothing in the HTML is run.
 */
import {
  ExternalHyperlink,
  HeadingLevel,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';

/** The numbering definition ordered lists use (docx.ts declares it in the document). */
export const ORDERED_LIST_REF = 'report-ordered';

interface Marks {
  bold?: boolean;
  italics?: boolean;
  underline?: boolean;
  strike?: boolean;
}

interface HtmlContext {
  /** A new number for each ordered list, so each one starts again at 1. */
  nextListInstance(): number;
}

type Block = Paragraph | Table;

const HEADINGS: Record<string, (typeof HeadingLevel)[keyof typeof HeadingLevel]> = {
  // The component's title is Heading 1: the rich text's headings sit below it.
  h1: HeadingLevel.HEADING_2,
  h2: HeadingLevel.HEADING_3,
  h3: HeadingLevel.HEADING_4,
};

const isElement = (n: ChildNode): n is Element => n.type === 'tag' || n.type === 'script' || n.type === 'style';
const BLOCK_TAGS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'table']);

function safeLink(href: string | undefined): string | null {
  if (!href) return null;
  try {
    const u = new URL(href);
    return ['http:', 'https:', 'mailto:'].includes(u.protocol) ? u.toString() : null;
  } catch {
    return null;
  }
}

/** Inline content of an element as runs (text with bold/italic/underline/strike, links, line breaks). */
function inlineRuns(nodes: ChildNode[], marks: Marks): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const n of nodes) {
    if (n.type === 'text') {
      const text = n.data.replace(/\s+/g, ' ');
      if (text) out.push(new TextRun({ text, ...marks, underline: marks.underline ? {} : undefined }));
      continue;
    }
    if (!isElement(n) || n.type !== 'tag') continue;
    const tag = n.name.toLowerCase();
    switch (tag) {
      case 'br':
        out.push(new TextRun({ break: 1 }));
        break;
      case 'strong':
      case 'b':
        out.push(...inlineRuns(n.children, { ...marks, bold: true }));
        break;
      case 'em':
      case 'i':
        out.push(...inlineRuns(n.children, { ...marks, italics: true }));
        break;
      case 'u':
        out.push(...inlineRuns(n.children, { ...marks, underline: true }));
        break;
      case 's':
      case 'strike':
      case 'del':
        out.push(...inlineRuns(n.children, { ...marks, strike: true }));
        break;
      case 'a': {
        const link = safeLink(n.attribs.href);
        const runs = textOf(n).replace(/\s+/g, ' ').trim();
        if (link && runs)
          out.push(
            new ExternalHyperlink({
              link,
              children: [new TextRun({ text: runs, style: 'Hyperlink', bold: marks.bold, italics: marks.italics })],
            }),
          );
        else out.push(...inlineRuns(n.children, marks));
        break;
      }
      default:
        out.push(...inlineRuns(n.children, marks));
    }
  }
  return out;
}

function textOf(n: ChildNode): string {
  if (n.type === 'text') return n.data;
  if (isElement(n)) return n.children.map(textOf).join('');
  return '';
}

/** Splits children into runs of inline nodes and block elements, each inline run becoming one paragraph. */
function blocksOf(nodes: ChildNode[], ctx: HtmlContext, para: ParagraphOpts): Block[] {
  const out: Block[] = [];
  let inline: ChildNode[] = [];
  const flush = () => {
    if (inline.some((n) => textOf(n).trim() || (isElement(n) && n.name === 'br'))) {
      out.push(new Paragraph({ ...para, children: inlineRuns(inline, {}) }));
    }
    inline = [];
  };
  for (const n of nodes) {
    if (isElement(n) && n.type === 'tag' && BLOCK_TAGS.has(n.name.toLowerCase())) {
      flush();
      out.push(...blockElement(n, ctx, para));
    } else if (n.type === 'text' || (isElement(n) && n.type === 'tag')) inline.push(n);
  }
  flush();
  return out;
}

interface ParagraphOpts {
  indent?: { left: number };
  style?: string;
}

function blockElement(el: Element, ctx: HtmlContext, para: ParagraphOpts, listLevel = 0): Block[] {
  const tag = el.name.toLowerCase();
  switch (tag) {
    case 'h1':
    case 'h2':
    case 'h3':
      return [new Paragraph({ heading: HEADINGS[tag], children: inlineRuns(el.children, {}) })];
    case 'h4':
    case 'h5':
    case 'h6':
      return [new Paragraph({ ...para, children: inlineRuns(el.children, { bold: true }) })];
    case 'ul':
    case 'ol':
      return list(el, ctx, para, listLevel);
    case 'blockquote':
      return blocksOf(el.children, ctx, { indent: { left: (para.indent?.left ?? 0) + 720 }, style: 'Quote' });
    case 'table':
      return [table(el, ctx)];
    default:
      // p, div, a stray li: a paragraph (its own blocks when it nests some).
      return el.children.some((c) => isElement(c) && BLOCK_TAGS.has(c.name.toLowerCase()))
        ? blocksOf(el.children, ctx, para)
        : [new Paragraph({ ...para, children: inlineRuns(el.children, {}) })];
  }
}

function list(el: Element, ctx: HtmlContext, para: ParagraphOpts, level: number): Block[] {
  const ordered = el.name.toLowerCase() === 'ol';
  const instance = ordered ? ctx.nextListInstance() : 0;
  const lvl = Math.min(level, 8);
  const out: Block[] = [];
  for (const li of el.children) {
    if (!isElement(li) || li.name.toLowerCase() !== 'li') continue;
    const inline = li.children.filter((c) => !(isElement(c) && ['ul', 'ol'].includes(c.name.toLowerCase())));
    // A list item's paragraph(s): <li><p>..</p></li> (the editor's form) or bare inline text.
    const inner = inline.flatMap((c) => (isElement(c) && c.name.toLowerCase() === 'p' ? c.children : [c]));
    out.push(
      new Paragraph({
        ...(ordered
          ? { numbering: { reference: ORDERED_LIST_REF, level: lvl, instance } }
          : { bullet: { level: lvl } }),
        children: inlineRuns(inner, {}),
      }),
    );
    for (const c of li.children)
      if (isElement(c) && ['ul', 'ol'].includes(c.name.toLowerCase())) out.push(...list(c, ctx, para, level + 1));
  }
  return out;
}

function table(el: Element, ctx: HtmlContext): Table {
  const rows: Element[] = [];
  const collect = (n: Element) => {
    for (const c of n.children) {
      if (!isElement(c)) continue;
      const t = c.name.toLowerCase();
      if (t === 'tr') rows.push(c);
      else if (['thead', 'tbody', 'tfoot'].includes(t)) collect(c);
    }
  };
  collect(el);
  const width = Math.max(1, ...rows.map((r) => r.children.filter((c) => isElement(c)).length));
  const docRows = rows.map((r, i) => {
    const cells = r.children.filter((c): c is Element => isElement(c) && ['td', 'th'].includes(c.name.toLowerCase()));
    const header = cells.length > 0 && cells.every((c) => c.name.toLowerCase() === 'th');
    return new TableRow({
      tableHeader: header && i === 0,
      children: (cells.length ? cells : []).map((c) => {
        const blocks = blocksOf(c.children, ctx, {});
        const paras = blocks.length ? blocks : [new Paragraph({})];
        return new TableCell({
          columnSpan: Math.max(1, Math.min(width, Number(c.attribs.colspan) || 1)),
          children: c.name.toLowerCase() === 'th' ? paras.map((p) => p) : paras,
        });
      }),
    });
  });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: docRows.length ? docRows : [new TableRow({ children: [new TableCell({ children: [new Paragraph({})] })] })],
  });
}

/** The Word blocks of a piece of sanitised HTML. */
export function htmlToDocx(html: string, ctx: HtmlContext): Block[] {
  const dom = parseDocument(html, { decodeEntities: true, lowerCaseTags: true });
  return blocksOf(dom.children, ctx, {});
}
