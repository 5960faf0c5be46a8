/**
 * Support requests in real Chromium against the shared e2e server (demo data). The demo admin (browser in Tokyo)
 * files a request from /support?issueType=problem&priorityLevel=high (both preselected) with an attachment and keeps
 * the page open; the internal support user (browser in Berlin) opens the Support Requests card of the /lcisupport
 * hub (its open count), filters and answers. Without a reload the tenant sees "Answered", the answer and the toast
 * "Support answered: <subject>"; the tenant replies with a file, support sees the reply live and the request open
 * again; the tenant closes it and support sees it closed. Times show their zone: the tenant's on /support, the
 * viewer's on /lcisupport.
 */
import { expect, test, type Locator } from '@playwright/test';
import { timeZoneAbbreviation } from '../../../common/tenant-format';
import { DEMO_ADMIN, pageApi, signInToShell } from '../../../tests/sdk';

const SUPPORT_USER = 'support@lifecycle.example';
const TENANT_BROWSER_ZONE = 'Asia/Tokyo';
const SUPPORT_BROWSER_ZONE = 'Europe/Berlin';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** "<by> <verb> on 2026-11-29 10:42 EST" in the zone's name now (the request is minutes old). */
const timeIn = (zone: string) => `\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} ${escape(timeZoneAbbreviation(new Date(), zone))}`;

async function openCount(hub: Locator): Promise<number> {
  const figure = hub.getByLabel(/open support requests/);
  await expect(figure).toBeVisible();
  return Number(/^(\d+)/.exec((await figure.getAttribute('aria-label')) ?? '')?.[1]);
}

test('file, answer live, reply and close a request between a tenant and internal support; times show their zone', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const subject = `Export hangs ${Date.now()}`;
  const tenant = await (await browser.newContext({ timezoneId: TENANT_BROWSER_ZONE })).newPage();
  await signInToShell(tenant, DEMO_ADMIN.email);
  await tenant.goto('/support?issueType=problem&priorityLevel=high');
  await expect(tenant.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(tenant.getByLabel('Issue type')).toHaveValue('problem');
  await expect(tenant.getByLabel('Priority')).toHaveValue('high');
  // The demo request is listed with its answer.
  await expect(tenant.getByText('How do I import my companies from a CSV file?')).toBeVisible();
  const tenantZone = (await pageApi(tenant, 'GET', '/v3/tenant/{tenantId}/settings/tenant')).body.timeZone as string;
  expect(tenantZone).not.toBe(TENANT_BROWSER_ZONE);

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
  // The tenant's time zone (Account Settings), named, not the browser's.
  await expect(card).toContainText(new RegExp(`Filed by ${escape(DEMO_ADMIN.email)} on ${timeIn(tenantZone)}`));

  // Internal support: the hub's Support Requests card counts the open requests and opens the inbox.
  const support = await (await browser.newContext({ timezoneId: SUPPORT_BROWSER_ZONE })).newPage();
  await signInToShell(support, SUPPORT_USER);
  await support.goto('/lcisupport');
  const hubCard = support.getByRole('listitem', { name: 'Support Requests' });
  expect(await openCount(hubCard)).toBeGreaterThanOrEqual(1);
  await hubCard.click();
  await expect(support).toHaveURL(/\/lcisupport\/supportRequests$/);
  await expect(support.getByRole('heading', { level: 1, name: 'Support Requests' })).toBeVisible();
  await support.getByLabel('Status', { exact: true }).selectOption('open');
  await support.getByLabel('Priority', { exact: true }).selectOption('high');
  const inbox = support.getByRole('article', { name: new RegExp(subject) });
  await expect(inbox).toContainText('Demo MSP');
  await expect(inbox.getByRole('link', { name: 'console.txt' })).toBeVisible();
  // The viewer's (browser's) zone, named.
  await expect(inbox).toContainText(
    new RegExp(`Filed by ${escape(DEMO_ADMIN.email)} on ${timeIn(SUPPORT_BROWSER_ZONE)}`),
  );
  await inbox.getByRole('button', { name: /Answer request/ }).click();
  const dialog = support.getByRole('dialog');
  await dialog.getByLabel('Answer', { exact: true }).fill('Fixed: exports of large reports now finish.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  // Filtered on Open: the answered request leaves the list.
  await expect(inbox).toHaveCount(0);
  await support.getByRole('button', { name: 'Clear' }).click();
  await expect(inbox.getByLabel('Status: Answered')).toBeVisible();

  // The tenant's open page shows the answer without a reload, and a toast says so.
  await expect(card.getByLabel('Status: Answered')).toBeVisible();
  await expect(card.getByLabel('Answer from support')).toContainText('Fixed: exports of large reports now finish.');
  await expect(card.getByLabel('Answer from support')).toContainText(
    new RegExp(`${escape(SUPPORT_USER)} answered on ${timeIn(tenantZone)}`),
  );
  await expect(tenant.getByText(`Support answered: ${subject}`)).toBeVisible();

  // The tenant replies with a file: the request is open again, and support sees the reply live.
  await card.getByRole('button', { name: /Reply to request/ }).click();
  const reply = card.getByRole('form', { name: /Reply to request/ });
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(reply.getByText('Required.')).toBeVisible();
  await reply.getByLabel('Your reply').fill('Still slow for reports with 40 pages.');
  await reply
    .locator('input[type=file]')
    .setInputFiles({ name: 'timing.txt', mimeType: 'text/plain', buffer: Buffer.from('40 pages: 95 s') });
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(reply).toHaveCount(0);
  const tenantReply = card.getByLabel(`Reply from ${DEMO_ADMIN.email}`);
  await expect(tenantReply).toContainText('Still slow for reports with 40 pages.');
  await expect(tenantReply.getByRole('link', { name: 'timing.txt' })).toBeVisible();
  await expect(card.getByLabel('Status: Open')).toBeVisible();

  const supportReply = inbox.getByLabel(`Reply from ${DEMO_ADMIN.email}`);
  await expect(supportReply).toContainText('Still slow for reports with 40 pages.');
  await expect(supportReply).toContainText(new RegExp(`replied on ${timeIn(SUPPORT_BROWSER_ZONE)}`));
  await expect(inbox.getByLabel('Status: Open')).toBeVisible();
  // The conversation in order: the answer, then the reply.
  await expect(inbox.locator('.support-answer, .support-reply')).toHaveText([/Fixed: exports/, /Still slow/]);

  // The tenant closes it; support sees it closed without a reload.
  await card.getByRole('button', { name: /Close request/ }).click();
  await expect(card.getByLabel('Status: Closed')).toBeVisible();
  await expect(card.getByRole('button', { name: /Close request/ })).toHaveCount(0);
  await expect(inbox.getByLabel('Status: Closed')).toBeVisible();
});
