/** Shared steps of the browser walkthroughs: the demo password and signing in through /signIn. */
import type { Page } from '@playwright/test';

/** The password tests/e2e/server.mjs gives the demo users (LCI_DEMO_PASSWORD). */
export const PASSWORD = process.env.E2E_DEMO_PASSWORD ?? 'Demo#Lifecycle2024';

/** Opens the workspace, waits for the provider's interaction on /signIn and submits e-mail and password. */
export async function signIn(page: Page, email: string, password: string = PASSWORD): Promise<void> {
  await page.goto('/');
  await page.waitForURL(/\/signIn\?.*interaction=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}
