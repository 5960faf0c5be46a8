/**
 * The sign-up wizard in real Chromium (platform.md 2.3, 4.4, 5, 8) against a server of this file's own
 * (tests/e2e/kernel-server.ts: the real kernel, the billing plugin on its embedded provider and the built
 * workspace on a fresh embedded database), so the test can read confirmation codes from the mail outbox
 * and look at what was created. Build the workspace first (`npm run build:workspace`).
 *
 *  - the validation messages of both tabs, only the active tab enabled, Prev, the hidden region selector;
 *  - dupUserCheck ('User Email Already Exists: ...' and the no-subscription note) and dupTenantCheck
 *    (the domain and company warnings with the administrator advice; a failed check blocks);
 *  - Finish: 'We are creating your account...', the embedded checkout with a test card, the confirmation
 *    code, sign-in as the tenant admin of the new tenant;
 *  - a failed checkout request shows the provider's message; the retry creates nothing twice; the
 *    recovery URL of the unfinished checkout is followed;
 *  - /signUpSevenFigureMsp: tab 3 with the affiliate plan and the $75/month credit; the free plan
 *    subscribes at once and the wizard goes to /confirmSignUp.
 */
import { expect, test, type Page } from '@playwright/test';
import { startE2EKernel, type E2EKernel } from '../../../tests/sdk';
import { makeTenant } from '../../../tests/sdk';

const PASSWORD = 'Wizard#Signup1';
let e: E2EKernel;
let seq = 0;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  e = await startE2EKernel();
});
test.afterAll(async () => {
  await e?.stop();
});

const tag = () => `${Date.now().toString(36)}${++seq}`;
/** The company name the wizard guesses from a domain label ('m3x1' -> 'M3x1'). */
const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const panel = (page: Page) => page.getByRole('tabpanel');

async function fillUser(page: Page, u: { first: string; last: string; email: string; password?: string }) {
  await page.getByLabel('First name').fill(u.first);
  await page.getByLabel('Last name').fill(u.last);
  await page.getByLabel('Email', { exact: true }).fill(u.email);
  if (u.password !== undefined) await page.getByLabel('Password', { exact: true }).fill(u.password);
}
const next = (page: Page) => panel(page).getByRole('button', { name: 'Next' }).click();
const finish = (page: Page) => panel(page).getByRole('button', { name: 'Finish' }).click();
const count = async (table: string, where: Record<string, unknown>) =>
  Number((await e.s.k.db.withSystem((trx) => trx(table).where(where).count({ n: '*' })))[0].n);

test('validation messages, duplicate user and duplicate tenant warnings, tabs and the region selector', async ({
  page,
}) => {
  // A tenant admin of an existing tenant without a subscription (no Core, AIR or Customer Success grant either).
  const existing = await makeTenant(e.s.k, e.url, { modules: ['Assessment', 'Admin'] });
  const tenant = await e.s.k.db.withSystem((trx) =>
    trx('tenants').where({ tenant_id: existing.tenantId }).first('name', 'email_domain'),
  );
  await page.goto(`${e.url}/signUpWithTenant?cart=plan_professional_usd_month`);

  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  await expect(tab(page, '1 User Details')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, '2 Account Details')).toHaveAttribute('aria-disabled', 'true');
  await expect(tab(page, '3 Subscription Details')).toHaveCount(0);
  const plans = page.getByRole('region', { name: 'Selected Plans' });
  await expect(plans).toContainText('Professional Edition');
  await expect(plans).toContainText('$175 USD / month');
  await expect(plans).toContainText('Up to 25 customers');

  // The hidden region selector appears on a shift-click of the logo.
  await expect(page.getByLabel('Region')).toHaveCount(0);
  await page.getByTestId('signup-logo').click();
  await expect(page.getByLabel('Region')).toHaveCount(0);
  await page.getByTestId('signup-logo').click({ modifiers: ['Shift'] });
  await expect(page.getByLabel('Region')).toBeVisible();
  await expect(page.getByLabel('Region').locator('option')).toHaveText([
    'Automatic',
    'US 1 (ue1)',
    'EU 1 (ec1)',
    'US 2 (uw2)',
  ]);

  // Tab 1: the messages of section 5 by the fields.
  await next(page);
  await expect(page.getByText('Required.')).toHaveCount(4); // first, last, e-mail, password
  await fillUser(page, { first: 'Ada!', last: 'Lovelace', email: 'ada@', password: 'abcdefg1+-' });
  await expect(page.locator('#signup-first-error')).toHaveText('Use letters, digits, hyphens and spaces only.');
  await expect(page.locator('#signup-email-error')).toHaveText('Invalid e-mail.');
  await expect(page.locator('#signup-password-error')).toHaveText('Password must have an upper case letter.');
  await page.getByLabel('Password', { exact: true }).fill('Abcdefg1+-');
  await expect(page.locator('#signup-password-error')).toContainText('Password must have a special character');
  await expect(page.locator('#signup-password-rules [data-rule="special"]')).toHaveAttribute('data-met', 'false');
  await page.getByLabel('Email', { exact: true }).fill(`${'a'.repeat(75)}@x.com`);
  await expect(page.locator('#signup-email-error')).toHaveText('Max 80 characters');
  await expect(tab(page, '2 Account Details')).toHaveAttribute('aria-disabled', 'true');

  // An existing user: the error and the no-subscription note; the wizard stays on tab 1.
  await fillUser(page, { first: 'Ada', last: 'Lovelace', email: existing.email.toUpperCase(), password: PASSWORD });
  await next(page);
  const dup = page.getByTestId('signup-duplicate-user');
  await expect(dup).toContainText(`User Email Already Exists: ${existing.email.toUpperCase()}`);
  await expect(dup).toContainText(
    'Looks like you have not setup a subscription plan yet. Please sign up for a subscription once you have logged in.',
  );
  await expect(tab(page, '1 User Details')).toHaveAttribute('aria-selected', 'true');

  // A new user whose e-mail domain belongs to an existing tenant: domain, website and company filled in.
  const t = tag();
  await page.getByLabel('Email', { exact: true }).fill(`ada-${t}@${tenant.email_domain}`);
  await expect(dup).toHaveCount(0);
  await next(page);
  await expect(tab(page, '2 Account Details')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, '1 User Details')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByLabel('Email domain')).toHaveValue(tenant.email_domain);
  await expect(page.getByLabel('Website')).toHaveValue(`https://${tenant.email_domain}`);
  await expect(page.getByLabel('Company name')).not.toHaveValue('');

  await finish(page);
  const warn = page.getByTestId('signup-duplicate-tenant');
  await expect(warn).toContainText('Email Domain Already Exists.');
  await expect(warn).not.toContainText('Company Name Already Exists.');
  await expect(warn).toContainText(
    'You should check with your company administrator and ask to have your account created.',
  );

  // The company name of an existing tenant (any case), with a new domain: the website follows the domain.
  await page.getByLabel('Email domain').fill(`new-${t}.example.com`);
  await expect(page.getByLabel('Website')).toHaveValue(`https://new-${t}.example.com`);
  await page.getByLabel('Company name').fill(tenant.name.toUpperCase());
  await finish(page);
  await expect(warn).toContainText('Company Name Already Exists.');
  await expect(warn).not.toContainText('Email Domain Already Exists.');

  // A failed check blocks with both warnings.
  await page.route('**/v3/manager/account/signup', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"status":500,"message":"down"}}' }),
  );
  await page.getByLabel('Company name').fill(`Fresh ${t}`);
  await finish(page);
  await expect(warn).toContainText('Email Domain Already Exists.');
  await expect(warn).toContainText('Company Name Already Exists.');
  await page.unroute('**/v3/manager/account/signup');

  // Tab 2 rules; Prev goes back with the fields kept.
  await page.getByLabel('Company name').fill('');
  await page.getByLabel('Email domain').fill('not a domain');
  await page.getByLabel('Website').fill('ftp://x');
  await finish(page);
  await expect(page.locator('#signup-company-error')).toHaveText('Required.');
  await expect(page.locator('#signup-domain-error')).toHaveText('Enter a domain such as example.com.');
  await expect(page.locator('#signup-website-error')).toHaveText('Enter a web address such as https://example.com.');
  await panel(page).getByRole('button', { name: 'Prev' }).click();
  await expect(tab(page, '1 User Details')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  expect(await count('users', { username: `ada-${t}@${tenant.email_domain}`.toLowerCase() })).toBe(0); // nothing created by the checks

  // A failed duplicate-user check counts as existing.
  await page.route('**/v3/manager/account/signup', (route) => route.abort());
  await next(page);
  await expect(dup).toContainText(`User Email Already Exists: ada-${t}@${tenant.email_domain}`);
  await page.unroute('**/v3/manager/account/signup');

  await plans.getByRole('button', { name: 'Choose different plans' }).click();
  await expect(page).toHaveURL(/\/plans$/);
});

test("Finish: creating the account, the embedded checkout with a test card, the confirmation code, then sign-in as the new tenant's admin", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const t = tag();
  const email = `grace-${t}@hopper-${t}.com`;
  await page.goto(`${e.url}/signUpWithTenant?selProductId=prod_basic`);
  await expect(page.getByRole('region', { name: 'Selected Plans' })).toContainText('Basic Edition');
  await page.getByTestId('signup-logo').click({ modifiers: ['Shift'] });
  await page.getByLabel('Region').selectOption('uw2');
  await fillUser(page, { first: 'Grace', last: 'Hopper', email, password: PASSWORD });
  await page.getByLabel('Phone').fill('+1 555 010 2030');
  await next(page);
  await expect(page.getByLabel('Company name')).toHaveValue(`Hopper ${cap(t)}`);
  await expect(page.getByLabel('Website')).toHaveValue(`https://hopper-${t}.com`);

  // Hold the checkout request a moment to see the message shown meanwhile.
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/v3/manager/signup/session', async (route) => {
    await held;
    await route.continue();
  });
  await finish(page);
  await expect(page.getByText('We are creating your account, this should only take a moment')).toBeVisible();
  release();

  // The embedded provider's checkout page: pay with the test card.
  await page.waitForURL(/\/v3\/billing\/checkout\//, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Subscribe to Lifecycle' })).toBeVisible();
  await expect(page.getByText('Basic Edition')).toBeVisible();
  await page.getByLabel('Name on card').fill('Grace Hopper');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Start trial' }).click();

  // Back at confirm sign-up with the e-mail; the code from the outbox confirms.
  await page.waitForURL(/\/confirmSignUp\?username=/, { timeout: 30_000 });
  await expect(page.getByLabel('Username (e-mail)')).toHaveValue(email);
  await page.getByLabel('Code').fill(await e.lastCode(email));
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/signIn\?.*interaction=/, { timeout: 30_000 });
  // The e-mail arrives with the interaction's login hint: wait for it before submitting.
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/userTerms/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 30_000 });

  const user = await e.s.k.db.withSystem((trx) =>
    trx('users').where({ username: email }).first('user_id', 'current_tenant_id', 'confirmed_flag', 'phone_number'),
  );
  expect(user).toMatchObject({ confirmed_flag: true, phone_number: '+1 555 010 2030' });
  const tenant = await e.s.k.db.withSystem((trx) =>
    trx('tenants').where({ tenant_id: user.current_tenant_id }).first('name', 'email_domain', 'url', 'region_code'),
  );
  expect(tenant).toEqual({
    name: `Hopper ${cap(t)}`,
    email_domain: `hopper-${t}.com`,
    url: `https://hopper-${t}.com`,
    region_code: 'uw2',
  });
  const admin = await e.s.k.db.withSystem((trx) =>
    trx('tenant_users').where({ user_id: user.user_id }).first('tenant_admin_flag'),
  );
  expect(admin.tenant_admin_flag).toBe(true);
  const signup = await e.s.k.db.withSystem((trx) =>
    trx('tenant_signups').where({ user_id: user.user_id }).first('user_geo', 'signup_source'),
  );
  expect(signup).toMatchObject({ signup_source: 'signUpWithTenant', user_geo: { user_selected_region: 'uw2' } });
});

test("a failed checkout request shows the provider's message; the retry creates nothing twice; an unfinished checkout is resumed", async ({
  page,
}) => {
  const t = tag();
  const email = `linus-${t}@torvalds-${t}.com`;
  await page.goto(`${e.url}/signUpWithTenant?cart=plan_plus_usd_year`);
  await fillUser(page, { first: 'Linus', last: 'Torvalds', email, password: PASSWORD });
  await next(page);
  await page.route('**/v3/manager/signup/session', (route) =>
    route.fulfill({
      status: 402,
      contentType: 'application/json',
      body: JSON.stringify({ error: { status: 402, code: 'card_error', message: 'Your card was declined.' } }),
    }),
  );
  await finish(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await page.unroute('**/v3/manager/signup/session');
  await page.route('**/v3/manager/signup/session', (route) => route.abort());
  await finish(page);
  await expect(page.getByRole('alert').filter({ hasText: 'There was a problem signing you up.' })).toBeVisible();
  await page.unroute('**/v3/manager/signup/session');

  await finish(page);
  await page.waitForURL(/\/v3\/billing\/checkout\//, { timeout: 30_000 });
  expect(await count('users', { username: email })).toBe(1);
  expect(await count('tenants', { email_domain: `torvalds-${t}.com` })).toBe(1);
  expect((await e.outbox(email)).length).toBe(1); // one identity sign-up, one code

  // Cancel on the checkout page: back to the wizard at Account Details with the fields kept; Finish returns to the checkout.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.waitForURL(/\/signUpWithTenant\?canceled=true/);
  await expect(tab(page, '2 Account Details')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Company name')).toHaveValue(`Torvalds ${cap(t)}`);
  await expect(page.getByText('The checkout was canceled', { exact: false })).toBeVisible();
  await finish(page);
  await page.waitForURL(/\/v3\/billing\/checkout\//, { timeout: 30_000 });
  expect(await count('tenants', { email_domain: `torvalds-${t}.com` })).toBe(1);
  expect(await count('users', { username: email })).toBe(1);
  const checkoutPath = new URL(page.url()).pathname;

  // Another visit (the wizard remembers nothing): the duplicate-user check gives the unfinished checkout, and the browser goes there.
  await page.goto(`${e.url}/signUpWithTenant?cart=plan_plus_usd_year`);
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await fillUser(page, { first: 'Linus', last: 'Torvalds', email, password: PASSWORD });
  await next(page);
  await page.waitForURL(/\/v3\/billing\/checkout\//, { timeout: 30_000 });
  expect(new URL(page.url()).pathname).toBe(checkoutPath);
});

test('/signUpSevenFigureMsp: Subscription Details with the affiliate plan and the $75/month credit; the free plan goes to confirm sign-up', async ({
  page,
}) => {
  const t = tag();
  const email = `alan-${t}@turing-${t}.com`;
  await page.goto(`${e.url}/signUpSevenFigureMsp`);
  await expect(page.getByRole('heading', { name: 'Affiliate sign up' })).toBeVisible();
  await expect(tab(page, '3 Subscription Details')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('region', { name: 'Selected Plans' })).toContainText('Affiliate Partner Plan');
  await fillUser(page, { first: 'Alan', last: 'Turing', email, password: PASSWORD });
  await next(page);
  await expect(tab(page, '2 Account Details')).toHaveAttribute('aria-selected', 'true');
  await next(page);
  await expect(tab(page, '3 Subscription Details')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, '2 Account Details')).toHaveAttribute('aria-disabled', 'true');
  const details = panel(page);
  await expect(details).toContainText('sevenfiguremsp');
  await expect(details.getByTestId('signup-affiliate-plan')).toContainText('Affiliate Partner Plan');
  await expect(details.getByTestId('signup-affiliate-plan')).toContainText('Free');
  await expect(details).toContainText('$75/month');
  await details.getByRole('button', { name: 'Prev' }).click();
  await expect(tab(page, '2 Account Details')).toHaveAttribute('aria-selected', 'true');
  await next(page);
  await expect(tab(page, '3 Subscription Details')).toHaveAttribute('aria-selected', 'true');
  await finish(page);

  await page.waitForURL(/\/confirmSignUp\?username=/, { timeout: 30_000 });
  await expect(page.getByLabel('Username (e-mail)')).toHaveValue(email);
  const signup = await e.s.k.db.withSystem((trx) =>
    trx('tenant_signups').where({ email }).first('tenant_id', 'affiliate', 'signup_source'),
  );
  expect(signup).toMatchObject({ affiliate: 'sevenfiguremsp', signup_source: 'signUpSevenFigureMsp' });
});
