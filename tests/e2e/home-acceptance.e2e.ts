/**
 * Issue 15's acceptance walk in real Chromium against the shared demo server, as a NEW user: the demo admin adds a
 * tenant admin on the User Manager; the registration mail is read from the server's outbox with `lci mail outbox`
 * run beside the server; the new user sets a password through the mailed link, signs in for the first time
 * (accepting the terms when asked), sees the dashboard panels, completes an onboarding item, adds a contact, adds a
 * custom field and filters the companies list by it, creates a goal with a task from the company page and files a
 * support request; internal support answers it on /lcisupport and the new user sees the answer and the status.
 * Names are unique per run; the walk leaves the demo data as it found it (onboarding item unticked, goal, contact and
 * field deleted, the new user deactivated). Build the workspace first.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_GROUP, DEMO_ADMIN } from '../../fixtures/demo';
import { PASSWORD, signInToShell } from './session';
import { sharedOutbox } from './shared-server';

const SUPPORT_USER = 'support@lifecycle.example';
const COMPANY = 'Brightwater Logistics';
const NEW_PASSWORD = 'Walk#Lifecycle2026';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function openCompany(page: Page) {
  await page.goto('/cs/company/detail');
  await page.getByLabel('Company', { exact: true }).selectOption({ label: COMPANY });
  await expect(page.getByRole('heading', { name: COMPANY })).toBeVisible();
}

test('a new tenant admin walks the home area: dashboard, onboarding, contact, custom field, goal, support', async ({
  browser,
}) => {
  test.setTimeout(420_000); // a long walk; the shared machine is slow at times
  const run = Date.now().toString(36);
  const email = `walk-${run}@demo-msp.example`;
  const contact = `Robin Walk${run}`;
  const field = `Walk tier ${run}`;
  const goal = `Consolidate backups ${run}`;
  const subject = `Where are the QBR templates? ${run}`;

  // The demo admin adds the new user as a tenant admin; the user is mailed a registration link.
  const admin = await (await browser.newContext()).newPage();
  await signInToShell(admin, DEMO_ADMIN.email);
  await nav(admin).getByRole('link', { name: 'User Manager' }).click();
  await admin.getByRole('button', { name: 'Add user' }).first().click();
  const add = admin.getByRole('dialog', { name: 'Add user' });
  await add.getByLabel('E-mail').fill(email);
  await add.getByLabel('First name').fill('Morgan');
  await add.getByLabel('Last name').fill('Ellis');
  await add.getByLabel('Security group').selectOption({ label: ADMIN_GROUP });
  await add.locator('label', { hasText: 'Tenant admin' }).click();
  await expect(add.getByRole('checkbox', { name: 'Tenant admin' })).toBeChecked();
  await add.getByRole('button', { name: 'Add user' }).click();
  await expect(add).toHaveCount(0);
  const userRow = admin.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: email });
  await expect(userRow).toContainText('Invitation pending');
  await expect(userRow).toContainText('Tenant admin');

  await expect
    .poll(async () => (await sharedOutbox(email)).map((m) => m.subject), { timeout: 30_000 })
    .toContain('You are invited to Lifecycle');
  const mail = (await sharedOutbox(email)).find((m) => m.subject === 'You are invited to Lifecycle')!;
  const link = new URL(/(https?:\/\/\S+\/signUpRegisteredUser\?registrationKey=\S+)/.exec(mail.text_body)![1]);

  // The new user sets a password through the link and signs in for the first time.
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Company')).toHaveValue('Demo MSP');
  await expect(page.getByLabel('First name')).toHaveValue('Morgan');
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/signIn\?.*interaction=/, { timeout: 30_000 });
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  const signOut = page.getByRole('button', { name: 'Sign out' });
  const terms = page.getByRole('heading', { name: 'Updated Terms of Use' });
  await expect(signOut.or(terms)).toBeVisible({ timeout: 30_000 });
  if (await terms.isVisible()) await page.getByRole('button', { name: 'Accept' }).click();
  await expect(signOut).toBeVisible({ timeout: 30_000 });

  // The dashboard: the plugins' panels with the demo tenant's data.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Health distribution' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Biggest health drops' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Goals due' }).getByRole('table', { name: 'Goals due' })).toContainText(
    'Move file shares to the cloud',
  );
  await expect(page.getByRole('region', { name: 'Contracts reaching their notice date' })).toContainText('Datto');
  await expect(
    page.getByRole('region', { name: 'Companies without data' }).getByRole('list', { name: 'Companies without data' }),
  ).toContainText('Northwind Clinics');

  // An onboarding item completed, kept after a reload.
  const checklist = page.getByRole('region', { name: 'Getting started' });
  await expect(checklist).toContainText('1 of 3 steps done');
  const invite = checklist.getByRole('checkbox', { name: 'Invite your team' });
  await expect(invite).not.toBeChecked();
  await invite.focus();
  await page.keyboard.press('Space');
  await expect(checklist).toContainText('2 of 3 steps done');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Getting started' })).toContainText('2 of 3 steps done');
  await expect(page.getByRole('checkbox', { name: 'Invite your team' })).toBeChecked();

  // A contact added from the company page's Contacts tab.
  await openCompany(page);
  await page.getByRole('tab', { name: 'Contacts' }).click();
  const contactsTab = page.getByRole('tabpanel', { name: 'Contacts' });
  await contactsTab.getByRole('button', { name: 'Add contact' }).first().click();
  const contactDialog = page.getByRole('dialog', { name: 'Add contact' });
  await contactDialog.getByLabel('First name (required)').fill('Robin');
  await contactDialog.getByLabel('Last name').fill(`Walk${run}`);
  await contactDialog.getByLabel('E-mail').fill(`robin.${run}@brightwater.example`);
  await contactDialog.getByLabel('Role in reviews').selectOption({ label: 'Decision maker' });
  await contactDialog.getByRole('button', { name: 'Add' }).click();
  await expect(contactDialog).toHaveCount(0);
  const contactRow = contactsTab.getByRole('row', { name: new RegExp(contact) });
  await expect(contactRow).toContainText('Decision maker');
  await expect(contactRow).toContainText('Added by hand');

  // A custom field of companies, set on the company and used as the list's filter.
  await nav(page).getByRole('link', { name: 'Custom Fields' }).click();
  await expect(page).toHaveURL(/\/customfields$/);
  await page.getByRole('button', { name: 'Add field' }).first().click();
  const fieldDialog = page.getByRole('dialog', { name: 'Add a field to companies' });
  await fieldDialog.getByLabel('Label').fill(field);
  await fieldDialog.getByLabel('Type').selectOption('choice');
  await fieldDialog.getByLabel('Options').fill('Platinum\nStandard');
  await fieldDialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(fieldDialog).toHaveCount(0);
  const defs = page.getByRole('table', { name: 'Custom fields of companies' });
  await expect(defs.getByRole('row', { name: new RegExp(field) })).toContainText('Platinum, Standard');

  await page.goto('/datamanagercompanies');
  const list = page.getByRole('table', { name: 'Companies' });
  await expect(list.getByRole('columnheader', { name: field })).toBeVisible();
  await page.getByRole('button', { name: `Edit custom fields of ${COMPANY}` }).click();
  const values = page.getByRole('dialog', { name: `Custom fields of ${COMPANY}` });
  await values.getByLabel(field).selectOption('Platinum');
  await values.getByRole('button', { name: 'Save' }).click();
  await expect(values).toHaveCount(0);
  await expect(list.getByRole('row', { name: new RegExp(COMPANY) })).toContainText('Platinum');
  const filter = page.getByRole('search', { name: 'Filter by custom field' });
  await filter.getByLabel('Custom field').selectOption({ label: field });
  await filter.getByLabel('Filter value').selectOption('Platinum');
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('Showing 1 of')).toBeVisible();
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list.getByRole('row', { name: new RegExp(COMPANY) })).toBeVisible();
  await filter.getByRole('button', { name: 'Clear' }).click();
  await expect(list.getByRole('row', { name: /Summit Manufacturing/ })).toBeVisible();

  // A goal with a task from the company page; the task completed.
  await openCompany(page);
  const goalsTile = page.getByRole('region', { name: 'Goals' });
  await goalsTile.getByRole('button', { name: 'Add goal' }).click();
  const goalDialog = page.getByRole('dialog', { name: 'Add goal' });
  await goalDialog.getByLabel('Goal').fill(goal);
  await goalDialog.getByLabel('Status').selectOption({ label: 'In Progress' });
  await goalDialog.getByLabel('Due date').fill('2031-03-31');
  await goalDialog.getByRole('button', { name: 'Save goal' }).click();
  await expect(goalDialog).toBeHidden();
  const goals = goalsTile.getByRole('list', { name: 'Goals' });
  await expect(goals).toContainText(goal);
  const tasks = goalsTile.getByRole('group', { name: `Tasks of ${goal}` });
  await tasks.getByLabel(`New task of ${goal}`).fill('Inventory the backup jobs');
  await tasks.getByRole('button', { name: 'Add task' }).click();
  await expect(tasks.getByText('Inventory the backup jobs')).toBeVisible();
  await expect(goals.getByRole('listitem').filter({ hasText: goal })).toContainText('0% of tasks done');
  await tasks.getByText('Inventory the backup jobs').click();
  await expect(goals.getByRole('listitem').filter({ hasText: goal })).toContainText('100% of tasks done');

  // A support request filed to internal support.
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await page.getByLabel('Issue type').selectOption({ label: 'Question' });
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Description').fill('I cannot find the QBR templates after my first sign-in.');
  await page.getByRole('button', { name: 'Send to support' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'was sent to Lifecycle support' })).toBeVisible();
  const card = page.getByRole('article', { name: new RegExp(subject.replace(/[?]/g, '\\?')) });
  await expect(card.getByLabel('Status: Open')).toBeVisible();
  // Filed by the new user; the time in the tenant's date format (the demo tenant's yyyy-mm-dd) and time zone.
  await expect(card).toContainText(
    new RegExp(`Filed by ${email.replace(/\./g, '\\.')} on \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}`),
  );

  // Internal support answers it on /lcisupport.
  const support = await (await browser.newContext()).newPage();
  await signInToShell(support, SUPPORT_USER, PASSWORD);
  await support.goto('/lcisupport/supportRequests');
  await expect(support.getByRole('heading', { level: 1, name: 'Support Requests' })).toBeVisible();
  const inbox = support.getByRole('article', { name: new RegExp(subject.replace(/[?]/g, '\\?')) });
  await expect(inbox).toContainText('Demo MSP');
  await inbox.getByRole('button', { name: /Answer request/ }).click();
  const answer = support.getByRole('dialog');
  await answer.getByLabel('Answer', { exact: true }).fill('Reports > QBR templates; tenant admins see them all.');
  await answer.getByRole('button', { name: 'Save' }).click();
  await expect(answer).toHaveCount(0);
  await expect(inbox.getByLabel('Status: Answered')).toBeVisible();

  // The new user is mailed the answer, and sees the status and the answer on /support.
  await expect
    .poll(async () => (await sharedOutbox(email)).map((m) => m.text_body).join('\n'), { timeout: 30_000 })
    .toContain(`Your support request "${subject}" is now answered.`);
  await page.reload();
  await expect(card.getByLabel('Status: Answered')).toBeVisible();
  await expect(card.getByLabel('Answer from support')).toContainText(
    'Reports > QBR templates; tenant admins see them all.',
  );

  // Leave the demo data as it was: goal, contact and field deleted, the onboarding item unticked, the user inactive.
  await openCompany(page);
  await goalsTile.getByRole('button', { name: `Delete goal ${goal}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(goals).not.toContainText(goal);
  await page.getByRole('tab', { name: 'Contacts' }).click();
  await contactsTab.getByRole('button', { name: `Delete ${contact}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(contactsTab.getByRole('row', { name: new RegExp(contact) })).toHaveCount(0);
  await page.goto('/customfields');
  await page.getByRole('button', { name: `Delete ${field}` }).click();
  await page.getByRole('button', { name: 'Delete field' }).click();
  await expect(defs.getByRole('row', { name: new RegExp(field) })).toHaveCount(0);
  await page.goto('/dashboard');
  await page.getByRole('checkbox', { name: 'Invite your team' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('region', { name: 'Getting started' })).toContainText('1 of 3 steps done');

  await admin.getByRole('button', { name: 'Reload users' }).click();
  await expect(userRow).toContainText('Morgan Ellis');
  await userRow.getByRole('button', { name: `Deactivate ${email}` }).click();
  await admin
    .getByRole('alertdialog')
    .filter({ hasText: 'Deactivate Morgan Ellis?' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(userRow).toContainText('Inactive');
});
