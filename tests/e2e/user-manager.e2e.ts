/**
 * The user manager (/usermanager) in real Chromium against the shared server with the demo data: the
 * demo admin adds a user (invited, 'Invitation pending'), sees the server's errorMessage in an alert
 * for a duplicate, edits the user's names and rights, deactivates them after a confirmation, and
 * signs out to /clients/signin (not an internal user). The demo account manager is refused the page.
 */
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_MANAGER_GROUP, DEMO_ACCOUNT_MANAGER, DEMO_ADMIN } from '../../fixtures/demo';
import { PASSWORD, signIn as signInThroughForm } from './session';

const MSG_TENANT_ADMIN =
  'This page requires Admin Access - please contact your company administrator if you feel like should have access to this page.';

async function signIn(page: Page, email: string) {
  await signInThroughForm(page, email, PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible({ timeout: 30_000 });
}

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const userRow = (page: Page, email: string) => usersTable(page).getByRole('row').filter({ hasText: email });

test('the demo admin adds a user, edits them and deactivates them', async ({ page }) => {
  const email = `new.hire-${Date.now().toString(36)}@demo-msp.example`;
  await signIn(page, DEMO_ADMIN.email);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'User Manager' }).click();
  await expect(page).toHaveURL(/\/usermanager$/);
  await expect(page.getByRole('heading', { level: 1, name: 'User Manager' })).toBeVisible();
  await expect(userRow(page, DEMO_ADMIN.email)).toContainText('Tenant admin');
  await expect(userRow(page, DEMO_ACCOUNT_MANAGER.email)).toContainText(ACCOUNT_MANAGER_GROUP);
  // The admin cannot deactivate themselves from the list.
  await expect(userRow(page, DEMO_ADMIN.email).getByRole('button', { name: /^Deactivate/ })).toHaveCount(0);

  // Add: inline validation first, then a real add.
  await page.getByRole('button', { name: 'Add user' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog.getByText('Required.').first()).toBeVisible();
  await dialog.getByLabel('E-mail').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog.getByText('Invalid e-mail.')).toBeVisible();
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('First name').fill('Riley');
  await dialog.getByLabel('Last name').fill('Hire');
  await dialog.getByLabel('Security group').selectOption({ label: ACCOUNT_MANAGER_GROUP });
  await dialog.getByLabel('Last name').press('Enter'); // Enter submits
  await expect(dialog).toHaveCount(0);
  const row = userRow(page, email);
  await expect(row).toContainText('Riley Hire');
  await expect(row).toContainText(ACCOUNT_MANAGER_GROUP);
  await expect(row).toContainText('Invitation pending');
  await expect(row.getByRole('button', { name: `Resend registration e-mail to ${email}` })).toBeVisible();

  // The same e-mail again: the server's errorMessage in an alert, nothing added.
  await page.getByRole('button', { name: 'Add user' }).first().click();
  const again = page.getByRole('dialog', { name: 'Add user' });
  await again.getByLabel('E-mail').fill(email);
  await again.getByLabel('First name').fill('Riley');
  await again.getByLabel('Last name').fill('Hire');
  await again.getByRole('button', { name: 'Add user' }).click();
  const alert = page.getByRole('alertdialog').filter({ hasText: `User Email Already Exists: ${email}` });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'OK' }).click();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(userRow(page, email)).toHaveCount(1);

  // Resend the registration e-mail.
  await row.getByRole('button', { name: `Resend registration e-mail to ${email}` }).click();
  await expect(page.getByText(`Registration e-mail sent to ${email}.`)).toBeVisible();

  // Edit: names and tenant admin; the e-mail cannot change.
  await row.getByRole('button', { name: `Edit ${email}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Riley Hire' });
  await expect(edit.getByLabel('E-mail')).toBeDisabled();
  await expect(edit.getByLabel('E-mail')).toHaveValue(email);
  await edit.getByLabel('First name').fill('Rowan');
  await edit.locator('label', { hasText: 'Tenant admin' }).click();
  await expect(edit.getByRole('checkbox', { name: 'Tenant admin' })).toBeChecked();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText('Rowan Hire');
  await expect(row).toContainText('Tenant admin');

  // Deactivate: a confirmation first; Cancel keeps the user active.
  await row.getByRole('button', { name: `Deactivate ${email}` }).click();
  const confirm = page.getByRole('alertdialog').filter({ hasText: 'Deactivate Rowan Hire?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('Invitation pending');
  await row.getByRole('button', { name: `Deactivate ${email}` }).click();
  await page
    .getByRole('alertdialog')
    .filter({ hasText: 'Deactivate Rowan Hire?' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(row).toContainText('Inactive');
  await expect(row.getByRole('button', { name: `Deactivate ${email}` })).toHaveCount(0);

  // Search filters the table.
  await page.getByRole('searchbox', { name: 'Search users' }).fill('rowan');
  await expect(usersTable(page).getByRole('row')).toHaveCount(2); // header + one
  await page.getByRole('searchbox', { name: 'Search users' }).fill('zzzz-nobody');
  await expect(page.getByText('No matching users')).toBeVisible();

  // Sign-out of a non-internal user ends at /clients/signin.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/clients\/signin(\?|$)/, { timeout: 30_000 });
});

test('the demo account manager (no admin) is refused the user manager', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNT_MANAGER.email);
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'User Manager' }),
  ).toHaveCount(0);
  const tenantCall = page.waitForRequest((r) => /\/v3\/tenant\/\d+\//.test(r.url()) && !!r.headers().authorization);
  await page.goto('/usermanager');
  await expect(page.getByRole('alertdialog').filter({ hasText: MSG_TENANT_ADMIN })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/usermanager/);
  // The API refuses too.
  const signed = await tenantCall;
  const tenantId = /\/v3\/tenant\/(\d+)\//.exec(signed.url())![1];
  const h = signed.headers();
  const r = await page.request.get(`/v3/tenantadmin/${tenantId}/users`, {
    headers: { authorization: h.authorization, 'x-api-key': h['x-api-key'] },
  });
  expect(r.status()).toBe(403);
});
