/**
 * Scheduling a report in real Chromium on the shared e2e server (demo data, demo tenant admin): from the builder's
 * 'Schedule Report for Email Delivery' action, a weekly schedule for a company's contact (messages first for a
 * missing recipient), the next 3 runs previewed on Mondays in the chosen time zone, the schedule listed, sent now with
 * its delivery log (attached, sent), and deleted with confirmation. Build the workspace first.
 */
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signInToShell } from '../../../tests/sdk';

test.setTimeout(180_000);

test('schedule a report for a contact: preview, save, send now with its delivery log, delete', async ({ page }) => {
  const name = `E2E weekly ${Date.now()}`;
  await signInToShell(page, DEMO_ADMIN.email);
  await page.goto('/reportbuilder');
  await page.getByRole('button', { name: 'Open Quarterly Business Review' }).first().click();
  await page.getByLabel('Report for', { exact: true }).selectOption({ label: 'Cedar Ridge Law' });
  await page.getByRole('button', { name: 'Schedule Report for Email Delivery' }).click();

  const dialog = page.getByRole('dialog', { name: 'Schedule Report for Email Delivery' });
  await expect(dialog.getByLabel('Company')).toHaveValue(/\d+/);
  await dialog.getByLabel('Name (required)').fill(name);
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(dialog.getByText('Choose at least one recipient')).toBeVisible();

  await dialog.getByText(/Eleanor Vance/).click();
  await expect(dialog.getByRole('checkbox', { name: /Eleanor Vance/ })).toBeChecked();
  await dialog.getByLabel('Frequency').selectOption('weekly');
  await dialog.getByLabel('Day of the week').selectOption({ label: 'Monday' });
  await dialog.getByLabel('Send time').fill('07:30');
  await dialog.getByLabel('Time zone').selectOption('America/New_York');
  const runs = dialog.getByTestId('schedule-next-runs').getByRole('listitem');
  await expect(runs).toHaveCount(3);
  for (const run of await runs.all()) await expect(run).toHaveText(/^Mon .*07:30 \(America\/New_York\)$/);

  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(dialog.getByText(`"${name}" is scheduled.`)).toBeVisible();
  const row = dialog.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Cedar Ridge Law');
  await expect(row).toContainText('Weekly on Monday at 07:30 (America/New_York)');

  await row.getByRole('button', { name: 'Send now' }).click();
  const log = dialog.getByLabel('Delivery log');
  await expect(log.getByText('Sent now')).toBeVisible();
  // one delivery: the contact, the report attached, sent
  await expect(log.getByRole('row')).toHaveCount(1);
  await expect(log.getByRole('row').first()).toHaveText(/^Contact\S+@\S+Attachedsent$/);
  await expect(row.getByText('sent', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Delete the schedule "${name}" and its delivery log?`);
  await confirm.getByRole('button', { name: 'Delete schedule' }).click();
  await expect(dialog.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toHaveCount(0);
});
