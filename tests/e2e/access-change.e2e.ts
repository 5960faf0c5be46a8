/**
 * A change of a security group shows at the affected user's next navigation (platform.md 2.4 / issue
 * part 11), in real Chromium on a server of this test's own: a signed-in member sees Companies in the
 * menu; the tenant admin takes the page out of the member's group; at the member's next navigation
 * the menu no longer offers it and opening it leads to the first accessible page. A user deactivated
 * in the user manager is refused at their next call.
 */
import { expect, test, type Page } from '@playwright/test';
import { addTenantUser, createSecurityGroup, createUser } from '../../kernel/tenancy/provision';
import { startTestServer, type TestServer } from '../helpers/server';
import { signInToShell } from './session';
import { makeTenant, TEST_PASSWORD, type TestTenant } from '../helpers/tenants';

let s: TestServer;
let admin: TestTenant;
let member: { email: string; userId: number; groupId: number };
const COMPANIES = '/datamanagercompanies';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  s = await startTestServer({ engine: 'pglite', workspace: true, jobs: false });
  admin = await makeTenant(s.k, s.url, { modules: ['Core', 'Admin'] });
  const email = `member-${Date.now().toString(36)}@e2e.example.com`;
  member = await s.k.db.withSystem(async (trx) => {
    const groupId = await createSecurityGroup(trx, admin.tenantId, {
      name: 'Readers',
      modules: ['Core'],
      pages: [
        { url: '/dashboard', access_level: 'Read/Write' },
        { url: COMPANIES, access_level: 'Read Only' },
      ],
    });
    const userId = await createUser(trx, {
      email,
      passwordHash: await s.k.identity.hashPassword(TEST_PASSWORD),
      firstName: 'Mia',
      lastName: 'Member',
      currentTenantId: admin.tenantId,
    });
    await addTenantUser(trx, admin.tenantId, { userId, securityGroupId: groupId });
    return { email, userId, groupId };
  });
});
test.afterAll(async () => {
  await s?.stop();
});

const signIn = (page: Page, email: string) => signInToShell(page, email, TEST_PASSWORD, s.url);
const menu = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test("a page taken out of the member's group is gone at their next navigation", async ({ page }) => {
  await signIn(page, member.email);
  await expect(menu(page).getByRole('link', { name: 'Companies' })).toBeVisible();
  // Wait for the realtime channel, which carries the change.
  await expect
    .poll(() => s.k.realtime.sockets().some((x) => x.userId === member.userId), { timeout: 20_000 })
    .toBe(true);

  const r = await admin.api('PUT', `/v3/tenantadmin/${admin.tenantId}/securitygroups/${member.groupId}`, {
    pages: [{ url: '/dashboard', access_level: 'Read/Write' }],
  });
  expect(r.status).toBe(200);

  // Next navigation: the access list is reloaded first; Companies is no longer reachable.
  await menu(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(menu(page).getByRole('link', { name: 'Companies' })).toHaveCount(0);
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, COMPANIES);
  // Step 10 sends it to the first accessible page (the dashboard; this tenant has no companies, so step 16 then shows /noCompanies).
  await expect(page).toHaveURL(/\/(dashboard|noCompanies)$/);
  await expect(page).not.toHaveURL(/datamanagercompanies/);
});

test('a user deactivated in the user manager is refused at their next navigation', async ({ page }) => {
  const email = `leaver-${Date.now().toString(36)}@e2e.example.com`;
  const userId = await s.k.db.withSystem(async (trx) => {
    const id = await createUser(trx, {
      email,
      passwordHash: await s.k.identity.hashPassword(TEST_PASSWORD),
      firstName: 'Lee',
      lastName: 'Leaver',
      currentTenantId: admin.tenantId,
    });
    await addTenantUser(trx, admin.tenantId, { userId: id, securityGroupId: member.groupId });
    return id;
  });
  await signIn(page, email);
  await expect.poll(() => s.k.realtime.sockets().some((x) => x.userId === userId), { timeout: 20_000 }).toBe(true);
  const r = await admin.api('POST', `/v3/tenantadmin/${admin.tenantId}/users/${userId}/deactivate`);
  expect(r.body.records_updated).toBe(1);
  await menu(page).getByRole('link', { name: 'Dashboard' }).click();
  // No active membership any more: no tenant.
  await expect(page).toHaveURL(/\/subscriptionViolation\?violationType=userHasNoTenant/, { timeout: 30_000 });
});
