/**
 * Maintenance and sign-out destinations in real Chromium, on a server of this test's own (the test
 * switches maintenance in the database while the server runs): a signed-in user lands on /maintenance
 * ('Under Maintenance', a spinner, Logout), cannot navigate away, and goes back to the page it was on, still signed in,
 * when maintenance ends (issue 28 part 1; the spec's "leaves to /signOut" signed everyone out); Logout signs out. Client (non-internal) users end at /clients/signin, internal
 * users at /signIn. A reload of /maintenance keeps the custom message, checks the session with the API key (no
 * 401 invalid_api_key) and still leaves, signed in, when maintenance ends.
 */
import { expect, test, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../helpers/server';
import { signInToShell } from './session';
import { makeTenant, TEST_PASSWORD } from '../helpers/tenants';
import { makeCompany } from '../helpers/factories';

let s: TestServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  s = await startTestServer({ engine: 'pglite', workspace: true, jobs: false });
});
test.afterAll(async () => {
  await s?.stop();
});

/**
 * Switches maintenance in the database, as another process would, and tells this server so (another process's
 * change reaches it through the bus and drops its cache): without that the server answers from its 2-second cache,
 * and a page that loads within it never hears of the change.
 */
const setMaintenance = async (on: boolean, message = '') => {
  await s.k.db.withSystem((trx) =>
    trx('kernel_settings')
      .insert({ key: 'maintenance', value: JSON.stringify({ on, message }) })
      .onConflict('key')
      .merge(),
  );
  s.maintenance.refresh();
};

const signIn = (page: Page, email: string) => signInToShell(page, email, TEST_PASSWORD, s.url);

test('in maintenance the user sees /maintenance until it ends, then goes back to their page still signed in', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const t = await makeTenant(s.k, s.url, {
    pages: [
      { url: '/dashboard', access_level: 'Read/Write' },
      { url: '/datamanagercompanies', access_level: 'Read/Write' },
    ],
  });
  await makeCompany(t); // a tenant without companies is sent to /noCompanies
  await signIn(page, t.email);
  await setMaintenance(true);
  try {
    await page.goto(`${s.url}/dashboard`);
    await expect(page).toHaveURL(/\/maintenance$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Under Maintenance' })).toBeVisible();
    await expect(page.getByLabel('Waiting for maintenance to end')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    // Every signed-in page leads back here.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/dashboard');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/maintenance$/);
  } finally {
    await setMaintenance(false);
  }
  // The page checks the live state and goes back to the page maintenance took the user from, still signed in.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  // Opening /maintenance afterwards shows nothing to wait for and leaves for the home page, still signed in.
  await page.goto(`${s.url}/maintenance`);
  await expect(page).not.toHaveURL(/\/maintenance$/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page).not.toHaveURL(/signin|signIn|signOut/i);
});

test('Logout on the maintenance page signs out; an internal user ends at /signIn', async ({ page }) => {
  const t = await makeTenant(s.k, s.url, { lciAdmin: true });
  await signIn(page, t.email);
  await setMaintenance(true);
  try {
    await page.goto(`${s.url}/dashboard`);
    await expect(page).toHaveURL(/\/maintenance$/, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/signIn(\?|$)/, { timeout: 30_000 });
  } finally {
    await setMaintenance(false);
  }
  // Signed out: the sign-in form is shown again.
  await expect(page.getByLabel('Password')).toBeVisible({ timeout: 30_000 });
});

test('after a reload on /maintenance the message stays, the session check is keyed, and the user leaves when it ends', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const t = await makeTenant(s.k, s.url, {
    pages: [
      { url: '/dashboard', access_level: 'Read/Write' },
      { url: '/datamanagercompanies', access_level: 'Read/Write' },
    ],
  });
  await makeCompany(t); // a tenant without companies is sent to /noCompanies
  await signIn(page, t.email);
  await setMaintenance(true, 'Database upgrade until 22:00 UTC');
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/v3/') && r.status() === 401) refused.push(`${r.status()} ${r.url()}`);
  });
  try {
    await page.goto(`${s.url}/dashboard`);
    await expect(page).toHaveURL(/\/maintenance$/, { timeout: 30_000 });
    await expect(page.getByText('Database upgrade until 22:00 UTC')).toBeVisible();
    const check = page.waitForResponse((r) => r.url().includes('/v3/manager/session'), { timeout: 30_000 });
    await page.reload();
    const answer = await check;
    expect(answer.status()).toBe(200);
    expect(answer.request().headers()['x-api-key']).toBeTruthy();
    await expect(page.getByRole('heading', { name: 'Under Maintenance' })).toBeVisible();
    await expect(page.getByText('Database upgrade until 22:00 UTC')).toBeVisible({ timeout: 15_000 });
  } finally {
    await setMaintenance(false);
  }
  // The reload kept where the user came from: back to /dashboard, signed in.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(refused).toEqual([]);
});
