/**
 * The AIR dashboard in real Chromium on the shared e2e server (demo data): an AIR-only company of this run with four
 * assets (one per lifecycle state below) made through the API; the module view "Asset Insights" offered and chosen,
 * its nav leads to /airdashboard, whose company filter lists AIR-only companies only; for the run's company the tiles
 * count the assets per state, the charts are drawn, the due soon table holds the asset due in 60 days with its cost,
 * and the "End of life reached" tile opens /assetList filtered to that state and company. Build the workspace first.
 */
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, pageApi, signInToShell } from '../../../tests/sdk';

test.setTimeout(180_000);
test.use({ viewport: { width: 1600, height: 1200 } });

const call = pageApi;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('AIR dashboard: Asset Insights view, counts and charts for the seeded assets, a tile opens the filtered list', async ({
  page,
}) => {
  const tag = `AIR${Date.now() % 1_000_000}`;
  await signInToShell(page, DEMO_ADMIN.email);

  const company = await call(page, 'POST', '/v3/tenant/{tenantId}/companies', {
    // Named to sort after the demo companies: the shared server's later walkthroughs expect a demo company (the
    // first in the list) to be the selected one.
    moniker: `Plant ${tag}`,
    air_only_flag: true,
  });
  expect(company.status).toBe(200);
  const companyId: number = company.body.company.tenant_company_id;
  const type = await call(page, 'POST', '/v3/tenant/{tenantId}/assetType', {
    assetTypeId: 0,
    asset_type_moniker: `${tag} Workstation`,
    default_replacement_cost: 1000,
    default_life_in_months: 48,
    approaching_duration_in_months_eol: 6,
    approaching_duration_in_months_warranty: 3,
  });
  expect(type.status).toBe(200);
  const typeId: number = type.body.asset_type_id;
  const assets = [
    { name: `${tag}-OLD`, purchase_date: day(-365 * 5) }, // end of life reached (48 months)
    { name: `${tag}-LAPSED`, purchase_date: day(-100), warranty_expiry: day(-10) }, // out of warranty
    { name: `${tag}-NEW`, purchase_date: day(-30), warranty_expiry: day(700) }, // healthy
    { name: `${tag}-SOON`, eol_date: day(60), warranty_expiry: day(400), cost: 2500 }, // end of life approaching
  ];
  for (const a of assets) {
    const r = await call(page, 'POST', '/v3/tenant/{tenantId}/assets', {
      tenant_company_id: companyId,
      asset_type_id: typeId,
      ...a,
    });
    expect(r.status).toBe(200);
  }

  // The module view Asset Insights is offered (the tenant has AIR-only companies); its nav leads to the dashboard.
  await page.goto('/dashboard');
  const views = page.getByRole('combobox', { name: 'Module view' });
  await expect(views.locator('option', { hasText: 'Asset Insights' })).toHaveCount(1);
  await views.selectOption({ label: 'Asset Insights' });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Asset Insights' }).click();
  await expect(page).toHaveURL(/\/airdashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Asset Insights' })).toBeVisible();

  // The company filter lists the view's (AIR-only) companies only.
  const filter = page.getByLabel('Company filter');
  await expect(filter.locator('option', { hasText: `Plant ${tag}` })).toHaveCount(1);
  await expect(filter.locator('option', { hasText: 'All companies (Asset Insights)' })).toHaveCount(1);
  await expect(filter.locator('option', { hasText: 'Cedar Ridge Law' })).toHaveCount(0);
  await filter.selectOption({ label: `Plant ${tag}` });

  const tiles = page.getByRole('navigation', { name: 'Assets per lifecycle state' });
  await expect(tiles.getByRole('link', { name: 'All assets: 4' })).toBeVisible();
  await expect(tiles.getByRole('link', { name: 'End of life reached: 1' })).toBeVisible();
  await expect(tiles.getByRole('link', { name: 'Out of warranty: 1' })).toBeVisible();
  await expect(tiles.getByRole('link', { name: 'End of life approaching: 1' })).toBeVisible();
  await expect(tiles.getByRole('link', { name: 'Warranty expiring: 0' })).toBeVisible();
  await expect(tiles.getByRole('link', { name: 'Healthy: 1' })).toBeVisible();

  // The charts are drawn (vega renders SVG), the tables carry the type and the due soon window.
  await expect(page.getByRole('figure', { name: 'Replacement cost per quarter' }).locator('svg').first()).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Assets per lifecycle state' }).locator('svg').first()).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Asset types' }).getByRole('row', { name: /Workstation/ }),
  ).toContainText('4');
  const due = page.getByRole('table', { name: 'Due for replacement' });
  await expect(due.getByRole('row', { name: /Within 90 days/ })).toContainText('$2,500');
  await expect(due.getByRole('row', { name: /Overdue/ })).toContainText('$1,000');

  // A tile opens the asset list filtered to its state (and the company).
  await tiles.getByRole('link', { name: 'End of life reached: 1' }).click();
  await expect(page).toHaveURL(new RegExp(`/assetList\\?companies=${companyId}&states=eol_reached$`));
  await expect(page.getByText(`${tag}-OLD`).first()).toBeVisible();
  await expect(page.getByText(`${tag}-NEW`)).toHaveCount(0);
});
