/**
 * Cross Company Goals with the shared filters bar in real Chromium: the demo goals, narrowing by a company and by an
 * account manager, Clear; the admin page's cards and the account permissions page. Build the workspace first.
 */
import { expect, test } from '@playwright/test';
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { makeTenant, type TestTenant } from '../../../tests/sdk';
import { signInToShell } from '../../../tests/sdk';

let s: TestServer;
let t: TestTenant;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  s = await startTestServer({ workspace: true, jobs: false });
  t = await makeTenant(s.k, s.url, {
    pages: [
      '/dashboard',
      '/cs/dashboard',
      '/cs/admin',
      '/cs/goalsreporting',
      '/cs/company/detail',
      '/cs/admin/accountpermissions',
      '/cs/admin/csAccountSettings',
      '/cs/admin/scoreMetricsAdmin',
    ].map((url) => ({ url, access_level: 'Read/Write' as const })),
  });
  for (const moniker of ['Acme Dental', 'Brightwater', 'Cedar Ridge'])
    expect((await t.api('POST', `/v3/tenant/${t.tenantId}/companies`, { moniker })).status).toBe(200);
  const plugin = s.k.plugins.find((p) => p.id === 'customer-success')!;
  await plugin.fixtures!({ db: s.k.db, k: s.k, tenantId: t.tenantId, log: () => {} });
});
test.afterAll(async () => {
  await s?.stop();
});

test('goals of every company, narrowed by the filters bar and cleared', async ({ page }) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}/cs/goalsreporting`);
  const table = page.getByRole('table', { name: 'Goals' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('Move file shares to the cloud');
  await expect(table).toContainText('Quarterly business reviews on time');
  await expect(page.getByLabel('Score of Move file shares to the cloud 55 (warning)')).toBeVisible();

  const bar = page.getByRole('toolbar', { name: 'Customer Success filters' });
  await expect(bar).toHaveAttribute('data-change-count', '0');
  await bar.getByRole('button', { name: 'Companies' }).click();
  await page.getByRole('group', { name: 'Companies' }).getByText('Cedar Ridge').click();
  await page.keyboard.press('Escape');
  await expect(bar).toHaveAttribute('data-change-count', '1');
  await expect(bar.getByText('1 selected')).toBeVisible();
  // Cedar Ridge has no goal (the demo goals cover Acme Dental and Brightwater).
  await expect(page.getByText('No goals')).toBeVisible();

  await bar.getByRole('button', { name: 'Clear' }).click();
  await expect(bar).toHaveAttribute('data-change-count', '2');
  await expect(table.getByRole('row')).toHaveCount(3);

  // The goal "Quarterly business reviews" belongs to Brightwater only.
  await bar.getByRole('button', { name: 'Companies' }).click();
  await page.getByRole('group', { name: 'Companies' }).getByText('Acme Dental').click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Move file shares to the cloud');
});

test('the admin page links its pages; account permissions lists the demo manager', async ({ page }) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}/cs/admin`);
  await expect(page.getByRole('link', { name: 'Account Settings' })).toBeVisible();
  await page.getByRole('link', { name: 'Account Permissions' }).click();
  await expect(page).toHaveURL(/\/cs\/admin\/accountpermissions$/);
  const managers = page.getByRole('table', { name: 'Account managers' });
  await expect(managers).toContainText(t.email);
  await expect(managers).toContainText('Acme Dental, Brightwater, Cedar Ridge');
});
