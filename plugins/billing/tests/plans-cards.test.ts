/** Which cards /plans and /Plans/{affiliate} show (workspace/plans/cards.ts), against the catalogue. */
import { CATALOGUE, flattenCatalogue, sortProducts } from '../shared/catalogue';
import { selectCards } from '../workspace/plans/cards';

const products = sortProducts(CATALOGUE);
const plans = flattenCatalogue(products);
const ids = (r: ReturnType<typeof selectCards>) => r.cards.map((c) => c.plan.stripe_plan_id);

test('/plans: the visible products in the chosen currency and interval, in sort order; no hidden plans or add-ons', () => {
  const r = selectCards(products, plans, { currency: 'usd', interval: 'month' });
  expect(ids(r)).toEqual([
    'plan_basic_usd_month',
    'plan_professional_usd_month',
    'plan_plus_usd_month',
    'plan_premium_usd_month',
    'plan_enterprise_usd_month',
    'plan_air_trial_usd_month',
  ]);
  expect(r.intervals).toEqual(['month', 'year']);
  expect(r.filter).toBeNull();
  expect(r.cards.every((c) => c.afterCredit === null)).toBe(true);
});

test('/plans annual CAD: the five editions (the AIR trial is monthly only)', () => {
  const r = selectCards(products, plans, { currency: 'cad', interval: 'year' });
  expect(ids(r)).toEqual([
    'plan_basic_cad_year',
    'plan_professional_cad_year',
    'plan_plus_cad_year',
    'plan_premium_cad_year',
    'plan_enterprise_cad_year',
  ]);
  expect(r.cards.find((c) => c.product.metadata.highlighted === 'true')?.product.name).toBe('Professional Edition');
});

test('/Plans/basic offers monthly only: an annual choice falls back to monthly', () => {
  const r = selectCards(products, plans, { currency: 'usd', interval: 'year', affiliate: 'basic' });
  expect(r.intervals).toEqual(['month']);
  expect(r.interval).toBe('month');
  expect(ids(r)).toEqual(['plan_basic_usd_month']);
});

test('/Plans/basicCS shows Basic and Customer Success Basic', () => {
  expect(ids(selectCards(products, plans, { currency: 'cad', interval: 'month', affiliate: 'basicCS' }))).toEqual([
    'plan_basic_cad_month',
    'plan_cs_basic_cad_month',
  ]);
});

test('/Plans/AIR shows the AIR trial', () => {
  expect(ids(selectCards(products, plans, { currency: 'usd', interval: 'month', affiliate: 'AIR' }))).toEqual([
    'plan_air_trial_usd_month',
  ]);
});

test('/Plans/<affiliate code>: the affiliate partner plan and Basic, with the price after the partner credit', () => {
  const r = selectCards(products, plans, { currency: 'usd', interval: 'month', affiliate: 'acme-partners' });
  expect(r.filter).toBe('affiliate');
  expect(ids(r)).toEqual(['plan_basic_usd_month', 'plan_affiliate_usd_month']);
  expect(r.cards.map((c) => c.afterCredit)).toEqual([0, 0]);
  const annual = selectCards(products, plans, { currency: 'usd', interval: 'year', affiliate: 'acme-partners' });
  expect(ids(annual)).toEqual(['plan_basic_usd_year']);
  // Basic annual (82500) is less than 12 months of credit (90000): nothing to pay.
  expect(annual.cards[0].afterCredit).toBe(0);
});
