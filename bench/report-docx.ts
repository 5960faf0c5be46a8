/**
 * npm run bench:report-docx: the Word export of a large report for one company (issue 16 part 8): about 30 pages,
 * with 10 charts (vega-lite drawn on the server to SVG + PNG), 5 tables of 200 rows in the tenant's formats, 12
 * sections of rich text, key figures, the tenant's logo and an appended Word file, built by renderDocx exactly as
 * the export job builds it (the chart worker is started and stopped for each document, as in the job).
 *
 * Baseline, measured in the same run: the same document without its 10 charts (tables, text, images only), so the
 * ratio shows what drawing the charts costs. The sides alternate in rounds (baseline, then full, back to back); the
 * times are medians. Memory: the process's peak resident size (resourceUsage().maxRSS, which includes the chart
 * worker thread) and the heap growth of one full build.
 *
 * Target: the full document under 5 s (the anchors' browser-rendered PDF of this size takes minutes).
 * Options: BENCH_ROUNDS (default 3); --strict exits 1 when the target is missed.
 */
import { performance } from 'node:perf_hooks';
import JSZip from 'jszip';
import type { TenantFormat } from '../common/tenant-format';
import { renderDocx } from '../plugins/reports/server/exports/docx';
import { chartWorkerPath } from '../plugins/reports/server/exports/charts';
import type { RenderedReport } from '../plugins/reports/shared/rendered';
import type { ReportBlock } from '../plugins/reports/shared/blocks';
import { barChartSpec, makePng, makeWordFile, WYSIWYG_HTML } from '../plugins/reports/tests/export-fixtures';
import { PATHS } from '../kernel/paths';
import path from 'node:path';

const ROUNDS = Math.max(1, Math.floor(Number(process.env.BENCH_ROUNDS ?? 3)));
const TARGET_MS = 5000;

const format: TenantFormat = {
  currency: 'USD',
  dateFormat: 'mm-dd-yyyy',
  timeZone: 'America/New_York',
  fiscalYearStartMonth: 1,
};

function lineChart(i: number): Record<string, unknown> {
  return {
    title: `Trend ${i + 1}`,
    width: 520,
    height: 260,
    data: {
      values: Array.from({ length: 24 }, (_, m) => ({
        month: `2025-${String((m % 12) + 1).padStart(2, '0')}-01`,
        series: m < 12 ? 'Last year' : 'This year',
        value: 50 + Math.round(30 * Math.sin((m + i) / 3)),
      })),
    },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'month', type: 'temporal', timeUnit: 'month', title: 'Month' },
      y: { field: 'value', type: 'quantitative', title: 'Score' },
      color: { field: 'series', type: 'nominal' },
    },
  };
}

function bigTable(i: number): ReportBlock {
  return {
    kind: 'table',
    title: `Assets ${i + 1}`,
    columns: [
      { key: 'name', label: 'Asset', format: 'text' },
      { key: 'owner', label: 'Owner', format: 'text' },
      { key: 'cost', label: 'Replacement cost', format: 'currency' },
      { key: 'warranty', label: 'Warranty ends', format: 'date' },
      { key: 'health', label: 'Health', format: 'percent' },
    ],
    rows: Array.from({ length: 200 }, (_, r) => ({
      name: `WS-${i}-${String(r).padStart(4, '0')}`,
      owner: `User ${r % 37}`,
      cost: 800 + ((r * 37) % 2200),
      warranty: `202${6 + (r % 4)}-${String((r % 12) + 1).padStart(2, '0')}-15`,
      health: (r * 13) % 100,
    })),
  };
}

function bigReport(withCharts: boolean, keys: { image: string; word: string }): RenderedReport {
  const components: RenderedReport['components'] = [];
  const add = (title: string, blocks: ReportBlock[]) =>
    components.push({ component_key: `c${components.length}`, type: 'bench', title, needs_attention: null, blocks });
  add('Key figures', [
    {
      kind: 'metrics',
      items: [
        { label: 'Health score', value: 72.4, format: 'percent' },
        { label: 'MRR opportunity', value: 4200, format: 'currency' },
        { label: 'Assets', value: 1000, format: 'number' },
        { label: 'Next review', value: '2026-06-01', format: 'date' },
      ],
    },
  ]);
  for (let i = 0; i < 12; i++) add(`Section ${i + 1}`, [{ kind: 'richText', html: WYSIWYG_HTML }]);
  if (withCharts)
    for (let i = 0; i < 10; i++)
      add(`Chart ${i + 1}`, [
        {
          kind: 'chart',
          title: `Chart ${i + 1}`,
          alt: `Chart ${i + 1}`,
          spec: i % 2 ? barChartSpec(`Bars ${i}`, 12) : lineChart(i),
        },
      ]);
  for (let i = 0; i < 5; i++) add(`Table ${i + 1}`, [bigTable(i)]);
  add('Diagram', [{ kind: 'image', fileKey: keys.image, fileName: 'diagram.png', alt: 'Network diagram' }]);
  add('Appendix', [{ kind: 'wordFile', fileKey: keys.word, fileName: 'appendix.docx' }]);
  return {
    report_template_id: 1,
    vers: 1,
    name: 'Annual Technology Review',
    tenant_company_id: 1,
    company_name: 'Acme Dental',
    as_of: '2026-03-05',
    components,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main(): Promise<void> {
  const strict = process.argv.includes('--strict');
  const files: Record<string, Buffer> = {
    'tenants/1/img.png': makePng(800, 500),
    'tenants/1/appendix.docx': await makeWordFile('Statement of work'),
  };
  const opts = {
    logo: { bytes: makePng(300, 100, [200, 40, 40]), contentType: 'image/png' },
    format,
    tenantName: 'Bright MSP',
    chartWorkerPath: chartWorkerPath(path.join(PATHS.plugins, 'reports')),
    readFile: async (k: string) => files[k] ?? null,
  };
  const keys = { image: 'tenants/1/img.png', word: 'tenants/1/appendix.docx' };
  const full = bigReport(true, keys);
  const base = bigReport(false, keys);
  console.log(
    `Word export bench: ${full.components.length} components, 10 charts, 5 tables x 200 rows, 12 rich text sections; ${ROUNDS} rounds`,
  );

  const tBase: number[] = [];
  const tFull: number[] = [];
  let size: number;
  let baseSize = 0;
  let heapGrowth = 0;
  for (let r = 0; r < ROUNDS; r++) {
    let t = performance.now();
    baseSize = (await renderDocx(base, opts)).length;
    tBase.push(performance.now() - t);
    global.gc?.();
    const heap0 = process.memoryUsage().heapUsed;
    t = performance.now();
    const doc = await renderDocx(full, opts);
    tFull.push(performance.now() - t);
    heapGrowth = Math.max(heapGrowth, process.memoryUsage().heapUsed - heap0);
    size = doc.length;
    if (r === 0) {
      const zip = await JSZip.loadAsync(doc);
      const media = Object.keys(zip.files).filter((n) => n.startsWith('word/media/')).length;
      console.log(
        `  document: ${(size / 1024).toFixed(0)} KB, ${media} media files (charts as SVG + PNG, logo, image)`,
      );
    }
  }
  const fullMs = median(tFull);
  const baseMs = median(tBase);
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    `  baseline (no charts)   median ${baseMs.toFixed(0).padStart(6)} ms  (${(baseSize / 1024).toFixed(0)} KB)`,
  );
  console.log(
    `  full report            median ${fullMs.toFixed(0).padStart(6)} ms  (rounds: ${tFull.map((x) => x.toFixed(0)).join(', ')})`,
  );
  console.log(`  ratio full / baseline  ${(fullMs / baseMs).toFixed(2)}`);
  console.log(
    `  peak RSS ${maxRssMb.toFixed(0)} MB (process incl. chart worker); heap growth of one build ${(heapGrowth / 1048576).toFixed(0)} MB`,
  );
  const ok = fullMs < TARGET_MS;
  console.log(`  target: full report < ${TARGET_MS} ms: ${ok ? 'met' : 'MISSED'}`);
  if (!ok && strict) process.exit(1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
