/**
 * The segment manager in real Chromium: moving the value cut slider moves a company into another segment at once,
 * the settings are saved, and the stored segments are computed fresh (over the realtime channel) to match; a reload
 * shows the saved cut. Build the workspace first (`npm run build:workspace`).
 */
import { expect, test, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { makeCompany, makeTenant, type TestTenant } from '../../../tests/sdk';
import { signInToShell } from '../../../tests/sdk';
import { contract, cs, customMetric, setScore } from './segments-helpers';

let s: TestServer;
let t: TestTenant;
let acme: number;
const PAGE = '/cs/company/segmentManager';

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  s = await startTestServer({ workspace: true, jobs: false });
  t = await makeTenant(s.k, s.url, {
    pages: ['/dashboard', '/cs/dashboard', PAGE].map((url) => ({ url, access_level: 'Read/Write' as const })),
  });
  acme = await makeCompany(t, 'Acme Dental');
  const beta = await makeCompany(t, 'Beta Logistics');
  await contract(t, acme, { vendor: 'Datto', cost: 400, billing_cycle: 'Monthly' });
  await contract(t, beta, { vendor: 'Cisco', cost: 9000, billing_cycle: 'Annually' });
  const effort = await customMetric(t, 'effort');
  await setScore(t, 'effort', effort, acme, 20);
  await setScore(t, 'effort', effort, beta, 80);
});
test.afterAll(async () => {
  await s?.stop();
});

const rowOf = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Companies by segment' }).getByRole('row').filter({ hasText: name });
const settings = async () => (await t.api('GET', cs(t, 'TenantCsSegmentSettings'))).body.tenantCsSegmentSettings;
const storedSegment = async () => {
  const r = await t.api('GET', cs(t, 'TenantCompanySegment'));
  const row = r.body.segments.find((x: { tenantCompanyId: number }) => x.tenantCompanyId === acme);
  return `${row?.segmentId}:${row?.stale_data}`;
};

test('moving the value cut slider moves the company into another segment and saves the settings', async ({ page }) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}${PAGE}`);
  // 400 a month, effort 20: low value, low effort.
  await expect(rowOf(page, 'Acme Dental').locator('td[data-column="segment"]')).toHaveText('Growth');
  await expect(rowOf(page, 'Beta Logistics').locator('td[data-column="segment"]')).toHaveText('High Maintenance');
  await expect(page.getByLabel('Growth companies')).toHaveText('1');
  // The stored segments were computed fresh when the page opened.
  await expect.poll(storedSegment).toBe('3:false');

  const cut = page.getByRole('slider', { name: 'Monthly Value cut' });
  await expect(cut).toHaveAttribute('aria-valuenow', '500');
  await cut.focus();
  for (let i = 0; i < 11; i++) await cut.press('ArrowLeft');
  await expect(cut).toHaveAttribute('aria-valuenow', '390');
  // 400 is now above the cut: high value, low effort.
  await expect(rowOf(page, 'Acme Dental').locator('td[data-column="segment"]')).toHaveText('Ideal');
  await expect(page.getByLabel('Ideal companies')).toHaveText('1');
  await expect(page.getByLabel('Growth companies')).toHaveText('0');

  // Saved, and the stored segments follow (fresh computation after the save).
  await expect.poll(async () => (await settings()).cutSegValue).toBe(390);
  await expect.poll(storedSegment).toBe('1:false');

  await page.reload();
  await expect(page.getByRole('slider', { name: 'Monthly Value cut' })).toHaveAttribute('aria-valuenow', '390');
  await expect(rowOf(page, 'Acme Dental').locator('td[data-column="segment"]')).toHaveText('Ideal');
});

test('the chart shows behind the charts switch', async ({ page }) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}${PAGE}`);
  const chart = page.getByRole('figure', { name: 'Value versus effort' });
  await expect(chart.locator('svg').first()).toBeVisible({ timeout: 30_000 });
  await expect(chart.getByText('Ideal').first()).toBeVisible();
  await page.getByText('Show charts').click();
  await expect(page.getByLabel('Show charts')).not.toBeChecked();
  await expect(chart).toBeHidden();
  await expect(rowOf(page, 'Acme Dental')).toBeVisible();
});
