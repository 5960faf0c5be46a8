/**
 * A user of two companies in real Chromium (issue 13 part 1), against a server started in this
 * worker (the invitation link is read from the mail outbox): tenant B's admin adds an existing user
 * of tenant A; the user manager shows only the e-mail and "Invited"; the user opens the mailed link,
 * sees who invites them and accepts; B's admin then finds them in the list, and the edit dialog
 * offers the membership only (names and single sign-on locked: they belong to the home company).
 */
import { expect, test, type Page } from '@playwright/test';
import { makeFullTenant } from '../helpers/walk-tenants';
import { startE2EKernel, type E2EKernel } from './kernel-server';
import { signInToShell } from './session';

let kx: E2EKernel;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  kx = await startE2EKernel();
});
test.afterAll(async () => {
  await kx?.stop();
});

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });

test("B invites A's user; the user accepts through the link; B manages the membership only", async ({ page }) => {
  const a = await kx.user();
  const b = await makeFullTenant(kx.s.k, kx.url); // an admin group with the user manager page
  await b.api('POST', `/v3/tenant/${b.tenantId}/companies`, { moniker: 'Invitation Co', seats: 3 });
  const tenantB = await kx.s.k.db.withSystem((trx) => trx('tenants').where({ tenant_id: b.tenantId }).first('name'));

  await signInToShell(page, b.email, b.password, kx.url);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'User Manager' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'User Manager' })).toBeVisible();
  await page.getByRole('button', { name: 'Add user' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('E-mail').fill(a.email);
  await dialog.getByLabel('First name').fill('Someone');
  await dialog.getByLabel('Last name').fill('Else');
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByText(`${a.email} belongs to another company and was invited by e-mail; they join once they accept.`),
  ).toBeVisible();
  // Only the e-mail and "Invited"; not a user of B yet.
  const invitation = page.getByRole('table', { name: 'Invitations' }).getByRole('row').filter({ hasText: a.email });
  await expect(invitation).toContainText('Invited');
  await expect(usersTable(page).getByRole('row').filter({ hasText: a.email })).toHaveCount(0);

  // The invited user opens the mailed link (no sign-in needed) and accepts.
  const [mail] = await kx.outbox(a.email);
  const link = /(https?:\/\/\S+\/acceptInvitation\?invitationKey=[A-Za-z0-9_-]{43})/.exec(mail.text_body)![1];
  const invitee = await page.context().browser()!.newPage();
  await invitee.goto(`${kx.url}${new URL(link).pathname}${new URL(link).search}`);
  await expect(invitee.getByText(`invites you (${a.email}) to join them`)).toBeVisible();
  await invitee.getByRole('button', { name: 'Accept' }).click();
  await expect(invitee.getByText(`You have joined ${tenantB.name}`)).toBeVisible();
  await invitee.close();

  // B's admin now sees the member; names and single sign-on are locked, the membership is not.
  await page.getByRole('button', { name: 'Reload users' }).click();
  const row = usersTable(page).getByRole('row').filter({ hasText: a.email });
  await expect(row).toContainText('Test Admin');
  await expect(page.getByRole('table', { name: 'Invitations' })).toHaveCount(0);
  await row.getByRole('button', { name: `Edit ${a.email}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Test Admin' });
  await expect(edit.getByLabel('First name')).toBeDisabled();
  await expect(edit.getByRole('checkbox', { name: 'Force single sign-on' })).toBeDisabled();
  await expect(edit.getByText("Name and single sign-on are managed by this user's home company.")).toBeVisible();
  await expect(edit.getByLabel('Security group')).toBeEnabled();
  await edit.getByRole('button', { name: 'Cancel' }).click();
});
