/**
 * /accountsettings in real Chromium against the shared e2e server (demo data; build the workspace first): the demo
 * admin changes currency and date format and sees the contracts page show money and dates in them, uploads a logo
 * and sees it in the top bar; a signed-in user on /plans is sent on to /subscription (guard step 11). A user who is
 * not an admin reads the page only: settings-read-only.e2e.ts (the demo account managers have no tenant settings).
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, signInToShell } from '../../../tests/sdk';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The General section (each section is a region named by its heading; other sections have Save buttons too). */
const general = (page: Page) => page.getByRole('region', { name: 'General' });

async function saveGeneral(page: Page, currency: string, dateFormat: string) {
  await page.getByLabel('Currency').selectOption(currency);
  await page.getByLabel('Date format').selectOption(dateFormat);
  await general(page).getByRole('button', { name: 'Save' }).click();
  await expect(general(page).getByRole('button', { name: 'Save' })).toBeDisabled();
}

test('an admin changes currency and date format, and the contracts page shows money and dates in them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInToShell(page, DEMO_ADMIN.email);
  await page.goto('/accountsettings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  for (const section of ['General', 'Logo', 'Display'])
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();

  // A bad time zone is refused with the API's text (its schema checks it before sending), under the field.
  await page.getByLabel('Time zone').fill('Mars/Olympus');
  await general(page).getByRole('button', { name: 'Save' }).click();
  await expect(
    general(page)
      .locator('.bp6-form-group', { has: page.getByLabel('Time zone') })
      .getByText(/Unknown time zone/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Undo changes' }).click();

  await page.getByLabel('Currency').selectOption('GBP');
  await expect(page.getByTestId('settings-money-preview')).toHaveText('£1,234,567');
  await saveGeneral(page, 'GBP', 'dd-monthname-yyyy');

  // The contracts page shows the demo contract's cost in pounds and its dates as dd-Monthname-yyyy.
  await page.goto('/contractManager');
  const contracts = page.getByRole('table', { name: 'Contracts' });
  await expect(contracts).toContainText('£9,450');
  await expect(contracts).toContainText(
    /\d{2}-(January|February|March|April|May|June|July|August|September|October|November|December)-\d{4}/,
  );
  await expect(contracts).not.toContainText('$9,450');

  // Back to the demo's formats.
  await page.goto('/accountsettings');
  await saveGeneral(page, 'USD', 'yyyy-mm-dd');
  await page.goto('/contractManager');
  await expect(page.getByRole('table', { name: 'Contracts' })).toContainText('$9,450');
});

test('an admin uploads a logo and sees it in the top bar; bordered tables draw cell borders', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToShell(page, DEMO_ADMIN.email);
  // Logo: uploaded through the signed link, shown in the top bar.
  await page.goto('/accountsettings');
  await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Current logo' })).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Lifecycle home' }).getByRole('img', { name: 'Company logo' }),
  ).toBeVisible();
  // An SVG is refused before it leaves the browser (and by the server).
  await page
    .getByLabel('Logo file')
    .setInputFiles({ name: 'x.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
  await expect(page.getByRole('alert').filter({ hasText: 'The logo must be a PNG or JPEG image.' })).toBeVisible();

  // Display: the admin's own choice of bordered tables draws cell borders on the workspace's tables.
  await page.getByLabel('Your tables:').selectOption('true');
  await expect(page.locator('html')).toHaveClass(/lci-bordered-tables/);
  await page.goto('/contractManager');
  const cell = page.getByRole('table', { name: 'Contracts' }).getByRole('cell').first();
  await expect(cell).toHaveCSS('border-top-style', 'solid');
  await page.goto('/accountsettings');
  await page.getByLabel('Your tables:').selectOption('default');
  await expect(page.locator('html')).not.toHaveClass(/lci-bordered-tables/);

  // Back to the default logo (confirmed).
  await page.getByRole('button', { name: 'Use the default logo' }).click();
  // The confirmation's own button: a locator over the whole page could resolve to the page's button before the
  // dialog is there, and then wait on it under the dialog's backdrop.
  await page.getByRole('alertdialog').getByRole('button', { name: 'Use the default logo' }).click();
  await expect(page.getByRole('link', { name: 'Lifecycle home' })).toHaveText('Lifecycle');
});

test('a signed-in user on /plans is sent on to /subscription, not to a new sign-up', async ({ page }) => {
  await signInToShell(page, DEMO_ADMIN.email);
  await page.goto('/plans');
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await page.goto('/pricing');
  await expect(page).toHaveURL(/\/subscription$/);
});
