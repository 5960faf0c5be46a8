/**
 * npm run bench:stack-table: how smoothly the Stack Alignment Overview's matrix (a Blueprint Table) scrolls with a
 * tenant of 5,000 companies x 30 stack services, in real Chromium (Playwright, /usr/bin/chromium).
 *
 * The data is inserted directly (companies, services with a monthly default charge, a quarter of the items stored as
 * fully aligned), the workspace is served by the real server, a user signs in and opens /cs/stackAlignmentOverview
 * with the "No Filter" type filter (every company a row). In the page, the table's scroll container is scrolled from
 * top to bottom by a fixed step per animation frame and the requestAnimationFrame deltas are recorded. The baseline,
 * measured on the same page in the same run: a plain div of the same size holding a block of the same scroll height,
 * scrolled the same way (what the browser costs without any table). Prints both medians and p95 and the ratios.
 *
 * Options: BENCH_COMPANIES (5000), BENCH_SERVICES (30), BENCH_STEP_PX (px per frame, default 240), BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres; a scratch database is created and dropped). Needs the
 * workspace built (npm run build:workspace).
 */
import { chromium } from '@playwright/test';
import { startTestServer } from '../tests/helpers/server';
import { makeTenant } from '../tests/helpers/tenants';

const COMPANIES = Math.max(10, Math.floor(Number(process.env.BENCH_COMPANIES ?? 5000)));
const SERVICES = Math.max(1, Math.floor(Number(process.env.BENCH_SERVICES ?? 30)));
const STEP = Math.max(20, Math.floor(Number(process.env.BENCH_STEP_PX ?? 240)));
process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Frames {
  frames: number;
  median: number;
  p95: number;
  max: number;
  over50: number;
  scrolled: number;
}

/** Runs in the page: scrolls `el` top to bottom, STEP px per frame, and summarises the rAF deltas. */
function scrollAndMeasure(args: { selector: string; step: number }): Promise<Frames> {
  const el = document.querySelector(args.selector) as HTMLElement | null;
  if (!el) throw new Error(`nothing matches ${args.selector}`);
  el.scrollTop = 0;
  return new Promise((resolve) => {
    const deltas: number[] = [];
    let last = 0;
    const tick = (t: number) => {
      if (last) deltas.push(t - last);
      last = t;
      const before = el.scrollTop;
      el.scrollTop = before + args.step;
      if (el.scrollTop <= before || el.scrollTop + el.clientHeight >= el.scrollHeight) {
        const s = [...deltas].sort((a, b) => a - b);
        const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
        resolve({
          frames: s.length,
          median: q(0.5),
          p95: q(0.95),
          max: s[s.length - 1] ?? 0,
          over50: s.filter((d) => d > 50).length,
          scrolled: el.scrollTop,
        });
        return;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame((t) => {
      last = t;
      requestAnimationFrame(tick);
    });
  });
}

/** Adds the baseline next to the table: a plain div of the table's size with content of the same scroll height. */
function addBaseline(args: { selector: string }): { height: number; scrollHeight: number } {
  const table = document.querySelector(args.selector) as HTMLElement;
  const box = table.getBoundingClientRect();
  const div = document.createElement('div');
  div.id = 'bench-baseline';
  div.style.cssText = `height:${box.height}px;width:${box.width}px;overflow:auto;position:relative`;
  const inner = document.createElement('div');
  inner.style.cssText = `height:${table.scrollHeight}px;background:repeating-linear-gradient(#fff 0 27px,#e5e8eb 27px 28px)`;
  div.appendChild(inner);
  document.querySelector('.cs-stack-overview')!.appendChild(div);
  return { height: div.clientHeight, scrollHeight: div.scrollHeight };
}

const fmt = (f: Frames) =>
  `median ${f.median.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, max ${f.max.toFixed(1)} ms, ${f.frames} frames, ${f.over50} over 50 ms`;

async function main() {
  const s = await startTestServer({ workspace: true, jobs: false });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const t = await makeTenant(s.k, s.url, {
      pages: [
        { url: '/cs/stackAlignmentOverview', access_level: 'Read/Write' },
        { url: '/cs/company/detail', access_level: 'Read/Write' },
      ],
    });
    const started = Date.now();
    await s.k.db.withSystem(async (trx) => {
      await trx.raw(
        `insert into tenant_companies (tenant_id, moniker, seats) select ?, 'Company ' || lpad(g::text, 5, '0'), g % 50 from generate_series(1, ?) g`,
        [t.tenantId, COMPANIES],
      );
      await trx.raw(
        `insert into cs_stack_services (tenant_id, moniker, sort, "order", default_alignment, default_charge_estimate, default_calc_type)
        select ?, 'Service ' || lpad(g::text, 2, '0'), g, g, case when g % 3 = 0 then 'partial' else 'other' end, 50 + g * 10, 'perMonth' from generate_series(1, ?) g`,
        [t.tenantId, SERVICES],
      );
      await trx.raw(
        `insert into cs_company_stack_alignments (tenant_id, tenant_company_id, service_id, alignment, applicable_flag, part_of_contract_flag)
        select ?, c.tenant_company_id, s.service_id, 'fully', true, false
          from tenant_companies c cross join cs_stack_services s
         where c.tenant_id = ? and s.tenant_id = ? and (c.tenant_company_id + s.service_id) % 4 = 0`,
        [t.tenantId, t.tenantId, t.tenantId],
      );
    });
    console.log(`seeded ${COMPANIES} companies x ${SERVICES} services in ${Date.now() - started} ms`);

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${s.url}/`);
    await page.waitForURL(/\/signIn\?.*interaction=/);
    await page.getByLabel('Email').fill(t.email);
    await page.getByLabel('Password').fill(t.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 60_000 });
    // Charts off (remembered locally), so only the table is measured.
    await page.evaluate(() => {
      for (const k of Object.keys(localStorage)) if (k.includes('chartsShown')) localStorage.removeItem(k);
    });
    const opened = Date.now();
    page.on('response', (r) => {
      if (r.url().includes('TenantCsRptStackMatrix'))
        console.log(`matrix answered ${r.status()} after ${Date.now() - opened} ms`);
    });
    await page.goto(`${s.url}/cs/stackAlignmentOverview`);
    await page.getByLabel('Type filter').waitFor();
    if (await page.getByLabel('Show charts').isChecked()) await page.getByText('Show charts').click();
    await page.getByLabel('Type filter').selectOption('none');
    await page.locator(`.cs-stack-table[data-rows="${COMPANIES + 1}"]`).waitFor({ timeout: 180_000 });
    console.log(`overview shown with ${COMPANIES + 1} rows in ${Date.now() - opened} ms`);
    const selector = '.cs-stack-table .bp6-table-quadrant-main .bp6-table-quadrant-scroll-container';
    await page.waitForSelector(selector);
    await page.waitForTimeout(1000);

    // tsx keeps function names through a __name helper that the page does not have.
    await page.evaluate('globalThis.__name = (f) => f');
    const base = await page.evaluate(addBaseline, { selector });
    const tableRun = await page.evaluate(scrollAndMeasure, { selector, step: STEP });
    const baseRun = await page.evaluate(scrollAndMeasure, { selector: '#bench-baseline', step: STEP });
    const rendered = await page.locator('.cs-stack-table .bp6-table-quadrant-main .bp6-table-cell').count();

    console.log(
      `scroll height ${base.scrollHeight} px, viewport ${base.height} px, ${STEP} px per frame; cells in the DOM at the end: ${rendered}`,
    );
    console.log(`Blueprint Table : ${fmt(tableRun)}`);
    console.log(`plain div       : ${fmt(baseRun)}`);
    console.log(
      `ratio table/baseline: median ${(tableRun.median / baseRun.median).toFixed(2)}, p95 ${(tableRun.p95 / baseRun.p95).toFixed(2)}`,
    );
  } finally {
    await browser.close();
    await s.stop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
