/**
 * An MSP's own Word template (optional, issue 16 part 3): a .docx uploaded through the builder's uploads whose
 * placeholders easy-template-x (MIT) fills with the report's data. Placeholders are data paths only, never code (no
 * expression extension is installed), and every value is data this file builds: text, images (the logo, charts,
 * image blocks) and loops.
 *
 * The placeholders, for the template's author (README.md "## Word export"):
 * {report_name} {company_name} {date} {tenant_name} {logo}
 * {#components} {title} {text} {#charts}{image}{/charts} {#images}{image}{/images} {#tables}{title}{#rows}{line}{/rows}{/tables} {/components}
 */
import { TemplateHandler, MimeType, type ImageContent, type TemplateData } from 'easy-template-x';
import { parseDocument } from 'htmlparser2';
import type { ChildNode } from 'domhandler';
import { formatDate, type TenantFormat } from '../../../../common/tenant-format';
import type { RenderedReport } from '../../shared/rendered';
import { cellFormatter, formatCell } from '../../shared/cell-format';
import { ChartSpecError, createChartRenderer, type ChartRenderer } from './charts';
import { fitSize, imageInfo } from './image-info';

export interface WordTemplateOptions {
  logo?: { bytes: Buffer; contentType: string } | null;
  format: TenantFormat;
  tenantName: string;
  readFile(fileKey: string): Promise<Buffer | null>;
  charts?: ChartRenderer;
  chartWorkerPath?: string;
}

const MIME = { png: MimeType.Png, jpg: MimeType.Jpeg, gif: MimeType.Gif, bmp: MimeType.Bmp } as const;

function image(bytes: Buffer, alt: string, maxWidth = 600, maxHeight = 780): ImageContent | null {
  const info = imageInfo(bytes);
  if (!info) return null;
  const size = fitSize(info.width, info.height, maxWidth, maxHeight);
  return { _type: 'image', source: bytes, format: MIME[info.type], ...size, altText: alt };
}

/** The text of sanitised HTML, one line per block element. */
function htmlText(html: string): string {
  const lines: string[] = [];
  let line = '';
  const walk = (nodes: ChildNode[]) => {
    for (const n of nodes) {
      if (n.type === 'text') line += n.data.replace(/\s+/g, ' ');
      else if ('children' in n && 'name' in n) {
        const block = /^(p|h[1-6]|li|blockquote|tr|div)$/.test(n.name);
        if (n.name === 'br' || block) {
          if (line.trim()) lines.push(line.trim());
          line = n.name === 'li' ? '• ' : '';
        }
        walk(n.children as ChildNode[]);
        if (block && line.trim()) {
          lines.push(line.trim());
          line = '';
        }
      }
    }
  };
  walk(parseDocument(html).children);
  if (line.trim()) lines.push(line.trim());
  return lines.join('\n');
}

/** The template's data for a report. */
export async function wordTemplateData(
  report: RenderedReport,
  opts: WordTemplateOptions,
  charts: ChartRenderer,
): Promise<TemplateData> {
  const components = [];
  for (const c of report.components) {
    const text: string[] = [];
    const chartImages: { image: ImageContent }[] = [];
    const images: { image: ImageContent }[] = [];
    const tables: { title: string; rows: { line: string }[] }[] = [];
    for (const b of c.blocks) {
      switch (b.kind) {
        case 'heading':
        case 'paragraph':
          text.push(b.text);
          break;
        case 'richText':
          text.push(htmlText(b.html));
          break;
        case 'metrics':
          text.push(
            b.items.map((m) => `${m.label}: ${formatCell(m.value, m.format, cellFormatter(opts.format))}`).join('\n'),
          );
          break;
        case 'empty':
          text.push(b.message ? `${b.title}: ${b.message}` : b.title);
          break;
        case 'table':
          tables.push({
            title: b.title ?? '',
            rows: [
              { line: b.columns.map((col) => col.label).join('\t') },
              ...b.rows.map((r) => ({
                line: b.columns.map((col) => formatCell(r[col.key], col.format, cellFormatter(opts.format))).join('\t'),
              })),
            ],
          });
          break;
        case 'chart':
          try {
            const drawn = await charts.draw(b.spec);
            const size = fitSize(drawn.width, drawn.height, 600, 780);
            chartImages.push({
              image: { _type: 'image', source: drawn.png, format: MimeType.Png, ...size, altText: b.alt },
            });
          } catch (e) {
            if (!(e instanceof ChartSpecError)) throw e;
            text.push('This chart could not be drawn.');
          }
          break;
        case 'image': {
          const bytes = await opts.readFile(b.fileKey);
          const img = bytes ? image(bytes, b.alt ?? b.fileName) : null;
          if (img) images.push({ image: img });
          break;
        }
        case 'wordFile':
          text.push(`Attached: ${b.fileName}`);
          break;
      }
    }
    components.push({ title: c.title, text: text.join('\n'), charts: chartImages, images, tables });
  }
  const logo = opts.logo ? image(opts.logo.bytes, `${opts.tenantName} logo`, 240, 100) : null;
  return {
    report_name: report.name,
    company_name: report.company_name ?? '',
    date: formatDate(report.as_of, opts.format.dateFormat, opts.format.timeZone),
    tenant_name: opts.tenantName,
    ...(logo ? { logo } : { logo: '' }),
    components,
  } as unknown as TemplateData;
}

/** The MSP's template filled with the report (a .docx). A template easy-template-x cannot read is a 400 upstream. */
export async function fillWordTemplate(
  template: Buffer,
  report: RenderedReport,
  opts: WordTemplateOptions,
): Promise<Buffer> {
  const charts = opts.charts ?? createChartRenderer({ workerPath: opts.chartWorkerPath });
  try {
    const data = await wordTemplateData(report, opts, charts);
    const handler = new TemplateHandler({ maxXmlDepth: 64 });
    return await handler.process(template, data);
  } finally {
    if (!opts.charts) await charts.close();
  }
}
