/**
 * Support requests in real Chromium against the shared e2e server (demo data): the demo admin files a request from
 * /support?issueType=problem&priorityLevel=high (both preselected) with an attachment; the internal support user
 * finds it on /lcisupport/supportRequests, filters and answers it; the tenant then sees "Answered" and the answer.
 */
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signInToShell } from '../../../tests/sdk';

const SUPPORT_USER = 'support@lifecycle.example';

test('file a request with an attachment, answer it on /lcisupport, see the status and answer as the tenant', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const subject = `Export hangs ${Date.now()}`;
  const tenant = await (await browser.newContext()).newPage();
  await signInToShell(tenant, DEMO_ADMIN.email);
  await tenant.goto('/support?issueType=problem&priorityLevel=high');
  await expect(tenant.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(tenant.getByLabel('Issue type')).toHaveValue('problem');
  await expect(tenant.getByLabel('Priority')).toHaveValue('high');
  // The demo request is listed with its answer.
  await expect(tenant.getByText('How do I import my companies from a CSV file?')).toBeVisible();

  // Required fields are named before anything is sent.
  await tenant.getByRole('button', { name: 'Send to support' }).click();
  await expect(tenant.getByText('Required.').first()).toBeVisible();

  await tenant.getByLabel('Subject').fill(subject);
  await tenant.getByLabel('Description').fill('The PDF export of the QBR report never finishes.');
  await tenant
    .locator('#support-attachments')
    .setInputFiles({ name: 'console.txt', mimeType: 'text/plain', buffer: Buffer.from('TypeError: x is undefined') });
  await expect(tenant.getByText('console.txt')).toBeVisible();
  await tenant.getByRole('button', { name: 'Send to support' }).click();
  await expect(tenant.getByRole('status').filter({ hasText: 'was sent to Lifecycle support' })).toBeVisible();
  const card = tenant.getByRole('article', { name: new RegExp(subject) });
  await expect(card.getByLabel('Status: Open')).toBeVisible();
  await expect(card.getByRole('link', { name: 'console.txt' })).toBeVisible();

  const support = await (await browser.newContext()).newPage();
  await signInToShell(support, SUPPORT_USER);
  await support.goto('/lcisupport/supportRequests');
  await expect(support.getByRole('heading', { level: 1, name: 'Support Requests' })).toBeVisible();
  await support.getByLabel('Status', { exact: true }).selectOption('open');
  await support.getByLabel('Priority', { exact: true }).selectOption('high');
  const inbox = support.getByRole('article', { name: new RegExp(subject) });
  await expect(inbox).toContainText('Demo MSP');
  await expect(inbox.getByRole('link', { name: 'console.txt' })).toBeVisible();
  await inbox.getByRole('button', { name: /Answer request/ }).click();
  const dialog = support.getByRole('dialog');
  await dialog.getByLabel('Answer', { exact: true }).fill('Fixed: exports of large reports now finish.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  // Filtered on Open: the answered request leaves the list.
  await expect(inbox).toHaveCount(0);
  await support.getByRole('button', { name: 'Clear' }).click();
  await expect(inbox.getByLabel('Status: Answered')).toBeVisible();

  await tenant.reload();
  await expect(card.getByLabel('Status: Answered')).toBeVisible();
  await expect(card.getByLabel('Answer from support')).toContainText('Fixed: exports of large reports now finish.');
});
