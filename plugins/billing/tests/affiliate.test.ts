/** Affiliate plan filters and the $75/month credit (section 9), against the catalogue. */
import {
  AFFILIATE_FILTERS,
  affiliateCredit,
  affiliateFilterName,
  affiliatePlans,
  priceAfterAffiliateCredit,
} from '../shared/affiliate';
import { CATALOGUE, findFlatPlan, flattenCatalogue } from '../shared/catalogue';
import type { FlatPlan } from '../shared/types';

const plans = flattenCatalogue(CATALOGUE);
const ids = (list: FlatPlan[]) => list.map((p) => p.stripe_plan_id).sort();

test('the segment picks the filter; any other value is an affiliate code', () => {
  expect(affiliateFilterName('AIR')).toBe('AIR');
  expect(affiliateFilterName('air')).toBe('AIR');
  expect(affiliateFilterName('basic')).toBe('basic');
  expect(affiliateFilterName('BasicCS')).toBe('basicCS');
  expect(affiliateFilterName('sevenfiguremsp')).toBe('affiliate');
});

test('AIR: module AIR, monthly, not hidden and not an add-on', () => {
  expect(ids(affiliatePlans(plans, 'AIR'))).toEqual(['plan_air_trial_cad_month', 'plan_air_trial_usd_month']);
  const f = AFFILIATE_FILTERS.AIR;
  const air = findFlatPlan('plan_air_trial_usd_month')!;
  expect(f({ ...air, hidden_flag: true })).toBe(false);
  expect(f({ ...air, addon_flag: true })).toBe(false);
  expect(f({ ...air, plan_interval: 'year' })).toBe(false);
});

test('basic: limit 5, Core, Basic Edition, monthly', () => {
  expect(ids(affiliatePlans(plans, 'basic'))).toEqual(['plan_basic_cad_month', 'plan_basic_usd_month']);
});

test('basicCS: basic plus Customer Success with limit 5', () => {
  expect(ids(affiliatePlans(plans, 'basicCS'))).toEqual([
    'plan_basic_cad_month',
    'plan_basic_usd_month',
    'plan_cs_basic_cad_month',
    'plan_cs_basic_cad_year',
    'plan_cs_basic_usd_month',
    'plan_cs_basic_usd_year',
  ]);
});

test('the affiliate programme: limit 5, among the affiliate partner plan and the plans on sale', () => {
  const list = affiliatePlans(plans, 'partner-123');
  expect(list.every((p) => p.limit_max_companies === 5)).toBe(true);
  expect(ids(list)).toEqual([
    'plan_affiliate_cad_month',
    'plan_affiliate_usd_month',
    'plan_basic_cad_month',
    'plan_basic_cad_year',
    'plan_basic_usd_month',
    'plan_basic_usd_year',
  ]);
  expect(list.some((p) => p.stripe_product_id === 'prod_nfr_5')).toBe(false);
  // The filter itself is the spec's: limit 5.
  expect(AFFILIATE_FILTERS.affiliate(findFlatPlan('plan_nfr_5_usd_month')!)).toBe(true);
  expect(AFFILIATE_FILTERS.affiliate(findFlatPlan('plan_professional_usd_month')!)).toBe(false);
});

test('the $75/month credit: the affiliate plan is worth Basic monthly; upgrades are paid less the credit', () => {
  expect(affiliateCredit(findFlatPlan('plan_professional_usd_month')!)).toBe(7500);
  expect(affiliateCredit(findFlatPlan('plan_professional_usd_year')!)).toBe(7500 * 12);
  expect(priceAfterAffiliateCredit(findFlatPlan('plan_professional_usd_month')!)).toBe(17500 - 7500);
  expect(priceAfterAffiliateCredit(findFlatPlan('plan_professional_usd_year')!)).toBe(192500 - 90000);
  expect(priceAfterAffiliateCredit(findFlatPlan('plan_basic_usd_month')!)).toBe(0);
  expect(priceAfterAffiliateCredit(findFlatPlan('plan_affiliate_usd_month')!)).toBe(0);
  expect(priceAfterAffiliateCredit(findFlatPlan('plan_plus_cad_month')!)).toBe(31500 - 9800);
});
