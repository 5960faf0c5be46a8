/** Upgrade options and combined Core + Customer Success upgrades, against the catalogue (section 9). */
import { CATALOGUE, findFlatPlan, flattenCatalogue } from '../shared/catalogue';
import {
  combinedUpgradeOptions,
  combinePlans,
  customerSuccessCompanion,
  optionPlanIds,
  upgradeOptions,
  type CurrentPlan,
} from '../shared/upgrade-rules';
import type { FlatPlan } from '../shared/types';

const plans = flattenCatalogue(CATALOGUE);
const ids = (list: FlatPlan[]) => list.map((p) => p.stripe_plan_id);
const current = (id: string): CurrentPlan => findFlatPlan(id)!;

describe('upgradeOptions', () => {
  test('Basic USD monthly: every larger edition in USD monthly, cheapest first', () => {
    expect(ids(upgradeOptions(plans, current('plan_basic_usd_month')))).toEqual([
      'plan_professional_usd_month',
      'plan_plus_usd_month',
      'plan_premium_usd_month',
      'plan_enterprise_usd_month',
    ]);
  });

  test('same currency and interval only', () => {
    const options = upgradeOptions(plans, current('plan_plus_cad_year'));
    expect(ids(options)).toEqual(['plan_premium_cad_year', 'plan_enterprise_cad_year']);
    expect(options.map((p) => p.plan_cost_per_period)).toEqual([528000, 770000]);
  });

  test('needs more companies than subscribed: Enterprise (200) has none, nor the legacy Enterprise (200)', () => {
    expect(upgradeOptions(plans, current('plan_enterprise_usd_month'))).toEqual([]);
    expect(upgradeOptions(plans, current('plan_enterprise_legacy_usd_month'))).toEqual([]);
  });

  test('hidden plans are never options: NFR 5 upgrades to the editions, not to NFR unlimited or the legacy Enterprise', () => {
    const options = ids(upgradeOptions(plans, current('plan_nfr_5_usd_month')));
    expect(options).toEqual([
      'plan_professional_usd_month',
      'plan_plus_usd_month',
      'plan_premium_usd_month',
      'plan_enterprise_usd_month',
    ]);
    expect(options.some((id) => findFlatPlan(id)!.hidden_flag)).toBe(false);
  });

  test('999 or more (NFR unlimited) and unlimited (0, free beta) have no upgrade options', () => {
    expect(upgradeOptions(plans, current('plan_nfr_unlimited_usd_month'))).toEqual([]);
    expect(upgradeOptions(plans, current('plan_free_beta_usd_month'))).toEqual([]);
  });

  test('sorted by cost even when the list is not', () => {
    const reversed = [...plans].reverse();
    const costs = upgradeOptions(reversed, current('plan_basic_cad_month')).map((p) => p.plan_cost_per_period);
    expect(costs).toEqual([22500, 31500, 48000, 70000]);
  });

  test('add-ons are not upgrade options, and other modules are not mixed in', () => {
    const withAddonBig: FlatPlan = {
      ...findFlatPlan('plan_custom_reporting_usd_month')!,
      stripe_plan_id: 'plan_x',
      hidden_flag: false,
      limit_max_companies: 500,
    };
    const options = upgradeOptions([...plans, withAddonBig], current('plan_basic_usd_month'));
    expect(ids(options)).not.toContain('plan_x');
    expect(options.every((p) => p.module_moniker === 'Core')).toBe(true);
  });
});

describe('Core and Customer Success combined', () => {
  test('the Customer Success companion of a Core plan has the same customer count, currency and interval', () => {
    expect(customerSuccessCompanion(plans, findFlatPlan('plan_professional_cad_year')!)?.stripe_plan_id).toBe(
      'plan_cs_professional_cad_year',
    );
    expect(customerSuccessCompanion(plans, findFlatPlan('plan_basic_usd_month')!)?.stripe_plan_id).toBe(
      'plan_cs_basic_usd_month',
    );
  });

  test('a combined option sums the costs, has no trial and lists both plans', () => {
    const core = findFlatPlan('plan_basic_usd_month')!;
    const cs = findFlatPlan('plan_cs_basic_usd_month')!;
    const c = combinePlans(core, cs);
    expect(c.plan_cost_per_period).toBe(7500 + 7500);
    expect(c.plan_trial_days).toBe(0);
    expect(c.addon_trial_days).toBe(0);
    expect(c.combined).toEqual([core, cs]);
    expect(optionPlanIds(c)).toEqual(['plan_basic_usd_month', 'plan_cs_basic_usd_month']);
  });

  test('Basic + Customer Success Basic (USD monthly): each option combined, summed and sorted by cost', () => {
    const options = combinedUpgradeOptions(plans, current('plan_basic_usd_month'), current('plan_cs_basic_usd_month'));
    expect(options.map(optionPlanIds)).toEqual([
      ['plan_professional_usd_month', 'plan_cs_professional_usd_month'],
      ['plan_plus_usd_month', 'plan_cs_plus_usd_month'],
      ['plan_premium_usd_month', 'plan_cs_premium_usd_month'],
      ['plan_enterprise_usd_month', 'plan_cs_enterprise_usd_month'],
    ]);
    expect(options.map((o) => o.plan_cost_per_period)).toEqual([35000, 49000, 75000, 109000]);
    expect(options.every((o) => o.plan_trial_days === 0)).toBe(true);
  });

  test('without Customer Success the options are the Core options', () => {
    expect(combinedUpgradeOptions(plans, current('plan_basic_usd_month'), null)).toEqual(
      upgradeOptions(plans, current('plan_basic_usd_month')),
    );
  });

  test('a Core option the Customer Success plan already covers stays a Core option', () => {
    const options = combinedUpgradeOptions(plans, current('plan_basic_usd_month'), current('plan_cs_plus_usd_month'));
    expect(options.map(optionPlanIds)).toEqual([
      ['plan_professional_usd_month'],
      ['plan_plus_usd_month'],
      ['plan_premium_usd_month', 'plan_cs_premium_usd_month'],
      ['plan_enterprise_usd_month', 'plan_cs_enterprise_usd_month'],
    ]);
    expect(options[0].combined).toBeNull();
  });

  test('Core at 999 has no options even with Customer Success', () => {
    expect(
      combinedUpgradeOptions(plans, current('plan_nfr_unlimited_usd_month'), current('plan_cs_basic_usd_month')),
    ).toEqual([]);
  });
});
