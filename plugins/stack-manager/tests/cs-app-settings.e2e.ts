/**
 * Contract exclusions on /cs/admin/csAppSettings in real Chromium: exclude a vendor picked in the edit dialog, see
 * 'Changes Detected, click Save Changes to Apply', save, and find it again after a reload (its option now disabled);
 * toggle the existing row (struck through), save, and it is gone; the list shows 6 rows and an ellipsis for the
 * rest. Build the workspace first (`npm run build:workspace`).
 */
import { expect, test, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { makeTenant, type TestTenant } from '../../../tests/sdk';
import { signInToShell } from '../../../tests/sdk';

let s: TestServer;
let t: TestTenant;
const PAGE = '/cs/admin/csAppSettings';
const CHANGES = 'Changes Detected, click Save Changes to Apply';
const OBJ = () => `/v3/cs/tenant/${t.tenantId}/cs/TenantCsContractExclude`;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000); // starting the server takes long on a busy machine
  s = await startTestServer({ workspace: true, jobs: false });
  t = await makeTenant(s.k, s.url, {
    pages: ['/dashboard', '/cs/dashboard', '/cs/admin', PAGE].map((url) => ({
      url,
      access_level: 'Read/Write' as const,
    })),
  });
  const c = await t.api('POST', `/v3/tenant/${t.tenantId}/companies`, { moniker: 'Acme Dental' });
  expect(c.status).toBe(200);
  const id = c.body.company.tenant_company_id;
  for (const [vendor, account] of [
    ['Microsoft', 'MS-100'],
    ['Dell', null],
    ['AT&T (US)', 'T-9'],
    ['microsoft', 'MS-200'],
  ]) {
    const r = await t.api('POST', `/v3/tenant/${t.tenantId}/company/${id}/contracts`, {
      operation: 'insert',
      payload: { vendor, account, cost: 100, billing_cycle: 'Monthly' },
    });
    expect(r.status).toBe(200);
  }
});
test.afterAll(async () => {
  await s?.stop();
});

const vendorsCard = (page: Page) => page.getByRole('region', { name: 'Excluded Vendors' });
const activeVendors = async () =>
  ((await t.api('GET', OBJ())).body.tenantCsContractExcludes as { excludeVendor: string | null }[])
    .map((r) => r.excludeVendor)
    .filter(Boolean);

test('exclude a vendor: Changes Detected until saved, and it is there after a reload', async ({ page }) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}${PAGE}`);
  await expect(vendorsCard(page).getByText('No vendors are excluded.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await expect(page.getByText(CHANGES)).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit Excluded Vendors' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Excluded Vendors' });
  await expect(dialog).toBeVisible();
  // "microsoft" and "Microsoft" are one vendor: shown once.
  await expect(dialog.getByRole('menuitem', { name: /microsoft/i })).toHaveCount(1);
  await dialog.getByRole('textbox', { name: 'Search vendors' }).fill('at&t');
  await expect(dialog.getByRole('menuitem')).toHaveCount(1);
  await dialog.getByRole('textbox', { name: 'Search vendors' }).fill('Micro');
  await dialog.getByRole('menuitem', { name: 'Microsoft' }).click();
  await expect(dialog.getByRole('menuitem', { name: /Microsoft/ })).toHaveAttribute('aria-disabled', 'true');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();

  await expect(vendorsCard(page).getByText('Microsoft')).toBeVisible();
  await expect(page.getByText(CHANGES)).toBeVisible();
  expect(await activeVendors()).toEqual([]);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(CHANGES)).toHaveCount(0);
  await expect(page.getByText('The contract exclusions have been saved.')).toBeVisible();
  expect(await activeVendors()).toEqual(['Microsoft']);

  await page.reload();
  await expect(vendorsCard(page).getByText('Microsoft')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Excluded Vendors' }).click();
  await expect(page.getByRole('dialog').getByRole('menuitem', { name: /Microsoft/ })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
});

test('toggle an existing row: struck through until saved, then gone', async ({ page }) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}${PAGE}`);
  await page.getByRole('button', { name: 'Edit Excluded Vendors' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Excluded Vendors' });
  await dialog.getByRole('button', { name: 'Remove Microsoft' }).click();
  await expect(dialog.getByRole('button', { name: 'Keep Microsoft' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply' }).click();

  const struck = vendorsCard(page).locator('s', { hasText: 'Microsoft' });
  await expect(struck).toBeVisible();
  await expect(page.getByText(CHANGES)).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(CHANGES)).toHaveCount(0);
  await expect(vendorsCard(page).getByText('No vendors are excluded.')).toBeVisible();
  expect(await activeVendors()).toEqual([]);
  await page.reload();
  await expect(vendorsCard(page).getByText('No vendors are excluded.')).toBeVisible();
});

test('a list shows the first 6 and an ellipsis whose tooltip names the rest', async ({ page }) => {
  const accounts = ['A-1', 'A-2', 'A-3', 'A-4', 'A-5', 'A-6', 'A-7', 'A-8'];
  expect((await t.api('PUT', OBJ(), { excludes: accounts.map((excludeAccount) => ({ excludeAccount })) })).status).toBe(
    200,
  );
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}${PAGE}`);
  const card = page.getByRole('region', { name: 'Excluded Accounts' });
  await expect(card.getByRole('listitem')).toHaveCount(7);
  await expect(card.getByText('A-6')).toBeVisible();
  await expect(card.getByText('A-7')).toHaveCount(0);
  const more = card.getByLabel('2 more: A-7, A-8');
  await more.hover();
  await expect(page.locator('.cs-excl-tooltip')).toContainText('A-7');
  await expect(page.locator('.cs-excl-tooltip')).toContainText('A-8');
});
