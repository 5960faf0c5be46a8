/**
 * Admin and support pages end to end in Chromium, as an internal admin: send a notification to a tenant
 * (/lciadmin/lcinotificationadmin), change that tenant's currency with confirmation (/lcisupport/currency), and
 * override a menu entry's title (/lciadmin/menu). Each change is checked in the database too. A user of the tenant
 * then sees the notification as a banner on every page and dismisses it.
 */
import { expect, test, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { makeTenant, TEST_PASSWORD } from '../../../tests/sdk';
import { signInToShell } from '../../../tests/sdk';

let s: TestServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  s = await startTestServer({ engine: 'pglite', workspace: true, jobs: false });
});
test.afterAll(async () => {
  await s?.k.db
    .withSystem((trx) => trx('kernel_settings').where({ key: 'nav_overrides' }).delete())
    .catch(() => undefined);
  await s?.stop();
});

test('an internal admin sends a notification, changes a currency and renames a menu entry', async ({ browser }) => {
  test.setTimeout(180_000);
  const customer = await makeTenant(s.k, s.url, { name: 'Harbour IT' });
  const admin = await makeTenant(s.k, s.url, { lciAdmin: true });
  const page: Page = await (await browser.newContext()).newPage();
  await signInToShell(page, admin.email, TEST_PASSWORD, s.url);

  // Notifications: the form explains what is missing, then sends to one tenant.
  await page.goto(`${s.url}/lciadmin/lcinotificationadmin`);
  await expect(page.getByText('No notifications sent yet')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Title').fill('Upgrade tonight');
  await expect(page.getByText('A message is required.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send notification' })).toBeDisabled();
  await page.getByLabel('Message').fill('Short downtime at 22:00 UTC');
  await page.getByLabel('Send to').selectOption('tenant');
  await expect(page.getByText('Enter the tenant id.')).toBeVisible();
  await page.getByLabel('tenant id').fill(String(customer.tenantId));
  await page.getByRole('button', { name: 'Send notification' }).click();
  const sent = page.getByRole('row').filter({ hasText: 'Upgrade tonight' });
  await expect(sent).toBeVisible();
  await expect(sent.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  const n = await s.k.db.withSystem((trx) => trx('lci_notifications').where({ title: 'Upgrade tonight' }).first());
  expect(n).toMatchObject({ target: 'tenant', active_flag: true });
  expect(Number(n.target_tenant_id)).toBe(customer.tenantId);

  // Currency: cancelling the confirmation changes nothing; confirming changes it.
  await page.goto(`${s.url}/lcisupport/currency`);
  await page.getByLabel('Search tenants').fill('Harbour');
  const currency = page.getByLabel('Currency of Harbour IT');
  await expect(currency).toBeVisible({ timeout: 30_000 });
  const before = await currency.inputValue();
  const to = before === 'GBP' ? 'AUD' : 'GBP';
  await currency.selectOption(to);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  expect(
    (await s.k.db.withSystem((trx) => trx('tenants').where({ tenant_id: customer.tenantId }).first('currency')))
      .currency,
  ).toBe(before);
  await currency.selectOption(to);
  await expect(page.getByRole('alertdialog')).toContainText(`from ${before} to ${to}`);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Change currency' }).click();
  await expect(currency).toHaveValue(to);
  await expect
    .poll(
      async () =>
        (await s.k.db.withSystem((trx) => trx('tenants').where({ tenant_id: customer.tenantId }).first('currency')))
          .currency,
    )
    .toBe(to);

  // Menu: an internal-area entry cannot be hidden, but its title can be overridden (and the override removed).
  await page.goto(`${s.url}/lciadmin/menu`);
  await page.getByLabel('Filter menu entries').fill('/lcisupport/currency');
  await page.getByRole('button', { name: 'Edit /lcisupport/currency' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('switch', { name: 'Hidden from the menu' }).or(dialog.getByLabel('Hidden from the menu')),
  ).toBeDisabled();
  await dialog.getByLabel('Order').fill('abc');
  await expect(dialog.getByText('The order is a whole number between -10000 and 10000.')).toBeVisible();
  await dialog.getByLabel('Order').fill('');
  await dialog.getByLabel('Title').fill('Tenant Currency');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: '/lcisupport/currency' });
  await expect(row).toContainText('Tenant Currency');
  await expect(row).toContainText('overridden');
  const overrides = await s.k.db.withSystem((trx) =>
    trx('kernel_settings').where({ key: 'nav_overrides' }).first('value'),
  );
  const value = typeof overrides.value === 'string' ? JSON.parse(overrides.value) : overrides.value;
  expect(value['/lcisupport/currency']).toEqual({ title: 'Tenant Currency' });

  // The tenant's user sees the notification as a banner under the top bar and dismisses it (for good).
  const user = await (await browser.newContext()).newPage();
  await signInToShell(user, customer.email, TEST_PASSWORD, s.url);
  const banner = user.getByRole('status').filter({ hasText: 'Upgrade tonight' });
  await expect(banner).toContainText('Short downtime at 22:00 UTC', { timeout: 30_000 });
  await banner.getByRole('button', { name: 'Dismiss notification Upgrade tonight' }).click();
  await expect(banner).toBeHidden();
  await expect
    .poll(async () =>
      Number(
        (
          await s.k.db.withSystem((trx) =>
            trx('lci_notification_dismissals')
              .where({ notification_id: n.notification_id })
              .count<{ count: string }[]>('* as count'),
          )
        )[0].count,
      ),
    )
    .toBe(1);
  await user.reload();
  await expect(user.getByRole('navigation').first()).toBeVisible({ timeout: 30_000 });
  await expect(user.getByText('Upgrade tonight')).toHaveCount(0);
});
