/**
 * The API unavailable (503 + Retry-After, as when PostgreSQL or Redis is down) in real Chromium: the signed-in
 * workspace shows the "Reconnecting…" bar and keeps retrying instead of an error page, and continues on its own
 * when the API answers again. The outage is played by the browser's request routing (the server is fine).
 */
import { expect, test } from '@playwright/test';
import { startTestServer, type TestServer } from '../helpers/server';
import { signInToShell } from './session';
import { makeTenant, TEST_PASSWORD } from '../helpers/tenants';

let s: TestServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  s = await startTestServer({ engine: 'pglite', workspace: true, jobs: false });
});
test.afterAll(async () => {
  await s?.stop();
});

test('a 503 outage shows Reconnecting and retries; the page continues when the API is back', async ({ page }) => {
  test.setTimeout(90_000);
  const t = await makeTenant(s.k, s.url, { pages: [{ url: '/dashboard', access_level: 'Read/Write' }] });
  await signInToShell(page, t.email, TEST_PASSWORD, s.url);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  let refused = 0;
  await page.route('**/v3/**', (route) => {
    refused++;
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      headers: { 'retry-after': '1' },
      body: JSON.stringify({
        error: {
          status: 503,
          code: 'unavailable',
          message: 'The database is not reachable right now; please try again in a few seconds.',
          dependency: 'database',
        },
      }),
    });
  });
  await page.reload();
  const bar = page.getByTestId('reconnecting');
  await expect(bar).toBeVisible({ timeout: 30_000 });
  await expect(bar).toContainText('Reconnecting…');
  await expect.poll(() => refused, { timeout: 15_000 }).toBeGreaterThan(2); // retried, not given up
  await expect(page.getByText(/Something went wrong|not reachable right now/)).toHaveCount(0);

  await page.unroute('**/v3/**');
  await expect(bar).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 30_000 });
});
