/**
 * The report builder for a user whose group has /reportbuilder Read Only (not a tenant admin), on a server of this
 * test's own: the lock in the header, no template editing, the builder opens in Review mode, no Word export or
 * scheduling, and Designer mode shows the properties without editing controls. Build the workspace first.
 */
import { expect, test } from '@playwright/test';
import {
  makeTenant,
  signInToShell,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
  type TestTenant,
} from '../../../tests/sdk';

const PAGE = '/reportbuilder';
const MSG_READ_ONLY = 'You only have Read Only Access to This Page.';
let s: TestServer;
let t: TestTenant;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  s = await startTestServer({ workspace: true, jobs: false });
  t = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: ['/dashboard', '/datamanagercompanies', PAGE].map((url) => ({ url, access_level: 'Read/Write' as const })),
  });
  expect((await t.api('POST', `/v3/tenant/${t.tenantId}/companies`, { moniker: 'Harbor Dental' })).status).toBe(200);
  const created = await t.api('POST', `/v3/tenant/${t.tenantId}/reportBuilder`, { name: 'Client QBR' });
  expect(created.status).toBe(200);
  const id = created.body.template.report_template_id as number;
  const added = await t.api('POST', `/v3/tenant/${t.tenantId}/reportBuilder/${id}/components`, {
    type: 'wysiwyg',
    properties: { content: '<p>Our shared review text.</p>' },
  });
  expect(added.status).toBe(200);
  await s.k.db.withSystem((trx) =>
    trx('security_group_pages').where({ security_group_id: t.securityGroupId, url: PAGE }).update({
      access_level: 'Read Only',
    }),
  );
  s.k.access.invalidate(t.tenantId);
});
test.afterAll(async () => {
  await s?.stop();
});

test('Read Only: the lock, no editing controls, Review mode first, no exports or schedules', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToShell(page, t.email, TEST_PASSWORD, s.url);
  await page.goto(`${s.url}${PAGE}`);
  await expect(page.getByRole('img', { name: MSG_READ_ONLY })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open Client QBR' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New template' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Rename Client QBR' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete Client QBR' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Open Client QBR' }).click();
  await expect(page).toHaveURL(/mode=review/);
  await expect(page.getByRole('region', { name: 'Report preview' }).getByText('Our shared review text.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Presentation Mode' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download MS Word (.docx)' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Schedule Report for Email Delivery' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New version' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Change to Designer Mode' }).click();
  await expect(page.getByRole('button', { name: 'Add component' })).toHaveCount(0);
  const item = page.getByRole('list', { name: 'Components' }).getByRole('listitem', { name: /Rich Text/ });
  await expect(item.getByRole('button', { name: 'Remove Rich Text' })).toHaveCount(0);
  await item.click();
  const props = page.getByRole('complementary', { name: 'Component properties' });
  await expect(props.getByLabel('Title')).toHaveAttribute('readonly', '');
  await expect(props.getByRole('radio', { name: 'Content per company' })).toBeDisabled();
  await expect(props.getByRole('button', { name: 'Save text' })).toHaveCount(0);
  await expect(props.getByRole('toolbar', { name: 'Formatting' })).toHaveCount(0);
  await expect(props.getByRole('textbox', { name: 'Text', exact: true })).toHaveAttribute('contenteditable', 'false');
});
