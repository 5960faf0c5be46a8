/**
 * Issue 16's walk of a client report after it is composed (tests/e2e and plugins/reports/tests/builder.e2e.ts cover
 * composing it): on the shared e2e server with the demo data, the demo admin opens the demo template for Northwind
 * Clinics and downloads it as Word: the pending banner shows first, then the file downloads from its signed link and
 * holds the company's report. The export is in the report locker under Word report; it is renamed and linked to a
 * business review. Then the report is scheduled for the company's contact and sent now: the delivery log says
 * attached and the outbox holds the mail with the .docx attached (read with `lci mail outbox` beside the server).
 * Build the workspace first.
 */
import fs from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';
import JSZip from 'jszip';
import { DEMO_ADMIN, signInToShell } from '../sdk';
import { sharedOutbox } from './shared-server';

// A Word export and a mail run as jobs on a machine whose cores are shared: generous waits.
const expect = baseExpect.configure({ timeout: 45_000 });
test.setTimeout(240_000);

const COMPANY = 'Northwind Clinics';
const CONTACT = { name: 'Lena Fischer', email: 'lena.fischer@northwind.example' };
const PENDING = 'Your Word report is being prepared; it downloads as soon as it is ready.';

test('export a client report to Word, keep it in the locker, rename and link it, schedule it and mail it', async ({
  page,
}) => {
  await signInToShell(page, DEMO_ADMIN.email);
  await page.goto('/reportbuilder');
  await page.getByRole('button', { name: 'Open Quarterly Business Review' }).first().click();
  await page.getByLabel('Report for', { exact: true }).selectOption({ label: COMPANY });

  // Word: download_pending puts up the banner at once; download ends it and starts the file.
  const pending = page.waitForSelector(`text=${PENDING}`, { state: 'attached', timeout: 60_000 });
  const download = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Download MS Word (.docx)' }).click();
  await pending;
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Quarterly Business Review - Northwind Clinics - \d{4}-\d{2}-\d{2}\.docx$/);
  const zip = await JSZip.loadAsync(fs.readFileSync(await file.path()));
  const xml = await zip.file('word/document.xml')!.async('string');
  expect(xml).toContain('Quarterly Business Review');
  expect(xml).toContain(COMPANY);
  await expect(page.getByText(PENDING)).toHaveCount(0);

  // The locker keeps the export: renamed, then linked to a business review.
  await page.goto('/reportlocker');
  const word = page.getByRole('region', { name: /Word report/ });
  const exported = `Quarterly Business Review - ${COMPANY}`;
  const row = word.getByRole('row', { name: exported }).first();
  await expect(row).toContainText('Ready');
  await row.getByRole('button', { name: `Rename ${exported}` }).click();
  const rename = page.getByRole('dialog', { name: 'Rename report' });
  const newName = `Northwind QBR ${Date.now()}`;
  await rename.getByLabel('Name').fill(newName);
  await rename.getByLabel('Name').press('Enter');
  await expect(rename).toHaveCount(0);
  const renamed = word.getByRole('row', { name: newName });
  await renamed.getByRole('button', { name: `Link ${newName} to a business review` }).click();
  const link = page.getByRole('dialog', { name: 'Link to business review' });
  await link.getByLabel('Business review number').fill('7');
  await link.getByLabel('Business review title').fill('Northwind Q4 Review');
  await link.getByRole('button', { name: 'Save link' }).click();
  await expect(renamed).toContainText('Northwind Q4 Review (#7)');
  await page.reload();
  await expect(page.getByRole('region', { name: /Word report/ }).getByRole('row', { name: newName })).toContainText(
    'Northwind Q4 Review (#7)',
  );

  // Scheduled for the company's contact and sent now: delivered with the file attached.
  const before = (await sharedOutbox(CONTACT.email)).length;
  await page.goto('/reportbuilder');
  await page.getByRole('button', { name: 'Open Quarterly Business Review' }).first().click();
  await page.getByLabel('Report for', { exact: true }).selectOption({ label: COMPANY });
  await page.getByRole('button', { name: 'Schedule Report for Email Delivery' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Report for Email Delivery' });
  const schedule = `Northwind monthly ${Date.now()}`;
  await dialog.getByLabel('Name (required)').fill(schedule);
  await dialog.getByText(new RegExp(CONTACT.name)).click();
  await dialog.getByLabel('Frequency').selectOption('monthly');
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(dialog.getByText(`"${schedule}" is scheduled.`)).toBeVisible();
  const scheduled = dialog.getByRole('row', { name: new RegExp(schedule) });
  await scheduled.getByRole('button', { name: 'Send now' }).click();
  const log = dialog.getByLabel('Delivery log');
  await expect(log.getByRole('row').first()).toContainText(CONTACT.email);
  await expect(log.getByRole('row').first()).toContainText('Attached');

  await expect.poll(async () => (await sharedOutbox(CONTACT.email)).length).toBe(before + 1);
  const [mail] = await sharedOutbox(CONTACT.email);
  expect(mail.attachments).toHaveLength(1);
  expect(mail.attachments[0].fileName).toMatch(/\.docx$/);
  expect(mail.attachments[0].contentType).toBe(
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  );
  expect(mail.attachments[0].bytes).toBeGreaterThan(1000);

  // Clean up the schedule (the shared server's demo data stays as other walkthroughs expect it).
  await scheduled.getByRole('button', { name: `Delete ${schedule}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete schedule' }).click();
  await expect(dialog.getByRole('row', { name: new RegExp(schedule) })).toHaveCount(0);
});
