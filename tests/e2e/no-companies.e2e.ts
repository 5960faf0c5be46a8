/**
 * Where a new tenant and the support user land (issue 15 part 11), in real Chromium on a server of this test's own:
 * a new tenant's admin lands on /noCompanies, which offers Add company and Import companies (Add company opens the add
 * dialog, and the first company leaves /noCompanies behind); a member who may not add companies is told whom to ask;
 * the LCI support user lands on the support area, /lcisupport, not on /noCompanies.
 */
import { expect, test, type Page } from '@playwright/test';
import { addTenantUser, createSecurityGroup, createUser } from '../../kernel/tenancy/provision';
import { startTestServer, type TestServer } from '../helpers/server';
import { signInToShell } from './session';
import { makeTenant, TEST_PASSWORD, type TestTenant } from '../helpers/tenants';

let s: TestServer;
let admin: TestTenant;
let support: TestTenant;
let viewerTenant: TestTenant;
let memberEmail: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  s = await startTestServer({ engine: 'pglite', workspace: true, jobs: false });
  admin = await makeTenant(s.k, s.url, { modules: ['Core', 'Admin'] });
  support = await makeTenant(s.k, s.url, { lciAdmin: true, modules: ['Core', 'Admin'] });
  viewerTenant = await makeTenant(s.k, s.url, { modules: ['Core', 'Admin'] });
  memberEmail = `member-${Date.now().toString(36)}@e2e.example.com`;
  await s.k.db.withSystem(async (trx) => {
    const groupId = await createSecurityGroup(trx, viewerTenant.tenantId, {
      name: 'Viewers',
      modules: ['Core'],
      pages: [
        { url: '/dashboard', access_level: 'Read/Write' },
        { url: '/datamanagercompanies', access_level: 'Read Only' },
      ],
    });
    const userId = await createUser(trx, {
      email: memberEmail,
      passwordHash: await s.k.identity.hashPassword(TEST_PASSWORD),
      firstName: 'Vic',
      lastName: 'Viewer',
      currentTenantId: viewerTenant.tenantId,
    });
    await addTenantUser(trx, viewerTenant.tenantId, { userId, securityGroupId: groupId, acceptTerms: true });
  });
});
test.afterAll(async () => {
  await s?.stop();
});

const signIn = (page: Page, email: string) => signInToShell(page, email, TEST_PASSWORD, s.url);

test('a new tenant lands on /noCompanies with Add company and Import companies; the first company ends it', async ({
  page,
}) => {
  await signIn(page, admin.email);
  await expect(page).toHaveURL(/\/noCompanies$/);
  await expect(page.getByRole('heading', { name: 'No companies yet' })).toBeVisible();
  const actions = page.getByRole('group', { name: 'Add companies' });
  await expect(actions.getByRole('button', { name: 'Import companies' })).toBeVisible();
  await actions.getByRole('button', { name: 'Add company' }).click();

  await expect(page).toHaveURL(/\/datamanagercompanies\?add=1$/);
  const dialog = page.getByRole('dialog', { name: 'Add company' });
  await dialog.getByLabel('Company name').fill('First Client Co');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/datamanagercompanies$/);
  await expect(page.getByRole('cell', { name: 'First Client Co', exact: true })).toBeVisible();
  await page.goto(`${s.url}/dashboard`);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('Import companies opens the import page on the companies kind', async ({ page }) => {
  const fresh = await makeTenant(s.k, s.url, { modules: ['Core', 'Admin'] });
  await signIn(page, fresh.email);
  await expect(page).toHaveURL(/\/noCompanies$/);
  await page.getByRole('button', { name: 'Import companies' }).click();
  await expect(page).toHaveURL(/\/datamanager\/import\?kind=companies$/);
  await expect(page.getByLabel('What the file holds')).toHaveValue('companies');
});

test('a member who may not add companies is told whom to ask (no actions offered)', async ({ page }) => {
  await signIn(page, memberEmail);
  await expect(page).toHaveURL(/\/noCompanies$/);
  await expect(page.getByText(/Ask your administrator to add companies/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add company' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import companies' })).toHaveCount(0);
});

test('the LCI support user lands on the support area, not on /noCompanies', async ({ page }) => {
  await signIn(page, support.email);
  await expect(page).toHaveURL(/\/lcisupport$/);
  await expect(page.getByRole('heading', { level: 1, name: 'LCI Support' })).toBeVisible();
  // The dashboard of their own tenant (no companies) sends them back to their area.
  await page.goto(`${s.url}/dashboard`);
  await expect(page).toHaveURL(/\/lcisupport$/);
});
