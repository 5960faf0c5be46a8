/**
 * /mspdataquality in real Chromium on the e2e server (demo data): the tenant's score and a company's score by the
 * cut points, the fix list narrowed to that company, an asset fixed inline with the keyboard (the score and the
 * count to fix follow), a stale edit answered with the 409 message, and the Customer Success data quality section
 * customer-success contributes through assets' workspace point. Build the workspace first.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_ADMIN, signInToShell } from '../../../tests/sdk';
import { ASSET_MESSAGES } from '../shared/fields';

test.setTimeout(120_000);

const FLAGS_ON = {
  include_eol_in_missing_flag: true,
  include_warranty_in_missing_flag: true,
  include_make_in_missing_flag: true,
  include_serial_in_missing_flag: true,
  include_model_in_missing_flag: true,
};

async function post(
  request: APIRequestContext,
  path: string,
  headers: Record<string, string>,
  data: object,
  method: 'post' | 'put' = 'post',
) {
  const r = await request[method](path, { headers, data });
  expect(r.status(), `${path}: ${await r.text()}`).toBe(200);
  return r.json();
}

test('the data quality page: scores, fix an asset in the fix list, the score goes up', async ({ page }) => {
  const tenantCall = page.waitForRequest((r) => /\/v3\/tenant\/\d+\//.test(r.url()) && !!r.headers().authorization);
  await signInToShell(page, DEMO_ADMIN.email);
  const signed = await tenantCall;
  const tenantId = /\/v3\/tenant\/(\d+)\//.exec(signed.url())![1];
  const h = signed.headers();
  const headers = { authorization: h.authorization, 'x-api-key': h['x-api-key'] };
  const base = `/v3/tenant/${tenantId}`;

  // A company of our own with a type that counts every field: one complete asset, two to fix.
  const tag = Date.now() % 1_000_000;
  const name = `DQ Test ${tag}`;
  const companyId = (await post(page.request, `${base}/companies`, headers, { moniker: name })).company
    .tenant_company_id;
  const typeId = (
    await post(page.request, `${base}/assetType`, headers, {
      assetTypeId: 0,
      asset_type_moniker: `DQ Laptop ${tag}`,
      default_life_in_months: 48,
      ...FLAGS_ON,
    })
  ).asset_type_id;
  const asset = (n: string, extra: object) =>
    post(page.request, `${base}/assets`, headers, {
      tenant_company_id: companyId,
      asset_type_id: typeId,
      name: n,
      make: 'Dell',
      model: 'Latitude 5440',
      warranty_expiry: '2027-03-31',
      purchase_date: '2024-04-01',
      ...extra,
    });
  await asset(`DQ-OK-${tag}`, { serial: `OK${tag}` });
  await asset(`DQ-NOSERIAL-${tag}`, {});
  const other = (await asset(`DQ-NOMAKE-${tag}`, { serial: `NM${tag}`, make: null })).asset;

  await page.goto('/mspdataquality');
  await expect(page.getByRole('heading', { level: 1, name: 'Data Quality' })).toBeVisible();
  await expect(page.getByLabel('Asset data quality score')).toHaveText(/^\d+%$/);
  const toFix = page.getByLabel('Incomplete assets');
  const before = Number(await toFix.textContent());
  const row = page.getByRole('table', { name: 'Score per company' }).getByRole('row', { name });
  // 1 of 3 complete: 33%, poor under the default cut points (good 90, fair 70).
  await expect(row.locator('[data-band]')).toHaveText('33%');
  await expect(row.locator('[data-band]')).toHaveAttribute('data-band', 'poor');

  // The company opens its rows of the fix list.
  await row.getByRole('button', { name }).click();
  await expect(page.getByLabel('Fix list company')).toHaveValue(String(companyId));
  const fixTable = page.getByRole('table', { name: 'Assets to fix' });
  await expect(fixTable.getByRole('row', { name: `DQ-NOSERIAL-${tag}` })).toContainText('Serial');
  await expect(page.getByRole('navigation', { name: 'Fix list pages' })).toContainText('1–2 of 2 assets');

  // Someone else changes DQ-NOMAKE meanwhile: saving it answers the 409 message, nothing is lost.
  await fixTable.getByRole('button', { name: `Fix DQ-NOMAKE-${tag}` }).click();
  await post(page.request, `${base}/assets/${other.asset_id}`, headers, { version: 1, notes: 'changed' }, 'put');
  await page.getByLabel(`Make of DQ-NOMAKE-${tag}`).fill('Lenovo');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: `Fix DQ-NOMAKE-${tag}` })).toContainText(ASSET_MESSAGES.stale);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('form', { name: `Fix DQ-NOMAKE-${tag}` })).toHaveCount(0);
  await expect(fixTable.getByRole('button', { name: `Fix DQ-NOMAKE-${tag}` })).toBeFocused();

  // Fix DQ-NOSERIAL with the keyboard: the input has the focus, Enter saves.
  await fixTable.getByRole('button', { name: `Fix DQ-NOSERIAL-${tag}` }).click();
  const serial = page.getByLabel(`Serial of DQ-NOSERIAL-${tag}`);
  await expect(serial).toBeFocused();
  await page.keyboard.type(`SN${tag}`);
  await page.keyboard.press('Enter');
  await expect(fixTable.getByRole('row', { name: `DQ-NOSERIAL-${tag}` })).toHaveCount(0);
  // The score goes up (2 of 3: 66%) and one asset less to fix.
  await expect(row.locator('[data-band]')).toHaveText('66%');
  await expect(toFix).toHaveText(String(before - 1));
  await expect(page.getByRole('navigation', { name: 'Fix list pages' })).toContainText('1–1 of 1 asset');

  // The settings: the API's rule refuses a fair cut point of 150, under its field; Undo changes restores it.
  const settings = page.getByRole('form', { name: 'Data quality settings' });
  const fair = settings.getByLabel('Fair at or above (%)');
  await fair.fill('150');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.locator('.bp6-form-group', { has: page.getByLabel('Fair at or above (%)') })).toContainText(
    'Between 0 and 99',
  );
  await settings.getByRole('button', { name: 'Undo changes' }).click();
  await expect(fair).toHaveValue('70');
  await expect(settings.getByRole('button', { name: 'Save settings' })).toBeDisabled();

  // The Customer Success data quality of companies, contributed by customer-success.
  await expect(page.getByRole('heading', { name: 'Customer Success data of companies' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Customer Success data checks' })).toContainText('Health scored');
});
