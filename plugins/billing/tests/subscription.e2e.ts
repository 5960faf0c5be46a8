/**
 * /subscription and the subscription guard in real Chromium, against a server of this worker (real kernel,
 * embedded billing provider, built workspace on a fresh database), so each tenant can start without module
 * grants and get its Basic subscription the way a customer does: addPlans through the API, then the embedded
 * checkout paid with a test card.
 *  (a) upgrade Basic -> Professional on /subscription: the page then shows Professional and 25 customers;
 *  (b) Basic (5) with five companies: the companies page offers no sixth (Add disabled, the reason shown); a sixth
 *      active company from elsewhere: /dashboard lands on the maxCompanies violation, /datamanagercompanies stays
 *      reachable with only deactivation offered, and deactivating a company lets the user back to the dashboard.
 *  (c) a tenant admin without a subscription is sent to /subscription, chooses Basic, pays at the embedded checkout,
 *      comes back to it; after cancelling (confirmed), the dashboard leads to the statusNotActive violation.
 * Build the workspace first (`npm run build:workspace`).
 */
import { expect, test, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../../../tests/sdk';
import type { TestTenant } from '../../../tests/sdk';
import { signInToShell } from '../../../tests/sdk';
import { makeSubscriber } from './helpers';
import { postEmbeddedCheckout } from './providers';

const SUB = '/v3/manager/stripe/subscription/';
const COMPANIES_PAGE = '/datamanagercompanies';
let s: TestServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000); // a server of its own: slow to start on a busy machine
  s = await startTestServer({ workspace: true, jobs: false });
});
test.afterAll(async () => {
  await s?.stop();
});

/** A tenant admin whose tenant has no module grants and a Basic (USD, monthly) subscription paid at the embedded checkout. */
async function basicSubscriber(): Promise<TestTenant> {
  const t = await makeSubscriber(s.k, s.url, {
    pages: [
      { url: '/dashboard', access_level: 'Read/Write' },
      { url: COMPANIES_PAGE, access_level: 'Read/Write' },
    ],
  });
  const before = await t.api('GET', `/v3/manager/tenant/${t.tenantId}/subscriptions`);
  expect(before.body).toMatchObject({ subscriptions: [], complimentary_modules: [] });
  const r = await t.api('POST', SUB, { action: 'addPlans', planIds: ['plan_basic_usd_month'] });
  expect(r.status).toBe(200);
  const paid = await postEmbeddedCheckout(r.body.checkout.url);
  expect(paid.status).toBe(303);
  const after = await t.api('GET', `/v3/manager/tenant/${t.tenantId}/subscriptions`);
  expect(after.body.subscriptions).toMatchObject([{ stripe_plan_id: 'plan_basic_usd_month', limit_max_companies: 5 }]);
  return t;
}

async function addCompanies(t: TestTenant, names: string[]): Promise<void> {
  for (const moniker of names)
    expect((await t.api('POST', `/v3/tenant/${t.tenantId}/companies`, { moniker })).status).toBe(200);
}

const plansTable = (page: Page) => page.getByRole('table', { name: 'Subscribed plans' });
const home = (page: Page) => page.getByRole('link', { name: 'Lifecycle home' });

test('(a) upgrade from Basic to Professional on /subscription', async ({ page }) => {
  const t = await basicSubscriber();
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}/subscription`);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();
  await expect(plansTable(page)).toContainText('Basic Edition');
  await expect(plansTable(page)).toContainText('Up to 5 customers');
  await expect(page.getByTestId('subscription-status')).toContainText('vCIO (Core): Trial');
  await expect(page.getByTestId('upcoming-invoice')).toBeVisible();

  // The upgrade options: more customers, same currency and interval, cheapest first.
  const options = page.getByRole('region', { name: 'Upgrade', exact: true });
  await expect(options.getByTestId('plan-option').locator('h3')).toHaveText([
    'Professional Edition',
    'Plus Edition',
    'Premium Edition',
    'Enterprise Edition',
  ]);
  await expect(options.getByRole('group', { name: 'Professional Edition' }).getByTestId('plan-price')).toHaveText(
    '$175 / month',
  );
  await expect(page.getByRole('region', { name: 'Add Customer Success' })).toContainText('Customer Success Basic');

  await page.getByRole('button', { name: 'Upgrade to Professional Edition' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Professional Edition' });
  await expect(dialog).toContainText('Your plan changes from Basic Edition to Professional Edition');
  await dialog.getByRole('button', { name: 'Upgrade', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  await expect(plansTable(page)).toContainText('Professional Edition');
  await expect(plansTable(page)).toContainText('Up to 25 customers');
  await expect(plansTable(page)).not.toContainText('Basic Edition');
  const now = await t.api('GET', `/v3/manager/tenant/${t.tenantId}/subscriptions`);
  expect(now.body.subscriptions.map((r: { stripe_plan_id: string }) => r.stripe_plan_id)).toEqual([
    'plan_professional_usd_month',
  ]);

  // A reload shows the same (the page reads the server's state).
  await page.reload();
  await expect(plansTable(page)).toContainText('Professional Edition');
  await expect(page.getByRole('button', { name: 'Upgrade to Professional Edition' })).toHaveCount(0);
});

test('(b) a sixth company on Basic: refused on the companies page, maxCompanies violation above the limit, deactivating lets the user back', async ({
  page,
}) => {
  const t = await basicSubscriber();
  await addCompanies(t, ['Alpha Dental', 'Bravo Logistics', 'Charlie Law', 'Delta Clinics', 'Echo Manufacturing']);
  await signInToShell(page, t.email, t.password, s.url);
  await expect(page).toHaveURL(/\/dashboard$/);

  // At the limit the companies page (an exempt page of step 15) offers no sixth company: Add is off, with the reason.
  await page.goto(`${s.url}${COMPANIES_PAGE}`);
  await expect(page.getByTestId('company-limit')).toContainText(
    'Your plan allows 5 active companies and 5 are active. Deactivate companies or upgrade your plan',
  );
  await expect(page.getByRole('button', { name: 'Add company' }).first()).toBeDisabled();

  // Above the limit (a sixth active company from an import or a smaller plan).
  await s.k.db.withTenant(t.tenantId, (trx) =>
    trx('tenant_companies').insert({ tenant_id: t.tenantId, moniker: 'Foxtrot Retail', is_active: true }),
  );
  await page.reload();
  await expect(page.getByRole('table', { name: 'Companies' }).getByRole('row')).toHaveCount(7);
  await expect(page.getByTestId('company-limit')).toContainText('6 are active, more than it allows');
  await expect(page.getByRole('button', { name: 'Add company' }).first()).toBeDisabled();
  await expect(page).toHaveURL(new RegExp(`${COMPANIES_PAGE}$`));

  // To the dashboard in the app: the guard sends the user to the violation.
  await home(page).click();
  await expect(page).toHaveURL(/\/subscriptionViolation\?violationType=maxCompanies$/);
  await expect(page.getByRole('heading', { name: 'More active companies than your plan allows' })).toBeVisible();
  await expect(page.getByTestId('violation-explanation')).toContainText('6 active client companies');
  // A fresh load decides on the server's count the same way.
  await page.goto(`${s.url}/dashboard`);
  await expect(page).toHaveURL(/\/subscriptionViolation\?violationType=maxCompanies$/);

  // The way out: the companies page stays reachable; deactivate one company.
  await page.getByRole('button', { name: 'Manage companies' }).click();
  await expect(page).toHaveURL(new RegExp(`${COMPANIES_PAGE}$`));
  const active = page.getByLabel('Foxtrot Retail active');
  await expect(active).toBeChecked();
  await active.focus(); // by keyboard: the switch's input is visually hidden under its indicator
  await page.keyboard.press('Space');
  await expect(active).not.toBeChecked();
  // Back at the limit: the company cannot be activated again, nor one added.
  await expect(active).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add company' }).first()).toBeDisabled();

  await home(page).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
  await page.goto(`${s.url}/dashboard`);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('(c) no subscription: /subscription, checkout with a test card, then cancel leads to statusNotActive', async ({
  page,
}) => {
  const t = await makeSubscriber(s.k, s.url, {
    pages: [
      { url: '/dashboard', access_level: 'Read/Write' },
      { url: COMPANIES_PAGE, access_level: 'Read/Write' },
    ],
  });
  // Without a subscription the API refuses tenant writes (the same rule as the guard).
  expect((await t.api('POST', `/v3/tenant/${t.tenantId}/companies`, { moniker: 'Golf Partners' })).status).toBe(402);
  await signInToShell(page, t.email, t.password, s.url);
  // Step 13: no subscription, no open checkout, tenant admin -> /subscription.
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('subscription-status')).toContainText('Overall: No subscription');
  const choose = page.getByRole('region', { name: 'Choose a plan' });
  await expect(choose.getByRole('group', { name: 'Basic Edition' })).toContainText('30-day free trial');
  await choose.getByText('Annual', { exact: true }).click(); // the label (Blueprint hides the input under its indicator)
  await expect(choose.getByRole('radio', { name: 'Annual' })).toBeChecked();
  await expect(choose.getByRole('group', { name: 'Basic Edition' }).getByTestId('plan-price')).toHaveText(
    '$825 / year',
  );
  await choose.getByText('Monthly', { exact: true }).click();
  await page.getByRole('button', { name: 'Choose Basic Edition' }).click();
  await page
    .getByRole('dialog', { name: 'Subscribe to Basic Edition' })
    .getByRole('button', { name: 'Continue to payment' })
    .click();

  // The embedded checkout page, then back to /subscription.
  await expect(page.getByRole('heading', { name: 'Subscribe to Lifecycle' })).toBeVisible();
  await page.getByLabel('Name on card').fill('Test Admin');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page
    .getByLabel('Expiry (MM/YY)')
    .fill(`12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expect(page).toHaveURL(/\/subscription\?checkout=success$/);
  await expect(page.getByRole('status').filter({ hasText: 'your payment details were confirmed' })).toBeVisible();
  await expect(plansTable(page)).toContainText('Basic Edition');
  await addCompanies(t, ['Golf Partners']);
  await page.goto(`${s.url}/dashboard`);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Cancel: the confirmation says what happens; afterwards the guard sends the user to statusNotActive.
  await page.goto(`${s.url}/subscription`);
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel subscription' });
  await expect(dialog).toContainText('The subscription ends now');
  await expect(dialog).toContainText('Your companies, reports and settings are kept.');
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('subscription-status')).toContainText('Overall: Cancelled');
  await home(page).click();
  await expect(page).toHaveURL(/\/subscriptionViolation\?violationType=statusNotActive$/);
  await expect(page.getByRole('heading', { name: 'Your subscription is not active' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update payment method' })).toBeVisible();
});
