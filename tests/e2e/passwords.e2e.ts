/**
 * Password flows in real Chromium against the real server (started in this worker, so the
 * reset code is read from the mail outbox in the database): reset from the sign-in screen
 * (/passwordReset -> /confirmPasswordReset with the live rules -> /signIn with the new password),
 * the forced new password at sign-in (NEW_PASSWORD_REQUIRED -> /changePassword -> /initializer),
 * and a signed-in change (-> dashboard).
 */
import { expect, test, type Page } from '@playwright/test';
import { startE2EKernel, type E2EKernel } from './kernel-server';

const NEW_PASSWORD = 'Fresh#Start2025';
let kx: E2EKernel;
/** Where a signed-in user of a fresh tenant lands: the dashboard, or the no-companies page the guard sends it to. */
const LANDED = /\/(dashboard|noCompanies)(\?|$)/;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  kx = await startE2EKernel();
});
test.afterAll(async () => {
  await kx?.stop();
});

async function openSignIn(page: Page) {
  await page.goto(`${kx.url}/signIn`);
  await page.waitForURL(/\/signIn\?.*interaction=/);
  await expect(page.getByLabel('Password')).toBeVisible();
}
async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}
const rule = (page: Page, id: string) =>
  page.getByRole('list', { name: 'Password rules' }).locator(`li[data-rule="${id}"]`);

test('reset: the sign-in link, a code by mail, the live rules, then sign in with the new password', async ({
  page,
}) => {
  const u = await kx.user();
  await openSignIn(page);
  await page.getByRole('link', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/passwordReset/);
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();

  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText('Required.')).toBeVisible();
  await page.getByLabel('Email').fill(u.email);
  await page.getByLabel('Email').press('Enter');
  await expect(page).toHaveURL(/\/confirmPasswordReset\?/);
  await expect(page.getByLabel('Email')).toHaveValue(u.email);
  await expect(
    page.getByText('If an account exists for this e-mail address, a code has been sent to it.'),
  ).toBeVisible();
  const mails = await kx.outbox(u.email);
  expect(mails[0].subject).toBe('Your Lifecycle password reset code');

  // Resend Code: a new code replaces the first.
  await page.getByRole('button', { name: 'Resend Code' }).click();
  await expect(
    page.getByText('If an account exists for this e-mail address, a code has been sent to it.'),
  ).toBeVisible();
  await expect.poll(async () => (await kx.outbox(u.email)).length).toBe(2);
  const code = await kx.lastCode(u.email);

  // The live rules follow the typing.
  const password = page.getByLabel('New Password');
  await password.fill('abc');
  await expect(rule(page, 'minLength')).toHaveAttribute('data-met', 'false');
  await expect(rule(page, 'lower')).toHaveAttribute('data-met', 'true');
  await expect(rule(page, 'special')).toHaveAttribute('data-met', 'false');
  await password.fill('Abcdefg1+');
  await expect(rule(page, 'special')).toHaveAttribute('data-met', 'false'); // plus does not count
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/^Password must have a special character/).first()).toBeVisible();

  // A wrong code is refused by the server with its message.
  await password.fill(NEW_PASSWORD);
  for (const id of ['minLength', 'maxLength', 'number', 'upper', 'lower', 'special'])
    await expect(rule(page, id)).toHaveAttribute('data-met', 'true');
  await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid verification code provided, please try again.');

  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/signIn\?.*interaction=/);
  await expect(page.getByText('Your password has been reset. Please sign in with your new password.')).toBeVisible();

  await submitSignIn(page, u.email, u.password);
  await expect(page.getByText('Login failed.')).toBeVisible();
  await submitSignIn(page, u.email, NEW_PASSWORD);
  await page.waitForURL(LANDED);
});

test('forced new password at sign-in: only the new password is asked, then the sign-in completes', async ({ page }) => {
  const u = await kx.user();
  await kx.s.k.db.withSystem((trx) => trx('users').where({ user_id: u.userId }).update({ force_new_password: true }));
  await openSignIn(page);
  await submitSignIn(page, u.email, u.password);
  await page.waitForURL(/\/changePassword\?interaction=/);
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveCount(0);

  const password = page.getByLabel('New Password');
  await password.fill('short');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password must have at least 8 characters.')).toBeVisible();
  await password.fill(u.password); // the server refuses the current password
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText('The new password must be different from the current password.');

  const visited: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) visited.push(new URL(f.url()).pathname);
  });
  await password.fill(NEW_PASSWORD);
  await password.press('Enter');
  await page.waitForURL(LANDED);
  expect(visited).toEqual(expect.arrayContaining(['/authed', '/initializer'])); // redirectTo -> /authed -> /initializer
  const row = await kx.s.k.db.withSystem((trx) =>
    trx('users').where({ user_id: u.userId }).first('force_new_password', 'password_hash'),
  );
  expect(row.force_new_password).toBe(false);
  expect(await kx.s.k.identity.verifyPassword(row.password_hash, NEW_PASSWORD)).toBe(true);
});

test('signed-in change: current and new password, wrong current password refused, then the dashboard', async ({
  page,
}) => {
  const u = await kx.user();
  await openSignIn(page);
  await submitSignIn(page, u.email, u.password);
  await page.waitForURL(LANDED);

  await page.goto(`${kx.url}/changePassword`);
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await page.getByLabel('Current Password').fill('Wrong#Password1');
  await page.getByLabel('New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');

  // A password the live rules accept but the server knows as a common one: the server's message is shown.
  await page.getByLabel('Current Password').fill(u.password);
  await page.getByLabel('New Password').fill('Password123!');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This password is too common (it appears in lists of breached passwords). Please choose a different password.',
  );

  await page.getByLabel('New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(LANDED);
  const row = await kx.s.k.db.withSystem((trx) => trx('users').where({ user_id: u.userId }).first('password_hash'));
  expect(await kx.s.k.identity.verifyPassword(row.password_hash, NEW_PASSWORD)).toBe(true);
});

test('forced new password, then the second step: the sign-in goes on to /confirmMFA and completes with the SMS code', async ({
  page,
}) => {
  const u = await kx.user();
  const phone = `+1555${String(Date.now()).slice(-7)}`;
  await kx.s.k.db.withSystem((trx) =>
    trx('users')
      .where({ user_id: u.userId })
      .update({ force_new_password: true, mfa_type: 'SMS_MFA', phone_number: phone }),
  );
  await openSignIn(page);
  await submitSignIn(page, u.email, u.password);
  await page.waitForURL(/\/changePassword\?interaction=/);
  await page.getByLabel('New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/confirmMFA/);
  const code = await kx.lastCode(phone);
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(LANDED);
  const row = await kx.s.k.db.withSystem((trx) =>
    trx('users').where({ user_id: u.userId }).first('force_new_password'),
  );
  expect(row.force_new_password).toBe(false);
});
