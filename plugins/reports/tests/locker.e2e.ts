/**
 * The report locker in real Chromium: a CSV downloaded from the companies list is kept in the locker (the shell's
 * downloadCsv), found under CSV export, renamed (Enter saves), linked to a business review, its details hidden and
 * the choice remembered after a reload, downloaded again, and deleted after a confirmation naming it; the empty
 * state follows. A chart of the CS dashboard downloads through "Download chart" (PNG image) and is kept under Chart
 * image. Build the workspace first.
 */
import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test } from '@playwright/test';
import { makeTenant, signInToShell, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';

// The machine may be busy (shared cores): generous waits.
const expect = baseExpect.configure({ timeout: 45_000 });

let s: TestServer;
let t: TestTenant;

test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  s = await startTestServer({ workspace: true, jobs: false });
  t = await makeTenant(s.k, s.url);
  const r = await t.api('POST', `/v3/tenant/${t.tenantId}/companies`, { moniker: 'Acme Dental' });
  if (r.status !== 200) throw new Error(`company: ${r.status} ${JSON.stringify(r.body)}`);
});
test.afterAll(async () => {
  await s?.stop();
});

test('a CSV export is kept in the locker: rename, link, hide details, download again, delete', async ({ page }) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}/datamanagercompanies`);
  await expect(page.getByRole('row', { name: /Acme Dental/ }).first()).toBeVisible();
  const [first] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(first.suggestedFilename()).toBe('companies.csv');

  // The locker keeps it (the upload follows the download: the list may need a refresh).
  await expect
    .poll(async () => {
      const r = await t.api('POST', `/v3/tenant/${t.tenantId}/reportlocker`, { action: 'list' });
      return r.body.saved_reports.length;
    })
    .toBe(1);
  await page.goto(`${s.url}/reportlocker`);
  const csv = page.getByRole('region', { name: /CSV export/ });
  const row = csv.getByRole('row', { name: 'companies' });
  await expect(row).toContainText('companies.csv');
  await expect(row).toContainText('Ready');
  await expect(page.getByRole('region', { name: /Word report/ })).toContainText('No word reports saved yet.');

  // Rename: an empty name is refused in place; Enter saves.
  await row.getByRole('button', { name: 'Rename companies' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename report' });
  await rename.getByLabel('Name').fill('  ');
  await expect(rename).toContainText('Enter a name for the report.');
  await rename.getByLabel('Name').fill('Client list Q3');
  await rename.getByLabel('Name').press('Enter');
  await expect(rename).toHaveCount(0);
  const renamed = csv.getByRole('row', { name: 'Client list Q3' });
  await expect(renamed).toBeVisible();

  // Link to a business review; the link shows in the row.
  await renamed.getByRole('button', { name: 'Link Client list Q3 to a business review' }).click();
  const link = page.getByRole('dialog', { name: 'Link to business review' });
  await link.getByLabel('Business review number').fill('12');
  await link.getByLabel('Business review title').fill('Q3 Business Review');
  await link.getByRole('button', { name: 'Save link' }).click();
  await expect(link).toHaveCount(0);
  await expect(renamed).toContainText('Q3 Business Review (#12)');

  // Show details off is remembered for the user.
  await csv.getByText('Show details').click();
  await expect(csv).toContainText('1 report (details hidden).');
  await page.reload();
  await expect(page.getByRole('region', { name: /CSV export/ })).toContainText('1 report (details hidden).');
  await page
    .getByRole('region', { name: /CSV export/ })
    .getByText('Show details')
    .click();
  await expect(renamed).toContainText('Q3 Business Review (#12)');

  // Download again: a fresh link, the file under its name.
  const [again] = await Promise.all([
    page.waitForEvent('download'),
    renamed.getByRole('button', { name: 'Download Client list Q3' }).click(),
  ]);
  expect(again.suggestedFilename()).toBe('companies.csv');

  // Delete: the confirmation names the report; Cancel keeps it, Delete removes it.
  await renamed.getByRole('button', { name: 'Delete Client list Q3' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete the report Client list Q3 (companies.csv)?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(renamed).toBeVisible();
  await renamed.getByRole('button', { name: 'Delete Client list Q3' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete report' }).click();
  await expect(page.getByText('No saved reports yet')).toBeVisible();
});

test('a chart of the CS dashboard downloads as a PNG image and is kept in the locker under Chart image', async ({
  page,
}) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}/cs/dashboard`);
  const figure = page.getByRole('figure', { name: 'Health by colour' });
  await expect(figure.locator('svg').first()).toBeVisible();
  // Keyboard: the corner button opens the menu with Enter.
  await figure.getByRole('button', { name: 'Download chart' }).focus();
  await page.keyboard.press('Enter');
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'PNG image' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe('Health by colour.png');
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);

  await page.goto(`${s.url}/reportlocker`);
  const charts = page.getByRole('region', { name: /Chart image/ });
  const row = charts.getByRole('row', { name: 'Health by colour' });
  await expect(row).toContainText('Health by colour.png');
  await expect(row).toContainText('Ready');
});
