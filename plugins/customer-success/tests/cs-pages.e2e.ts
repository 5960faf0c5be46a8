/**
 * The dashboard, insights and company detail pages in real Chromium: figures and the charts switch, the date
 * presets and date checks, and on the company detail page the company picker, the tiles, the profile
 * autosave (5 s) with the dirty-page prompt, and the tile order saved per user. Build the workspace first.
 */
import { expect, test } from '@playwright/test';
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { makeCompany, makeTenant, type TestTenant } from '../../../tests/sdk';
import { signInToShell } from '../../../tests/sdk';
import { contract, cs, customMetric, setScore } from './segments-helpers';

let s: TestServer;
let t: TestTenant;
let acme: number;

const inDays = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  s = await startTestServer({ workspace: true, jobs: false });
  t = await makeTenant(s.k, s.url, {
    pages: ['/dashboard', '/cs/dashboard', '/cs/insights', '/cs/company/detail', '/cs/company/segmentManager'].map(
      (url) => ({ url, access_level: 'Read/Write' as const }),
    ),
  });
  acme = await makeCompany(t, 'Acme Dental');
  const beta = await makeCompany(t, 'Beta Logistics');
  await contract(t, acme, {
    vendor: 'Datto',
    account: 'Backup',
    cost: 600,
    billing_cycle: 'Monthly',
    end_date: inDays(20),
  });
  await contract(t, beta, { vendor: 'Cisco', cost: 1200, billing_cycle: 'Annually', end_date: inDays(200) });
  const health = await customMetric(t, 'health');
  await setScore(t, 'health', health, acme, 90);
  await setScore(t, 'health', health, beta, 40);
});
test.afterAll(async () => {
  await s?.stop();
});

test('dashboard: figures, data quality and the charts switch', async ({ page }) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}/cs/dashboard`);
  await expect(page.getByLabel('Companies', { exact: true })).toHaveText('2');
  await expect(page.getByLabel('Average health score')).toHaveText('65');
  await expect(page.getByLabel('Total monthly value')).toHaveText('$700');
  await expect(page.getByLabel('Data quality score')).toContainText('%');
  await expect(page.getByRole('figure', { name: 'Health by colour' }).locator('svg').first()).toBeVisible({
    timeout: 30_000,
  });
  await page.getByText('Show charts').click();
  await expect(page.getByRole('figure', { name: 'Health by colour' })).toBeHidden();
  await expect(page.getByRole('table', { name: 'Health' })).toContainText('Success');
});

test('insights: presets set the range; a bad custom range is refused', async ({ page }) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}/cs/insights`);
  await page.getByLabel('Dates').selectOption('Next 3 Months');
  await expect(page.getByLabel('Start date')).toHaveValue(inDays(0));
  await expect(page.locator('.cs-ins-grid [aria-label="Contracts ending"]')).toContainText('Datto Backup');
  await page.getByLabel('Dates').selectOption('Next 12 Months');
  await expect(page.locator('.cs-ins-grid [aria-label="Contracts ending"]')).toContainText('Cisco');
  await page.getByLabel('End date').fill('2001-01-01');
  await expect(page.getByText('Must not be before the start date')).toBeVisible();
});

test('company detail: select a company, autosave the profile, keep the tile order', async ({ page }) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}/cs/company/detail`);
  const picker = page.getByLabel('Company', { exact: true });
  await picker.selectOption({ label: 'Beta Logistics' });
  await expect(page.getByRole('heading', { name: 'Beta Logistics' })).toBeVisible();
  await picker.selectOption({ label: 'Acme Dental' });
  await expect(page.getByRole('region', { name: 'Headlines' })).toContainText('Contract Datto Backup ends in 2 weeks');
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('Datto Backup');

  await page.getByLabel('Industry').fill('Dental care');
  await expect(page.getByRole('region', { name: 'Profile' }).getByRole('status')).toHaveText('Unsaved changes');
  await expect(page.getByRole('region', { name: 'Profile' }).getByRole('status')).toHaveText('Saved', {
    timeout: 15_000,
  });
  const profile = async () =>
    (await t.api('GET', cs(t, `TenantCompanyProfile?tenantCompanyId=${acme}`))).body.tenantCompanyProfile[0];
  expect((await profile()).industry).toBe('Dental care');

  // Leaving with an unsaved change asks first; 'Stay' keeps the page and the change.
  const dashboardLink = page.getByRole('link', { name: 'Dashboard' }).first();
  const prompt = page.getByRole('alertdialog');
  await page.getByLabel('Contact phone').fill('555-0100');
  await dashboardLink.click();
  await expect(prompt).toContainText('You have pending changes - are you sure you want to leave this page?');
  await prompt.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/cs\/company\/detail$/);
  await expect(page.getByLabel('Contact phone')).toHaveValue('555-0100');
  // 'Leave' goes, and the pending change is saved on leaving.
  await page.getByLabel('Primary contact').fill('Dr. Lee');
  await dashboardLink.click();
  await prompt.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect
    .poll(async () => {
      const p = await profile();
      return `${p.primaryContactName} ${p.primaryContactPhone}`;
    })
    .toBe('Dr. Lee 555-0100');

  await page.goto(`${s.url}/cs/company/detail`);
  await page.getByRole('button', { name: 'Move Profile up' }).click();
  await expect
    .poll(async () =>
      (
        await t.api('GET', cs(t, `CustomerSuccessDetailsTile?tenantCompanyId=${acme}`))
      ).body.customerSuccessDetailsTile[0].tileOrder.slice(0, 2),
    )
    .toEqual(['profile', 'details']);
  await page.reload();
  await expect(page.locator('.cs-detail-tile').first()).toHaveAttribute('aria-label', 'Profile');
});
