import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/demo';
test('scratch signout', async ({ page }) => {
  await page.goto('/');
  await page.waitForURL(/\/signIn\?.*interaction=/);
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(process.env.E2E_DEMO_PASSWORD ?? 'Demo#Lifecycle2024');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/signIn/);
  await page.goto('/dashboard');
  await page.waitForURL(/\/signIn\?.*interaction=/);
  await expect(page.getByLabel('Password')).toBeVisible();
});
