/**
 * /plans, the cart and /Plans/{affiliate} in real Chromium against the shared e2e server (embedded
 * billing provider, so the catalogue is shared/catalogue.ts).
 */
import { expect, test, type Page } from '@playwright/test';

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('plans: annual and CAD, add Professional, see total and trial, Checkout goes to the sign-up wizard with the cart', async ({
  page,
}) => {
  await page.goto('/plans');
  await expect(page.getByRole('heading', { level: 1, name: 'Plans and pricing' })).toBeVisible();
  // Monthly USD by default: Basic at $75 with its 30-day trial; Professional highlighted.
  await expect(card(page, 'Basic Edition').getByTestId('plan-price')).toHaveText('$75 USD / month');
  await expect(card(page, 'Basic Edition')).toContainText('Up to 5 customers');
  await expect(card(page, 'Basic Edition')).toContainText('30-day free trial');
  await expect(card(page, 'Basic Edition')).toContainText('Microsoft 365 integration');
  await expect(card(page, 'Professional Edition')).toContainText('Most popular');
  await expect(page.getByRole('region', { name: 'NFR 5 Customers' })).toHaveCount(0);

  // Put the monthly-only AIR trial in the cart, then switch to Annual: the cart rule removes it with the spec's message.
  await card(page, 'Asset Insights (AIR) Trial')
    .getByRole('button', { name: /Add package/ })
    .click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('table', { name: 'Cart' })).toContainText('Asset Insights (AIR) Trial');
  await drawer.press('Escape');
  await expect(drawer).toHaveCount(0);

  await page.getByRole('radiogroup', { name: 'Billing interval' }).getByRole('radio', { name: 'Annual' }).click();
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'No similar plan found for the given options for module: AIR' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Affected plan(s) removed from the cart.');
  await expect(page.getByRole('button', { name: /Show cart, 0 package/ })).toBeVisible();

  // Currency by keyboard: focus the selected USD option and move right to CAD.
  const currency = page.getByRole('radiogroup', { name: 'Currency' });
  await currency.getByRole('radio', { name: /USD/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(currency.getByRole('radio', { name: /CAD/ })).toHaveAttribute('aria-checked', 'true');

  const pro = card(page, 'Professional Edition');
  await expect(pro.getByTestId('plan-price')).toHaveText('$2,475 CAD / year');
  await expect(pro).toContainText('$206 / month billed annually');
  await expect(pro).toContainText('Up to 25 customers');
  await expect(pro).toContainText('No trial');
  await pro.getByRole('button', { name: /Add package/ }).click();

  await expect(drawer.getByRole('table', { name: 'Cart' })).toContainText('Professional Edition');
  await expect(drawer.getByTestId('cart-total')).toHaveText('$2,475 CAD / year');
  await expect(drawer.getByTestId('cart-trial')).toHaveText('No trial');
  await drawer.getByRole('button', { name: 'Checkout' }).click();

  await expect(page).toHaveURL(/\/signUpWithTenant\?cart=plan_professional_cad_year$/);
});

test('the cart keeps the longest trial and the summed total; Remove and the /cart page', async ({ page }) => {
  await page.goto('/plans');
  await card(page, 'Basic Edition')
    .getByRole('button', { name: /Add package/ })
    .click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('cart-trial')).toHaveText('30-day free trial');
  await drawer.press('Escape');
  await card(page, 'Asset Insights (AIR) Trial')
    .getByRole('button', { name: /Add package/ })
    .click();
  await expect(drawer.getByTestId('cart-total')).toHaveText('$75 USD / month');
  await expect(drawer.getByRole('table', { name: 'Cart' }).getByRole('row')).toHaveCount(3);
  // A second Core edition replaces the first.
  await drawer.press('Escape');
  await card(page, 'Plus Edition')
    .getByRole('button', { name: /Add package/ })
    .click();
  await expect(drawer.getByTestId('cart-total')).toHaveText('$245 USD / month');
  await expect(drawer.getByTestId('cart-trial')).toHaveText('30-day free trial');
  await drawer.getByRole('button', { name: 'Remove Asset Insights (AIR) Trial' }).click();
  await expect(drawer.getByTestId('cart-trial')).toHaveText('No trial');

  // The cart survives a reload and shows on /cart.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Cart' })).toContainText('Plus Edition');
  await page.getByRole('button', { name: 'Remove Plus Edition' }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
});

test('a failed catalogue load shows the error and Try again loads the plans', async ({ page }) => {
  let failures = 1;
  await page.route('**/v3/manager/stripe/products**', async (route) => {
    if (failures-- > 0)
      return route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            status: 502,
            code: 'catalogue_unavailable',
            message: 'The plan catalogue is not available right now.',
          },
        }),
      });
    return route.continue();
  });
  await page.goto('/plans');
  const error = page.getByRole('alert').filter({ hasText: 'The plans could not be loaded' });
  await expect(error).toContainText('The plan catalogue is not available right now.');
  await error.getByRole('button', { name: 'Try again' }).click();
  await expect(card(page, 'Basic Edition')).toBeVisible();
});

test('affiliate pages: basicCS shows Basic and Customer Success Basic; an affiliate code shows the partner plan and the credit', async ({
  page,
}) => {
  await page.goto('/Plans/basicCS');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plans: Basic Edition with Customer Success');
  await expect(page.getByRole('region')).toHaveCount(2);
  await expect(card(page, 'Basic Edition')).toBeVisible();
  await expect(card(page, 'Customer Success Basic')).toContainText('30-day free trial');

  await page.goto('/Plans/acme-partners');
  await expect(page.getByText('The affiliate plan is worth $75/month')).toBeVisible();
  const partner = card(page, 'Affiliate Partner Plan');
  await expect(partner.getByTestId('plan-price')).toHaveText('$0 USD / month');
  await expect(card(page, 'Basic Edition')).toContainText('With your partner credit: $0 / month');
  await partner.getByRole('button', { name: /Checkout/ }).click();
  await expect(page).toHaveURL(/\/signUpWithTenant\?cart=plan_affiliate_usd_month&affiliate=acme-partners$/);
});
