/**
 * The "Warranty lookup" section of Account Settings in real Chromium, on a server of this file's own whose Dell base
 * URL is the loopback Dell double: the Dell credentials typed (write-only: after saving the fields are empty and say
 * "Set (hidden)", the tag says "Vendor service"), Lenovo's term changed, then "Run lookup now" shows the progress and
 * the run's summary, and the assets hold Dell's dates and the offline default. Build the workspace first.
 */
import { expect, test } from '@playwright/test';
import { makeTenant, signInToShell, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { DOUBLE_CREDENTIALS, startWarrantyDouble, type WarrantyDouble } from '../fixtures/warranty-doubles';
import { assetPaths } from '../shared/api';
import { warrantyPaths as W } from '../shared/warranty-api';

test.setTimeout(180_000);
test.use({ viewport: { width: 1400, height: 1400 } });

let s: TestServer;
let dell: WarrantyDouble;
let t: TestTenant;
const ids: number[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000); // the server starts from the run's template database: slow on a loaded machine
  dell = await startWarrantyDouble('dell', { devices: { WE2E1: { start: '2024-02-01', end: '2027-02-01' } } });
  s = await startTestServer({ workspace: true, env: { LCI_WARRANTY_DELL_URL: dell.url } });
  t = await makeTenant(s.k, s.url);
  const company = (await t.api('POST', `/v3/tenant/${t.tenantId}/companies`, { moniker: 'Acme Dental' })).body.company
    .tenant_company_id;
  for (const body of [
    { name: 'Front desk', make: 'Dell', serial: 'WE2E1' },
    { name: 'Laptop', make: 'Lenovo', serial: 'PF9', purchase_date: '2024-05-10' },
  ]) {
    const r = await t.api('POST', assetPaths.create(t.tenantId), { tenant_company_id: company, ...body });
    expect(r.status).toBe(200);
    ids.push(r.body.asset.asset_id);
  }
});
test.afterAll(async () => {
  await s?.stop();
  await dell?.close();
});

test('credentials are write-only, terms are saved, and Run lookup now shows progress and fills the dates', async ({
  page,
}, testInfo) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}/accountsettings`);
  const section = page.locator('#warrantyLookup');
  await expect(section.getByRole('heading', { name: 'Warranty lookup' })).toBeVisible();
  const dellBox = section.getByRole('group', { name: 'Dell warranty lookup' });
  await expect(dellBox.getByText('Offline default', { exact: true })).toBeVisible();

  await dellBox.getByLabel('Client ID (API key)').fill(DOUBLE_CREDENTIALS.dell.clientId!);
  await dellBox.getByLabel('Client secret').fill(DOUBLE_CREDENTIALS.dell.clientSecret!);
  await dellBox.getByRole('button', { name: 'Save Dell' }).click();
  await expect(dellBox.getByText('Vendor service', { exact: true })).toBeVisible();
  await expect(dellBox.getByLabel('Client secret')).toHaveValue('');
  await expect(dellBox.getByText('Set (hidden). Type a new value to replace it.')).toHaveCount(2);
  // The page never received the secret back.
  const answered = await t.api('GET', W.settings(t.tenantId));
  expect(JSON.stringify(answered.body)).not.toContain(DOUBLE_CREDENTIALS.dell.clientSecret);

  const lenovoBox = section.getByRole('group', { name: 'Lenovo warranty lookup' });
  await lenovoBox.getByLabel('Standard warranty (months)').fill('24');
  await lenovoBox.getByRole('button', { name: 'Save Lenovo' }).click();
  await expect(lenovoBox.getByRole('button', { name: 'Save Lenovo' })).toBeDisabled();

  await section.getByRole('button', { name: 'Run lookup now' }).click();
  await expect(section.getByTestId('warranty-run-status')).toContainText('Looked up 2: 2 updated', {
    timeout: 60_000,
  });
  await page.screenshot({ path: testInfo.outputPath('warranty-section.png'), fullPage: true });

  const dates = async (id: number) => {
    const a = (await t.api('GET', assetPaths.one(t.tenantId, id))).body.asset;
    return [a.warranty_start, a.warranty_expiry];
  };
  expect(await dates(ids[0]!)).toEqual(['2024-02-01', '2027-02-01']);
  expect(await dates(ids[1]!)).toEqual(['2024-05-10', '2026-05-10']);
  expect(dell.calls.map((c) => c.serials)).toEqual([['WE2E1']]);
});
