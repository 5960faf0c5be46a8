/**
 * Health and effort in real Chromium, against a server of this worker (real kernel, built workspace, fresh
 * database): a tenant admin adds a health metric in the flyout of /cs/admin/scoreMetricsAdmin (and deletes another
 * after confirming), then on /cs/company/detail sets the company's value of the metric and sees the health score
 * change colour by the cut scores (danger, then success). Build the workspace first (`npm run build:workspace`).
 */
import { expect, test } from '@playwright/test';
import { signInToShell } from '../../../tests/sdk';
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { makeTenant, type TestTenant } from '../../../tests/sdk';
import { VARIANT_COLORS } from '../shared/cut-scores';

let s: TestServer;
let t: TestTenant;

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  s = await startTestServer({ workspace: true, jobs: false });
  t = await makeTenant(s.k, s.url, {
    pages: ['/dashboard', '/cs/admin', '/cs/admin/scoreMetricsAdmin', '/cs/company/detail'].map((url) => ({
      url,
      access_level: 'Read/Write' as const,
    })),
  });
  const c = await t.api('POST', `/v3/tenant/${t.tenantId}/companies`, { moniker: 'Acme Dental' });
  expect(c.status).toBe(200);
});
test.afterAll(async () => {
  await s?.stop();
});

test('add a health metric in the flyout, set its value for a company and see the score colour change', async ({
  page,
}) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}/cs/admin/scoreMetricsAdmin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Health/Effort Admin' })).toBeVisible();
  await expect(page.getByText('No health metrics yet')).toBeVisible();

  // The flyout: required fields, the placeholder score preview, then Add.
  const addMetric = async (name: string, weight: string, max: string) => {
    await page.getByRole('button', { name: 'Add Health Metric' }).click();
    const drawer = page.getByTestId('metric-drawer');
    await expect(drawer).toBeVisible();
    await drawer.getByLabel(/^Name/).fill(name);
    await drawer.getByLabel(/^Weight/).fill(weight);
    await drawer.getByLabel(/^Max/).fill(max);
    return drawer;
  };
  let drawer = await addMetric('', '100', '10');
  await expect(drawer.getByTestId('metric-preview')).toHaveText(
    'Placeholder score (weight × value / max): 50 at half the max, 100 at the max.',
  );
  await drawer.getByRole('button', { name: 'Add' }).click();
  await expect(drawer.getByText('Required.')).toBeVisible();
  await drawer.getByLabel(/^Name/).fill('Executive sentiment');
  await expect(drawer.getByLabel(/^Calculation/)).toHaveValue('custom');
  await drawer.getByRole('button', { name: 'Add' }).click();
  await expect(drawer).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Health metrics' });
  await expect(table.getByRole('row', { name: /Executive sentiment/ })).toContainText('Custom (entered by hand)');

  // Delete asks first; confirming moves the metric out of the list.
  drawer = await addMetric('Temporary', '5', '1');
  await drawer.getByLabel(/^Calculation/).selectOption('number-of-locations');
  await drawer.getByRole('button', { name: 'Add' }).click();
  await expect(table.getByRole('row', { name: /Temporary/ })).toContainText('Number of locations');
  await page.getByRole('button', { name: 'Delete Temporary' }).click();
  await expect(page.getByText('Are you sure you want to delete the health metric Temporary?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(table.getByRole('row', { name: /Temporary/ })).toHaveCount(0);
  await expect(table.getByRole('row', { name: /Executive sentiment/ })).toBeVisible();

  // The company detail: the value entered by hand gives the score weight x value / max, coloured by the cuts.
  await page.goto(`${s.url}/cs/company/detail`);
  await page.getByRole('combobox', { name: 'Company', exact: true }).first().selectOption({ label: 'Acme Dental' });
  const block = page.getByTestId('health-score-block');
  await expect(block).toBeVisible();
  const score = block.getByTestId('health-score');
  await expect(score).toHaveText('--');
  const input = block.locator('input[data-testid^="health-value-input-"]');
  await input.fill('11');
  await expect(block.getByText('0 to 10')).toBeVisible();
  await input.fill('3');
  await block.getByRole('button', { name: 'Save' }).click();
  const tag = score.locator('[data-variant]');
  await expect(tag).toHaveText('30');
  await expect(tag).toHaveAttribute('data-variant', 'danger');
  await expect(tag).toHaveCSS('background-color', rgb(VARIANT_COLORS.danger));

  await input.fill('9');
  await block.getByRole('button', { name: 'Save' }).click();
  await expect(tag).toHaveText('90');
  await expect(tag).toHaveAttribute('data-variant', 'success');
  await expect(tag).toHaveCSS('background-color', rgb(VARIANT_COLORS.success));

  // Stored: after a reload the score is still 90, success.
  await page.reload();
  await expect(page.getByTestId('health-score').locator('[data-variant]')).toHaveText('90');
  await expect(page.getByTestId('health-score').locator('[data-variant]')).toHaveAttribute('data-variant', 'success');
});
