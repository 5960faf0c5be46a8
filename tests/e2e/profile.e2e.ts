/**
 * /profile and the tenant-wide "require MFA" setting in real Chromium (issue 15 A4), on a server of this file's own
 * (tests/e2e/kernel-server.ts) so the test can prepare users and read the audit log:
 *  - a user edits their names and phone (field messages first, then saved and shown in the header's session), sets up
 *    an authenticator app with the secret shown (the test computes the codes with otplib) after their password, and is
 *    asked for the app's code at the next sign-in;
 *  - a tenant admin turns on "Require two-step sign-in" in the Security section of /accountsettings (confirmed,
 *    audited); a user of that tenant without a factor must set up an app at their next sign-in before any page.
 * Build the workspace first (`npm run build:workspace`).
 */
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { addTenantUser, createUser } from '../../kernel/tenancy/provision';
import { startE2EKernel, type E2EKernel } from './kernel-server';
import { makeTenant, TEST_PASSWORD } from '../helpers/tenants';

let e: E2EKernel;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  e = await startE2EKernel();
});
test.afterAll(async () => {
  await e?.stop();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
const PAGES = [
  { url: '/dashboard', access_level: 'Read/Write' as const },
  { url: '/accountsettings', access_level: 'Read/Write' as const },
];

async function signIn(page: Page, email: string) {
  await page.goto(`${e.url}/`);
  await page.waitForURL(/\/signIn\?.*interaction=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
}
const signedIn = (page: Page) =>
  expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 30_000 });
async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/(signIn|clients\/signin)\?.*interaction=/);
}

test('profile: names and phone with field messages; an authenticator app set up after the password, asked at the next sign-in', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const u = await makeTenant(e.s.k, e.url, { modules: ['Core', 'Admin'], pages: PAGES });
  await signIn(page, u.email);
  await signedIn(page);
  await page.goto(`${e.url}/profile`);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(u.email);
  await expect(page.getByLabel('Email')).toBeDisabled();

  const first = page.getByLabel('First name');
  await first.fill(' ');
  await page.getByLabel(/^Phone/).fill('555 12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Required.')).toBeVisible();
  await expect(page.getByText('Enter the number in international format with its country code')).toBeVisible();
  expect(
    (await e.s.k.db.withSystem((trx) => trx('users').where({ user_id: u.userId }).first('name_first'))).name_first,
  ).toBe('Test');

  await first.fill('Robin');
  await page.getByLabel('Last name').fill("O'Hara");
  await page.getByLabel(/^Phone/).fill('+1 (555) 010-2030');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await expect(page.getByLabel(/^Phone/)).toHaveValue('+15550102030');
  await expect(page.locator('.lci-user')).toHaveText("Robin O'Hara");

  // Two-step sign-in: off; the set-up asks for the current password first.
  await expect(page.getByTestId('mfa-status')).toContainText('Off');
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Enter your current password or a current code to confirm it is you.')).toBeVisible();
  await dialog.getByLabel('Current password').fill('Wrong#Pass1');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Incorrect password.')).toBeVisible();
  await dialog.getByLabel('Current password').fill(TEST_PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await dialog.getByTestId('profile-totp-secret').textContent())!.trim();
  const right = await generate({ secret });
  await dialog.getByLabel('Code from the app').fill(right === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(
    dialog.getByText('That code is not right; wait for the next code if you just used this one'),
  ).toBeVisible();
  await dialog.getByLabel('Code from the app').fill(right);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your authenticator app is set up')).toBeVisible();
  await expect(page.getByTestId('mfa-status')).toContainText('Authenticator app');

  // The next sign-in asks for the app's code.
  await signOut(page);
  await signIn(page, u.email);
  await page.waitForURL(/\/confirmMFA\?interaction=/);
  await page.getByLabel('Code', { exact: true }).fill(await generate({ secret, epoch: nowSeconds() + 30 }));
  await page.getByRole('button', { name: 'Submit' }).click();
  await signedIn(page);

  // Removing it is confirmed in its dialog, with the password.
  await page.goto(`${e.url}/profile`);
  await page.getByRole('button', { name: 'Remove two-step sign-in' }).click();
  await expect(page.getByRole('dialog')).toContainText('Your account will be protected by your password only.');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Use a code instead' })).toBeVisible();
  await page.getByRole('dialog').getByLabel('Current password').fill(TEST_PASSWORD);
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Two-step sign-in has been removed.')).toBeVisible();
  await expect(page.getByTestId('mfa-status')).toContainText('Off');
});

test('require MFA: the admin turns it on under Account Settings > Security; a user without a factor sets one up at the next sign-in', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const admin = await makeTenant(e.s.k, e.url, { modules: ['Core', 'Admin'], pages: PAGES });
  const memberEmail = `member-${Date.now().toString(36)}@e2e.example.com`;
  const hash = await e.s.k.identity.hashPassword(TEST_PASSWORD);
  await e.s.k.db.withSystem(async (trx) => {
    const id = await createUser(trx, {
      email: memberEmail,
      passwordHash: hash,
      firstName: 'Mia',
      lastName: 'Member',
      currentTenantId: admin.tenantId,
    });
    await addTenantUser(trx, admin.tenantId, {
      userId: id,
      securityGroupId: admin.securityGroupId,
      tenantAdmin: false,
    });
  });

  await signIn(page, admin.email);
  await signedIn(page);
  await page.goto(`${e.url}/accountsettings`);
  const section = page.locator('#security');
  await expect(section.getByRole('heading', { name: 'Security' })).toBeVisible();
  await expect(section.getByText('2 of 2 users have no two-step sign-in.')).toBeVisible();
  const toggle = section.getByLabel('Require two-step sign-in for every user');
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  const confirm = page.getByRole('alertdialog').or(page.locator('.bp6-alert'));
  await expect(confirm).toContainText('2 users without it will have to set up an authenticator app');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  await confirm.getByRole('button', { name: 'Require it' }).click();
  await expect(section.getByText('Two-step sign-in is now required.')).toBeVisible();
  await expect(toggle).toBeChecked();
  const audit = await e.s.k.db.withSystem((trx) =>
    trx('audit_log')
      .where({ action: 'tenant.security.require_mfa', tenant_id: admin.tenantId })
      .select('actor_user_id', 'details'),
  );
  expect(audit).toEqual([
    { actor_user_id: admin.userId, details: { requireMfa: true, before: false, usersWithoutMfa: 2 } },
  ]);

  // The member's next sign-in: an authenticator app must be set up before any page.
  await signOut(page);
  await signIn(page, memberEmail);
  await page.waitForURL(/\/setupMFA\?interaction=/);
  const secret = (await page.getByTestId('mfa-secret-code').textContent())!.trim();
  await page.getByLabel('Code', { exact: true }).fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Submit' }).click();
  await signedIn(page);
  await page.goto(`${e.url}/profile`);
  await expect(page.getByTestId('mfa-status')).toContainText('Authenticator app');
  await expect(page.getByText('Your company requires two-step sign-in for every user.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove two-step sign-in' })).toBeDisabled();
});
