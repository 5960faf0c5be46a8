/**
 * The report builder in real Chromium on the shared e2e server (demo data, demo tenant admin): a template created
 * (name checked first), a Rich Text component with text typed in the editor, an Image uploaded through the file input,
 * a Project Summary (its source not installed: needs attention and its empty state), the text switched to content
 * per company with Northwind Clinics' own text, Review mode for Northwind (its text) and Acme Dental Group (the shared
 * text), Presentation Mode (ArrowRight moves on, Escape leaves), the image left out of Acme's report (activeFlag), a
 * new version (the earlier one read-only), and the template deleted with confirmation.
 * Build the workspace first.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, signInToShell } from '../../../tests/sdk';

test.setTimeout(180_000);

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function addComponent(page: Page, label: string) {
  await page.getByRole('button', { name: 'Add component' }).first().click();
  const flyout = page.getByRole('dialog', { name: 'Add a component' });
  await flyout.getByRole('button', { name: `Add ${label}` }).click();
  await expect(flyout).toHaveCount(0);
}

const outline = (page: Page) => page.getByRole('list', { name: 'Components' });
const properties = (page: Page) => page.getByRole('complementary', { name: 'Component properties' });

test('build a report: text, image and assessment summary; content per company; review and present it', async ({
  page,
}) => {
  const name = `E2E client report ${Date.now()}`;
  await signInToShell(page, DEMO_ADMIN.email);
  await page.goto('/reportbuilder');
  await expect(page.getByRole('heading', { level: 1, name: 'Report Builder' })).toBeVisible();

  // A new template: the name is required.
  await page.getByRole('button', { name: 'New template' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New report template' });
  await dialog.getByRole('button', { name: 'Create template' }).click();
  await expect(dialog.getByText('Required.')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create template' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/reportbuilder\?templateId=\d+/);
  await expect(page.getByText(`${name} · version 1`)).toBeVisible();
  await expect(page.getByText('No components yet')).toBeVisible();

  // Rich Text: typed in the editor, saved, shown in the preview card.
  await addComponent(page, 'Rich Text');
  const editor = properties(page).getByRole('textbox', { name: 'Text', exact: true });
  await editor.click();
  await page.keyboard.type('Shared summary for every client.');
  await properties(page).getByRole('button', { name: 'Save text' }).click();
  const text = outline(page).getByRole('listitem', { name: /Rich Text/ });
  await expect(text.getByText('Shared summary for every client.')).toBeVisible();

  // Image: needs attention until a file is uploaded through the file input.
  await addComponent(page, 'Image');
  const image = outline(page).getByRole('listitem', { name: /Image/ });
  await expect(image.getByText(/Needs attention/)).toBeVisible();
  await properties(page)
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(image.getByRole('img', { name: 'logo.png' })).toBeVisible();
  await expect(image.getByText(/Needs attention/)).toHaveCount(0);

  // Project Summary: its source (projects) is not installed, so it needs attention and shows its empty state.
  await addComponent(page, 'Project Summary');
  const summary = outline(page).getByRole('listitem', { name: /Project Summary/ });
  await expect(summary.getByText(/Needs attention: Projects is not available/)).toBeVisible();
  await expect(summary.getByText('Projects is not available', { exact: true })).toBeVisible();
  await expect(outline(page).getByRole('listitem')).toHaveCount(3);

  // Content per company for the text; Northwind Clinics gets its own text.
  await text.click();
  await properties(page).getByText('Content per company', { exact: true }).click();
  await expect(properties(page).getByRole('radio', { name: 'Content per company' })).toBeChecked();
  await expect(properties(page).getByText(/to give it its own content/)).toBeVisible();
  await page.getByLabel('Report for', { exact: true }).selectOption({ label: 'Northwind Clinics' });
  const own = properties(page).getByRole('textbox', { name: 'Text for Northwind Clinics' });
  await expect(own).toContainText('Shared summary for every client.');
  await own.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Northwind: backups improved this quarter.');
  await properties(page).getByRole('button', { name: 'Save for Northwind Clinics' }).click();
  await expect(text.getByText('Northwind: backups improved this quarter.')).toBeVisible();

  // Review mode: Northwind sees its own text; another company the shared one.
  await page.getByRole('button', { name: 'Change to Review Mode' }).click();
  const review = page.getByRole('region', { name: 'Report preview' });
  await expect(review.getByText('Report for Northwind Clinics')).toBeVisible();
  await expect(review.getByText('Northwind: backups improved this quarter.')).toBeVisible();
  await expect(review.getByText('Shared summary for every client.')).toHaveCount(0);
  await expect(review.getByText('1 component(s) need attention')).toBeVisible();
  await page.getByLabel('Report for', { exact: true }).selectOption({ label: 'Acme Dental Group' });
  await expect(review.getByText('Report for Acme Dental Group')).toBeVisible();
  await expect(review.getByText('Shared summary for every client.')).toBeVisible();
  await expect(review.getByText('Northwind: backups improved this quarter.')).toHaveCount(0);

  // Presentation Mode: one component per slide; ArrowRight moves on, Escape leaves to the builder.
  await page.getByRole('button', { name: 'Presentation Mode' }).click();
  await expect(page).toHaveURL(/\/reportbuilderpresent\?propTemplateId=\d+&vers=1&companyId=\d+/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Slide 1 of 3: Rich Text' })).toBeVisible();
  await expect(page.getByText('1 / 3')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('group', { name: 'Slide 2 of 3: Image' })).toBeVisible();
  await expect(page.getByText('2 / 3')).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByRole('group', { name: 'Slide 3 of 3: Project Summary' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText('2 / 3')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/reportbuilder\?templateId=\d+.*mode=review/);
  await expect(page.getByRole('region', { name: 'Report preview' })).toBeVisible();

  // Leave the image out of Acme Dental Group's report (activeFlag); Northwind keeps it.
  await page.getByRole('button', { name: 'Change to Designer Mode' }).click();
  await image.click();
  await properties(page).getByText('Content per company', { exact: true }).click();
  await properties(page).getByText("Include in Acme Dental Group's report").click();
  await expect(properties(page).getByText("This component is left out of Acme Dental Group's report.")).toBeVisible();
  await expect(image.getByText("Not in Acme Dental Group's report")).toBeVisible();
  await page.getByRole('button', { name: 'Change to Review Mode' }).click();
  await expect(review.getByText('Report for Acme Dental Group')).toBeVisible();
  await expect(review.getByRole('region', { name: 'Image' })).toHaveCount(0);
  await page.getByLabel('Report for', { exact: true }).selectOption({ label: 'Northwind Clinics' });
  await expect(review.getByRole('region', { name: 'Image' })).toBeVisible();

  // A new version becomes the one the builder edits; the earlier one is shown read-only.
  await page.getByRole('button', { name: 'New version' }).click();
  const versionDialog = page.getByRole('dialog', { name: 'New version' });
  await versionDialog.getByLabel('Note').fill('Second quarter');
  await versionDialog.getByRole('button', { name: 'Create version' }).click();
  await expect(page.getByText(`${name} · version 2`)).toBeVisible();
  await page.getByLabel('Version', { exact: true }).selectOption({ label: 'Version 1' });
  await expect(page.getByText('Version 1 is an earlier version and cannot be changed')).toBeVisible();

  // Clean up: the template is deleted after a confirmation.
  await page.getByRole('button', { name: 'All templates' }).click();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('button', { name: 'Delete template' }).click();
  await expect(page.getByRole('button', { name: `Open ${name}` })).toHaveCount(0);
});
