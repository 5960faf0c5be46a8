/**
 * The asset list in real Chromium on the shared e2e server (demo data): assets made through the API (a type whose
 * warranty approaches 3 months ahead, a status of its own, four assets tagged for this run), then on /assetList: the
 * lifecycle filter "Warranty expiring" shows only the two expiring ones (the url keeps it), the column chooser's
 * choice (a column hidden, one added and moved) survives a reload, a shift-click range of rows gets a new status in
 * bulk (confirmed, toast with the count), the drawer opens from the keyboard, and Download CSV saves the filtered
 * rows. Build the workspace first.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, pageApi, signInToShell } from '../../../tests/sdk';
import { ASSET_LIST_TABLE_KEY } from '../shared/columns';

test.setTimeout(180_000);
test.use({ viewport: { width: 2400, height: 1000 } });

const call = pageApi;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('asset list: lifecycle filter, saved columns, bulk status change, drawer and Download CSV', async ({ page }) => {
  const tag = `E2E${Date.now() % 1_000_000}`;
  await signInToShell(page, DEMO_ADMIN.email);

  // Through the API: a company, a type with a 3-month warranty window, a status, four assets.
  const companies = await call(page, 'GET', '/v3/tenant/{tenantId}/companies');
  expect(companies.status).toBe(200);
  const companyId = companies.body.companies[0].tenant_company_id;
  const type = await call(page, 'POST', '/v3/tenant/{tenantId}/assetType', {
    assetTypeId: 0,
    asset_type_moniker: `${tag} Laptop`,
    default_replacement_cost: 1200,
    default_life_in_months: 60,
    approaching_duration_in_months_eol: 3,
    approaching_duration_in_months_warranty: 3,
  });
  expect(type.status).toBe(200);
  const status = await call(page, 'POST', '/v3/tenant/{tenantId}/assetStatus/add', { moniker: `${tag} Spare` });
  expect(status.status).toBe(200);
  const assets = [
    { name: `${tag}-late`, warranty_expiry: day(-10) },
    { name: `${tag}-soon`, warranty_expiry: day(30) },
    { name: `${tag}-next`, warranty_expiry: day(60) },
    { name: `${tag}-fine`, warranty_expiry: day(400) },
  ];
  for (const a of assets) {
    const r = await call(page, 'POST', '/v3/tenant/{tenantId}/assets', {
      ...a,
      tenant_company_id: companyId,
      asset_type_id: type.body.asset_type_id,
      purchase_date: day(-100),
      serial: `${a.name}-SN`,
      make: 'Dell',
    });
    expect(r.status).toBe(200);
  }

  try {
    await page.goto(`/assetList?search=${tag}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Assets' })).toBeVisible();
    const table = page.getByRole('region', { name: 'Assets' });
    const pager = page.getByRole('navigation', { name: 'Asset pages' });
    await expect(pager).toContainText('1–4 of 4 assets');
    await expect(page.getByLabel('Search assets')).toHaveValue(tag);

    // The lifecycle filter: only the expiring warranties; the url keeps the filter.
    await page
      .getByRole('search', { name: 'Asset filters' })
      .getByRole('button', { name: 'Lifecycle', exact: true })
      .click();
    await page.getByRole('group', { name: 'Lifecycle' }).getByText('Warranty expiring').click();
    await page.keyboard.press('Escape');
    await expect(pager).toContainText('1–2 of 2 assets');
    await expect(table.getByRole('button', { name: `${tag}-soon`, exact: true })).toBeVisible();
    await expect(table.getByRole('button', { name: `${tag}-next`, exact: true })).toBeVisible();
    await expect(table.getByRole('button', { name: `${tag}-late`, exact: true })).toHaveCount(0);
    await expect(table.getByRole('button', { name: `${tag}-fine`, exact: true })).toHaveCount(0);
    await expect(page).toHaveURL(/states=warranty_expiring/);

    // Columns: hide Model, add Assigned to and move it before Age; a reload keeps both the columns and the filter.
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    const chooser = page.getByRole('dialog', { name: 'Columns' });
    await chooser.getByRole('list', { name: 'Shown columns' }).getByText('Model', { exact: true }).click();
    await chooser.getByRole('list', { name: 'Hidden columns' }).getByText('Assigned to', { exact: true }).click();
    await chooser.getByRole('button', { name: 'Move Assigned to up' }).click();
    await chooser.getByRole('button', { name: 'Save columns' }).click();
    await expect(chooser).toHaveCount(0);
    await page.reload();
    await expect(pager).toContainText('1–2 of 2 assets');
    await expect(table.getByRole('columnheader', { name: 'Assigned to', exact: true })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Model', exact: true })).toHaveCount(0);
    const assignedX = (await table.getByRole('columnheader', { name: 'Assigned to', exact: true }).boundingBox())!.x;
    const ageX = (await table.getByRole('columnheader', { name: 'Age (months)', exact: true }).boundingBox())!.x;
    expect(assignedX).toBeLessThan(ageX);

    // Bulk: back to every asset of the run (sorted by warranty expiry: late, soon, next, fine); a shift-click
    // range of three rows gets the new status.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Search assets').fill(tag);
    await expect(pager).toContainText('1–4 of 4 assets');
    // A person clicks the drawn box (the label around the input).
    const box = (name: string) =>
      table.locator('label', { has: page.getByRole('checkbox', { name: `Select ${name}` }) });
    await box(`${tag}-late`).click();
    await box(`${tag}-next`).click({ modifiers: ['Shift'] });
    const bulk = page.getByRole('toolbar', { name: 'Bulk actions' });
    await expect(bulk).toContainText('3 assets selected');
    await bulk.getByLabel('New status').selectOption({ label: `${tag} Spare` });
    await bulk.getByRole('button', { name: 'Change status' }).click();
    await expect(page.getByText(`Set the status of 3 assets to ${tag} Spare?`)).toBeVisible();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('3 assets updated.')).toBeVisible();
    await expect(table.getByText(`${tag} Spare`, { exact: true })).toHaveCount(3);
    const listed = await call(page, 'GET', `/v3/tenant/{tenantId}/assetList?search=${tag}`);
    const byName = Object.fromEntries(
      listed.body.assets.map((a: { name: string; status_moniker: string | null }) => [a.name, a.status_moniker]),
    );
    expect(byName).toEqual({
      [`${tag}-late`]: `${tag} Spare`,
      [`${tag}-soon`]: `${tag} Spare`,
      [`${tag}-next`]: `${tag} Spare`,
      [`${tag}-fine`]: null,
    });

    // The drawer: Enter on the row (focused by a click on one of its cells) opens it, with the lifecycle and the
    // PSA view link.
    await table.getByText(`${tag}-fine-SN`, { exact: true }).click();
    await expect(table.getByRole('row').filter({ hasText: `${tag}-fine-SN` })).toBeFocused();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: `Asset ${tag}-fine` });
    await expect(drawer.getByRole('definition').first()).toBeVisible();
    await expect(drawer.getByLabel('Lifecycle')).toContainText('Healthy');
    await expect(drawer.getByRole('table', { name: 'Field sources' })).toContainText('Manual');
    await expect(drawer.getByRole('button', { name: 'PSA view' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);

    // Download CSV: the file holds the four rows of the search.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^assets-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Name');
    expect(lines).toHaveLength(5);
    for (const a of assets) expect(lines.filter((l) => l.includes(`${a.name}-SN`))).toHaveLength(1);
    expect(lines.filter((l) => l.includes(`${tag} Spare`))).toHaveLength(3);
  } finally {
    await call(page, 'PUT', `/v3/tenant/{tenantId}/tableSettings/${ASSET_LIST_TABLE_KEY}`, { columns: null });
  }
});

test("add asset dialog: field messages, the server's duplicate serial message; /assetpsaview: no PSA, unknown, missing", async ({
  page,
}) => {
  const tag = `DLG${Date.now() % 1_000_000}`;
  await signInToShell(page, DEMO_ADMIN.email);
  const companies = await call(page, 'GET', '/v3/tenant/{tenantId}/companies');
  const company = companies.body.companies[0];
  const made = await call(page, 'POST', '/v3/tenant/{tenantId}/assets', {
    tenant_company_id: company.tenant_company_id,
    name: `${tag}-first`,
    make: 'HP',
    serial: `${tag}-SN`,
  });
  expect(made.status).toBe(200);

  await page.goto(`/assetList?search=${tag}`);
  await page.getByRole('button', { name: 'Add asset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add asset' });
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Required.')).toHaveCount(2);
  await dialog.getByLabel('Company (required)').selectOption({ label: company.name });
  await dialog.getByLabel('Name (required)').fill(`${tag}-second`);
  await dialog.getByLabel('Make').fill('hp');
  await dialog.getByLabel('Serial').fill(`${tag}-sn`);
  await dialog.getByLabel('Warranty expiry').fill('2027-03-31');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  // The server's message under the serial: make + serial are unique in any case; nothing was added.
  const serialGroup = dialog.locator('.bp6-form-group', { has: page.getByLabel('Serial', { exact: true }) });
  await expect(serialGroup).toContainText('Another asset of this tenant has this make and serial number.');
  await expect(dialog.getByLabel('Serial')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('alert')).toHaveText('Please correct the fields marked.');
  await dialog.getByLabel('Serial').fill(`${tag}-SN2`);
  // While the add is on its way the button takes no second click.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(
    (url) => url.pathname.endsWith('/assets'),
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.locator('button[type="submit"]')).toBeDisabled();
  release();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Added ${tag}-second.`)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Asset pages' })).toContainText('1–2 of 2 assets');

  await page.goto(`/assetpsaview?assetId=${made.body.asset.asset_id}`);
  await expect(page.getByRole('heading', { name: `${tag}-first` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No PSA is connected' })).toBeVisible();
  await expect(page.getByText(/connect one under integration settings/)).toBeVisible();
  await page.goto('/assetpsaview?assetId=999999999');
  await expect(page.getByRole('heading', { name: 'Asset not found' })).toBeVisible();
  await page.goto('/assetpsaview');
  await expect(page.getByRole('heading', { name: 'No asset chosen' })).toBeVisible();
});
