/**
 * Server messages of the realtime channel (customer-success.md 4, platform.md 4.8) in real Chromium, on a server of
 * this test's own: the kernel publishes them through k.realtime.serverMessage (the path every plugin uses) to the
 * signed-in user's room. Each banner shows: download_pending (pending), download (pending off, the file downloads at
 * once, a link stays), migration (on until the server turns it off) and migration_warning; an 'Internal server error'
 * message and an `error` message show nothing; other messages are toasts.
 */
import { expect, test, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../helpers/server';
import { makeTenant, TEST_PASSWORD, type TestTenant } from '../helpers/tenants';
import { signInToShell } from './session';

let s: TestServer;
test.beforeAll(async () => {
  test.setTimeout(300_000);
  s = await startTestServer({ engine: 'pglite', workspace: true, jobs: false });
});
test.afterAll(async () => {
  await s?.stop();
});

async function signedIn(page: Page): Promise<TestTenant> {
  const t = await makeTenant(s.k, s.url, { pages: [{ url: '/dashboard', access_level: 'Read/Write' }] });
  await signInToShell(page, t.email, TEST_PASSWORD, s.url);
  await expect(page.getByTestId('realtime-status')).toHaveText('Connected', { timeout: 30_000 });
  return t;
}

test('download_pending, download, migration and migration_warning banners', async ({ page }) => {
  test.setTimeout(90_000);
  const t = await signedIn(page);
  const send = (m: Record<string, unknown>) =>
    s.k.realtime.serverMessage(`user:${t.userId}`, m as { msg_type: string; msg: string });

  // download_pending: the pending banner.
  await send({ msg_type: 'download_pending', msg: 'Preparing companies.csv' });
  const pending = page.getByTestId('banner-downloadPending');
  await expect(pending).toContainText('Preparing your download');
  await expect(pending).toContainText('Preparing companies.csv');

  // download: pending off, the browser downloads the file at once, the banner keeps a link.
  const key = `tenants/${t.tenantId}/exports/companies.csv`;
  await s.k.storage.put(key, 'name\nAcme\n', 'text/csv');
  const url = s.k.storage.signedUrl(key, 600);
  const downloading = page.waitForEvent('download');
  await send({ msg_type: 'download', msg: 'companies.csv is ready', download_url: url });
  const file = await downloading;
  expect(file.url()).toBe(url);
  await expect(pending).toHaveCount(0);
  const ready = page.getByTestId('banner-download');
  await expect(ready).toContainText('companies.csv is ready');
  await expect(ready.getByRole('link', { name: 'Download again' })).toHaveAttribute('href', url);
  await ready.getByRole('button', { name: 'Close: Download ready' }).click();
  await expect(ready).toHaveCount(0);

  // migration: the tenant migration state, shown until the server ends it (no close button).
  await send({ msg_type: 'migration', msg: 'Moving your data to the new region' });
  const migration = page.getByTestId('banner-migration');
  await expect(migration).toContainText('Data migration in progress');
  await expect(migration).toContainText('Moving your data to the new region');
  await expect(migration.getByRole('button')).toHaveCount(0);
  // Survives a navigation inside the workspace.
  await page.getByRole('link', { name: 'Lifecycle home' }).click();
  await expect(migration).toBeVisible();
  await send({ msg_type: 'migration', msg: '', on: false });
  await expect(migration).toHaveCount(0);

  // migration_warning: a notice the user closes.
  await send({ msg_type: 'migration_warning', msg: 'A migration runs tonight at 22:00 UTC' });
  const warning = page.getByTestId('banner-migrationWarning');
  await expect(warning).toContainText('A migration runs tonight at 22:00 UTC');
  await warning.getByRole('button', { name: 'Close: Planned data migration' }).click();
  await expect(warning).toHaveCount(0);
});

test("'Internal server error' and error messages show nothing (error is logged); others are toasts", async ({
  page,
}) => {
  const t = await signedIn(page);
  const logged: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') logged.push(m.text());
  });
  await s.k.realtime.serverMessage(`user:${t.userId}`, { msg_type: 'Internal server error', msg: 'ignored one' });
  await s.k.realtime.serverMessage(`user:${t.userId}`, { msg_type: 'error', msg: 'Export failed for job 7' });
  await s.k.realtime.serverMessage(`user:${t.userId}`, { msg_type: 'admin_message', msg: 'Hello from support' });
  // The toast of the last message proves the two before it arrived (one channel, in order).
  await expect(page.getByText('Hello from support')).toBeVisible();
  await expect(page.getByText('ignored one')).toHaveCount(0);
  await expect(page.getByText('Export failed for job 7')).toHaveCount(0);
  expect(logged.some((l) => l.includes('Export failed for job 7'))).toBe(true);
});

/**
 * The shared error state on an error screen (platform.md 8): a page whose load fails shows the error, the request
 * and a support mail link; an answer that is no API answer (the page's HTML) fails with 'invalid return found for
 * request: {status} - {request}' on any call (workspace/api.ts). The API's answers are replaced in the browser only.
 */
test('an error screen shows the failed request and a support mail link; an HTML answer is an invalid return', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const t = await makeTenant(s.k, s.url, { pages: [{ url: '/assettypemanager', access_level: 'Read/Write' }] });
  // A company, so the guard does not send the user to /noCompanies.
  const c = await t.api('POST', `/v3/tenant/${t.tenantId}/companies`, { moniker: 'Acme', seats: 10 });
  expect(c.status).toBe(200);
  await signInToShell(page, t.email, TEST_PASSWORD, s.url);
  const path = `/v3/tenant/${t.tenantId}/assetType`;
  await page.route(`**${path}?*`, (r) =>
    r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"message":"Database is down"}}' }),
  );
  await page.goto(`${s.url}/assettypemanager`);
  const alert = page.getByRole('alert').filter({ hasText: 'Asset types could not be loaded' });
  await expect(alert).toContainText('Database is down');
  await expect(alert.getByTestId('error-request')).toHaveText(`GET ${path} (HTTP 500)`);
  const mail = alert.getByTestId('support-mail-link');
  const href = (await mail.getAttribute('href')) ?? '';
  expect(href.startsWith('mailto:support@lifecycle.local?subject=')).toBe(true);
  expect(decodeURIComponent(href)).toContain('Message: Database is down');
  expect(decodeURIComponent(href)).toContain(`Request: GET ${path} (HTTP 500)`);

  // The page's HTML instead of an API answer: the invalid-return check of every call.
  await page.unroute(`**${path}?*`);
  await page.route(`**${path}?*`, (r) =>
    r.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><html><body>app</body></html>' }),
  );
  await alert.getByRole('button', { name: 'Try again' }).click();
  const invalid = page.getByRole('alert').filter({ hasText: 'Asset types could not be loaded' });
  await expect(invalid).toContainText(`invalid return found for request: 200 - GET ${path}`);

  // The server answers again: Try again loads the page.
  await page.unroute(`**${path}?*`);
  await invalid.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Asset types could not be loaded' })).toHaveCount(0);
});
