/**
 * Headers and sockets in real Chromium on a server of this test's own: the built workspace runs under its
 * Content-Security-Policy without a single violation, its realtime channel connects (token in the first
 * message, Origin checked), and another site cannot sign the user out with a GET: a link to /signOut asks
 * first, and the provider's /oidc/session/end without the user's id token asks too and ends nothing. The
 * workspace's own Sign out still signs out at once.
 */
import { expect, test, type Page } from '@playwright/test';
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

const EVIL = 'http://evil.example';

/** A page on another site that links to `target`; the browser follows the link (a top-level cross-site GET). */
async function followLinkFromElsewhere(page: Page, target: string): Promise<void> {
  await page.route(`${EVIL}/**`, (r) =>
    r.fulfill({ contentType: 'text/html', body: `<!doctype html><a id="go" href="${target}">win a prize</a>` }),
  );
  await page.goto(`${EVIL}/`);
  await page.click('#go');
}

/** Still signed in at the provider: with the workspace's own state gone, opening it signs in again without a password. */
async function expectProviderSessionAlive(page: Page): Promise<void> {
  await page.goto(`${s.url}/signIn`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(`${s.url}/`);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 30_000 });
}

test('the workspace runs under its policy and its socket connects', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text()))
      violations.push(m.text());
  });
  const t = await makeTenant(s.k, s.url, { pages: [{ url: '/dashboard', access_level: 'Read/Write' }] });
  const csp = (await page.request.get(`${s.url}/signIn`)).headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  await signInToShell(page, t.email, TEST_PASSWORD, s.url);
  await expect(page.getByTestId('realtime-status').first()).toHaveAttribute('aria-label', /connected/i, {
    timeout: 30_000,
  });
  expect(s.k.realtime.sockets().some((x) => x.userId === t.userId)).toBe(true);
  // A message sent right after the socket said it was authenticated reaches the page.
  await s.k.realtime.serverMessage(`user:${t.userId}`, {
    msg_type: 'info',
    msg: 'Hello from the server',
    display_type: 'toast',
  });
  await expect(page.getByText('Hello from the server').first()).toBeVisible({ timeout: 15_000 });
  expect(violations).toEqual([]);
});

test("a link on another site to /signOut or to the provider's sign-out does not sign the user out", async ({
  page,
}) => {
  const t = await makeTenant(s.k, s.url, { pages: [{ url: '/dashboard', access_level: 'Read/Write' }] });
  await signInToShell(page, t.email, TEST_PASSWORD, s.url);

  await followLinkFromElsewhere(page, `${s.url}/signOut`);
  await expect(page.getByRole('heading', { name: 'Sign out of Lifecycle?' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 30_000 });

  await followLinkFromElsewhere(
    page,
    `${s.url}/oidc/session/end?client_id=lci-workspace&post_logout_redirect_uri=${encodeURIComponent(`${s.url}/signIn`)}`,
  );
  await expect(page.getByRole('heading', { name: 'Sign out of Lifecycle?' })).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(/\/oidc\/session\/end/);
  await expectProviderSessionAlive(page);

  // The workspace's own Sign out goes at once and ends the provider session.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Password')).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(`${s.url}/`);
  await expect(page.getByLabel('Password')).toBeVisible({ timeout: 30_000 });
});
