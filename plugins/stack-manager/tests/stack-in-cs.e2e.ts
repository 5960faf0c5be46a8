/**
 * What stack-manager adds to Customer Success's pages through CS's workspace points, in real Chromium: the stack
 * charts on /cs/dashboard after the dashboard's own charts (csDashboardPanelsPoint; tables when the charts switch
 * is off), the CS filters bar on the Stack Alignment Overview narrowing the matrix (csFiltersBarPoint), and the
 * Stack Manager and App Settings cards of /cs/admin (csAdminLinksPoint). Build the workspace first.
 */
import { expect as baseExpect, test, type Locator } from '@playwright/test';
import {
  makeCompany,
  makeTenant,
  signInToShell,
  startTestServer,
  type TestServer,
  type TestTenant,
} from '../../../tests/sdk';
import { cs } from './cs-helpers';

// The machine may be busy (shared cores): generous waits.
const expect = baseExpect.configure({ timeout: 45_000 });

let s: TestServer;
let t: TestTenant;

/** Whether `a` comes before `b` in the page. */
async function precedes(a: Locator, b: Locator): Promise<boolean> {
  const handle = await b.elementHandle();
  return a.evaluate((x, y) => !!y && (x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0, handle);
}

test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  s = await startTestServer({ workspace: true, jobs: false });
  t = await makeTenant(s.k, s.url, {
    pages: [
      '/dashboard',
      '/cs/dashboard',
      '/cs/admin',
      '/cs/admin/csAccountSettings',
      '/cs/company/detail',
      '/cs/stackAlignmentOverview',
      '/cs/admin/stackManager',
      '/cs/admin/csAppSettings',
    ].map((url) => ({ url, access_level: 'Read/Write' as const })),
  });
  await makeCompany(t, 'Acme Dental');
  await makeCompany(t, 'Beta Logistics');
  // EDR is not in place by default: each company has an MRR opportunity of $300.
  for (const [moniker, defaultAlignment, charge] of [
    ['Backup', 'fully', 500],
    ['EDR', 'other', 300],
  ] as const) {
    const r = await t.api('POST', cs(t, 'TenantCsStackService'), {
      moniker,
      defaultAlignment,
      products: [{ moniker: `${moniker} plan`, calcType: 'perMonth', chargeEstimate: charge, preferredFlag: 1 }],
    });
    if (r.status !== 200) throw new Error(`service: ${r.status} ${JSON.stringify(r.body)}`);
  }
});
test.afterAll(async () => {
  await s?.stop();
});

test('CS dashboard: the stack charts follow the dashboard charts, tables when charts are off', async ({ page }) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}/cs/dashboard`);
  const byCompany = page.getByRole('figure', { name: 'Stack MRR and alignment by company' });
  await expect(byCompany.locator('svg').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('figure', { name: 'Stack MRR and alignment by service' })).toBeVisible();
  // Where it was before stack-manager moved out: after the segment distribution, before the data quality checks.
  const segments = page.getByRole('figure', { name: 'Segment distribution' });
  const checks = page.getByLabel('Data quality checks');
  expect(await precedes(segments, byCompany)).toBe(true);
  expect(await precedes(byCompany, checks)).toBe(true);

  await page.getByLabel('Show charts').uncheck({ force: true });
  const table = page.getByRole('table', { name: 'Stack MRR by company' });
  await expect(table).toContainText('Acme Dental');
  await expect(table).toContainText('Beta Logistics');
  await expect(table).toContainText('$300');
  await expect(page.getByRole('table', { name: 'Stack MRR by service' })).toContainText('EDR');
  await expect(byCompany).toHaveCount(0);
  // A company opens its stack alignment.
  await table.getByRole('button', { name: 'Beta Logistics' }).click();
  await expect(page).toHaveURL(/\/cs\/company\/detail#stackAlignment$/);
  await expect(page.getByRole('heading', { name: 'Beta Logistics' })).toBeVisible();
  await page.getByLabel('Show charts').check({ force: true });
});

test('Stack Alignment Overview: the CS filters bar narrows the matrix and clears', async ({ page }) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}/cs/stackAlignmentOverview`);
  const m = page.getByRole('region', { name: 'Stack alignment matrix' });
  await expect(m).toContainText('Acme Dental');
  await expect(m).toContainText('Beta Logistics');
  const bar = page.getByRole('toolbar', { name: 'Customer Success filters' });
  await expect(bar).toHaveAttribute('data-change-count', '0');
  await bar.getByRole('button', { name: 'Companies' }).click();
  await page.getByRole('group', { name: 'Companies' }).getByText('Acme Dental').click();
  await page.keyboard.press('Escape');
  await expect(bar.getByText('1 selected')).toBeVisible();
  await expect(m).not.toContainText('Beta Logistics');
  await expect(m).toContainText('Acme Dental');

  // The selection is CS's, shared with its pages: the dashboard opened in the same session (no reload) keeps it.
  await page.evaluate(() => {
    history.pushState(null, '', '/cs/dashboard');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Customer Success Dashboard' })).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Customer Success filters' }).getByText('1 selected')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Stack Alignment Overview' })).toBeVisible();

  await page.getByRole('toolbar', { name: 'Customer Success filters' }).getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByRole('region', { name: 'Stack alignment matrix' })).toContainText('Beta Logistics');
});

test('CS admin: the stack pages are cards stack-manager adds, opening its pages', async ({ page }) => {
  await signInToShell(page, t.email, t.password, s.url);
  await page.goto(`${s.url}/cs/admin`);
  // The cards of the page (the menu has its own Account Settings link: /accountsettings).
  const cards = page.getByRole('main');
  const own = cards.getByRole('link', { name: 'Account Settings' });
  await expect(own).toBeVisible();
  await expect(cards.getByRole('link', { name: 'App Settings', exact: true })).toBeVisible();
  // CS's own cards first. The user is a tenant admin, whom the access list does not limit (common/access-rule.ts, on
  // the server and in the browser alike): the card of a page outside the group's list (Account Permissions) shows too.
  expect(await precedes(own, cards.getByRole('link', { name: 'Stack Manager' }))).toBe(true);
  await expect(cards.getByRole('link', { name: 'Account Permissions' })).toBeVisible();
  await cards.getByRole('link', { name: 'Stack Manager' }).click();
  await expect(page).toHaveURL(/\/cs\/admin\/stackManager$/);
});
