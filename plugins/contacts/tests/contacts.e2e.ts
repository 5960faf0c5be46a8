/**
 * Contacts in real Chromium on the shared e2e server (demo data): a contact added from the company detail's Contacts
 * tab (field messages first), a CSV of contacts imported (a rejected row named by line, the valid rows imported and
 * listed on /userList), the companies page leading to the contacts, and a contacts' custom field (added on /customfields,
 * set on a contact, a column of /userList, filtered by, in the CSV download, deleted at the end). Build the workspace first.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, signInToShell } from '../../../tests/sdk';

// Sign-in, the company detail and two dialogs: more than the default minute on a busy machine.
test.setTimeout(120_000);

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('add a contact from the company page: field messages, then the contact is listed with its role', async ({
  page,
}) => {
  await signInToShell(page, DEMO_ADMIN.email);
  await page.goto('/cs/company/detail');
  await page.getByLabel('Company', { exact: true }).selectOption({ label: 'Cedar Ridge Law' });
  await page.getByRole('tab', { name: 'Contacts' }).click();
  const tab = page.getByRole('tabpanel', { name: 'Contacts' });
  // The demo contacts of the company.
  await expect(tab.getByRole('cell', { name: 'Eleanor Vance', exact: true })).toBeVisible();

  await tab.getByRole('button', { name: 'Add contact' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add contact' });
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Required.')).toBeVisible();
  await dialog.getByLabel('First name (required)').fill('Jamie');
  await dialog.getByLabel('Last name').fill('Moss');
  await dialog.getByLabel('E-mail').fill('jamie@cedar');
  await expect(dialog.getByText('Invalid e-mail.')).toBeVisible();
  await dialog.getByLabel('E-mail').fill('jamie.moss@cedarridgelaw.example');
  await expect(dialog.getByText('Invalid e-mail.')).toHaveCount(0);
  await dialog.getByLabel('Title').fill('Paralegal');
  await dialog.getByLabel('Role in reviews').selectOption({ label: 'Technical contact' });
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toHaveCount(0);

  const row = tab.getByRole('row', { name: /Jamie Moss/ });
  await expect(row).toContainText('jamie.moss@cedarridgelaw.example');
  await expect(row).toContainText('Technical contact');
  await expect(row).toContainText('Added by hand');

  // The same e-mail twice in one company: the server's message on the field; nothing is added.
  await tab.getByRole('button', { name: 'Add contact' }).first().click();
  const again = page.getByRole('dialog', { name: 'Add contact' });
  await again.getByLabel('First name (required)').fill('Jay');
  await again.getByLabel('E-mail').fill('JAMIE.MOSS@cedarridgelaw.example');
  await again.getByRole('button', { name: 'Add' }).click();
  await expect(again.getByText('Another contact of this company has this e-mail.')).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(tab.getByRole('row', { name: /Jay/ })).toHaveCount(0);
});

test('import a CSV of contacts: the rejected row is named by its line; the valid rows are imported and listed', async ({
  page,
}) => {
  await signInToShell(page, DEMO_ADMIN.email);
  // The companies page leads to the contacts, and the contacts page to the import of contacts.
  await nav(page).getByRole('link', { name: 'Companies' }).click();
  await page.getByRole('button', { name: 'Contacts' }).click();
  await expect(page).toHaveURL(/\/userList$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await page.getByRole('button', { name: 'Import from CSV' }).click();
  await expect(page.getByLabel('What the file holds')).toHaveValue('contacts');

  const csv = [
    'Company,First Name,Last Name,Email,Title,Role',
    'Northwind Clinics,Oscar,Reyes,oscar.reyes@northwind.example,Practice Manager,Billing contact',
    'Nowhere Ltd,Pat,Quinn,pat@nowhere.example,,',
    'northwind clinics,Uma,Shah,uma.shah@northwind.example,IT Lead,technical contact',
  ].join('\n');
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview.getByText('3 rows: 2 ready to import, 1 rejected (line 3)')).toBeVisible();
  const rejected = preview.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.getByRole('row').nth(1)).toContainText('3');
  await expect(rejected.getByRole('row').nth(1)).toContainText(
    'company: No company is named or numbered "Nowhere Ltd"',
  );
  await expect(preview.getByRole('button', { name: /^Import \d+ rows?$/ })).toBeDisabled();
  await preview.getByText('Skip the rejected rows (import the valid rows only)').click();
  await preview.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(
    page.getByText('Imported 2 of 3 rows: 2 new, 0 updated; 1 rejected row was skipped (line 3).'),
  ).toBeVisible();

  await nav(page).getByRole('link', { name: 'Contacts' }).click();
  await page.getByLabel('Contacts of').selectOption({ label: 'Northwind Clinics' });
  const table = page.getByRole('table', { name: 'Contacts' });
  await expect(table.getByRole('row', { name: /Oscar Reyes/ })).toContainText('Billing contact');
  await expect(table.getByRole('row', { name: /Uma Shah/ })).toContainText('CSV import');
  await expect(table.getByRole('row', { name: /Pat Quinn/ })).toHaveCount(0);
  await expect(page).toHaveURL(/\/userList\?companyId=\d+$/);
  // Search narrows the list; the total follows.
  await page.getByLabel('Search contacts').fill('shah');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('navigation', { name: 'Contact pages' })).toContainText('1–1 of 1 contact');
});

test('a custom field of contacts: set on a contact, a column of the list, filtered by and in the CSV download', async ({
  page,
}) => {
  const label = `Badge ${Date.now() % 1_000_000}`;
  await signInToShell(page, DEMO_ADMIN.email);
  await page.goto('/customfields');
  await page.getByLabel('Record type').selectOption({ label: 'Contacts' });
  await page.getByRole('button', { name: 'Add field' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add a field to contacts' });
  await add.getByLabel('Label').fill(label);
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toHaveCount(0);
  const defs = page.getByRole('table', { name: 'Custom fields of contacts' });
  await expect(defs.getByRole('row', { name: new RegExp(label) })).toBeVisible();

  // The list shows the field as a column; set it on Eleanor Vance.
  await nav(page).getByRole('link', { name: 'Contacts' }).click();
  const table = page.getByRole('table', { name: 'Contacts' });
  await expect(table.getByRole('columnheader', { name: label })).toBeVisible();
  await page.getByRole('button', { name: 'Edit custom fields of Eleanor Vance' }).click();
  const edit = page.getByRole('dialog', { name: 'Custom fields of Eleanor Vance' });
  await edit.getByLabel(label).fill('=Gold tier');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(table.getByRole('row', { name: /Eleanor Vance/ })).toContainText('=Gold tier');

  // Filter by the field (text: contains, any case): only Eleanor Vance; Clear brings the pages back.
  const filter = page.getByRole('search', { name: 'Filter by custom field' });
  await filter.getByLabel('Custom field').selectOption({ label });
  await filter.getByLabel('Filter value').fill('gold');
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText(/^Showing 1 of \d+ contacts/)).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row', { name: /Eleanor Vance/ })).toBeVisible();

  // The download holds the list as shown, with the field (BOM first, the formula-like value escaped).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('contacts.csv');
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trim().split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(
    new RegExp(`^Name,Company,E-mail,Phone,Title,Role in reviews,Active,Source,(.*,)?${label}$`),
  );
  expect(lines[1]).toMatch(/^Eleanor Vance,Cedar Ridge Law,.*,Active,[^,]+,(.*,)?'=Gold tier$/);

  await filter.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByRole('navigation', { name: 'Contact pages' })).toBeVisible();
  await expect(table.getByRole('row').nth(2)).toBeVisible();

  // Leave the demo data as found: delete the field (after the confirmation).
  await page.goto('/customfields');
  await page.getByLabel('Record type').selectOption({ label: 'Contacts' });
  await page.getByRole('button', { name: `Delete ${label}` }).click();
  await page.getByRole('button', { name: 'Delete field' }).click();
  await expect(page.getByRole('button', { name: `Delete ${label}` })).toHaveCount(0);
});
