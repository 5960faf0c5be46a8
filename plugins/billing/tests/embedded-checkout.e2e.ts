/**
 * The embedded checkout page in real Chromium: reached by its labels and roles, a declined card announced
 * in an alert and nothing subscribed, a valid card subscribing and returning to the success URL.
 */
import { expect, test } from '@playwright/test';
import { startTestServer, type TestServer } from '../../../tests/sdk';
import type { TestTenant } from '../../../tests/sdk';
import { makeSubscriber } from './helpers';

let s: TestServer;
let t: TestTenant;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  s = await startTestServer({ engine: 'pglite', jobs: false });
  t = await makeSubscriber(s.k, s.url);
});
test.afterAll(async () => {
  await s?.stop();
});

test('declined, then paid: the embedded checkout by keyboard-reachable labels', async ({ page }) => {
  const { checkout } = (
    await t.api('POST', '/v3/manager/stripe/subscription/', {
      action: 'addPlans',
      planIds: ['plan_professional_usd_month', 'plan_cs_professional_usd_month'],
    })
  ).body;
  await page.goto(checkout.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribe to Lifecycle' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Your order' })).toContainText('Professional Edition');
  await expect(page.locator('#due-today')).toHaveText('$350.00');
  await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
    'href',
    `${s.url}/subscription?checkout=canceled`,
  );

  await page.getByLabel('Name on card').fill('Jordan Reyes');
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  expect((await t.api('GET', `/v3/manager/tenant/${t.tenantId}/subscriptions`)).body.subscriptions).toEqual([]);
  await expect(page.getByLabel('Name on card')).toHaveValue('Jordan Reyes');

  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Security code (CVC)').fill('321');
  await page.getByLabel('Security code (CVC)').press('Enter');
  await expect(page).toHaveURL(`${s.url}/subscription?checkout=success`);
  const rows = (await t.api('GET', `/v3/manager/tenant/${t.tenantId}/subscriptions`)).body;
  expect(rows.status_by_module).toMatchObject({ Core: 'active', 'Customer Success': 'active' });
});
