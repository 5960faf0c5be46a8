/**
 * Sign-up confirmation, registration key, terms of use and the sign-in variants in real Chromium.
 * This file runs its own server in the test process (embedded database, built workspace) so the
 * test can prepare users (unconfirmed, invited, terms not accepted) and read codes from the mail
 * outbox in the database while the server runs; the shared e2e server's embedded database belongs
 * to its own process.
 */
import { expect, test, type Page } from '@playwright/test';
import { setPlatformFlag } from '../../kernel/auth/platform-flags';
import { addTenantUser, createUser } from '../../kernel/tenancy/provision';
import { issueRegistrationKey } from '../../kernel/tenancy/registration-keys';
import { startTestServer, type TestServer } from '../helpers/server';
import { makeTenant, type TestTenant } from '../helpers/tenants';

const PASSWORD = 'Signup#Lifecycle1';
let s: TestServer;
let t: TestTenant;
let seq = 0;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  s = await startTestServer({ engine: 'pglite', workspace: true, jobs: false });
  t = await makeTenant(s.k, s.url, {
    modules: ['Core', 'Admin'],
    pages: [{ url: '/dashboard', access_level: 'Read/Write' }],
  });
});
test.afterAll(async () => {
  await s?.stop();
});

async function newUser(opts: {
  confirmed?: boolean;
  password?: string | null;
  acceptTerms?: boolean;
  firstName?: string;
}): Promise<{ userId: number; email: string }> {
  const email = `user-${Date.now().toString(36)}-${++seq}@e2e.example.com`;
  const passwordHash = opts.password === null ? null : await s.k.identity.hashPassword(opts.password ?? PASSWORD);
  const userId = await s.k.db.withSystem(async (trx) => {
    const id = await createUser(trx, {
      email,
      passwordHash,
      confirmed: opts.confirmed ?? true,
      firstName: opts.firstName ?? 'Pat',
      lastName: 'Tester',
      currentTenantId: t.tenantId,
    });
    await addTenantUser(trx, t.tenantId, {
      userId: id,
      securityGroupId: t.securityGroupId,
      acceptTerms: opts.acceptTerms ?? true,
    });
    return id;
  });
  return { userId, email };
}

async function codeFromOutbox(email: string): Promise<string> {
  await (s.k.identity as unknown as { deliveries: { drain(): Promise<void> } }).deliveries.drain(); // codes are mailed after the answer
  const m = await s.k.db.withSystem((trx) =>
    trx('mail_outbox').where({ to_address: email }).orderBy('mail_id', 'desc').first('text_body'),
  );
  const code = /code is (\d{6})/.exec(m?.text_body ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

async function openSignIn(page: Page) {
  await page.goto(`${s.url}/`);
  await page.waitForURL(/\/signIn\?.*interaction=/);
  await expect(page.getByLabel('Password')).toBeVisible();
}
async function submitSignIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}
const signedIn = (page: Page) =>
  expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 30_000 });

test('an unconfirmed user is sent to confirm sign-up, confirms with the mailed code and signs in', async ({ page }) => {
  const u = await newUser({ confirmed: false });
  await openSignIn(page);
  await expect(page.getByTestId('signin-cards')).toHaveCount(0); // flag off: the old view
  // A wrong password first: the status message clears after 4 seconds.
  await submitSignIn(page, u.email, 'Wrong#Password1');
  await expect(page.getByText('Login failed.')).toBeVisible();
  await expect(page.getByText('Login failed.')).toBeHidden({ timeout: 7_000 });

  await submitSignIn(page, u.email);
  await page.waitForURL(/\/confirmSignUp/);
  await expect(page.getByRole('heading', { name: 'Confirm sign up' })).toBeVisible();
  await expect(page.getByLabel('Username (e-mail)')).toHaveValue(u.email);

  await page.getByRole('button', { name: 'Resend Code' }).click();
  await expect(page.getByText('a new code is on its way')).toBeVisible();
  const code = await codeFromOutbox(u.email);

  await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Invalid verification code provided, please try again.')).toBeVisible();

  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/signIn\?.*interaction=/);
  await expect(page.getByText('Your e-mail address is confirmed. Please sign in.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(u.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await signedIn(page);
});

test('confirm sign-up: canceled note, and a signed-out visit asks for username and code', async ({ page }) => {
  await page.goto(`${s.url}/confirmSignUp?canceled=true&username=someone%40e2e.example.com`);
  await expect(page.getByText('Your sign-up was canceled before it was completed.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Username (e-mail)')).toHaveValue('someone@e2e.example.com');
  await page.getByLabel('Code').fill('123456');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Invalid verification code provided, please try again.')).toBeVisible();
});

test('an invited user signs up with the registration key and signs in', async ({ page }) => {
  await page.goto(`${s.url}/signUpRegisteredUser?registrationKey=not-a-real-key`);
  await expect(page.getByText('User Not Found - Please Contact Support')).toBeVisible();

  const u = await newUser({ confirmed: false, password: null, firstName: '' });
  const key = await s.k.db.withTenant(t.tenantId, (trx) => issueRegistrationKey(trx, t.tenantId, u.userId));
  await page.goto(`${s.url}/signUpRegisteredUser?registrationKey=${encodeURIComponent(key)}`);
  const tenantName = (await s.k.db.withSystem((trx) => trx('tenants').where({ tenant_id: t.tenantId }).first('name')))
    .name;
  await expect(page.getByLabel('Company')).toHaveValue(tenantName);
  await expect(page.getByLabel('Company')).toBeDisabled();
  await expect(page.getByLabel('Email')).toHaveValue(u.email);
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByLabel('Last name')).toHaveValue('Tester');

  await page.getByLabel('Last name').fill('');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Username is required')).toHaveCount(2);
  await page.getByLabel('First name').fill('x'.repeat(80));
  await expect(page.getByText('Username must be less than 80 characters')).toBeVisible();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Password', { exact: true }).fill('weakpass');
  await expect(page.getByText('Password must have a number.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();

  await page.waitForURL(/\/signIn\?.*interaction=/);
  await expect(page.getByLabel('Email')).toHaveValue(u.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await signedIn(page);
  const row = await s.k.db.withSystem((trx) =>
    trx('users').where({ user_id: u.userId }).first('name_first', 'name_last', 'confirmed_flag'),
  );
  expect(row).toMatchObject({ name_first: 'Ada', name_last: 'Lovelace', confirmed_flag: true });
});

test('terms of use: Decline signs out to sign-in; Accept records it and goes on; accepted users are not asked again', async ({
  page,
}) => {
  const u = await newUser({ acceptTerms: false });
  await openSignIn(page);
  await submitSignIn(page, u.email);
  await page.waitForURL(/\/userTerms/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Updated Terms of Use' })).toBeVisible();
  // The terms themselves are one click away (a public page, in a new tab).
  const link = page.getByRole('link', { name: 'Read the Terms of Use' });
  await expect(link).toHaveAttribute('href', '/terms');
  await expect(link).toHaveAttribute('target', '_blank');
  const [terms] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(terms.getByRole('heading', { name: 'Terms of Use', exact: true })).toBeVisible();
  await expect(terms.getByRole('heading', { name: '2. Your account' })).toBeVisible();
  await terms.close();

  await page.getByRole('button', { name: 'Decline' }).click();
  await page.waitForURL(/\/signIn\?.*interaction=/, { timeout: 30_000 });
  await expect(page.getByLabel('Password')).toBeVisible();

  await submitSignIn(page, u.email);
  await page.waitForURL(/\/userTerms/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Accept' }).click();
  await signedIn(page);
  await expect(page).not.toHaveURL(/\/userTerms/);
  const tu = await s.k.db.withSystem((trx) =>
    trx('tenant_users').where({ tenant_id: t.tenantId, user_id: u.userId }).first('accept_timestamp'),
  );
  expect(tu.accept_timestamp).not.toBeNull();

  // Already accepted: /userTerms goes on to the initializer.
  await page.goto(`${s.url}/userTerms`);
  await signedIn(page);
  await expect(page).not.toHaveURL(/\/userTerms/);
});

test('new sign-in view (flag on at the platform level): the cards replace the form; internalLogin keeps it; the client card leads to /clients/signin', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await s.k.db.withSystem((trx) => setPlatformFlag(trx, 'user-manager-changes', true));
  try {
    const u = await newUser({});
    await page.goto(`${s.url}/`);
    await page.waitForURL(/\/signIn\?.*interaction=/);
    const cards = page.getByTestId('signin-cards');
    await expect(cards.getByRole('heading', { name: 'ScalePad Partner' })).toBeVisible();
    await expect(cards.getByRole('heading', { name: 'Client of an MSP' })).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveCount(0); // replaced, not added under the form
    // Provider staff: the form, in the same sign-in.
    await page.getByRole('link', { name: 'Lifecycle staff sign in' }).click();
    await page.waitForURL(/internalLogin=true/);
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByTestId('signin-cards')).toHaveCount(0);
    // internalLogin as an input of /signIn survives the authorization request.
    await page.goto(`${s.url}/signIn?internalLogin=true`);
    await page.waitForURL(/\/signIn\?.*interaction=/);
    await expect(page.getByLabel('Password')).toBeVisible();

    await page.context().clearCookies();
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${s.url}/`);
    await page.waitForURL(/\/signIn\?.*interaction=/);
    await page.getByTestId('signin-cards').getByRole('button', { name: 'Client sign in' }).click();
    await page.waitForURL(/\/clients\/signin\?.*interaction=/);
    await expect(page.getByRole('heading', { name: 'Client sign in' })).toBeVisible();
    await expect(page.getByTestId('signin-cards')).toHaveCount(0);
    await submitSignIn(page, u.email);
    await signedIn(page);
    // Already authenticated: the sign-in screens go to the initializer and on.
    await page.goto(`${s.url}/clients/signin`);
    await signedIn(page);
  } finally {
    await s.k.db.withSystem((trx) => setPlatformFlag(trx, 'user-manager-changes', false));
  }
});

test('sign-in inputs: desiredPlan pre-selects the plan of the sign-up; a code goes on to its return', async ({
  page,
}) => {
  await page.goto(`${s.url}/signIn?desiredPlan=plan_professional_usd_month`);
  await page.waitForURL(/\/signIn\?.*interaction=/);
  await page.getByRole('link', { name: 'Sign up' }).click();
  await page.waitForURL(/\/signUpWithTenant\?selPlanId=plan_professional_usd_month/);
  await expect(page.getByRole('region', { name: 'Selected Plans' })).toContainText('Professional Edition');
  // Without desiredPlan the link carries none.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${s.url}/signIn`);
  await page.waitForURL(/\/signIn\?.*interaction=/);
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signUpWithTenant');

  // A code landing on /signIn: with our state a sign-in return (/authed), without one the partner platform's.
  await page.goto(`${s.url}/signIn?code=abc123`);
  await page.waitForURL(/\/signUp\/sp\?code=abc123/);
  await page.goto(`${s.url}/signIn?code=abc123&state=st456`);
  await page.waitForURL(/\/authed\?code=abc123&state=st456/);
});

test('/signUp goes to the sign-up wizard route', async ({ page }) => {
  await page.goto(`${s.url}/signUp`);
  await page.waitForURL(/\/signUpWithTenant/);
  await expect(page.getByRole('tab', { name: '1 User Details' })).toBeVisible();
});
