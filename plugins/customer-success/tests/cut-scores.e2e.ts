/**
 * Editing cut scores on /cs/admin/csAccountSettings in real Chromium: the defaults, a saved change with the alert
 * 'Health Cut Scores have been updated.', a stale save (another admin saved meanwhile) with the alert 'There was
 * an issue updating your cuts.  If problem persists, please contact support.', and deleting a band. Also /cs
 * opening /cs/dashboard. Build the workspace first (`npm run build:workspace`).
 */
import { expect, test, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { makeTenant, type TestTenant } from '../../../tests/sdk';
import { signInToShell } from '../../../tests/sdk';

let s: TestServer;
let t: TestTenant;
const PAGE = '/cs/admin/csAccountSettings';
const UPDATED = 'Health Cut Scores have been updated.';
const FAILED = 'There was an issue updating your cuts.  If problem persists, please contact support.';

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  s = await startTestServer({ workspace: true, jobs: false });
  t = await makeTenant(s.k, s.url, {
    pages: ['/dashboard', '/cs/dashboard', '/cs/admin', PAGE, '/cs/admin/accountpermissions'].map((url) => ({
      url,
      access_level: 'Read/Write' as const,
    })),
  });
  expect((await t.api('POST', `/v3/tenant/${t.tenantId}/companies`, { moniker: 'Acme Dental' })).status).toBe(200);
});
test.afterAll(async () => {
  await s?.stop();
});

const healthCuts = async () =>
  (
    await t.api('POST', `/v3/tenant/${t.tenantId}/cutscores`, {
      operation: 'get_cuts',
      payload: { cutsType: 'health' },
    })
  ).body.cut_scores.map((c: { max: number; variant: string }) => `${c.max}:${c.variant}`);
const section = (page: Page) => page.getByRole('region', { name: 'Health Cut Scores' });

async function expectAlert(page: Page, text: string): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  // The exact text, two spaces included.
  expect(await dialog.locator('p').textContent()).toBe(text);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

test('/cs opens the Customer Success dashboard', async ({ page }) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}/cs`);
  await expect(page).toHaveURL(/\/cs\/dashboard$/);
});

test('editing the health cut scores: save shows the alert and the new bands apply', async ({ page }) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}${PAGE}`);
  const health = section(page);
  await expect(health.getByRole('spinbutton', { name: 'Cut 1 up to' })).toHaveValue('49');
  await expect(health.getByRole('combobox', { name: 'Cut 1 variant' })).toHaveValue('danger');
  await expect(health.getByRole('combobox', { name: 'Cut 3 variant' })).toHaveValue('success');
  const save = health.getByRole('button', { name: 'Save Health Cut Scores' });
  await expect(save).toBeDisabled();

  await health.getByRole('spinbutton', { name: 'Cut 1 up to' }).fill('40');
  await health.getByRole('combobox', { name: 'Cut 2 variant' }).selectOption('info');
  await save.click();
  await expectAlert(page, UPDATED);
  expect(await healthCuts()).toEqual(['40:danger', '79:info', '100:success']);
  await expect(save).toBeDisabled();

  // A set whose highest cut is not 100 cannot be saved.
  await health.getByRole('spinbutton', { name: 'Cut 3 up to' }).fill('90');
  await expect(health.getByText('The highest cut must be 100 so every score has a colour.')).toBeVisible();
  await expect(save).toBeDisabled();
  await health.getByRole('spinbutton', { name: 'Cut 3 up to' }).fill('100');
  await expect(save).toBeEnabled();
});

test('a save after another admin changed the cuts fails with the alert; delete removes a band', async ({ page }) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}${PAGE}`);
  const health = section(page);
  await expect(health.getByRole('spinbutton', { name: 'Cut 1 up to' })).toHaveValue('40');
  // Meanwhile another admin saves other cuts.
  const other = await t.api('PUT', `/v3/cs/tenant/${t.tenantId}/cs/TenantCsHealthCut`, {
    cuts: [
      { max: 30, variant: 'danger' },
      { max: 70, variant: 'warning' },
      { max: 100, variant: 'success' },
    ],
  });
  expect(other.status).toBe(200);
  await health.getByRole('spinbutton', { name: 'Cut 1 up to' }).fill('45');
  await health.getByRole('button', { name: 'Save Health Cut Scores' }).click();
  await expectAlert(page, FAILED);
  expect(await healthCuts()).toEqual(['30:danger', '70:warning', '100:success']);

  await page.reload();
  await expect(health.getByRole('spinbutton', { name: 'Cut 2 up to' })).toHaveValue('70');
  await health.getByRole('button', { name: 'Remove cut 2' }).click();
  await expectAlert(page, UPDATED);
  expect(await healthCuts()).toEqual(['30:danger', '100:success']);
  await expect(health.getByRole('spinbutton', { name: 'Cut 3 up to' })).toHaveCount(0);
});
