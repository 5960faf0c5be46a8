/**
 * The ScalePad partner landing in real Chromium against a loopback stand-in partner speaking
 * OAuth 2.0 (tests/helpers/scalepad-standin.ts) and a server of this file's own (embedded
 * database, built workspace, LCI_SCALEPAD_ variables pointing at the stand-in): the sign-in
 * screen's partner link -> /ScalePad -> partner authorize -> /signUp/sp?code=..&state=.. ->
 * preauth + interaction -> /authed -> /initializer; the partner's errors (code removed from the
 * address); the logo clicks (partner sign-in button after 6, debug toggled after 10).
 */
import { expect, test, type Page } from '@playwright/test';
import { startScalePadStandIn, type ScalePadStandIn } from '../helpers/scalepad-standin';
import { startTestServer, type TestServer } from '../helpers/server';
import { makeTenant, type TestTenant } from '../helpers/tenants';

let s: TestServer;
let sp: ScalePadStandIn;
let t: TestTenant;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sp = await startScalePadStandIn();
  s = await startTestServer({ engine: 'pglite', workspace: true, jobs: false, env: sp.env });
  t = await makeTenant(s.k, s.url, {
    modules: ['Core', 'Admin'],
    pages: [{ url: '/dashboard', access_level: 'Read/Write' }],
  });
});
test.afterAll(async () => {
  await s?.stop();
  await sp?.stop();
});

const partnerUser = () => ({ user: { email: t.email, firstName: 'Pat', lastName: 'Partner', company: 'Partner MSP' } });
const signedIn = (page: Page) =>
  expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 30_000 });

test('the partner link of the sign-in screen signs a ScalePad user in and goes to /initializer', async ({ page }) => {
  sp.next(partnerUser());
  const visited: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) visited.push(f.url());
  });
  await page.goto(`${s.url}/signIn?sso=1`);
  await signedIn(page);
  const paths = visited.map((u) => new URL(u).pathname);
  expect(paths).toContain('/signUp/sp'); // back from the partner with the code
  expect(paths).toContain('/authed');
  const authorize = sp.calls.filter((c) => c.path === '/authorize').at(-1)!; // a redirect: the browser passes through
  expect(authorize.query).toMatchObject({
    client_id: sp.clientId,
    response_type: 'code',
    redirect_uri: `${s.url}/signUp/sp`,
  });
  expect(paths.some((p) => p === '/initializer' || p === '/dashboard')).toBe(true);
  const back = visited.find((u) => new URL(u).pathname === '/signUp/sp')!;
  expect(new URL(back).searchParams.get('code')).toBeTruthy();
  expect(new URL(back).searchParams.get('state')).toBeTruthy();
});

test("'No subscriptions to create' shows the spec's text and the code leaves the address", async ({ page }) => {
  sp.next({ error: 'no-subscriptions' });
  await page.goto(`${s.url}/ScalePad`);
  await expect(page.getByRole('alert')).toHaveText(
    'It looks like you do not have an active Lifecycle account setup within ScalePad, please contact your ScalePad representative.',
    { timeout: 30_000 },
  );
  await expect(page.getByRole('heading', { name: 'Welcome ScalePad Partners' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/signUp/sp');
  expect(new URL(page.url()).searchParams.get('code')).toBeNull();
  expect(new URL(page.url()).searchParams.get('state')).toBeNull();

  // Another partner failure: its status code and text with the partner's message. Trying again works.
  sp.next({ error: 'server-error' });
  await page.getByRole('button', { name: 'Sign in with ScalePad' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    '500 Internal Server Error: Partner platform is down for maintenance',
    { timeout: 30_000 },
  );
  expect(new URL(page.url()).searchParams.get('code')).toBeNull();
  sp.next(partnerUser());
  await page.getByRole('button', { name: 'Sign in with ScalePad' }).click();
  await signedIn(page);
});

test('the logo: more than 6 clicks show partner sign-in, more than 10 toggle debug', async ({ page }) => {
  await page.goto(`${s.url}/ScalePad?debug=1`); // debug: the landing waits instead of leaving for the partner
  await expect(page.getByTestId('sp-status')).toHaveText(/Debug mode/);
  await expect(page.getByTestId('sp-debug')).toBeVisible();
  const logo = page.getByRole('button', { name: 'Lifecycle logo' });
  const signIn = page.getByRole('button', { name: 'Sign in with ScalePad' });
  for (let i = 0; i < 6; i++) await logo.click();
  await expect(signIn).toHaveCount(0);
  await logo.click(); // 7
  await expect(signIn).toBeVisible();
  for (let i = 0; i < 3; i++) await logo.click(); // 10
  await expect(page.getByTestId('sp-debug')).toBeVisible();
  await logo.click(); // 11: debug off
  await expect(page.getByTestId('sp-debug')).toHaveCount(0);
  for (let i = 0; i < 11; i++) await logo.click(); // and on again
  await expect(page.getByTestId('sp-debug')).toBeVisible();

  // In debug the raw responses are shown; a partner error shows them too.
  sp.next({ error: 'invalid-grant' });
  await signIn.click();
  await expect(page.getByRole('alert')).toHaveText(
    '400 Bad Request: The authorization code is invalid or has expired.',
    { timeout: 30_000 },
  );
  await expect(page.getByTestId('sp-debug')).toContainText('partnerStatus');
});

test('the loading flag clears after 25 s when the partner sign-in does not answer', async ({ page }) => {
  sp.next(partnerUser());
  await page.clock.install();
  // Our own preauth call never answers: the landing stays in its loading state.
  let asked!: () => void;
  const preauthAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  await page.route('**/v3/manager/preauth/scalepad', () => {
    asked(); /* never answered */
  });
  await page.goto(`${s.url}/signIn?sso=1`);
  await page.waitForURL(/\/signUp\/sp\?.*code=/);
  await preauthAsked; // the loading flag (and its 25 s timer) was set before this call
  const spinner = page.getByLabel('Loading');
  await expect(spinner).toBeVisible();
  await page.clock.fastForward(20_000); // margin for a slow machine: the timer started a little earlier
  await expect(spinner).toBeVisible();
  await page.clock.fastForward(6_000);
  await expect(spinner).toHaveCount(0);
});
