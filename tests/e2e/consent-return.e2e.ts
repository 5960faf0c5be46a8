/** /{hash}: the return from a consent flow (platform.md 2.1) shows its outcome without a sign-in and leads on. */
import { expect, test } from '@playwright/test';

test('a refused consent shows the error and its description, then leads to sign-in', async ({ page }) => {
  await page.goto('/7f3a9c?error=access_denied&error_description=The%20administrator%20declined%20the%20request');
  await expect(page.getByRole('heading', { name: 'Consent was not granted' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('access_denied');
  await expect(page.getByRole('alert')).toContainText('The administrator declined the request');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/signIn/);
});

test('a granted consent names the tenant; an unknown path without the query is still "not found"', async ({ page }) => {
  await page.goto('/7f3a9c?tenant=contoso-42');
  await expect(page.getByRole('heading', { name: 'Consent granted' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('for tenant contoso-42');
  await page.goto('/7f3a9c');
  await expect(page.getByRole('heading', { name: 'Consent granted' })).toHaveCount(0);
});
