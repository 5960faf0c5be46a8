/**
 * The due soon window and bulk delete in real Chromium on the shared e2e server (demo data): the /dashboard panel
 * "Asset lifecycle" shows the state tiles and its "next 90 days" link opens /assetList?dueSoon=90 with the filters
 * bar's window chosen; within the run's assets (search) 90 days keeps the one due in 30 days, 365 adds the one due in
 * 200 (the overdue one is never in a window); the two are deleted in bulk (one confirmed request, toast) and gone.
 * Build the workspace first.
 */
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, pageApi, signInToShell } from '../../../tests/sdk';

test.setTimeout(180_000);
test.use({ viewport: { width: 2400, height: 1000 } });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('dashboard panel -> due soon window on the list -> bulk delete', async ({ page }) => {
  const tag = `DUE${Date.now() % 1_000_000}`;
  await signInToShell(page, DEMO_ADMIN.email);
  const company = await pageApi(page, 'POST', '/v3/tenant/{tenantId}/companies', { moniker: `${tag} Co` });
  expect(company.status).toBe(200);
  const companyId: number = company.body.company.tenant_company_id;
  for (const [suffix, offset] of [
    ['soon', 30],
    ['later', 200],
    ['over', -5],
  ] as const) {
    const r = await pageApi(page, 'POST', '/v3/tenant/{tenantId}/assets', {
      tenant_company_id: companyId,
      name: `${tag}-${suffix}`,
      eol_date: day(offset),
    });
    expect(r.status).toBe(200);
  }

  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'Asset lifecycle' });
  const tiles = panel.getByRole('navigation', { name: 'Assets per lifecycle state' });
  await expect(tiles.getByRole('link', { name: /^End of life reached: \d+$/ })).toBeVisible();
  await panel.getByRole('link', { name: /due for replacement in the next 90 days/ }).click();
  await expect(page).toHaveURL(/\/assetList\?dueSoon=90$/);
  const window = page.getByLabel('Due for replacement');
  await expect(window).toHaveValue('90');

  const table = page.getByRole('region', { name: 'Assets' });
  const pager = page.getByRole('navigation', { name: 'Asset pages' });
  await page.getByLabel('Search assets').fill(tag);
  await expect(pager).toContainText('1–1 of 1 asset');
  await expect(table.getByRole('button', { name: `${tag}-soon`, exact: true })).toBeVisible();
  await window.selectOption('365');
  await expect(pager).toContainText('1–2 of 2 assets');
  await expect(page).toHaveURL(/dueSoon=365/);
  await expect(table.getByRole('button', { name: `${tag}-over`, exact: true })).toHaveCount(0);

  const box = (name: string) => table.locator('label', { has: page.getByRole('checkbox', { name: `Select ${name}` }) });
  await box(`${tag}-soon`).click();
  await box(`${tag}-later`).click();
  const bulk = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(bulk).toContainText('2 assets selected');
  await bulk.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Delete 2 assets? This cannot be undone.')).toBeVisible();
  await page.locator('.bp6-alert').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted 2 assets.')).toBeVisible();
  const left = await pageApi(page, 'GET', `/v3/tenant/{tenantId}/assetList?search=${tag}`);
  expect(left.body.assets.map((a: { name: string }) => a.name)).toEqual([`${tag}-over`]);
});
