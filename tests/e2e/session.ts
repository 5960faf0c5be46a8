/** Shared steps of the browser walkthroughs: the demo password and signing in through /signIn. */
import { expect, type Page } from '@playwright/test';

/** The password tests/e2e/server.mjs gives the demo users (LCI_DEMO_PASSWORD). */
export const PASSWORD = process.env.E2E_DEMO_PASSWORD ?? 'Demo#Lifecycle2024';

/**
 * Opens the workspace, waits for the provider's interaction on /signIn and submits e-mail and password.
 * base: the origin of a server the test started itself (default: the shared e2e server).
 */
export async function signIn(page: Page, email: string, password: string = PASSWORD, base = ''): Promise<void> {
  await page.goto(`${base}/`);
  await page.waitForURL(/\/signIn\?.*interaction=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** Signs in and waits for the signed-in shell (its Sign out button). */
export async function signInToShell(page: Page, email: string, password: string = PASSWORD, base = ''): Promise<void> {
  await signIn(page, email, password, base);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 30_000 });
}
