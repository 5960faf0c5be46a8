/**
 * The workspace shell in real Chromium against the real server (`lci serve`
 * on a fresh data folder with the demo data): the demo admin signs in through
 * /signIn, sees the navigation of their security group, opens a page from it
 * and signs out, which ends the session on the server.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/demo';
import { PASSWORD, signIn } from './session';

/** A page of the workspace, not the 'Page not found' fallback: its header (h1) is shown. */
async function expectRealPage(page: Page) {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(main.getByText('Page not found')).toHaveCount(0);
}

test('sign-in validates the form and refuses a wrong password', async ({ page }) => {
  await page.goto('/');
  await page.waitForURL(/\/signIn\?.*interaction=/);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Required.').first()).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByText('Invalid e-mail.')).toBeVisible();
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill('Wrong#Password1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Login failed.')).toBeVisible();
  await expect(page).toHaveURL(/\/signIn/);
});

test('the demo admin signs in, sees the navigation, opens a page and signs out', async ({ page }) => {
  await signIn(page, DEMO_ADMIN.email, PASSWORD);

  // Signed in: the shell with the navigation drawn from the admin's security group.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeVisible();
  const links = nav.getByRole('link');
  await expect(links.first()).toBeVisible();
  expect(await links.count()).toBeGreaterThan(1);
  // The header's indicator (the dashboard shows one too).
  await expect(page.getByTestId('realtime-status').first()).toHaveAttribute('aria-label', /connected/i);

  // Open a page from the navigation other than the current one.
  const here = new URL(page.url()).pathname.toLowerCase();
  const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
  const target = hrefs.find((h) => h && h.toLowerCase() !== here);
  expect(target, `a navigation link other than ${here}`).toBeTruthy();
  await nav.locator(`a[href="${target}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${target!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`, 'i'));
  await expect(page.locator(`a[href="${target}"][aria-current="page"]`).first()).toBeVisible();
  await expectRealPage(page);

  // Sign out: 'Signing Out', then back to the sign-in screen.
  await page.getByRole('button', { name: 'Sign out' }).click();
  // /signIn starts a new authorization request and comes back with an interaction: wait until it settles.
  // (The demo admin is no internal user: sign-out ends at the client sign-in, platform.md 2.3.)
  await page.waitForURL(/\/(signIn|clients\/signin)\?.*interaction=/);
  await expect(page.getByLabel('Password')).toBeVisible();

  // The server session is over: a signed-in page asks for the password again.
  await page.goto('/dashboard');
  await page.waitForURL(/\/signIn\?.*interaction=/);
  await expect(page.getByLabel('Password')).toBeVisible();
});

test("every entry of the demo admin's navigation opens a page", async ({ page }) => {
  await signIn(page, DEMO_ADMIN.email, PASSWORD);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  const hrefs = [
    ...new Set(await nav.getByRole('link').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''))),
  ].filter(Boolean);
  const broken: string[] = [];
  for (const href of hrefs) {
    await nav.locator(`a[href="${href}"]`).first().click();
    await expect(page.locator(`a[href="${href}"][aria-current="page"]`).first()).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toBeVisible();
    if (await main.getByText('Page not found').count()) broken.push(href);
  }
  expect(broken, 'navigation entries that open the Page not found screen').toEqual([]);
});
