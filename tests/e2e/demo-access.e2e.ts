/**
 * The demo users' access as the README's "Demo data" table states it (issue 28 part 3), in Chromium on the shared
 * server's demo tenant: each user's menu, the pages they may open and the write controls they are offered.
 *
 * - Account Managers (am@demo-msp.example): Core and Customer Success; Read/Write on the dashboard and the
 *   customer-success area, Read Only on their other pages (companies, assets); no Assessment pages, no tenant
 *   settings, no admin-only pages.
 * - Administrators (admin@demo-msp.example): every module, Read/Write on every page.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNT_MANAGER, DEMO_ADMIN } from '../../fixtures/demo';
import { PASSWORD, signIn } from './session';

const MSG_READ_ONLY = 'You only have Read Only Access to This Page.';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function menuLinks(page: Page): Promise<string[]> {
  await expect(menu(page).getByRole('link').first()).toBeVisible();
  return (await menu(page).getByRole('link').allInnerTexts()).map((t) => t.trim());
}

test('the account manager sees the pages of Core and Customer Success only, and no write control on Read Only pages', async ({
  page,
}) => {
  await signIn(page, DEMO_ACCOUNT_MANAGER.email, PASSWORD);
  const links = await menuLinks(page);
  for (const shown of ['Dashboard', 'Assets', 'Asset Insights']) expect(links).toContain(shown);
  // Not theirs: the Assessment module's pages, the tenant's settings, the administrators' pages.
  for (const hidden of [
    'Assessments',
    'Findings',
    'Templates',
    'Account Settings',
    'Subscription',
    'User Manager',
    'Security Groups',
  ])
    expect(links).not.toContain(hidden);

  // Companies: Read Only, so neither adding nor importing is offered.
  await page.goto('/datamanagercompanies');
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  await expect(page.getByRole('img', { name: MSG_READ_ONLY })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add company' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Import from CSV' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import from CSV' })).toHaveCount(0);

  // An Assessment page opened by its address is refused (not in their access list).
  await page.goto('/assessmentTemplates');
  await expect(page).not.toHaveURL(/\/assessmentTemplates/);
});

test('the administrator sees every module page and may write', async ({ page }) => {
  await signIn(page, DEMO_ADMIN.email, PASSWORD);
  const links = await menuLinks(page);
  for (const shown of ['Dashboard', 'Assets', 'Asset Insights', 'Account Settings', 'Subscription'])
    expect(links).toContain(shown);
  await page.goto('/datamanagercompanies');
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add company' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import from CSV' })).toBeVisible();
  await expect(page.getByRole('img', { name: MSG_READ_ONLY })).toHaveCount(0);
});
