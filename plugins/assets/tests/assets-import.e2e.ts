/**
 * The assets import on the import page in real Chromium on the shared e2e server (demo data, issue 17 part E): the
 * kind is offered with its columns and template; a file with a rejected row is previewed (its line and why), the
 * valid rows are imported with the rejected one skipped, and a row with the make + serial of a demo asset is merged
 * into it (counted as updated). Build the workspace first.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signInToShell } from '../../../tests/sdk';

test.setTimeout(120_000);

// A demo asset (server/fixtures.ts: names and serials come from a seeded generator and never change).
const DEMO_SERIAL = 'PF7GZAF9';

test('the import page offers assets: columns, template; rejected rows named; a known serial is merged', async ({
  page,
}) => {
  await signInToShell(page, DEMO_ADMIN.email);
  await page.goto('/datamanager/import?kind=assets');
  await expect(page.getByLabel('What the file holds')).toHaveValue('assets');
  await expect(page.getByText('Columns (the first line of the file; * required):')).toContainText(
    'company*nameasset_typestatusserialmakemodelpurchase_date',
  );

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download template' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('assets-template.csv');
  const template = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(template[0]).toBe(
    'company,name,asset_type,status,serial,make,model,purchase_date,warranty_start,warranty_expiry,eol_date,operating_system,assigned_to,location,cost,notes,source_id,last_seen',
  );
  expect(template[1]).toContain('Acme Dental Group,ACME-LT-014,Laptop,In Use,7HQK2X3,Dell,Latitude 5440');

  const csv = [
    'Company,Name,Asset Type,Serial Number,Manufacturer,Model,Warranty Expiry',
    'Acme Dental Group,ACME-LT-900,Laptop,E2E-0001,Dell,Latitude 5440,2028-01-31',
    'Nowhere Ltd,X-1,Laptop,E2E-0002,Dell,,',
    `acme dental group,,,${DEMO_SERIAL},lenovo,,2031-12-31`,
  ].join('\n');
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'assets.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview.getByText('3 rows: 2 ready to import, 1 rejected (line 3)')).toBeVisible();
  const rejected = preview.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.getByRole('row').nth(1)).toContainText('3');
  await expect(rejected.getByRole('row').nth(1)).toContainText(
    'company: No company is named or numbered "Nowhere Ltd"',
  );
  await preview.getByText('Skip the rejected rows (import the valid rows only)').click();
  await preview.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(
    page.getByText('Imported 2 of 3 rows: 1 new, 1 updated; 1 rejected row was skipped (line 3).'),
  ).toBeVisible();
});
