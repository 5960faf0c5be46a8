/**
 * Workspace slots in real Chromium: the probe test plugin (tests/plugins/probe/workspace) adds a tab and a tile to
 * /cs/company/detail, a panel to /dashboard and a header action to its own page. The spec builds its own workspace
 * with the test plugins (LCI_WORKSPACE_TEST_PLUGINS=1 into dist/workspace-test) and serves it from a server that
 * loads tests/plugins; the shared dist/workspace is untouched.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makeTenant, signInToShell, startTestServer, TEST_PLUGINS_DIR, type TestServer, type TestTenant } from '../sdk';

const DIST = path.resolve('dist', 'workspace-test');
let s: TestServer;
let t: TestTenant;
let acme: number;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(300_000);
  execFileSync(process.execPath, ['scripts/build-workspace.mjs', '--quiet'], {
    stdio: 'inherit',
    env: { ...process.env, LCI_WORKSPACE_TEST_PLUGINS: '1', LCI_WORKSPACE_DIST: DIST },
  });
  process.env.LCI_WORKSPACE_DIST = DIST; // read once when the server starts serving
  try {
    s = await startTestServer({ workspace: true, jobs: false, pluginDirs: [TEST_PLUGINS_DIR] });
  } finally {
    delete process.env.LCI_WORKSPACE_DIST;
  }
  t = await makeTenant(s.k, s.url, {
    pages: ['/dashboard', '/cs/company/detail', '/probe/items'].map((url) => ({
      url,
      access_level: 'Read/Write' as const,
    })),
  });
  const r = await t.api('POST', `/v3/tenant/${t.tenantId}/companies`, { moniker: 'Acme Dental' });
  expect(r.status).toBe(200);
  acme = r.body.company.tenant_company_id;
  expect((await t.api('POST', `/v3/tenant/${t.tenantId}/probe/items`, { name: 'First probe', qty: 1 })).status).toBe(
    200,
  );
  // From here on an ordinary user, held to the access list (tenant admins are exempt from it on both sides).
  await s.k.db.withSystem((trx) =>
    trx('tenant_users').where({ tenant_id: t.tenantId, user_id: t.userId }).update({ tenant_admin_flag: false }),
  );
  s.k.access.invalidate(t.tenantId);
});
test.afterAll(async () => {
  await s?.stop();
});

test('company detail: the contributed tab comes after the own ones, opens with the arrow keys and keeps its state', async ({
  page,
}) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}/cs/company/detail`);
  await page.getByLabel('Company', { exact: true }).selectOption({ label: 'Acme Dental' });
  const tabs = page.getByRole('tablist');
  await expect(tabs.getByRole('tab', { name: 'Probe', exact: true })).toBeVisible();
  const names = await tabs.getByRole('tab').allTextContents();
  expect(names[0]).toBe('Overview'); // the page's own tab first, contributions after it
  await expect(page.getByRole('tab', { name: 'Probe Hidden' })).toHaveCount(0); // its page is not in the access list

  // The contributed tile follows the page's own tiles.
  const tile = page.getByRole('region', { name: 'Probe Tile' });
  await expect(tile).toContainText(`Probe tile for company ${acme}`);
  const regions = await page
    .locator('.cs-detail-tiles > [role="region"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(regions.at(-1)).toBe('Probe Tile');

  // Keyboard: focus Overview, arrow right to the probe tab, Enter selects it.
  await page.getByRole('tab', { name: 'Overview' }).focus();
  for (let i = 0; i < names.indexOf('Probe'); i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Probe', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Probe', exact: true })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Probe', exact: true });
  await expect(panel).toContainText(`Probe tab for company ${acme}`);
  await expect(page).toHaveURL(/#probeTab$/);
  await panel.getByRole('button', { name: 'Count' }).click();
  await expect(panel.getByLabel('Probe clicks')).toHaveText('1');
  await expect(tile).toBeHidden();

  // Back to Overview and again: the tab kept its state.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(tile).toBeVisible();
  await page.getByRole('tab', { name: 'Probe', exact: true }).click();
  await expect(panel.getByLabel('Probe clicks')).toHaveText('1');

  // The anchor opens the tab on a fresh load.
  await page.goto(`${s.url}/cs/company/detail#probeTab`);
  await expect(page.getByRole('tabpanel', { name: 'Probe', exact: true })).toContainText(
    `Probe tab for company ${acme}`,
  );
});

test('dashboard: the contributed panel shows its data and links to its page, whose header has the contributed action', async ({
  page,
}) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}/dashboard`);
  const panel = page.getByRole('region', { name: 'Probe Items' });
  await expect(panel.getByLabel('Probe item count')).toHaveText('1 items');
  await panel.getByRole('button', { name: 'Open Probe Items' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/probe\/items$/);
  await expect(page.getByRole('list', { name: 'Probe items' })).toContainText('First probe');
  await page.getByRole('button', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Back to dashboard' })).toHaveCount(0); // only on the probe page
});
