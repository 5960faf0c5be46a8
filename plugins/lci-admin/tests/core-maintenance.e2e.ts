/**
 * Maintenance mode end to end in Chromium: an internal admin turns it on from /lcisupport/maintenancemode (message,
 * confirmation); a signed-in user on another page is sent to /maintenance at once (the 'maintenance' server message on
 * the open socket, no navigation needed) and sees the message; the admin stays on the maintenance-mode page and turns
 * it off; the user leaves /maintenance at once, back on the page they were on and still signed in (issue 28 part 1).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { makeCompany, makeTenant, TEST_PASSWORD } from '../../../tests/sdk';
import { signInToShell } from '../../../tests/sdk';

let s: TestServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  s = await startTestServer({ engine: 'pglite', workspace: true, jobs: false });
});
test.afterAll(async () => {
  await s?.k.db
    .withSystem((trx) => trx('kernel_settings').where({ key: 'maintenance' }).delete())
    .catch(() => undefined);
  await s?.stop();
});

async function pageFor(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext();
  return ctx.newPage();
}

test('a signed-in user is sent to /maintenance when an admin turns it on, and leaves it when it is turned off', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const user = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [
      { url: '/dashboard', access_level: 'Read/Write' },
      { url: '/datamanagercompanies', access_level: 'Read/Write' },
    ],
  });
  await makeCompany(user); // a tenant without companies is sent to /noCompanies
  const admin = await makeTenant(s.k, s.url, { lciAdmin: true, allowImpersonation: true });

  const userPage = await pageFor(browser);
  await signInToShell(userPage, user.email, TEST_PASSWORD, s.url);
  await userPage.goto(`${s.url}/dashboard`);
  await expect(userPage.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 30_000 });
  // The user's realtime channel is open (the message travels on it).
  await expect(userPage.getByLabel('Realtime Connected').first()).toBeVisible({ timeout: 30_000 });

  const adminPage = await pageFor(browser);
  await signInToShell(adminPage, admin.email, TEST_PASSWORD, s.url);
  await adminPage.goto(`${s.url}/lcisupport/maintenancemode`);
  await expect(adminPage.getByText('Maintenance mode is off')).toBeVisible({ timeout: 30_000 });
  await adminPage.getByLabel('Message for users').fill('Database upgrade until 22:00 UTC');
  await adminPage.getByRole('button', { name: 'Turn maintenance on' }).click();
  // The confirmation.
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Turn maintenance on' }).click();
  await expect(adminPage.getByText('Maintenance mode is ON')).toBeVisible();

  // The user did nothing: the socket message sends them to /maintenance.
  await expect(userPage).toHaveURL(/\/maintenance$/, { timeout: 10_000 });
  await expect(userPage.getByRole('heading', { name: 'Under Maintenance' })).toBeVisible();
  await expect(userPage.getByText('Database upgrade until 22:00 UTC')).toBeVisible();

  // The admin stays on the maintenance-mode page (internal admins keep working) and turns it off.
  await expect(adminPage).toHaveURL(/\/lcisupport\/maintenancemode$/);
  await adminPage.getByRole('button', { name: 'Turn maintenance off' }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Turn maintenance off' }).click();
  await expect(adminPage.getByText('Maintenance mode is off')).toBeVisible();

  // The user leaves the maintenance screen at once (not after its 10 s poll) and can work again.
  await expect(userPage).toHaveURL(/\/dashboard$/, { timeout: 8_000 });
  await expect(userPage.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(userPage.getByLabel('Realtime Connected').first()).toBeVisible({ timeout: 30_000 });

  // Both changes are in the audit log.
  await adminPage.goto(`${s.url}/lciadmin/audit`);
  await adminPage.getByLabel('Action').fill('maintenance');
  await adminPage.getByRole('button', { name: 'Search' }).click();
  await expect(adminPage.getByRole('table', { name: 'Audit entries' }).getByText('maintenance.on')).toBeVisible();
  await expect(adminPage.getByRole('table', { name: 'Audit entries' }).getByText('maintenance.off')).toBeVisible();
});
