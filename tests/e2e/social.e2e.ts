/**
 * Social sign-in (Microsoft, Google) in real Chromium against a real upstream OpenID Connect provider:
 * a second oidc-provider on loopback (tests/helpers/upstream-oidc.ts) with its own login page and Cancel
 * link. This file runs its own kernel in the test process (embedded database, built workspace), configured
 * with both providers pointing at the upstream, so it can prepare users (force-SSO, no tenant).
 * Build the workspace first (`npm run build:workspace`).
 */
import { expect, test, type Page } from '@playwright/test';
import { createUser } from '../../kernel/tenancy/provision';
import { freePort, startTestServer, type TestServer } from '../helpers/server';
import { makeTenant, type TestTenant } from '../helpers/tenants';
import { startUpstream, type Upstream } from '../helpers/upstream-oidc';

const PASSWORD = 'Social#Lifecycle1';
let s: TestServer;
let up: Upstream;
let t: TestTenant;
let seq = 0;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const base = `http://localhost:${port}`;
  up = await startUpstream(base);
  s = await startTestServer({
    engine: 'pglite',
    workspace: true,
    jobs: false,
    env: { PORT: String(port), LCI_BASE_URL: base, ...up.env },
  });
  t = await makeTenant(s.k, s.url, {
    modules: ['Core', 'Admin'],
    pages: [{ url: '/dashboard', access_level: 'Read/Write' }],
  });
});
test.afterAll(async () => {
  await s?.stop();
  await up?.stop();
});

async function newUser(opts: { forceSso?: boolean; tenant?: boolean } = {}): Promise<string> {
  const email = `social-${Date.now().toString(36)}-${++seq}@e2e.example.com`;
  const passwordHash = await s.k.identity.hashPassword(PASSWORD);
  await s.k.db.withSystem(async (trx) => {
    const id = await createUser(trx, {
      email,
      passwordHash,
      firstName: 'Sam',
      lastName: 'Social',
      currentTenantId: opts.tenant === false ? null : t.tenantId,
    });
    if (opts.tenant !== false)
      await trx('tenant_users').insert({
        tenant_id: t.tenantId,
        user_id: id,
        security_group_id: t.securityGroupId,
        force_sso_flag: opts.forceSso ?? false,
        accept_timestamp: trx.fn.now(),
      });
  });
  return email;
}

async function openSignIn(page: Page) {
  await page.goto(`${s.url}/`);
  await page.waitForURL(/\/signIn\?.*interaction=/);
  await expect(page.getByRole('button', { name: 'Sign in with Microsoft' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
}

/** The upstream provider's own login page (on 127.0.0.1): any login, the login is the e-mail. */
async function upstreamLogin(page: Page, email: string) {
  await page.waitForURL((u) => u.origin === up.issuer);
  await page.locator('input[name=login]').fill(email);
  await page.locator('input[name=password]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

const signedIn = (page: Page) =>
  expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 30_000 });

test("Sign in with Microsoft: the provider's login page, back signed in", async ({ page }) => {
  const email = await newUser();
  await openSignIn(page);
  await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await upstreamLogin(page, email);
  await signedIn(page);
  expect(new URL(page.url()).origin).toBe(s.url);
});

test('an e-mail without a Lifecycle account: on to the sign-up wizard with the identity prefilled and the desired plan (issue 15 B9)', async ({
  page,
}) => {
  const email = `nobody-${Date.now()}@e2e.example.com`;
  await page.goto(`${s.url}/signIn?desiredPlan=plan_professional_usd_month`);
  await page.waitForURL(/\/signIn\?.*interaction=/);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await upstreamLogin(page, email);
  await page.waitForURL(/\/signUpWithTenant\?.*autofillSSOData=/, { timeout: 30_000 });
  expect(new URL(page.url()).searchParams.get('selPlanId')).toBe('plan_professional_usd_month');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Email', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0); // the provider vouches for the identity
  await expect(page.getByRole('region', { name: 'Selected Plans' })).toContainText('Professional Edition');
  await expect(page.getByText('Login failed.')).toHaveCount(0);
  const row = await s.k.db.withSystem((trx) =>
    trx('users').where({ username: email }).first('id_provider_name', 'current_tenant_id', 'password_hash'),
  );
  expect(row).toEqual({ id_provider_name: 'google', current_tenant_id: null, password_hash: null });
});

test('cancelling at the provider: "User cancelled login flow."', async ({ page }) => {
  await newUser();
  await openSignIn(page);
  await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await page.waitForURL((u) => u.origin === up.issuer);
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await page.waitForURL(/\/signIn\?interaction=/);
  await expect(page.getByRole('alert')).toHaveText('User cancelled login flow.');
});

test('a force-SSO user is refused a password and signs in with Google', async ({ page }) => {
  const email = await newUser({ forceSso: true });
  await openSignIn(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your administrator requires single sign-on for this account.');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await upstreamLogin(page, email);
  await signedIn(page);
});

test('/signIn?sso=google goes straight to the provider; a user without a tenant goes on to sign one up', async ({
  page,
}) => {
  const email = await newUser({ tenant: false });
  await page.goto(`${s.url}/signIn?sso=google`);
  await upstreamLogin(page, email);
  // platform.md 2.3 Initialising: /authed sends a user with no current tenant to /signUp (the tenant sign-up wizard).
  await page.waitForURL(/\/signUpWithTenant(\?|$)/, { timeout: 30_000 });
  expect(page.url()).not.toContain('subscriptionViolation');
});
