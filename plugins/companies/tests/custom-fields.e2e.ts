/**
 * Custom fields in real Chromium against the shared e2e server (demo data: Service tier, Account manager, Onboarded
 * on): the demo admin adds a choice field on /customfields, sets its value on a company of the companies list (the
 * value rule shown first), filters the list by it and clears the filter, downloads the list as CSV with the field,
 * and deletes the field after a confirmation naming the records that lose a value.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signInToShell } from '../../../tests/sdk';

test('add a custom field, set it on a company, filter the companies list by it, export and delete it', async ({
  page,
}) => {
  await signInToShell(page, DEMO_ADMIN.email);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Custom Fields' }).click();
  await expect(page).toHaveURL(/\/customfields$/);
  const defs = page.getByRole('table', { name: 'Custom fields of companies' });
  await expect(defs.getByRole('row', { name: /Service tier/ })).toContainText('Gold, Silver, Bronze');

  // Add a choice field: without options the dialog says what is missing.
  await page.getByRole('button', { name: 'Add field' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add a field to companies' });
  await add.getByLabel('Label').fill('Region');
  await expect(add.getByLabel('Key')).toHaveValue('region');
  await add.getByLabel('Type').selectOption('choice');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add.getByText('A choice field needs at least one option')).toBeVisible();
  await add.getByLabel('Options').fill('North\nSouth');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toHaveCount(0);
  await expect(defs.getByRole('row', { name: /Region/ })).toContainText('North, South');

  // The companies list shows the field; set it on Cedar Ridge Law.
  await page.goto('/datamanagercompanies');
  const list = page.getByRole('table', { name: 'Companies' });
  await expect(list.getByRole('columnheader', { name: 'Region' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit custom fields of Cedar Ridge Law' }).click();
  const edit = page.getByRole('dialog', { name: 'Custom fields of Cedar Ridge Law' });
  await edit.getByLabel('Onboarded on').fill('');
  await edit.getByLabel('Region').selectOption('South');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(list.getByRole('row', { name: /Cedar Ridge Law/ })).toContainText('South');

  // Filter by the new field: only Cedar Ridge Law; Clear brings every company back.
  const filter = page.getByRole('search', { name: 'Filter by custom field' });
  await filter.getByLabel('Custom field').selectOption({ label: 'Region' });
  await filter.getByLabel('Filter value').selectOption('South');
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('Showing 1 of')).toBeVisible();
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list.getByRole('row', { name: /Cedar Ridge Law/ })).toBeVisible();
  // A text field filters by what it contains, in any case.
  await filter.getByLabel('Custom field').selectOption({ label: 'Account manager' });
  await filter.getByLabel('Filter value').fill('whitfield');
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(list.getByRole('row', { name: /Acme Dental Group/ })).toBeVisible();
  await expect(list.getByRole('row', { name: /Brightwater Logistics/ })).toBeVisible();
  await expect(list.getByRole('row', { name: /Cedar Ridge Law/ })).toHaveCount(0);

  // The download holds the list as shown, with the custom fields.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('companies.csv');
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trim().split('\n');
  expect(lines[0]).toBe(
    'Company,Seats,Assessment only,AIR only,Active,Service tier,Account manager,Onboarded on,Region',
  );
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(/^Acme Dental Group,.*,Gold,Dana Whitfield,2023-04-03,$/);

  await filter.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText(/Showing \d+ of/)).toHaveCount(0);
  await expect(list.getByRole('row', { name: /Summit Manufacturing/ })).toBeVisible();

  // Deleting the field asks first and says how many records lose their value.
  await page.goto('/customfields');
  await page.getByRole('button', { name: 'Delete Region' }).click();
  await expect(page.getByText('It has values on 1 record; they are deleted with it')).toBeVisible();
  await page.getByRole('button', { name: 'Delete field' }).click();
  await expect(defs.getByRole('row', { name: /Region/ })).toHaveCount(0);
});
