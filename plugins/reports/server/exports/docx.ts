/**
 * A rendered report (shared/rendered.ts) as a Word document, built with the `docx` package: a cover (the tenant's
 * logo when it has one, the report's name, the company, the date in the tenant's date format), then per component a
 * heading and its blocks: rich text, paragraphs, headings, tables (header row repeated on each page; the tenant's
 * currency, date and percent formats), key figures, charts (drawn on the server: SVG with a PNG fallback, alt text),
 * images from storage, uploaded Word files (appended as altChunks, altchunk.ts) and empty states (an italic note).
 * No template engine: the document is built from the blocks' data only.
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  PageBreak,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { formatDate, type TenantFormat } from '../../../../common/tenant-format';
import type { ChartBlock, MetricsBlock, ReportBlock, TableBlock } from '../../shared/blocks';
import type { RenderedReport } from '../../shared/rendered';
import { altChunkMarker, appendAltChunks, type AltChunk } from './altchunk';
import { alignsRight, cellFormatter, formatCell } from '../../shared/cell-format';
import { ChartSpecError, createChartRenderer, type ChartRenderer, type DrawnChart } from './charts';
import { htmlToDocx, ORDERED_LIST_REF } from './html-docx';
import { fitSize, imageInfo } from './image-info';

interface DocxOptions {
  /** The tenant's logo (settings' tenantLogo), or null with the default logo (no logo on the cover then). */
  logo?: { bytes: Buffer; contentType: string } | null;
  format: TenantFormat;
  tenantName: string;
  /** A stored file's bytes (image and Word file blocks), or null when it is gone. */
  readFile(fileKey: string): Promise<Buffer | null>;
  /** Draws the charts; a renderer of its own (closed at the end) when not given. */
  charts?: ChartRenderer;
  /** Where chart-worker.mjs is (the plugin's folder), when `charts` is not given. */
  chartWorkerPath?: string;
}

/** The text width of an A4/Letter page with 2.5 cm margins, in CSS pixels (what ImageRun sizes are in). */
const CONTENT_WIDTH_PX = 600;
const MAX_IMAGE_HEIGHT_PX = 780;
const TABLE_HEADER_FILL = 'E8EDF2';
export const MSG_CHART_FAILED = 'This chart could not be drawn.';
export const MSG_FILE_MISSING = (name: string) => `The file ${name} is no longer available.`;

const note = (text: string) => new Paragraph({ children: [new TextRun({ text, italics: true, color: '666666' })] });

const textParagraphs = (text: string) =>
  new Paragraph({
    children: text.split(/\r?\n/).map((line, i) => new TextRun({ text: line, break: i > 0 ? 1 : undefined })),
  });

const BLOCK_HEADINGS = { 1: HeadingLevel.HEADING_2, 2: HeadingLevel.HEADING_3, 3: HeadingLevel.HEADING_4 } as const;

type Body = Paragraph | Table;

function tableOf(block: TableBlock, format: TenantFormat): Body[] {
  const header = new TableRow({
    tableHeader: true,
    cantSplit: true,
    children: block.columns.map(
      (c) =>
        new TableCell({
          shading: { type: ShadingType.CLEAR, color: 'auto', fill: TABLE_HEADER_FILL },
          children: [
            new Paragraph({
              alignment: alignsRight(c.format) ? AlignmentType.RIGHT : AlignmentType.LEFT,
              children: [new TextRun({ text: c.label, bold: true })],
            }),
          ],
        }),
    ),
  });
  const rows = block.rows.map(
    (r) =>
      new TableRow({
        cantSplit: true,
        children: block.columns.map(
          (c) =>
            new TableCell({
              children: [
                new Paragraph({
                  alignment: alignsRight(c.format) ? AlignmentType.RIGHT : AlignmentType.LEFT,
                  children: [new TextRun(formatCell(r[c.key], c.format, cellFormatter(format)))],
                }),
              ],
            }),
        ),
      }),
  );
  const out: Body[] = [];
  if (block.title)
    out.push(new Paragraph({ keepNext: true, children: [new TextRun({ text: block.title, bold: true })] }));
  out.push(new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: [header, ...rows] }));
  if (!block.rows.length) out.push(note('No rows.'));
  out.push(new Paragraph({}));
  return out;
}

function metricsOf(block: MetricsBlock, format: TenantFormat): Body[] {
  if (!block.items.length) return [];
  const perRow = 4;
  const rows: TableRow[] = [];
  for (let i = 0; i < block.items.length; i += perRow) {
    const items = block.items.slice(i, i + perRow);
    rows.push(
      new TableRow({
        cantSplit: true,
        children: items.map(
          (m) =>
            new TableCell({
              width: { size: Math.floor(100 / perRow), type: WidthType.PERCENTAGE },
              children: [
                new Paragraph({ children: [new TextRun({ text: m.label, color: '555555', size: 18 })] }),
                new Paragraph({
                  children: [
                    new TextRun({ text: formatCell(m.value, m.format, cellFormatter(format)), bold: true, size: 32 }),
                  ],
                }),
              ],
            }),
        ),
      }),
    );
  }
  const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
  return [
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      borders: { top: none, bottom: none, left: none, right: none, insideHorizontal: none, insideVertical: none },
      rows,
    }),
    new Paragraph({}),
  ];
}

async function chartOf(block: ChartBlock, drawing: Promise<DrawnChart>): Promise<Body[]> {
  const out: Body[] = [];
  if (block.title)
    out.push(new Paragraph({ keepNext: true, children: [new TextRun({ text: block.title, bold: true })] }));
  try {
    const drawn = await drawing;
    const size = fitSize(drawn.width, drawn.height, CONTENT_WIDTH_PX, MAX_IMAGE_HEIGHT_PX);
    out.push(
      new Paragraph({
        children: [
          new ImageRun({
            type: 'svg',
            data: Buffer.from(drawn.svg),
            fallback: { type: 'png', data: drawn.png },
            transformation: size,
            altText: { title: block.title ?? block.alt, description: block.alt, name: block.title ?? 'Chart' },
          }),
        ],
      }),
    );
  } catch (e) {
    if (!(e instanceof ChartSpecError)) throw e;
    out.push(note(MSG_CHART_FAILED));
  }
  return out;
}

async function imageOf(block: Extract<ReportBlock, { kind: 'image' }>, opts: DocxOptions): Promise<Body[]> {
  const bytes = await opts.readFile(block.fileKey);
  const info = bytes ? imageInfo(bytes) : null;
  if (!bytes || !info) return [note(MSG_FILE_MISSING(block.fileName))];
  return [
    new Paragraph({
      children: [
        new ImageRun({
          type: info.type,
          data: bytes,
          transformation: fitSize(info.width, info.height, CONTENT_WIDTH_PX, MAX_IMAGE_HEIGHT_PX),
          altText: {
            title: block.alt ?? block.fileName,
            description: block.alt ?? block.fileName,
            name: block.fileName,
          },
        }),
      ],
    }),
  ];
}

function cover(report: RenderedReport, opts: DocxOptions): Paragraph[] {
  const out: Paragraph[] = [];
  const logo = opts.logo ? imageInfo(opts.logo.bytes) : null;
  if (opts.logo && logo)
    out.push(
      new Paragraph({
        spacing: { after: 600 },
        children: [
          new ImageRun({
            type: logo.type,
            data: opts.logo.bytes,
            transformation: fitSize(logo.width, logo.height, 240, 100),
            altText: { title: `${opts.tenantName} logo`, description: `${opts.tenantName} logo`, name: 'Logo' },
          }),
        ],
      }),
    );
  out.push(
    new Paragraph({ spacing: { before: 2400 }, heading: HeadingLevel.TITLE, children: [new TextRun(report.name)] }),
  );
  if (report.company_name)
    out.push(
      new Paragraph({ spacing: { after: 200 }, children: [new TextRun({ text: report.company_name, size: 36 })] }),
    );
  out.push(
    new Paragraph({
      children: [
        new TextRun({ text: formatDate(report.as_of, opts.format.dateFormat, opts.format.timeZone), size: 24 }),
      ],
    }),
  );
  out.push(
    new Paragraph({
      spacing: { before: 400 },
      children: [new TextRun({ text: `Prepared by ${opts.tenantName}`, color: '555555' })],
    }),
  );
  out.push(new Paragraph({ children: [new PageBreak()] }));
  return out;
}

/** The .docx bytes of a rendered report. */
export async function renderDocx(report: RenderedReport, opts: DocxOptions): Promise<Buffer> {
  const charts = opts.charts ?? createChartRenderer({ workerPath: opts.chartWorkerPath });
  const chunks: AltChunk[] = [];
  let listInstance = 0;
  const html = { nextListInstance: () => ++listInstance };
  const body: Body[] = [...cover(report, opts)];
  // Every chart is sent to the worker at once: it draws while this thread builds the tables and text.
  const drawings = new Map<ChartBlock, Promise<DrawnChart>>();
  for (const c of report.components)
    for (const b of c.blocks)
      if (b.kind === 'chart') {
        const p = charts.draw(b.spec);
        p.catch(() => undefined); // awaited (and its error handled) in document order below
        drawings.set(b, p);
      }
  try {
    for (const component of report.components) {
      body.push(
        new Paragraph({ heading: HeadingLevel.HEADING_1, keepNext: true, children: [new TextRun(component.title)] }),
      );
      if (!component.blocks.length) body.push(note(component.needs_attention ?? 'Nothing to show for this component.'));
      for (const block of component.blocks) {
        switch (block.kind) {
          case 'heading':
            body.push(
              new Paragraph({
                heading: BLOCK_HEADINGS[block.level],
                keepNext: true,
                children: [new TextRun(block.text)],
              }),
            );
            break;
          case 'richText':
            body.push(...htmlToDocx(block.html, html));
            break;
          case 'paragraph':
            body.push(textParagraphs(block.text));
            break;
          case 'table':
            body.push(...tableOf(block, opts.format));
            break;
          case 'metrics':
            body.push(...metricsOf(block, opts.format));
            break;
          case 'chart':
            body.push(...(await chartOf(block, drawings.get(block)!)));
            break;
          case 'image':
            body.push(...(await imageOf(block, opts)));
            break;
          case 'wordFile': {
            const bytes = await opts.readFile(block.fileKey);
            if (!bytes) {
              body.push(note(MSG_FILE_MISSING(block.fileName)));
              break;
            }
            const marker = altChunkMarker(chunks.length + 1);
            chunks.push({ marker, bytes });
            body.push(new Paragraph({ children: [new TextRun(marker)] }));
            break;
          }
          case 'empty':
            body.push(note(block.message ? `${block.title}: ${block.message}` : block.title));
            break;
        }
      }
    }
  } finally {
    if (!opts.charts) await charts.close();
  }
  const doc = new Document({
    creator: opts.tenantName,
    title: report.name,
    description: report.company_name ? `${report.name} for ${report.company_name}` : report.name,
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    numbering: {
      config: [
        {
          reference: ORDERED_LIST_REF,
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [{ properties: {}, children: body }],
  });
  const packed = await Packer.toBuffer(doc);
  return appendAltChunks(packed, chunks);
}
