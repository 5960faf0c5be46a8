/**
 * The Stack Manager in real Chromium, against a server of this worker (real kernel, built workspace, fresh
 * database): a tenant admin adds a service with a product, reorders by drag and by keyboard and sees the order
 * persist after a reload (auto-save and Save), removes a tag choosing a treatment (cancel keeps it), deletes a
 * service after confirming and restores it; a tenant admin whose group has the page Read Only keeps every control, as
 * the server accepts their writes (tenant admins are exempt from the access list on both sides: common/access-rule.ts).
 * Build the workspace first (`npm run build:workspace`).
 */
import { expect, test, type Page } from '@playwright/test';
import { signInToShell } from '../../../tests/sdk';
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { makeTenant, type TestTenant } from '../../../tests/sdk';

let s: TestServer;
let t: TestTenant;
let r: TestTenant;
const PAGE = '/cs/admin/stackManager';

const rows = (page: Page) => page.getByTestId('stack-service-row');
const names = async (page: Page) => await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
const expectOrder = async (page: Page, order: string[]) => expect.poll(() => names(page)).toEqual(order);
const row = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(240_000); // a fresh server and database on a busy machine
  s = await startTestServer({ workspace: true, jobs: false });
  t = await makeTenant(s.k, s.url, {
    pages: ['/dashboard', '/cs/admin', PAGE].map((url) => ({ url, access_level: 'Read/Write' as const })),
  });
  expect((await t.api('POST', `/v3/tenant/${t.tenantId}/companies`, { moniker: 'Acme Dental' })).status).toBe(200);
  const tags = await t.api('POST', `/v3/tenantadmin/${t.tenantId}/tenanttag/`, {
    operation: 'save_tag',
    payload: { moniker: 'Regulated', color: '#c23030', type_code: 'cs_stack' },
  });
  expect(tags.status).toBe(200);
  const regulated = tags.body.tenant_tags.find((x: { moniker: string }) => x.moniker === 'Regulated').tag_id;
  const saved = await t.api('PUT', `/v3/cs/tenant/${t.tenantId}/cs/TenantCsStackService`, {
    services: [
      { serviceId: -1, moniker: 'Antivirus', sort: 1, order: 1 },
      { serviceId: -2, moniker: 'Backup', sort: 2, order: 2, tagIds: [regulated] },
      { serviceId: -3, moniker: 'Cloud Email', sort: 3, order: 3 },
    ],
  });
  expect(saved.status).toBe(200);

  r = await makeTenant(s.k, s.url, {
    pages: ['/dashboard', '/cs/admin', PAGE].map((url) => ({ url, access_level: 'Read/Write' as const })),
  });
  expect((await r.api('POST', `/v3/tenant/${r.tenantId}/companies`, { moniker: 'Bayside Law' })).status).toBe(200);
  expect(
    (
      await r.api('PUT', `/v3/cs/tenant/${r.tenantId}/cs/TenantCsStackService`, {
        services: [
          {
            serviceId: -1,
            moniker: 'Managed Firewall',
            sort: 1,
            order: 1,
            products: [
              { productId: -1, moniker: 'Firewall Basic', calcType: 'perMonth', chargeEstimate: 50, preferredFlag: 0 },
            ],
          },
        ],
      })
    ).status,
  ).toBe(200);
  await s.k.db.withSystem((trx) =>
    trx('security_group_pages')
      .where({ security_group_id: r.securityGroupId, url: PAGE })
      .update({ access_level: 'Read Only' }),
  );
  s.k.access.invalidate(r.tenantId); // the calls above cached the tenant's access lists
});
test.afterAll(async () => {
  await s?.stop();
});

test('add, reorder with auto-save, remove a tag with a treatment, delete and restore', async ({ page }) => {
  test.setTimeout(180_000);
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}${PAGE}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Stack Manager' })).toBeVisible();
  await expectOrder(page, ['Antivirus', 'Backup', 'Cloud Email']);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();

  // The dialog: Save without changes alerts; adding a service with a preferred product.
  await page.getByRole('button', { name: 'Edit Antivirus' }).click();
  const dialog = page.locator('.cs-stack-service-dialog');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('No changes to save')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Service' }).click();
  await dialog.getByLabel(/^Name/).fill('Dark Web Monitoring');
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await dialog.getByLabel('Product name').fill('DWM Standard');
  await dialog.getByLabel('Charge estimate of DWM Standard').fill('4.5');
  await dialog.getByLabel('Preferred DWM Standard').check({ force: true }); // the Blueprint indicator covers the input
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expectOrder(page, ['Antivirus', 'Backup', 'Cloud Email', 'Dark Web Monitoring']);
  await expect(
    row(page, 'Dark Web Monitoring').getByRole('button', { name: 'Preferred product DWM Standard' }),
  ).toHaveAttribute('aria-pressed', 'true');

  // Drag Cloud Email onto Antivirus: it takes its place; Revert Order shows while dirty; auto-save persists it.
  await row(page, 'Cloud Email').getByTestId('drag-handle').dragTo(row(page, 'Antivirus'));
  await expectOrder(page, ['Cloud Email', 'Antivirus', 'Backup', 'Dark Web Monitoring']);
  await expect(page.getByRole('button', { name: 'Revert Order' })).toBeVisible();
  await expect(save).toBeEnabled();
  await expect(page.getByTestId('stack-save-status')).toHaveText('All changes saved', { timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Revert Order' })).toHaveCount(0);
  await page.reload();
  await expectOrder(page, ['Cloud Email', 'Antivirus', 'Backup', 'Dark Web Monitoring']);

  // Keyboard: Alt+ArrowUp on the focused row; Revert Order undoes; then again and Save at once.
  await row(page, 'Backup').focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expectOrder(page, ['Cloud Email', 'Backup', 'Antivirus', 'Dark Web Monitoring']);
  await page.getByRole('button', { name: 'Revert Order' }).click();
  await expectOrder(page, ['Cloud Email', 'Antivirus', 'Backup', 'Dark Web Monitoring']);
  await expect(save).toBeDisabled();
  await row(page, 'Backup').focus();
  await page.keyboard.press('Alt+ArrowUp');
  const sent = page.waitForRequest((q) => q.method() === 'PUT' && q.url().includes('/cs/TenantCsStackService'));
  await save.click();
  const body = (await sent).postDataJSON();
  // Only the two services that swapped places travel.
  expect(body.services.map((x: { serviceId: number; sort: number }) => [x.sort])).toEqual([[2], [3]]);
  await expect(save).toBeDisabled();
  await page.reload();
  await expectOrder(page, ['Cloud Email', 'Backup', 'Antivirus', 'Dark Web Monitoring']);

  // Removing a tag asks its treatment: Cancel keeps the tag, Remove Tag sends the chosen one.
  const backup = row(page, 'Backup');
  await expect(backup.getByText('Regulated')).toBeVisible();
  await backup.getByRole('button', { name: 'Remove tag', exact: true }).click();
  await expect(page.getByText('Remove the tag Regulated from Backup?')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(backup.getByText('Regulated')).toBeVisible();
  await backup.getByRole('button', { name: 'Remove tag', exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Leave as is' })).toBeChecked();
  await page.getByRole('radio', { name: 'Remove all applicable' }).check({ force: true });
  const tagSave = page.waitForRequest((q) => q.method() === 'PUT' && q.url().includes('/cs/TenantCsStackService'));
  await page.getByRole('button', { name: 'Remove Tag', exact: true }).click();
  await expect(backup.getByText('Regulated')).toHaveCount(0);
  expect((await tagSave).postDataJSON().tagDeletions).toEqual([
    expect.objectContaining({ tagId: expect.any(Number), treatment: 'removeAllApplicable' }),
  ]);
  await expect(page.getByTestId('stack-save-status')).toHaveText('All changes saved');
  await page.reload();
  await expect(row(page, 'Backup')).toBeVisible();
  await expect(row(page, 'Backup').getByText('Regulated')).toHaveCount(0);

  // Delete after confirming; restore from Show deleted.
  await page.getByRole('button', { name: 'Delete Antivirus' }).click();
  await expect(page.getByText('Are you sure you want to delete this service?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectOrder(page, ['Cloud Email', 'Backup', 'Dark Web Monitoring']);
  await page.getByText('Show deleted').click();
  await page.getByRole('button', { name: 'Restore Antivirus' }).click();
  await expect(page.getByRole('button', { name: 'Restore Antivirus' })).toHaveCount(0);
  await page.getByText('Show deleted').click();
  await expect(row(page, 'Antivirus')).toBeVisible();
  // Restoring takes the service's saved place: the order is not marked changed (checked at once, before an
  // auto-save could hide it: no Revert Order, nothing to save).
  expect(await page.getByRole('button', { name: 'Revert Order' }).count()).toBe(0);
  expect(await page.getByTestId('stack-save-status').textContent()).toBe('All changes saved');
  await page.reload();
  await expect(row(page, 'Antivirus')).toBeVisible();
});

test('tag management and the Category Manager', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}${PAGE}`);
  await page.getByRole('button', { name: 'Manage Tags' }).click();
  await page.getByRole('button', { name: 'Add Tag' }).click();
  await page.getByLabel('Tag name').fill('Microsoft 365');
  await page.getByLabel('Tag color').fill('#00a4ef');
  await page.getByRole('button', { name: 'Save Tag' }).click();
  const tagTable = page.getByRole('table', { name: 'Stack tags' });
  await expect(tagTable.getByRole('row', { name: /Microsoft 365/ })).toContainText('#00a4ef');
  await page.getByRole('button', { name: 'Close', exact: true }).last().click();

  await page.getByRole('tab', { name: 'Category Manager' }).click();
  await expect(page.getByText('No categories yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add Category' }).click();
  await page.getByPlaceholder('Category name').fill('Security');
  // As a user does: click the label once the name is in, then see the box checked.
  await expect(page.getByRole('heading', { name: 'Services in Security' })).toBeVisible();
  const backup = page.getByRole('group', { name: 'Assign services' }).getByLabel('Backup');
  await page.getByRole('group', { name: 'Assign services' }).getByText('Backup', { exact: true }).click();
  await expect(backup).toBeChecked();
  const saveCategories = page.getByRole('button', { name: 'Save Categories' });
  await saveCategories.click();
  await expect(saveCategories).toBeDisabled();
  await expect(page.getByText('1 services')).toBeVisible();

  await page.getByRole('tab', { name: 'Stack Manager' }).click();
  await page.getByLabel('Category filter').selectOption({ label: 'Security' });
  await expectOrder(page, ['Backup']);
  await expect(row(page, 'Backup').getByText('Security')).toBeVisible();
});

test('a tenant admin with a Read Only entry keeps the controls, as the server accepts the writes', async ({ page }) => {
  await signInToShell(page, r.email, r.password, s.url);
  await page.goto(`${s.url}${PAGE}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Stack Manager' })).toBeVisible();
  const firewall = row(page, 'Managed Firewall');
  await expect(firewall).toBeVisible();
  await expect(firewall).toHaveAttribute('draggable', 'true');
  await expect(page.getByRole('button', { name: 'Add Service' })).toBeVisible();
  await expect(firewall.getByRole('button', { name: 'Preferred product Firewall Basic' })).toBeEnabled();
});
