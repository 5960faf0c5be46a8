/**
 * The home area in Chromium against the shared demo server: the demo admin lands on /dashboard and sees the plugins'
 * panels (their data from v3/tenant/{tenantId}/dashboardCharts), follows a panel's link with the keyboard, ticks an
 * onboarding item (kept after a reload; the /integrations item is hidden) and answers two survey questions in the
 * dialog; LCI support then sees those answers on the internal survey page.
 * The walk leaves the demo state as it found it where it can (the item is unticked again; one question stays open).
 */
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/demo';
import { signInToShell } from './session';

const SUPPORT = 'support@lifecycle.example';

test('the demo admin sees the panels, ticks an onboarding item and answers the survey; support sees the answers', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await (await browser.newContext()).newPage();
  await signInToShell(page, DEMO_ADMIN.email);
  await page.goto('/dashboard');

  // Panels of the plugins, each with its data and a link to its page.
  const health = page.getByRole('region', { name: 'Health distribution' });
  await expect(health.getByRole('list', { name: 'Health distribution' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Biggest health drops' })).toBeVisible();
  const goals = page.getByRole('region', { name: 'Goals due' });
  await expect(goals.getByRole('table', { name: 'Goals due' })).toContainText('Move file shares to the cloud');
  await expect(goals).toContainText('In Progress');
  // The table fits its card: no cell, and no due badge, reaches past the card's edge.
  for (const width of [1024, 1400, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await goals.evaluate((card) => {
      const edge = card.getBoundingClientRect().right;
      return [...card.querySelectorAll('td, th, .bp6-tag')].filter((e) => e.getBoundingClientRect().right > edge + 0.5)
        .length;
    });
    expect({ width, overflow }).toEqual({ width, overflow: 0 });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  const notices = page.getByRole('region', { name: 'Contracts reaching their notice date' });
  await expect(notices.getByRole('table')).toContainText('Datto');
  // Assessments: the open ones due and the latest scores; a row opens its assessment.
  const assessments = page.getByRole('region', { name: 'Assessments', exact: true });
  await expect(assessments.getByRole('table', { name: 'Assessments due' })).toBeVisible();
  await expect(assessments.getByRole('table', { name: 'Recent assessment scores' }).getByRole('row')).toHaveCount(6);
  const empty = page.getByRole('region', { name: 'Companies without data' });
  await expect(empty.getByRole('list', { name: 'Companies without data' })).toContainText('Northwind Clinics');

  // A panel's link is a real link: focus and Enter open its page.
  await notices.getByRole('button', { name: 'Open Contract Manager' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contractManager$/);
  await page.goto('/dashboard');

  // The onboarding checklist: the seeded /integrations item is hidden, the companies item done by the demo data.
  const checklist = page.getByRole('region', { name: 'Getting started' });
  const items = checklist.getByRole('list', { name: 'Onboarding checklist' });
  await expect(checklist).toContainText('1 of 3 steps done');
  await expect(items).not.toContainText('Connect your PSA');
  await expect(items.getByRole('checkbox', { name: 'Import your companies' })).toBeChecked();
  await expect(items.getByRole('button', { name: 'Go to Import your companies' })).toHaveAttribute(
    'href',
    '/datamanagercompanies',
  );
  const invite = items.getByRole('checkbox', { name: 'Invite your team' });
  await invite.focus();
  await page.keyboard.press('Space');
  await expect(checklist).toContainText('2 of 3 steps done');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Getting started' })).toContainText('2 of 3 steps done');
  await expect(page.getByRole('checkbox', { name: 'Invite your team' })).toBeChecked();

  // The survey: a dialog with one field per question.
  const survey = page.getByRole('region', { name: 'Onboarding survey' });
  await expect(survey).toContainText('3 questions left');
  await survey.getByRole('button', { name: 'Answer the survey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Onboarding survey' });
  await dialog.getByLabel('How many client companies do you manage?').selectOption('26-50');
  await dialog.getByLabel('Which PSA do you use?').selectOption('HaloPSA');
  await dialog.getByRole('button', { name: 'Save answers' }).click();
  await expect(dialog).toBeHidden();
  await expect(survey).toContainText('1 question left');

  // The last step: the checklist says it is complete and stays; after a reload it is one folded line that opens
  // again, where a step can be unticked.
  await page.getByRole('checkbox', { name: 'Schedule a business review' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('region', { name: 'Getting started' })).toContainText('Onboarding complete');
  await page.reload();
  const done = page.getByRole('region', { name: 'Getting started' });
  await expect(done).toContainText('All 3 steps are done.');
  await expect(done.getByRole('list', { name: 'Onboarding checklist' })).toHaveCount(0);
  await done.getByRole('button', { name: 'Review the steps' }).click();
  await page.getByRole('checkbox', { name: 'Schedule a business review' }).focus();
  await page.keyboard.press('Space');
  await expect(done).toContainText('2 of 3 steps done');

  // Leave the checklist as the demo data had it.
  await page.getByRole('checkbox', { name: 'Invite your team' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('region', { name: 'Getting started' })).toContainText('1 of 3 steps done');

  // LCI support sees the tenant's answers on the internal survey page.
  const support = await (await browser.newContext()).newPage();
  await signInToShell(support, SUPPORT);
  await support.goto('/lciadmin/onboardingsurveyadmin');
  await support.getByRole('button', { name: 'Answers of Demo MSP' }).click();
  const answers = support.getByRole('region', { name: 'Answers of Demo MSP' });
  await expect(answers).toContainText('26-50');
  await expect(answers).toContainText('HaloPSA');
});
