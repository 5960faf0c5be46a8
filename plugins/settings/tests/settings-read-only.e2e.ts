/**
 * /accountsettings for a user who is not a tenant admin but whose security group lists the page Read Only, on a
 * server of this test's own scoped to the settings plugin (the demo account managers have no tenant settings, so the
 * shared server has no such user): the page is readable, nothing can be changed.
 */
import { expect, test } from '@playwright/test';
import { makeTenant, signInToShell, startTestServer, TEST_PASSWORD, type TestServer } from '../../../tests/sdk';

let s: TestServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  s = await startTestServer({ plugins: ['settings', 'companies'], workspace: true, jobs: false });
});
test.afterAll(async () => {
  await s?.stop();
});

test('a user who is not a tenant admin reads the account settings only', async ({ page }) => {
  const reader = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [
      { url: '/dashboard', access_level: 'Read/Write' },
      { url: '/accountsettings', access_level: 'Read Only' },
    ],
  });
  await signInToShell(page, reader.email, TEST_PASSWORD, s.url);
  await page.goto(`${s.url}/accountsettings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText('Only tenant administrators change the account settings')).toBeVisible();
  await expect(page.getByLabel('Currency')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
});
