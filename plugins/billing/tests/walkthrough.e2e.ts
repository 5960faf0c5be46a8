/**
 * The outcome in one walkthrough in real Chromium: a new MSP goes from /plans through the sign-up wizard
 * and the embedded checkout to a working dashboard. Against a server of this file's own (tests/e2e/kernel-server.ts:
 * the real kernel, the billing plugin on its embedded provider and the built workspace on a fresh database), so
 * the confirmation code can be read from the mail outbox. Build the workspace first (`npm run build:workspace`).
 *
 * /plans: Basic Edition (monthly, USD) into the cart, Checkout -> /signUpWithTenant?cart=...; both tabs, Finish;
 * the checkout page paid with the test card; the code from the outbox; sign-in and the terms; without companies
 * /noCompanies; the first company added on /datamanagercompanies; then /dashboard opens and /subscription shows
 * Basic Edition on a 30-day trial with 1 of 5 customers active, as GET /v3/manager/tenant/{id}/subscriptions does.
 */
import { expect, test, type Frame, type Page } from '@playwright/test';
import { startE2EKernel, type E2EKernel } from '../../../tests/sdk';
import type { SubscriptionRow } from '../shared/types';

const PASSWORD = 'Walkthrough#Msp1';
const DAY_MS = 24 * 60 * 60 * 1000;
let e: E2EKernel;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  e = await startE2EKernel();
});
test.afterAll(async () => {
  await e?.stop();
});

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const panel = (page: Page) => page.getByRole('tabpanel');
const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface SubscriptionsAnswer {
  subscriptions: (SubscriptionRow & { trial_end: string | null })[];
  status_by_module: Record<string, string>;
  overall_status: string;
  provider: string;
  has_customer: boolean;
}

test('a new MSP: /plans, cart, sign-up wizard, embedded checkout, confirmation, first company, dashboard and subscription', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const t = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const domain = `northwind-${t}.com`;
  const email = `maria-${t}@${domain}`;
  const company = `Northwind MSP ${t}`;

  // /plans: monthly USD, Basic Edition into the cart, Checkout.
  await page.goto(`${e.url}/plans`);
  await expect(page.getByRole('heading', { level: 1, name: 'Plans and pricing' })).toBeVisible();
  await expect(
    page.getByRole('radiogroup', { name: 'Billing interval' }).getByRole('radio', { name: 'Monthly' }),
  ).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radiogroup', { name: 'Currency' }).getByRole('radio', { name: /USD/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  const basic = card(page, 'Basic Edition');
  await expect(basic.getByTestId('plan-price')).toHaveText('$75 USD / month');
  await expect(basic).toContainText('30-day free trial');
  await basic.getByRole('button', { name: /Add package/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('table', { name: 'Cart' })).toContainText('Basic Edition');
  await expect(drawer.getByTestId('cart-total')).toHaveText('$75 USD / month');
  await expect(drawer.getByTestId('cart-trial')).toHaveText('30-day free trial');
  await drawer.getByRole('button', { name: 'Checkout' }).click();

  // The wizard with the cart: the Selected Plans panel, then both tabs.
  await page.waitForURL(/\/signUpWithTenant\?cart=plan_basic_usd_month$/);
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  const selected = page.getByRole('region', { name: 'Selected Plans' });
  await expect(selected).toContainText('Basic Edition');
  await expect(selected).toContainText('$75 USD / month');
  await expect(selected).toContainText('Up to 5 customers');
  await expect(tab(page, '1 User Details')).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('First name').fill('Maria');
  await page.getByLabel('Last name').fill('Anders');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await panel(page).getByRole('button', { name: 'Next' }).click();
  await expect(tab(page, '2 Account Details')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Email domain')).toHaveValue(domain);
  await expect(page.getByLabel('Website')).toHaveValue(`https://${domain}`);
  await page.getByLabel('Company name').fill(company);
  await panel(page).getByRole('button', { name: 'Finish' }).click();

  // The embedded checkout: Basic Edition, paid with the test card (a trial, so 'Start trial').
  await page.waitForURL(/\/billing\/checkout\//, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribe to Lifecycle' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Your order' })).toContainText('Basic Edition');
  await page.getByLabel('Name on card').fill('Maria Anders');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page
    .getByLabel('Expiry (MM/YY)')
    .fill(`12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`);
  await page.getByLabel('Security code (CVC)').fill('123');
  const paidAt = Date.now();
  await page.getByRole('button', { name: 'Start trial' }).click();

  // Confirm sign-up with the code from the outbox, sign in, accept the terms.
  await page.waitForURL(/\/confirmSignUp\?username=/, { timeout: 30_000 });
  await expect(page.getByLabel('Username (e-mail)')).toHaveValue(email);
  await page.getByLabel('Code').fill(await e.lastCode(email));
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/signIn\?.*interaction=/, { timeout: 30_000 });
  // The e-mail arrives as the interaction's login hint: submitting before it is there fails validation quietly.
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/userTerms/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Accept' }).click();

  // Subscribed but without companies: the guard's /noCompanies.
  await page.waitForURL(/\/noCompanies$/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No companies yet' })).toBeVisible();

  const user = await e.s.k.db.withSystem((trx) =>
    trx('users').where({ username: email }).first('user_id', 'current_tenant_id', 'confirmed_flag'),
  );
  expect(user).toMatchObject({ confirmed_flag: true });
  const tenantId = Number(user.current_tenant_id);
  const tenant = await e.s.k.db.withSystem((trx) =>
    trx('tenants').where({ tenant_id: tenantId }).first('name', 'email_domain'),
  );
  expect(tenant).toEqual({ name: company, email_domain: domain });

  // The first company, on the companies page as a user adds it.
  await page.goto(`${e.url}/datamanagercompanies`);
  await expect(page.getByRole('heading', { name: 'No companies yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Add company' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add company' });
  await add.getByLabel('Company name').fill('Alfreds Futterkiste');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toHaveCount(0);
  const companies = page.getByRole('table', { name: 'Companies' });
  await expect(companies.getByRole('row')).toHaveCount(2); // header and the company
  await expect(companies).toContainText('Alfreds Futterkiste');
  await expect(page.getByLabel('Alfreds Futterkiste active')).toBeChecked();

  // The dashboard opens, in the app and on a fresh load, without a redirect: every page the main frame shows
  // (history changes included) is /dashboard, apart from the app's start-up /initializer?path=/dashboard on the load.
  const visited: string[] = [];
  const record = (f: Frame) => {
    if (f === page.mainFrame()) visited.push(new URL(f.url()).pathname);
  };
  page.on('framenavigated', record);
  await page.getByRole('link', { name: 'Lifecycle home' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome to ${company}` })).toBeVisible();
  await page.goto(`${e.url}/dashboard`);
  await expect(page.getByRole('heading', { name: `Welcome to ${company}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No companies yet' })).toHaveCount(0);
  page.off('framenavigated', record);
  expect(new Set(visited.filter((p) => p !== '/initializer'))).toEqual(new Set(['/dashboard']));
  expect(visited).toContain('/initializer'); // the fresh load did start the app again

  // /subscription: Basic Edition on its 30-day trial, 1 of up to 5 customers active; the API the page reads says the same.
  const answer = page.waitForResponse(
    (r) =>
      r.request().method() === 'GET' && new URL(r.url()).pathname === `/v3/manager/tenant/${tenantId}/subscriptions`,
  );
  await page.goto(`${e.url}/subscription`);
  const res = await answer;
  expect(res.status()).toBe(200);
  const body = (await res.json()) as SubscriptionsAnswer;
  expect(body).toMatchObject({
    provider: 'embedded',
    has_customer: true,
    overall_status: 'trialing',
    status_by_module: { Core: 'trialing' },
  });
  expect(body.subscriptions).toHaveLength(1);
  const row = body.subscriptions[0];
  expect(row).toMatchObject({
    stripe_plan_id: 'plan_basic_usd_month',
    product_name: 'Basic Edition',
    module_moniker: 'Core',
    subscription_status: 'trialing',
    plan_interval: 'month',
    limit_max_companies: 5,
    module_active_companies: 1,
  });
  const trialEnd = new Date(row.trial_end ?? '').getTime();
  expect(Math.abs(trialEnd - (paidAt + 30 * DAY_MS))).toBeLessThan(DAY_MS / 2); // 30 days from the checkout

  // The same row in the database.
  const stored = await e.s.k.db.withSystem((trx) =>
    trx('billing_subscription_items as i')
      .join('billing_subscriptions as s', function on() {
        this.on('s.tenant_id', 'i.tenant_id').andOn('s.stripe_subscription_id', 'i.stripe_subscription_id');
      })
      .where('i.tenant_id', tenantId)
      .select('s.status', 'i.stripe_plan_id'),
  );
  expect(stored).toEqual([{ status: 'trialing', stripe_plan_id: 'plan_basic_usd_month' }]);

  await expect(page.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toContainText('Overall: Trial');
  await expect(page.getByTestId('subscription-status')).toContainText('vCIO (Core): Trial');
  const plan = page.getByRole('table', { name: 'Subscribed plans' }).getByTestId('subscription-plan-row');
  await expect(plan).toHaveCount(1);
  await expect(plan).toContainText('Basic Edition');
  await expect(plan).toContainText('Trial');
  await expect(plan).toContainText(`Trial ends ${dayOf(trialEnd)}`);
  await expect(plan).toContainText('1 active · Up to 5 customers');
  await expect(plan).toContainText('$75 / month');
  await expect(page).toHaveURL(/\/subscription$/);
});
