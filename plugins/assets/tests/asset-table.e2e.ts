/**
 * The asset list's table as an MSP uses it all day (issue 28 part 2), in real Chromium at 1400 x 900 on the shared
 * e2e server: the lifecycle columns (Warranty expiry, Lifecycle, Replacement due) are in view by default and the table
 * box ends at the bottom of the page with its horizontal scrollbar in view; a header click sorts (aria-sort and the
 * row order change, again: the other way); warranty expiry descending puts blank expiries last; a column hidden in
 * the chooser stays hidden after a reload (kept on the server); the headers and rows are reached by keyboard (arrow
 * keys, Enter sorts, Enter on a row opens its drawer) and the drawer's lifecycle tag reads with enough contrast.
 * Build the workspace first.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_ADMIN, E2E_CHROMIUM, pageApi, signInToShell } from '../../../tests/sdk';
import { ASSET_LIST_TABLE_KEY } from '../shared/columns';

test.setTimeout(180_000);
// Scrollbars drawn as a person sees them (headless Chromium hides them unless told otherwise).
test.use({
  viewport: { width: 1400, height: 900 },
  launchOptions: { ...E2E_CHROMIUM, ignoreDefaultArgs: ['--hide-scrollbars'] },
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const settingsPath = `/v3/tenant/{tenantId}/tableSettings/${ASSET_LIST_TABLE_KEY}`;

/** The asset names of the table's rows, in order. */
const names = (table: Locator) => table.locator('tbody tr .asset-link').allTextContents();
const header = (table: Locator, name: string) => table.getByRole('columnheader', { name, exact: true });

/** WCAG contrast ratio of an element's text colour on its background colour (both opaque rgb). */
async function contrast(page: Page, el: Locator): Promise<number> {
  const [fg, bg] = await el.evaluate((e) => {
    const s = getComputedStyle(e);
    return [s.color, s.backgroundColor];
  });
  const lum = (css: string, over?: number[]) => {
    const [r, g, b, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
    const base = over ?? [255, 255, 255];
    const mix = [r, g, b].map((v, i) => v * a + base[i] * (1 - a));
    const lin = mix.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return { l: 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2], rgb: mix };
  };
  const back = lum(bg);
  const text = lum(fg, back.rgb);
  const [hi, lo] = text.l > back.l ? [text.l, back.l] : [back.l, text.l];
  void page;
  return (hi + 0.05) / (lo + 0.05);
}

test('asset table: lifecycle columns in view, sort by click with blanks last, columns kept, keyboard', async ({
  page,
}) => {
  const tag = `TBL${Date.now() % 1_000_000}`;
  await signInToShell(page, DEMO_ADMIN.email);
  expect((await pageApi(page, 'PUT', settingsPath, { columns: null })).status).toBe(200);
  const companies = await pageApi(page, 'GET', '/v3/tenant/{tenantId}/companies');
  const companyId = companies.body.companies[0].tenant_company_id;
  // Six assets, two without a warranty expiry.
  const expiries: [string, string | null][] = [
    ['a', day(100)],
    ['b', null],
    ['c', day(10)],
    ['d', day(400)],
    ['e', null],
    ['f', day(-20)],
  ];
  for (const [n, warranty_expiry] of expiries) {
    const r = await pageApi(page, 'POST', '/v3/tenant/{tenantId}/assets', {
      tenant_company_id: companyId,
      name: `${tag}-${n}`,
      serial: `${tag}-${n}-SN`,
      make: 'Lenovo',
      purchase_date: day(-200),
      warranty_expiry,
    });
    expect(r.status).toBe(200);
  }
  const named = (...ids: string[]) => ids.map((n) => `${tag}-${n}`);

  try {
    // The whole list (the demo's hundreds of assets, a page of 100): the lifecycle columns are in view at 1400 px,
    // the table's box ends at the page's bottom with its horizontal scrollbar in view.
    await page.goto('/assetList');
    const table = page.getByRole('table', { name: 'Assets' });
    await expect(page.getByRole('navigation', { name: 'Asset pages' })).toContainText(/^1–100 of \d+ assets/);
    for (const name of ['Warranty expiry', 'Lifecycle', 'Replacement due'])
      await expect(header(table, name)).toBeInViewport({ ratio: 1 });
    const region = page.getByRole('region', { name: 'Assets' });
    const box = (await region.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    expect(box.y + box.height).toBeGreaterThan(900 - 40);
    const bars = await region.evaluate((e) => ({
      wide: e.scrollWidth > e.clientWidth,
      bar: (e as HTMLElement).offsetHeight - e.clientHeight - 2, // less the two borders
    }));
    expect(bars.wide).toBe(true);
    expect(bars.bar).toBeGreaterThanOrEqual(8);

    // This run's six assets.
    await page.goto(`/assetList?search=${tag}`);
    await expect(page.getByRole('navigation', { name: 'Asset pages' })).toContainText('1–6 of 6 assets');

    // Sorted by warranty expiry ascending by default: blanks last.
    await expect(header(table, 'Warranty expiry')).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => names(table)).toEqual(named('f', 'c', 'a', 'd', 'b', 'e'));
    // A click on the header sorts descending: the dates newest first, the blank expiries still last.
    await header(table, 'Warranty expiry').getByRole('button').click();
    await expect(header(table, 'Warranty expiry')).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/dir=desc/);
    await expect.poll(async () => (await names(table)).slice(0, 4)).toEqual(named('d', 'a', 'c', 'f'));
    expect((await names(table)).slice(4).sort()).toEqual(named('b', 'e'));

    // A click on Name sorts by name (the header is not merely selected), again: the other way.
    await header(table, 'Name').getByRole('button').click();
    await expect(header(table, 'Name')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header(table, 'Warranty expiry')).toHaveAttribute('aria-sort', 'none');
    await expect.poll(() => names(table)).toEqual(named('a', 'b', 'c', 'd', 'e', 'f'));
    await header(table, 'Name').getByRole('button').click();
    await expect(header(table, 'Name')).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => names(table)).toEqual(named('f', 'e', 'd', 'c', 'b', 'a'));

    // The chooser hides Serial; a reload finds it still hidden (kept on the server for this user).
    await expect(header(table, 'Serial')).toHaveCount(1);
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    const chooser = page.getByRole('dialog', { name: 'Columns' });
    await chooser.getByRole('list', { name: 'Shown columns' }).getByText('Serial', { exact: true }).click();
    await chooser.getByRole('button', { name: 'Save columns' }).click();
    await expect(chooser).toHaveCount(0);
    await expect(header(table, 'Serial')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Asset pages' })).toContainText('1–6 of 6 assets');
    await expect(header(table, 'Name')).toBeVisible();
    await expect(header(table, 'Serial')).toHaveCount(0);
    await expect(table.getByText(`${tag}-a-SN`)).toHaveCount(0);
    const kept = await pageApi(page, 'GET', settingsPath);
    expect(kept.body.saved).toBe(true);
    expect(kept.body.columns).not.toContain('serial');
    expect(kept.body.columns).toContain('warranty_expiry');

    // Keyboard: Right and Left move between header buttons, Enter sorts, Down goes to the rows, Enter opens one.
    await header(table, 'Name').getByRole('button').focus();
    await page.keyboard.press('ArrowRight');
    await expect(header(table, 'Company').getByRole('button')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(header(table, 'Warranty expiry').getByRole('button')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(header(table, 'Company').getByRole('button')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(header(table, 'Warranty expiry').getByRole('button')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(header(table, 'Warranty expiry')).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => names(table)).toEqual(named('f', 'c', 'a', 'd', 'b', 'e'));
    await page.keyboard.press('ArrowDown');
    await expect(table.locator('tbody tr').nth(0)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(table.locator('tbody tr').nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(table.locator('tbody tr').nth(0)).toBeFocused();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: `Asset ${tag}-f` });
    await expect(drawer).toBeVisible();
    // The lifecycle tag reads: its text on its own background at 4.5:1 or more (it was red on dark grey).
    const tag_ = drawer.locator('.asset-drawer-tags .bp6-tag');
    await expect(tag_).toHaveText('Out of warranty');
    expect(await contrast(page, tag_)).toBeGreaterThanOrEqual(4.5);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
  } finally {
    await pageApi(page, 'PUT', settingsPath, { columns: null });
  }
});
