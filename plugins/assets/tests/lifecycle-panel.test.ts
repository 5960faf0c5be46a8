/**
 * The /dashboard "Asset lifecycle" panel's pure parts (workspace/dashboard/lifecycle-panel.ts): tiles per state
 * linking to the filtered list (which reads them back), the next 90 days due with its list link, and no view (the
 * panel hides) when dashboardCharts left the charts out for a user who cannot open /airdashboard.
 */
import { LIFECYCLE_LABELS, LIFECYCLE_STATES } from '../shared/lifecycle';
import { lifecyclePanelView, PANEL_CHARTS } from '../workspace/dashboard/lifecycle-panel';
import { parseListState } from '../workspace/list/list-query';

const lifecycle = LIFECYCLE_STATES.map((state, i) => ({ state, label: LIFECYCLE_LABELS[state], count: i * 2 }));
const dueSoon = [
  { days: 90, count: 3, cost: 4200 },
  { days: 120, count: 5, cost: 6000 },
  { days: 180, count: 5, cost: 6000 },
  { days: 365, count: 9, cost: 12000 },
];

test('tiles per state in order, each linking to the list filtered to it; the 90 days row links to the window', () => {
  const v = lifecyclePanelView({ assetLifecycle: lifecycle, assetDueSoon: dueSoon });
  expect(v).not.toBeNull();
  expect(v!.total).toBe(30);
  expect(v!.tiles.map((t) => t.state)).toEqual([...LIFECYCLE_STATES]);
  expect(v!.tiles[1]).toEqual({
    state: 'out_of_warranty',
    label: 'Out of warranty',
    count: 2,
    href: '/assetList?states=out_of_warranty',
  });
  for (const t of v!.tiles) expect(parseListState(t.href.slice(t.href.indexOf('?'))).states).toEqual([t.state]);
  expect(v!.due).toEqual({ days: 90, count: 3, cost: 4200, href: '/assetList?dueSoon=90' });
  expect(parseListState('?dueSoon=90').dueSoon).toBe(90);
});

test('asks dashboardCharts for its two charts; none (no access to /airdashboard) or a bad shape gives no view', () => {
  expect([...PANEL_CHARTS]).toEqual(['assetLifecycle', 'assetDueSoon']);
  expect(lifecyclePanelView({})).toBeNull();
  expect(lifecyclePanelView({ assetLifecycle: lifecycle })).toBeNull();
  expect(
    lifecyclePanelView({ assetLifecycle: [{ state: 'nope', label: 'x', count: 1 }], assetDueSoon: [] }),
  ).toBeNull();
  // No 90 days row in the answer: zero due.
  expect(lifecyclePanelView({ assetLifecycle: lifecycle, assetDueSoon: [] })!.due.count).toBe(0);
});
