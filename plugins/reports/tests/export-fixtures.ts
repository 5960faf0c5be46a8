/**
 * Test material for the Word export: a small PNG made from pixels, an uploaded Word file (built with docx), and a
 * rendered report with every kind of block. Used by tests/export-*.test.ts and bench/report-docx.ts.
 */
import { deflateSync, crc32 } from 'node:zlib';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import type { RenderedReport } from '../shared/rendered';

/** A solid-colour PNG of width x height (RGB). */
export function makePng(width: number, height: number, rgb: [number, number, number] = [30, 90, 160]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An uploaded Word file holding one paragraph of text. */
export async function makeWordFile(text: string): Promise<Buffer> {
  const doc = new Document({ sections: [{ children: [new Paragraph({ children: [new TextRun(text)] })] }] });
  return Packer.toBuffer(doc);
}

export function barChartSpec(title: string, n = 6): Record<string, unknown> {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title,
    width: 480,
    height: 240,
    data: { values: Array.from({ length: n }, (_, i) => ({ month: `M${i + 1}`, score: 40 + ((i * 17) % 50) })) },
    mark: 'bar',
    encoding: {
      x: { field: 'month', type: 'nominal', title: 'Month' },
      y: { field: 'score', type: 'quantitative', title: 'Health score' },
    },
  };
}

export const WYSIWYG_HTML =
  '<h2>Quarterly summary</h2><p>The <strong>network refresh</strong> is <em>on track</em> and <u>funded</u>.</p>' +
  '<ul><li><p>Replace firewalls</p></li><li><p>Move mail to the cloud</p></li></ul>' +
  '<ol><li>First step</li><li>Second step</li></ol>' +
  '<p>See <a href="https://example.com/roadmap">the roadmap</a>.</p><blockquote><p>Quoted client note</p></blockquote>' +
  '<table><tr><th>Site</th><th>Status</th></tr><tr><td>Head office</td><td>Done</td></tr></table>';

/** A report with rich text, a table, key figures, a chart, an image, an uploaded Word file and an empty state. */
export function fixtureReport(opts: { imageKey: string; wordKey: string }): RenderedReport {
  return {
    report_template_id: 1,
    vers: 1,
    name: 'Quarterly Business Review',
    tenant_company_id: 7,
    company_name: 'Acme Dental',
    as_of: '2026-03-05',
    components: [
      {
        component_key: 'c1',
        type: 'wysiwyg',
        title: 'Executive Summary',
        needs_attention: null,
        blocks: [{ kind: 'richText', html: WYSIWYG_HTML }],
      },
      {
        component_key: 'c2',
        type: 'cs_budget',
        title: 'Budget Overview',
        needs_attention: null,
        blocks: [
          {
            kind: 'metrics',
            items: [
              { label: 'Health score', value: 72.46, format: 'percent' },
              { label: 'MRR opportunity', value: 4200, format: 'currency' },
            ],
          },
          {
            kind: 'table',
            title: 'Planned projects',
            columns: [
              { key: 'name', label: 'Project', format: 'text' },
              { key: 'cost', label: 'Cost', format: 'currency' },
              { key: 'due', label: 'Due', format: 'date' },
              { key: 'done', label: 'Done', format: 'percent' },
            ],
            rows: [
              { name: 'Firewall replacement', cost: 12500, due: '2026-06-30', done: 40 },
              { name: 'Cloud mail', cost: 3400.6, due: '2026-09-15', done: null },
            ],
          },
        ],
      },
      {
        component_key: 'c3',
        type: 'cs_health',
        title: 'Health Trend',
        needs_attention: null,
        blocks: [
          {
            kind: 'chart',
            title: 'Health by month',
            alt: 'Bar chart of the health score by month',
            spec: barChartSpec('Health'),
          },
        ],
      },
      {
        component_key: 'c4',
        type: 'img_file',
        title: 'Network Diagram',
        needs_attention: null,
        blocks: [{ kind: 'image', fileKey: opts.imageKey, fileName: 'diagram.png', alt: 'Network diagram' }],
      },
      {
        component_key: 'c5',
        type: 'msword_file',
        title: 'Appendix',
        needs_attention: null,
        blocks: [{ kind: 'wordFile', fileKey: opts.wordKey, fileName: 'appendix.docx' }],
      },
      {
        component_key: 'c6',
        type: 'lci_project_summary',
        title: 'Project Summary',
        needs_attention: 'The projects module is not installed',
        blocks: [{ kind: 'empty', title: 'No projects', message: 'The projects module is not installed.' }],
      },
    ],
  };
}
