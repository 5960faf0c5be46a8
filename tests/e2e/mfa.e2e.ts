/**
 * Multi-factor sign-in in real Chromium against the real server with the demo
 * data: the demo user who must use an authenticator app sets it up at sign-in
 * (the test "scans" the secret shown on screen and computes the codes with
 * otplib), signs out, then signs in again with a code from the app on
 * /confirmMFA. Wrong, reused and non-numeric codes are refused on screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_MFA_USER } from '../../fixtures/demo';
import { signIn } from './session';

const MSG_MISMATCH = 'That code is not right; wait for the next code if you just used this one';
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function expectSignedIn(page: Page) {
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

/** A six-digit code that is not the right one. */
const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

test('a second step screen without a pending sign-in goes back to sign in', async ({ page }) => {
  await page.goto('/confirmMFA');
  await page.waitForURL(/\/signIn\?.*interaction=/);
  await expect(page.getByLabel('Password')).toBeVisible();
});

test('the MFA demo user sets up an authenticator app at sign-in, then signs in with its code', async ({ page }) => {
  await signIn(page, DEMO_MFA_USER.email);

  // Set-up: the QR code and the secret code; the test reads the secret as an app would scan it.
  await page.waitForURL(/\/setupMFA\?interaction=/);
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('mfa-secret-code').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const code = page.getByLabel('Code', { exact: true });
  const submit = page.getByRole('button', { name: 'Submit' });
  await submit.click();
  await expect(page.getByText('Required.')).toBeVisible();
  await code.fill('12ab');
  await expect(page.getByText('The code has digits only.')).toBeVisible();

  const right = await generate({ secret });
  await code.fill(wrongCode(right));
  await code.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(MSG_MISMATCH);
  await expect(page).toHaveURL(/\/setupMFA/);

  await code.fill(right);
  await submit.click();
  await expectSignedIn(page);

  // Sign out, then sign in again: now the second step asks for the app's code.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/(signIn|clients\/signin)\?.*interaction=/); // not an internal user: the client sign-in
  await signIn(page, DEMO_MFA_USER.email);
  await page.waitForURL(/\/confirmMFA\?interaction=/);
  await expect(page.getByRole('heading', { name: 'Confirm second step' })).toBeVisible();
  await expect(page.getByText('Enter the code shown in your authenticator app.')).toBeVisible();

  // The code used to enrol is not accepted again; the app's next code is.
  await page.getByLabel('Code', { exact: true }).fill(right);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText(MSG_MISMATCH);
  await page.getByLabel('Code', { exact: true }).fill(await generate({ secret, epoch: nowSeconds() + 30 }));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectSignedIn(page);
});
