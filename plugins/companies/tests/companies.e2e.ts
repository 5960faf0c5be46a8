/**
 * Company data in real Chromium against the shared e2e server (`lci serve` with the demo data): the demo admin
 * selects a company, adds a contract on /contractManager and sees its notice date; imports companies from a CSV
 * with one bad row and sees the report naming it; creates an asset type (id 0, list reloaded) and toggles a status.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, signInToShell } from '../../../tests/sdk';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const companySelect = (page: Page) => page.getByRole('combobox', { name: 'Company', exact: true });

test('select a company, add a contract on /contractManager and see its notice date', async ({ page }) => {
  await signInToShell(page, DEMO_ADMIN.email);
  await nav(page).getByRole('link', { name: 'Contracts' }).click();
  await expect(page).toHaveURL(/\/contractManager$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contract Manager' })).toBeVisible();

  // The demo's first company has contracts; another company replaces them with its own (none yet).
  await companySelect(page).selectOption({ label: 'Acme Dental Group' });
  await expect(page.getByRole('table', { name: 'Contracts' }).getByRole('row', { name: /Microsoft/ })).toBeVisible();
  await companySelect(page).selectOption({ label: 'Cedar Ridge Law' });
  await expect(page.getByText('Contracts of Cedar Ridge Law')).toBeVisible();
  await expect(page.getByText('No contracts yet')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Contracts' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add contract' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add contract' });
  await expect(dialog).toBeVisible();
  // Validation: the vendor is required.
  await dialog.getByRole('button', { name: 'Save contract' }).click();
  await expect(dialog.getByText('Required.')).toBeVisible();
  await dialog.getByLabel('Vendor (required)').fill('Sophos');
  await dialog.getByLabel('Account').fill('Intercept X');
  await dialog.getByLabel('End date', { exact: true }).fill('2026-03-31');
  await dialog.getByLabel('Notice to terminate (days)').fill('45');
  // The notice date as it will be saved: end date minus the notice days.
  await expect(dialog.locator('output[aria-label="Notice date"]')).toHaveText('2026-02-14');
  await dialog.getByLabel('Notice to terminate (days)').fill('4.5');
  await expect(dialog.getByText('Must be a whole number')).toBeVisible();
  await dialog.getByLabel('Notice to terminate (days)').fill('45');
  await dialog.getByRole('button', { name: 'Save contract' }).click();
  await expect(dialog).toHaveCount(0);

  const row = page.getByRole('table', { name: 'Contracts' }).getByRole('row', { name: /Sophos/ });
  await expect(row).toContainText('Intercept X');
  await expect(row).toContainText('2026-03-31');
  await expect(row).toContainText('2026-02-14');

  // Stored: after a reload of the page the contract is still there, with its notice date.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Contracts' }).getByRole('row', { name: /Sophos/ })).toContainText(
    '2026-02-14',
  );

  // Delete asks first; cancelling keeps the contract.
  await page.getByRole('button', { name: 'Delete the Sophos contract' }).click();
  await expect(page.getByText(/Delete the Sophos contract \(Intercept X\) of Cedar Ridge Law\?/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('table', { name: 'Contracts' }).getByRole('row', { name: /Sophos/ })).toBeVisible();
});

test('import companies from a CSV with one bad row: the report names it; the valid rows are imported', async ({
  page,
}) => {
  await signInToShell(page, DEMO_ADMIN.email);
  await nav(page).getByRole('link', { name: 'Imports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();
  await expect(page.getByLabel('What the file holds')).toHaveValue('companies');

  const csv = 'moniker,seats,locations\nHarbor View Dental,14,Main\nLakeside Vets,many,\nOrchard Accounting,9,\n';
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'companies.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview.getByText('3 rows: 2 ready to import, 1 rejected (line 3)')).toBeVisible();
  const rejected = preview.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.getByRole('row')).toHaveCount(2);
  await expect(rejected.getByRole('row').nth(1)).toContainText('3');
  await expect(rejected.getByRole('row').nth(1)).toContainText('seats: Must be a whole number, not "many"');

  // Nothing half-imported: with a rejected row the import waits until the rejected rows are skipped.
  const importButton = preview.getByRole('button', { name: /^Import \d+ rows?$/ });
  await expect(importButton).toBeDisabled();
  await preview.getByText('Skip the rejected rows (import the valid rows only)').click();
  await expect(preview.getByLabel('Skip the rejected rows (import the valid rows only)')).toBeChecked();
  await expect(preview.getByRole('button', { name: 'Import 2 rows' })).toBeEnabled();
  await preview.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(
    page.getByText('Imported 2 of 3 rows: 2 new, 0 updated; 1 rejected row was skipped (line 3).'),
  ).toBeVisible();

  // The new companies are in the company selector; the rejected one is not.
  await expect(companySelect(page).locator('option', { hasText: 'Harbor View Dental' })).toHaveCount(1);
  await expect(companySelect(page).locator('option', { hasText: 'Orchard Accounting' })).toHaveCount(1);
  await expect(companySelect(page).locator('option', { hasText: 'Lakeside Vets' })).toHaveCount(0);
});

/** Deletes an asset type as another session would (through the API with this page's own sign-in). */
async function deleteElsewhere(page: Page, moniker: string): Promise<void> {
  const status = await page.evaluate(async (name) => {
    const pub = document.querySelector('meta[name="lci-public-api-key"]')?.getAttribute('content') ?? 'lci-public-key';
    const cfg = await (await fetch('/v3/public/config', { headers: { 'x-api-key': pub } })).json();
    const token = JSON.parse(localStorage.getItem('lci.tokens') ?? '{}').v.accessToken;
    const h = { 'x-api-key': cfg.apiKey, authorization: `Bearer ${token}` };
    const session = await (await fetch('/v3/manager/session', { headers: h })).json();
    const base = `/v3/tenant/${session.tenant.tenantId}/assetType`;
    const { assetTypes } = await (await fetch(base, { headers: h })).json();
    const t = assetTypes.find((x: { asset_type_moniker: string }) => x.asset_type_moniker === name);
    return (await fetch(`${base}/${t.asset_type_id}`, { method: 'DELETE', headers: h })).status;
  }, moniker);
  expect(status).toBe(200);
}

test('asset type manager: create with id 0 (the list reloads), a failed delete shows its message, toggle an asset status', async ({
  page,
}) => {
  await signInToShell(page, DEMO_ADMIN.email);
  await nav(page).getByRole('link', { name: 'Asset Types' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Asset Type Manager' })).toBeVisible();
  const types = page.getByRole('table', { name: 'Asset types' });
  // The demo's type (other walkthroughs on the shared server add types named with a tag before theirs).
  await expect(types.getByRole('row', { name: /^Workstation/ })).toBeVisible();

  await page.getByRole('button', { name: 'Add asset type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add asset type' });
  await dialog.getByLabel('Name (required)').fill('Tablet');
  await dialog.getByLabel('Default replacement cost').fill('650');
  await dialog.getByLabel('Default life (months)').fill('30');
  await dialog.getByText('Serial', { exact: true }).click();
  await expect(dialog.getByLabel('Serial')).toBeChecked();
  await dialog.getByRole('button', { name: 'Save asset type' }).click();
  await expect(dialog).toHaveCount(0);
  const tablet = types.getByRole('row', { name: /Tablet/ });
  await expect(tablet).toContainText('$650');
  await expect(tablet).toContainText('30');
  await expect(tablet).toContainText('Serial');

  // Deleted meanwhile in another session: deleting it here fails with the message of platform.md section 5.
  await deleteElsewhere(page, 'Tablet');
  await page.getByRole('button', { name: 'Delete Tablet' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Delete failed' })).toContainText(
    'There was an error deleting your asset type. If this continues please contact support',
  );
  await expect(types.getByRole('row', { name: /Tablet/ })).toHaveCount(0);

  const statuses = page.getByRole('table', { name: 'Asset statuses' });
  const retired = statuses.getByRole('checkbox', { name: 'Retired active' });
  await expect(retired).not.toBeChecked();
  // Keyboard: focus the switch and press Space.
  await retired.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('1 asset status updated.')).toBeVisible();
  await expect(retired).toBeChecked();
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'Asset statuses' }).getByRole('checkbox', { name: 'Retired active' }),
  ).toBeChecked();
});
