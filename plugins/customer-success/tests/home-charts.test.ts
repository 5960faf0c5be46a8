/** Health distribution of the /dashboard panel (server/dashboard/home-charts.ts `distribute`): bands of the cuts. */
import { distribute } from '../server/dashboard/home-charts';
import { DEFAULT_HEALTH_CUTS } from '../shared/cut-scores';
import { bandLabel } from '../shared/home-charts';

test('each score falls in the band of the smallest max at or above it; no score is counted apart', () => {
  const d = distribute([0, 49, 50, 79, 80, 100, null, null], DEFAULT_HEALTH_CUTS);
  expect(d.bands.map((b) => [bandLabel(b), b.variant, b.companies])).toEqual([
    ['0-49', 'danger', 2],
    ['50-79', 'warning', 2],
    ['80-100', 'success', 2],
  ]);
  expect(d).toMatchObject({ unscored: 2, total: 8 });
});

test("the tenant's own cuts, in any order; a score above every band is unscored", () => {
  const d = distribute(
    [10, 30, 95],
    [
      { max: 90, variant: 'success' },
      { max: 20, variant: 'danger' },
    ],
  );
  expect(d.bands.map((b) => [b.above, b.max, b.companies])).toEqual([
    [null, 20, 1],
    [20, 90, 1],
  ]);
  expect(d.unscored).toBe(1);
});
