/**
 * Stack alignment in real Chromium: a company's alignment edited on the company detail (#stackAlignment) changes its
 * score and opportunity after Save; the Stack Alignment Overview shows the matrix (Blueprint Table), swaps rows and
 * columns, switches the view and the type filter, downloads _cs_stack_alignment.csv with what the table shows, and a
 * company opens /cs/company/detail#stackAlignment. Build the workspace first.
 */
import fs from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { makeCompany, makeTenant, type TestTenant } from '../../../tests/sdk';
import { signInToShell } from '../../../tests/sdk';
import { cs } from './cs-helpers';

// The machine may be busy (shared cores): generous waits.
const expect = baseExpect.configure({ timeout: 45_000 });

let s: TestServer;
let t: TestTenant;
let acme: number;
let gamma: number;

async function service(moniker: string, defaultAlignment: 'fully' | 'other', charge: number): Promise<number> {
  const r = await t.api('POST', cs(t, 'TenantCsStackService'), {
    moniker,
    defaultAlignment,
    products: [{ moniker: `${moniker} plan`, calcType: 'perMonth', chargeEstimate: charge, preferredFlag: 1 }],
  });
  if (r.status !== 200) throw new Error(`service: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.tenantCsStackServices[0].serviceId;
}

const matrix = (page: Page) => page.getByRole('region', { name: 'Stack alignment matrix' });

test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  s = await startTestServer({ workspace: true, jobs: false });
  t = await makeTenant(s.k, s.url, {
    pages: [
      '/dashboard',
      '/cs/dashboard',
      '/cs/company/detail',
      '/cs/stackAlignmentOverview',
      '/cs/admin/stackManager',
    ].map((url) => ({ url, access_level: 'Read/Write' as const })),
  });
  acme = await makeCompany(t, 'Acme Dental');
  await makeCompany(t, 'Beta Logistics');
  gamma = await makeCompany(t, 'Gamma Freight');
  const backup = await service('Backup', 'fully', 500);
  const edr = await service('EDR', 'other', 300);
  // Gamma is fully aligned: no MRR opportunity, so the default type filter leaves it out.
  const r = await t.api('PUT', `${cs(t, 'TenantCompanyStackAlignment')}?tenantCompanyId=${gamma}`, {
    items: [backup, edr].map((serviceId) => ({
      serviceId,
      alignment: 'fully',
      applicableFlag: 1,
      partOfContractFlag: 0,
    })),
  });
  if (r.status !== 200) throw new Error(`alignment: ${r.status} ${JSON.stringify(r.body)}`);
});
test.afterAll(async () => {
  await s?.stop();
});

test('company detail #stackAlignment: edit the alignment, see score and opportunity after save', async ({ page }) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}/cs/company/detail`);
  await page.getByLabel('Company', { exact: true }).selectOption({ label: 'Acme Dental' });
  await page.goto(`${s.url}/cs/company/detail#stackAlignment`);
  const tab = page.getByRole('region', { name: 'Stack alignment', exact: true });
  await expect(page.getByRole('tab', { name: 'Stack Alignment' })).toHaveAttribute('aria-selected', 'true');
  // A full page load of the deep link passes /initializer while the session loads: the anchor still opens the tab.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Stack Alignment' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/cs\/company\/detail#stackAlignment$/);
  await expect(tab.getByLabel('Alignment score')).toHaveText('50%');
  await expect(tab.getByLabel('MRR opportunity')).toHaveText('$300');
  await expect(tab.getByLabel('Alignment score')).toHaveAttribute('data-variant', 'warning');

  await tab.getByLabel('Alignment of Backup').selectOption('other');
  await expect(tab.getByRole('status')).toContainText('Unsaved changes');
  // Leaving with unsaved edits asks first.
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByRole('alertdialog')).toContainText(
    'You have pending changes - are you sure you want to leave this page?',
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Stay' }).click();

  // A note added and discarded is gone; then the alignment is saved.
  await tab.getByRole('button', { name: 'Notes and recommendations of EDR' }).click();
  const dialog = page.getByRole('dialog', { name: 'EDR: notes and recommendations' });
  await dialog.getByLabel('New note').fill('Quote sent');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(dialog.getByLabel('Notes', { exact: true })).toContainText('Quote sent');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await tab.getByRole('button', { name: 'Save' }).click();
  await expect(tab.getByLabel('Alignment score')).toHaveText('0%');
  await expect(tab.getByLabel('Alignment score')).toHaveAttribute('data-variant', 'danger');
  await expect(tab.getByLabel('MRR opportunity')).toHaveText('$800');
  await expect(tab.getByLabel('Total opportunity')).toHaveText('$800');
  await expect(tab.getByRole('button', { name: 'Save' })).toBeDisabled();
  const stored = (await t.api('GET', `${cs(t, 'TenantCompanyStackAlignment')}?tenantCompanyId=${acme}`)).body;
  expect(stored.summary).toMatchObject({ alignmentScore: 0, mrrOpportunity: 800 });
  expect(stored.linkTables.tenantNotes.map((n: { note: string }) => n.note)).toEqual(['Quote sent']);

  // Discard drops an unsaved change.
  await tab.getByLabel('Alignment of EDR').selectOption('fully');
  await tab.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
  await expect(tab.getByLabel('Alignment of EDR')).toHaveValue('other');
  await expect(tab.getByRole('button', { name: 'Save' })).toBeDisabled();
});

test('overview: matrix, swap, view, type filter, CSV, and a company opens its stack alignment', async ({ page }) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}/cs/stackAlignmentOverview`);
  const m = matrix(page);
  await expect(m).toContainText('Acme Dental');
  await expect(m).toContainText('Beta Logistics');
  await expect(m).not.toContainText('Gamma Freight');
  await expect(m).toContainText('$800');
  await expect(m).toContainText('$1,100');
  await expect(
    page.getByRole('figure', { name: 'Top 10 companies by MRR opportunity' }).locator('svg').first(),
  ).toBeVisible({ timeout: 30_000 });

  // Type filter: No Filter shows the fully aligned company too (no opportunity: $0).
  await page.getByLabel('Type filter').selectOption({ label: 'No Filter' });
  await expect(m).toContainText('Gamma Freight');

  // View selector: Percentage Alignment.
  await page.getByLabel('Matrix view').selectOption({ label: 'Percentage Alignment' });
  await expect(m).toContainText('100%');
  await expect(m).not.toContainText('$800');

  // Swap Rows and Columns: services become the rows.
  await page.getByRole('button', { name: 'Swap Rows and Columns' }).click();
  await expect(m.getByText('Service', { exact: true }).first()).toBeVisible();
  await expect(m.getByRole('button', { name: 'Acme Dental' }).first()).toBeVisible();
  await expect(page.getByText('Rows: services; columns: companies')).toBeVisible();
  await page.getByRole('button', { name: 'Swap Rows and Columns' }).click();
  await page.getByLabel('Matrix view').selectOption({ label: 'MRR Opportunity' });

  // CSV: named _cs_stack_alignment.csv, holding what the table shows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('_cs_stack_alignment.csv');
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff); // BOM: spreadsheets read UTF-8 (the shell's downloadCsv)
  const csv = text.slice(1).trim().split(/\r?\n/);
  expect(csv[0]).toBe('Company,Backup,EDR,Total');
  expect(csv).toContain('Acme Dental,$500,$300,$800');
  expect(csv).toContain('Beta Logistics,$0,$300,$300');
  expect(csv).toContain('Gamma Freight,$0,$0,$0');
  expect(csv[csv.length - 1]).toBe('Total,$500,$600,"$1,100"');

  // A company opens /cs/company/detail#stackAlignment with that company selected.
  await m.getByRole('button', { name: 'Beta Logistics' }).first().click();
  await expect(page).toHaveURL(/\/cs\/company\/detail#stackAlignment$/);
  await expect(page.getByRole('heading', { name: 'Beta Logistics' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Stack Alignment' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('region', { name: 'Stack alignment', exact: true }).getByLabel('MRR opportunity'),
  ).toHaveText('$300');
});
