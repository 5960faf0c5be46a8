/**
 * The Word export's document: unzipped, word/document.xml holds the report's texts (cover, headings, rich text,
 * table cells in the tenant's formats), word/media holds the logo and the chart (SVG with its PNG fallback), the
 * uploaded Word file is an altChunk part at its component's place; a bad chart or a missing file leaves a note and
 * the rest of the document. Also the chart spec rule (inline data only).
 */
import JSZip from 'jszip';
import type { TenantFormat } from '../../../common/tenant-format';
import { AF_CHUNK_REL } from '../server/exports/altchunk';
import { chartSpecRefusal } from '../server/exports/charts';
import { MSG_CHART_FAILED, MSG_FILE_MISSING, renderDocx } from '../server/exports/docx';
import { imageInfo } from '../server/exports/image-info';
import { barChartSpec, fixtureReport, makePng, makeWordFile } from './export-fixtures';

jest.setTimeout(60_000);

const format: TenantFormat = {
  currency: 'GBP',
  dateFormat: 'dd-monthname-yyyy',
  timeZone: 'Europe/London',
  fiscalYearStartMonth: 4,
};
const logo = makePng(300, 100, [200, 30, 30]);
const diagram = makePng(120, 90);
let files: Record<string, Buffer>;

beforeAll(async () => {
  files = {
    'tenants/1/reports/diagram.png': diagram,
    'tenants/1/reports/appendix.docx': await makeWordFile('Appendix text from the upload'),
  };
});

const readFile = async (key: string) => files[key] ?? null;

async function unzip(buf: Buffer) {
  const zip = await JSZip.loadAsync(buf);
  const text = (name: string) => zip.file(name)!.async('string');
  const media = await Promise.all(
    Object.keys(zip.files)
      .filter((n) => n.startsWith('word/media/') && !zip.files[n]!.dir)
      .map(async (n) => ({ name: n, bytes: await zip.file(n)!.async('nodebuffer') })),
  );
  return { zip, text, media };
}

/** The visible text of document.xml (runs joined), so a phrase split over runs is still found. */
const visible = (xml: string) => [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');

test('a report becomes a .docx with its texts, the logo, a chart image and the appended Word file', async () => {
  const report = fixtureReport({
    imageKey: 'tenants/1/reports/diagram.png',
    wordKey: 'tenants/1/reports/appendix.docx',
  });
  const buf = await renderDocx(report, {
    logo: { bytes: logo, contentType: 'image/png' },
    format,
    tenantName: 'Bright MSP',
    readFile,
  });
  const { zip, text, media } = await unzip(buf);
  const doc = await text('word/document.xml');
  const shown = visible(doc);

  // Cover: name, company, the date in the tenant's format, the tenant.
  expect(shown).toContain('Quarterly Business Review');
  expect(shown).toContain('Acme Dental');
  expect(shown).toContain('05-March-2026');
  expect(shown).toContain('Prepared by Bright MSP');
  // Component titles as headings, rich text with its marks and list items.
  for (const t of ['Executive Summary', 'Budget Overview', 'Health Trend', 'Network Diagram', 'Appendix'])
    expect(shown).toContain(t);
  expect(doc).toMatch(/<w:pStyle w:val="Heading1"\/>/);
  expect(shown).toContain('Quarterly summary');
  expect(shown).toContain('network refresh');
  expect(doc).toMatch(/<w:b\/>[\s\S]{0,200}network refresh/);
  expect(shown).toContain('Replace firewalls');
  expect(shown).toContain('Quoted client note');
  expect(shown).toContain('Head office');
  const rels = await text('word/_rels/document.xml.rels');
  expect(rels).toContain('https://example.com/roadmap');
  // Table cells and key figures in the tenant's currency, date and percent formats; the header row repeats.
  expect(shown).toContain('£12,500');
  expect(shown).toContain('£3,401');
  expect(shown).toContain('30-June-2026');
  expect(shown).toContain('40%');
  expect(shown).toContain('72.5%');
  expect(doc).toContain('<w:tblHeader/>');
  // The empty state as a note.
  expect(shown).toContain('No projects: The projects module is not installed.');

  // Media: the logo (same bytes), the image, the chart as SVG with a PNG fallback (a real picture, not empty).
  expect(media.some((m) => m.bytes.equals(logo))).toBe(true);
  expect(media.some((m) => m.bytes.equals(diagram))).toBe(true);
  const svg = media.find((m) => m.name.endsWith('.svg'));
  expect(svg?.bytes.toString()).toContain('<svg');
  expect(svg?.bytes.toString()).toContain('Health score');
  const pngs = media.filter((m) => m.name.endsWith('.png') && !m.bytes.equals(logo) && !m.bytes.equals(diagram));
  expect(pngs.length).toBeGreaterThanOrEqual(1);
  const chartPng = imageInfo(pngs[0]!.bytes)!;
  expect(chartPng.width).toBeGreaterThan(400);
  expect(doc).toContain('Bar chart of the health score by month');

  // The uploaded Word file: a part with an aFChunk relationship, and <w:altChunk> after the Appendix heading.
  const chunk = zip.file('word/altChunk1.docx');
  expect(chunk).not.toBeNull();
  const inner = await JSZip.loadAsync(await chunk!.async('nodebuffer'));
  expect(await inner.file('word/document.xml')!.async('string')).toContain('Appendix text from the upload');
  const rel = new RegExp(`<Relationship Id="(rIdAltChunk1)" Type="${AF_CHUNK_REL}" Target="altChunk1.docx"/>`);
  expect(rels).toMatch(rel);
  expect(await text('[Content_Types].xml')).toContain('PartName="/word/altChunk1.docx"');
  const at = doc.indexOf('<w:altChunk r:id="rIdAltChunk1"/>');
  expect(at).toBeGreaterThan(doc.indexOf('>Appendix<'));
  expect(at).toBeLessThan(doc.indexOf('>Project Summary<'));
  expect(doc).not.toContain('ALTCHUNK-');
});

test('without a logo, with a bad chart and a missing file: notes in their places, the rest of the report intact', async () => {
  const report = fixtureReport({ imageKey: 'gone.png', wordKey: 'gone.docx' });
  report.components[2]!.blocks = [{ kind: 'chart', alt: 'x', spec: { mark: 'nonsense', data: { values: [] } } }];
  const buf = await renderDocx(report, { logo: null, format, tenantName: 'Bright MSP', readFile });
  const { zip, text, media } = await unzip(buf);
  const shown = visible(await text('word/document.xml'));
  expect(shown).toContain(MSG_CHART_FAILED);
  expect(shown).toContain(MSG_FILE_MISSING('diagram.png'));
  expect(shown).toContain(MSG_FILE_MISSING('appendix.docx'));
  expect(shown).toContain('Executive Summary');
  expect(media).toHaveLength(0);
  expect(zip.file('word/altChunk1.docx')).toBeNull();
});

test('chart specs: inline data only, no links, no data URLs, no image marks, bounded size', () => {
  expect(chartSpecRefusal(barChartSpec('ok'))).toBeNull();
  expect(chartSpecRefusal({ data: { url: 'https://evil.example/data.csv' }, mark: 'bar' })).toMatch(
    /^data\.url: .*inline data only/,
  );
  expect(chartSpecRefusal({ layer: [{ data: { url: 'file:///etc/passwd' } }] })).toMatch(/^layer\[0\]\.data\.url/);
  expect(chartSpecRefusal({ mark: 'image', data: { values: [] } })).toMatch(/image marks/);
  expect(chartSpecRefusal({ mark: { type: 'image' } })).toMatch(/image marks/);
  expect(chartSpecRefusal({ data: { values: [{ a: 'data:text/html;base64,PHNjcmlwdD4=' }] } })).toMatch(/data URLs/);
  expect(chartSpecRefusal({ width: 100000, mark: 'bar' })).toMatch(/width: must be between/);
  expect(chartSpecRefusal({ data: { values: Array.from({ length: 20_001 }, (_, i) => ({ i })) } })).toMatch(
    /at most 20000 data rows/,
  );
  expect(chartSpecRefusal([])).toMatch(/must be an object/);
});

test("an MSP's Word template is filled with the report's data; its placeholders are paths, never code", async () => {
  const { Document, Packer, Paragraph, TextRun } = await import('docx');
  const lines = [
    '{logo}',
    '{report_name}',
    'For {company_name} on {date} by {tenant_name}',
    '{#components}',
    'Section: {title}',
    '{text}',
    '{#charts}{image}{/charts}',
    '{#tables}{title}{#rows}{line}{/rows}{/tables}',
    '{/components}',
    'Computed: {7*7}',
  ];
  const template = await Packer.toBuffer(
    new Document({ sections: [{ children: lines.map((l) => new Paragraph({ children: [new TextRun(l)] })) }] }),
  );
  const { fillWordTemplate } = await import('../server/exports/word-template');
  const report = fixtureReport({
    imageKey: 'tenants/1/reports/diagram.png',
    wordKey: 'tenants/1/reports/appendix.docx',
  });
  const out = await fillWordTemplate(template, report, {
    logo: { bytes: logo, contentType: 'image/png' },
    format,
    tenantName: 'Bright MSP',
    readFile,
  });
  const { text, media } = await unzip(out);
  const shown = visible(await text('word/document.xml'));
  expect(shown).toContain('Quarterly Business Review');
  expect(shown).toContain('For Acme Dental on 05-March-2026 by Bright MSP');
  for (const t of ['Section: Executive Summary', 'Section: Health Trend', 'network refresh', '£12,500', '72.5%'])
    expect(shown).toContain(t);
  expect(shown).not.toContain('{');
  expect(shown).not.toContain('49');
  expect(media.some((m) => m.bytes.equals(logo))).toBe(true);
  expect(media.some((m) => m.name.endsWith('.png') && imageInfo(m.bytes)!.width > 400)).toBe(true);
});
