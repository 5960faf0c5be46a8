/**
 * The security groups page (/securitygroups) in real Chromium against the real server with the demo
 * data: the demo admin creates a group with two pages, edits it, sees it listed and deletes it; the
 * server's refusals (group still has users, duplicate name) are shown and change nothing; the demo
 * account manager (no admin) is refused the page.
 */
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_MANAGER_GROUP, ADMIN_GROUP, DEMO_ACCOUNT_MANAGER, DEMO_ADMIN } from '../../fixtures/demo';
import { PASSWORD, signIn as signInThroughForm } from './session';

const MSG_DIRTY_PAGE = 'You have pending changes - are you sure you want to leave this page?';
const MSG_READ_ONLY = 'You only have Read Only Access to This Page.';
const MSG_TENANT_ADMIN =
  'This page requires Admin Access - please contact your company administrator if you feel like should have access to this page.';

async function signIn(page: Page, email: string, password: string) {
  await signInThroughForm(page, email, password);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

async function openSecurityGroups(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Security Groups' })
    .click();
  await expect(page).toHaveURL(/\/securitygroups$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Security Groups' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Security groups' })).toBeVisible();
}

const access = (page: Page, title: string) => page.getByRole('radiogroup', { name: `Access to ${title}` });
const groupRow = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Security groups' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

test('the demo admin creates a group with two pages, edits it, sees it listed and deletes it', async ({ page }) => {
  const name = `Auditors ${Date.now().toString(36)}`;
  await signIn(page, DEMO_ADMIN.email, PASSWORD);
  await openSecurityGroups(page);
  await expect(groupRow(page, ADMIN_GROUP)).toBeVisible();
  await expect(groupRow(page, ACCOUNT_MANAGER_GROUP)).toContainText('vCIO');

  // Create.
  await page.getByRole('button', { name: 'New security group' }).first().click();
  await expect(page).toHaveURL(/\/securitygroups\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New security group' })).toBeVisible();
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByText('Required.')).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Description').fill('Reviews the dashboard');
  // Keyboard: Space toggles a module checkbox.
  await page.getByRole('checkbox', { name: 'vCIO' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'vCIO' })).toBeChecked();
  await access(page, 'Dashboard').getByRole('radio', { name: 'Read/Write' }).click();
  await page.getByRole('searchbox', { name: 'Search pages' }).fill('compan');
  await expect(access(page, 'Dashboard')).toHaveCount(0);
  await access(page, 'Companies').getByRole('radio', { name: 'Read Only' }).click();
  await page.getByRole('searchbox', { name: 'Search pages' }).fill('');
  await expect(page.getByTestId('sg-access-summary')).toContainText('2 of');
  await expect(page.getByTestId('sg-access-summary')).toContainText('1 Read/Write, 1 Read Only');

  // Unsaved changes: leaving asks first; staying keeps the edits.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
  const prompt = page.getByRole('alertdialog').filter({ hasText: MSG_DIRTY_PAGE });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/securitygroups\/new$/);
  await expect(page.getByLabel('Name')).toHaveValue(name);

  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page).toHaveURL(/\/securitygroups$/);
  const row = groupRow(page, name);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Reviews the dashboard');
  await expect(row.getByRole('cell').nth(3)).toContainText('2');
  await expect(row.getByRole('cell').nth(3)).toContainText('1 read only');
  await expect(row.getByRole('cell').nth(4)).toHaveText('0');

  // Edit: the saved state comes back, then change description, a module and one page.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(access(page, 'Dashboard').getByRole('radio', { name: 'Read/Write' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(access(page, 'Companies').getByRole('radio', { name: 'Read Only' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByRole('checkbox', { name: 'vCIO' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await page.getByLabel('Description').fill('Reviews dashboards and companies');
  await page.getByRole('checkbox', { name: 'Customer Success' }).focus();
  await page.keyboard.press('Space');
  await access(page, 'Companies').getByRole('radio', { name: 'Read/Write' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/securitygroups$/);
  const edited = groupRow(page, name);
  await expect(edited).toContainText('Reviews dashboards and companies');
  await expect(edited).toContainText('Customer Success');
  await expect(edited.getByRole('cell').nth(3)).toHaveText('2');

  // A full reload shows what the server holds.
  await page.reload();
  await expect(groupRow(page, name)).toContainText('Reviews dashboards and companies');

  // Delete with confirmation.
  await groupRow(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete security group' });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Delete group' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(groupRow(page, name)).toHaveCount(0);
  await expect(page.getByText(`Security group '${name}' deleted.`)).toBeVisible();
});

test('refusals are shown and change nothing: a group with users, a duplicate name', async ({ page }) => {
  await signIn(page, DEMO_ADMIN.email, PASSWORD);
  await openSecurityGroups(page);

  // 409: the account managers group still has Sam Patel.
  await groupRow(page, ACCOUNT_MANAGER_GROUP)
    .getByRole('button', { name: `Delete ${ACCOUNT_MANAGER_GROUP}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete security group' });
  await dialog.getByRole('button', { name: 'Delete group' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This security group still has users');
  await expect(dialog.getByRole('alert')).toContainText('Nothing was deleted.');
  await dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
  await expect(groupRow(page, ACCOUNT_MANAGER_GROUP)).toBeVisible();

  // Duplicate name: refused next to the field, nothing is created.
  await page.getByRole('button', { name: 'New security group' }).first().click();
  await page.getByLabel('Name').fill(ADMIN_GROUP.toLowerCase());
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByText('A security group with this name already exists.')).toBeVisible();
  await expect(page).toHaveURL(/\/securitygroups\/new$/);
  // Leave without saving: the prompt, then the list without a new group.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('alertdialog')
    .filter({ hasText: MSG_DIRTY_PAGE })
    .getByRole('button', { name: 'Leave' })
    .click();
  await expect(page).toHaveURL(/\/securitygroups$/);
  await expect(groupRow(page, ADMIN_GROUP)).toBeVisible();
  await expect(groupRow(page, ADMIN_GROUP.toLowerCase())).toHaveCount(0);
});

test('a Read Only entry does not hold the tenant admin: no lock, editing stays (as on the server)', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN.email, PASSWORD);
  const listCall = page.waitForRequest(
    (r) => /\/v3\/tenantadmin\/\d+\/securitygroups/.test(r.url()) && !!r.headers().authorization,
  );
  await openSecurityGroups(page);
  const call = await listCall;
  const headers = { authorization: call.headers().authorization, 'x-api-key': call.headers()['x-api-key'] };
  const base = new URL(call.url()).pathname;
  try {
    // The admin's own group gets Read Only on /securitygroups.
    await groupRow(page, ADMIN_GROUP)
      .getByRole('button', { name: `Edit ${ADMIN_GROUP}` })
      .click();
    await access(page, 'Security Groups').getByRole('radio', { name: 'Read Only' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/securitygroups$/);

    // The session reloads: tenant admins are exempt from the access list on both sides (common/access-rule.ts),
    // so the page keeps its controls, and the server takes the writes.
    await page.reload();
    await expect(page.getByRole('table', { name: 'Security groups' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New security group' })).toBeVisible();
    await expect(page.getByRole('img', { name: MSG_READ_ONLY })).toHaveCount(0);
    await expect(groupRow(page, ADMIN_GROUP).getByRole('button', { name: `Edit ${ADMIN_GROUP}` })).toBeVisible();
  } finally {
    // Restore Read/Write through the API (the server does not hold tenant admins to their list).
    const list = (await (await page.request.get(base, { headers })).json()) as {
      securityGroups: { security_group_id: number; name: string; pages: { url: string; access_level: string }[] }[];
    };
    const admins = list.securityGroups.find((g) => g.name === ADMIN_GROUP)!;
    const pages = admins.pages.map((p) => (p.url === '/securitygroups' ? { ...p, access_level: 'Read/Write' } : p));
    const put = await page.request.put(`${base}/${admins.security_group_id}`, { headers, data: { pages } });
    expect(put.status()).toBe(200);
  }
});

test('the demo account manager is refused the security groups page', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNT_MANAGER.email, PASSWORD);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Security Groups' })).toHaveCount(0);

  // Opening the address directly: the admin-page alert, and no security group data.
  const tenantCall = page.waitForRequest((r) => /\/v3\/tenant\/\d+\//.test(r.url()) && !!r.headers().authorization);
  await page.goto('/securitygroups');
  await expect(page.getByRole('alertdialog').filter({ hasText: MSG_TENANT_ADMIN })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Security groups' })).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/securitygroups/);

  // The API refuses too (same token and API key as the workspace's own calls).
  const signed = await tenantCall;
  const tenantId = /\/v3\/tenant\/(\d+)\//.exec(signed.url())![1];
  const h = signed.headers();
  const r = await page.request.get(`/v3/tenantadmin/${tenantId}/securitygroups`, {
    headers: { authorization: h.authorization, 'x-api-key': h['x-api-key'] },
  });
  expect(r.status()).toBe(403);
});
