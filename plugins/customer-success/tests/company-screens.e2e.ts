/**
 * The company detail page's editing screens in real Chromium (issue 15 part 8 and the part 11 items of the page):
 * a goal with a task created from the page (the API's texts on the fields), the task completed, a score entered,
 * the goal edited and deleted after a confirmation; a saved link added (the server's URL text on its field),
 * edited and deleted; the company filters (locations, asset types, asset statuses) selected and cleared; the
 * health score of the details tile updated without a reload after a value is saved. Build the workspace first.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  makeCompany,
  makeTenant,
  signInToShell,
  startTestServer,
  type TestServer,
  type TestTenant,
} from '../../../tests/sdk';
import { MSG_REQUIRED } from '../shared/goal-schemas';
import { contract, cs, customMetric, setScore } from './segments-helpers';

let s: TestServer;
let t: TestTenant;
let acme: number;
let health: number;
let north: number;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  s = await startTestServer({ workspace: true, jobs: false });
  t = await makeTenant(s.k, s.url, {
    pages: ['/dashboard', '/cs/company/detail', '/cs/goalsreporting', '/assettypemanager'].map((url) => ({
      url,
      access_level: 'Read/Write' as const,
    })),
  });
  acme = await makeCompany(t, 'Acme Dental');
  await makeCompany(t, 'Beta Logistics');
  const loc = async (name: string) =>
    (await t.api('POST', `/v3/tenant/${t.tenantId}/company/${acme}/locations`, { location_name: name })).body
      .tenant_company_location_id as number;
  north = await loc('North Office');
  const south = await loc('South Office');
  await contract(t, acme, { vendor: 'Datto', tenant_company_location_id: north });
  await contract(t, acme, { vendor: 'Cisco', tenant_company_location_id: south });
  expect(
    (await t.api('POST', `/v3/tenant/${t.tenantId}/assetType`, { assetTypeId: 0, asset_type_moniker: 'Laptop' }))
      .status,
  ).toBe(200);
  expect((await t.api('POST', `/v3/tenant/${t.tenantId}/assetStatus/add`, { moniker: 'In Use' })).status).toBe(200);
  health = await customMetric(t, 'health');
  await setScore(t, 'health', health, acme, 30);
});
test.afterAll(async () => {
  await s?.stop();
});

async function openAcme(page: Page) {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}/cs/company/detail`);
  await page.getByLabel('Company', { exact: true }).selectOption({ label: 'Acme Dental' });
  await expect(page.getByRole('heading', { name: 'Acme Dental' })).toBeVisible();
}

test('a goal with a task from the company page: add, complete, score, edit, delete', async ({ page }) => {
  await openAcme(page);
  const tile = page.getByRole('region', { name: 'Goals' });
  await expect(tile.getByText('No goals yet')).toBeVisible();
  await tile.getByRole('button', { name: 'Add goal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add goal' });
  await dialog.getByRole('button', { name: 'Save goal' }).click();
  await expect(dialog.getByText(MSG_REQUIRED)).toBeVisible(); // the API's text, checked before sending
  await dialog.getByLabel('Goal').fill('Renew the backup contract');
  await dialog.getByLabel('Status').selectOption({ label: 'In Progress' });
  await dialog.getByLabel('Due date').fill('2030-06-30');
  await dialog.getByRole('button', { name: 'Save goal' }).click();
  await expect(dialog).toBeHidden();
  const goals = tile.getByRole('list', { name: 'Goals' });
  await expect(goals).toContainText('Renew the backup contract');
  await expect(goals).toContainText('In Progress');
  await expect(goals).not.toContainText('inProgress');

  // The new goal opens with its tasks and scores.
  const tasks = tile.getByRole('group', { name: 'Tasks of Renew the backup contract' });
  await tasks.getByRole('button', { name: 'Add task' }).click();
  await expect(tasks.getByRole('alert')).toHaveText(MSG_REQUIRED);
  await tasks.getByLabel('New task of Renew the backup contract').fill('Call the vendor');
  await tasks.getByRole('button', { name: 'Add task' }).click();
  await expect(tasks.getByText('Call the vendor')).toBeVisible();
  await expect(goals).toContainText('0% of tasks done');
  await tasks.getByText('Call the vendor').click();
  await expect(goals).toContainText('100% of tasks done');
  const [goal] = (await t.api('GET', cs(t, `TenantCompanyGoal?tenantCompanyId=${acme}`))).body.tenantCompanyGoals;
  const stored = (
    await t.api(
      'GET',
      cs(t, `TenantCompanyGoalTask?tenantCompanyId=${acme}&tenantCompanyGoalId=${goal.tenantCompanyGoalId}`),
    )
  ).body.tenantCompanyGoalTasks;
  expect(stored).toMatchObject([{ moniker: 'Call the vendor', completedFlag: true }]);

  const scores = tile.getByRole('group', { name: 'Scores of Renew the backup contract' });
  await scores.getByLabel('Score of Renew the backup contract').fill('120');
  await scores.getByRole('button', { name: 'Add score' }).click();
  await expect(scores.getByRole('alert')).toHaveText('A whole number from 0 to 100');
  await scores.getByLabel('Score of Renew the backup contract').fill('70');
  await scores.getByLabel('Score note of Renew the backup contract').fill('On track');
  await scores.getByRole('button', { name: 'Add score' }).click();
  await expect(scores).toContainText('On track');
  await expect(goals).toContainText('score 70');

  await tile.getByRole('button', { name: 'Edit goal Renew the backup contract' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit goal Renew the backup contract' });
  await expect(edit.getByLabel('Due date')).toHaveValue('2030-06-30');
  await edit.getByLabel('Goal').fill('Renew backup for 3 years');
  await edit.getByLabel('Status').selectOption({ label: 'At Risk' });
  await edit.getByRole('button', { name: 'Save goal' }).click();
  await expect(edit).toBeHidden();
  await expect(goals).toContainText('Renew backup for 3 years');
  await expect(goals).toContainText('At Risk');

  await tile.getByRole('button', { name: 'Delete goal Renew backup for 3 years' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete the goal Renew backup for 3 years?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(goals).toContainText('Renew backup for 3 years');
  await tile.getByRole('button', { name: 'Delete goal Renew backup for 3 years' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(tile.getByText('No goals yet')).toBeVisible();
  const deleted = (await t.api('GET', cs(t, `TenantCompanyGoal?tenantCompanyId=${acme}&activeFlag=0`))).body
    .tenantCompanyGoals;
  expect(deleted.map((g: { moniker: string }) => g.moniker)).toEqual(['Renew backup for 3 years']);
});

test("a saved link: add (the API's rule checks the address), edit, delete after confirming", async ({ page }) => {
  await openAcme(page);
  const tile = page.getByRole('region', { name: 'Links' });
  await tile.getByRole('button', { name: 'Add link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add link' });
  await dialog.getByLabel('Title').fill('Client portal');
  await dialog.getByLabel('Web address').fill('portal.example.com');
  await dialog.getByRole('button', { name: 'Save link' }).click();
  await expect(dialog.getByText('Must be a web address starting with http:// or https://')).toBeVisible();
  await dialog.getByLabel('Web address').fill('https://portal.example.com');
  await dialog.getByRole('button', { name: 'Save link' }).click();
  await expect(dialog).toBeHidden();
  await expect(tile.getByRole('link', { name: 'Client portal' })).toHaveAttribute('href', 'https://portal.example.com');

  await tile.getByRole('button', { name: 'Edit link Client portal' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit link' });
  await edit.getByLabel('Title').fill('Portal');
  await edit.getByRole('button', { name: 'Save link' }).click();
  await expect(tile.getByRole('link', { name: 'Portal', exact: true })).toBeVisible();
  const links = async () =>
    (await t.api('GET', `/v3/tenant/${t.tenantId}/company/${acme}/savedlink`)).body.links.map(
      (l: { link_title: string }) => l.link_title,
    );
  expect(await links()).toEqual(['Portal']);

  await tile.getByRole('button', { name: 'Delete link Portal' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(tile.getByText('No saved links')).toBeVisible();
  expect(await links()).toEqual([]);
});

test('company filters: select locations, asset types and statuses; Clear empties the three', async ({ page }) => {
  await openAcme(page);
  const bar = page.getByRole('group', { name: 'Company filters' });
  const contracts = page.getByRole('region', { name: 'Contracts' });
  await expect(contracts).toContainText('Cisco');
  await bar.getByRole('button', { name: 'Locations' }).click();
  await page.getByRole('group', { name: 'Locations' }).getByText('North Office').click();
  await page.keyboard.press('Escape');
  await expect(bar.getByRole('button', { name: 'Locations (1)' })).toBeVisible();
  await expect(contracts).toContainText('Datto');
  await expect(contracts).not.toContainText('Cisco');
  await expect(contracts).toContainText('Showing 1 of 2 contracts');
  await bar.getByRole('button', { name: 'Asset types' }).click();
  await page.getByRole('group', { name: 'Asset types' }).getByText('Laptop').click();
  await page.keyboard.press('Escape');
  await bar.getByRole('button', { name: 'Asset statuses' }).click();
  await page.getByRole('group', { name: 'Asset statuses' }).getByText('In Use').click();
  await page.keyboard.press('Escape');
  await expect(bar).toContainText('3 selected');

  await bar.getByRole('button', { name: 'Clear company filters' }).click();
  for (const name of ['Locations', 'Asset types', 'Asset statuses'])
    await expect(bar.getByRole('button', { name, exact: true })).toBeVisible();
  await expect(bar).not.toContainText('selected');
  await expect(contracts).toContainText('Cisco');
  expect(north).toBeGreaterThan(0);
});

test("the details tile shows a company's new health score without a reload", async ({ page }) => {
  await openAcme(page);
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.getByLabel('Health 30', { exact: true })).toBeVisible();
  await page.getByTestId(`health-value-input-${health}`).fill('95');
  await page.getByTestId(`health-value-save-${health}`).click();
  await expect(page.getByTestId('health-score')).toContainText('95');
  await expect(details.getByLabel('Health 95', { exact: true })).toBeVisible();
});
