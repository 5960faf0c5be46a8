/**
 * Support in real Chromium against the shared e2e server (`lci serve` with the demo data; the plugin must sit in
 * plugins/ and the workspace be built): the demo admin adds an item, sees a duplicate refused, finds the item again
 * after a reload and deletes it.
 */
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signInToShell } from '../../../tests/sdk';

test('add an item on /support, see a duplicate refused, reload, delete it', async ({ page }) => {
  await signInToShell(page, DEMO_ADMIN.email);
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();

  const name = `E2E item ${Date.now()}`;
  const table = page.getByRole('table', { name: 'Items' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await page.getByLabel('Item name').fill(name);
  await page.getByRole('button', { name: 'Add item' }).click();
  await expect(row).toBeVisible();

  await page.getByLabel('Item name').fill(name.toUpperCase());
  await page.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByRole('alert')).toContainText('already exists');

  await page.reload();
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(row).toHaveCount(0);
});
