/** The plan catalogue against platform.md section 9, and its flattening and order. */
import { CATALOGUE, CORE_FEATURES, findFlatPlan, flattenCatalogue, sortProducts } from '../shared/catalogue';
import type { ProviderProduct } from '../shared/types';

const flat = flattenCatalogue(CATALOGUE);
const price = (id: string) => findFlatPlan(id)?.plan_cost_per_period;

describe('the section 9 table', () => {
  const table: [string, number, number, number, number, number][] = [
    ['basic', 5, 7500, 9800, 82500, 107300],
    ['professional', 25, 17500, 22500, 192500, 247500],
    ['plus', 50, 24500, 31500, 269500, 346500],
    ['premium', 100, 37500, 48000, 412500, 528000],
    ['enterprise', 200, 54500, 70000, 599500, 770000],
  ];
  test.each(table)('%s: %i companies, USD/CAD monthly and annual', (key, companies, usdM, cadM, usdY, cadY) => {
    expect(price(`plan_${key}_usd_month`)).toBe(usdM);
    expect(price(`plan_${key}_cad_month`)).toBe(cadM);
    expect(price(`plan_${key}_usd_year`)).toBe(usdY);
    expect(price(`plan_${key}_cad_year`)).toBe(cadY);
    const plans = flat.filter((p) => p.stripe_product_id === `prod_${key}`);
    expect(plans).toHaveLength(4);
    for (const p of plans)
      expect(p).toMatchObject({
        limit_max_companies: companies,
        module_moniker: 'Core',
        hidden_flag: false,
        addon_flag: false,
      });
  });

  test('Basic has the 30-day trial; the other editions none; Professional is highlighted', () => {
    expect(findFlatPlan('plan_basic_usd_month')?.plan_trial_days).toBe(30);
    for (const key of ['professional', 'plus', 'premium', 'enterprise'])
      expect(findFlatPlan(`plan_${key}_cad_year`)?.plan_trial_days).toBe(0);
    const highlighted = CATALOGUE.filter((p) => p.metadata.highlighted === 'true').map((p) => p.id);
    expect(highlighted).toEqual(['prod_professional']);
  });

  test('the product name of Basic is "Basic Edition" (the affiliate filters use it)', () => {
    expect(findFlatPlan('plan_basic_usd_month')?.product_name).toBe('Basic Edition');
  });
});

describe('hidden plans and the AIR trial', () => {
  test('each hidden plan of section 9', () => {
    const p = (id: string) => findFlatPlan(id)!;
    expect(p('plan_free_beta_usd_month')).toMatchObject({ hidden_flag: true, plan_cost_per_period: 0 });
    expect(p('plan_affiliate_usd_month')).toMatchObject({
      hidden_flag: true,
      limit_max_companies: 5,
      plan_cost_per_period: 0,
    });
    expect(p('plan_nfr_5_cad_month')).toMatchObject({
      hidden_flag: true,
      limit_max_companies: 5,
      plan_cost_per_period: 0,
    });
    expect(p('plan_nfr_unlimited_usd_month')).toMatchObject({
      hidden_flag: true,
      limit_max_companies: 999,
      plan_cost_per_period: 0,
    });
    expect(p('plan_enterprise_legacy_usd_month')).toMatchObject({
      hidden_flag: true,
      limit_max_companies: 200,
      plan_cost_per_period: 39500,
    });
    expect(p('plan_custom_reporting_usd_month')).toMatchObject({
      hidden_flag: true,
      addon_flag: true,
      plan_cost_per_period: 2500,
    });
  });

  test('Customer Success Basic: 5 companies, 30-day trial, the same prices as Basic', () => {
    for (const suffix of ['usd_month', 'cad_month', 'usd_year', 'cad_year']) {
      const cs = findFlatPlan(`plan_cs_basic_${suffix}`)!;
      expect(cs).toMatchObject({
        module_moniker: 'Customer Success',
        limit_max_companies: 5,
        plan_trial_days: 30,
        hidden_flag: true,
      });
      expect(cs.plan_cost_per_period).toBe(price(`plan_basic_${suffix}`));
    }
  });

  test('the AIR trial: module AIR, 1 customer, trial days', () => {
    const air = findFlatPlan('plan_air_trial_usd_month')!;
    expect(air).toMatchObject({ module_moniker: 'AIR', limit_max_companies: 1, plan_interval: 'month' });
    expect(air.plan_trial_days).toBeGreaterThan(0);
  });

  test('the add-on has add-on trial days, not plan trial days', () => {
    const addon = findFlatPlan('plan_custom_reporting_usd_month')!;
    expect(addon.plan_trial_days).toBe(0);
    expect(addon.addon_trial_days).toBe(0);
  });
});

describe('catalogue shape', () => {
  test('ids follow plan_<product>_<currency>_<interval> and every product has USD and CAD', () => {
    for (const product of CATALOGUE) {
      expect(product.id).toMatch(/^prod_[a-z0-9_]+$/);
      const key = product.id.slice('prod_'.length);
      for (const plan of product.plans) expect(plan.id).toBe(`plan_${key}_${plan.currency}_${plan.interval}`);
      expect(new Set(product.plans.map((p) => p.currency))).toEqual(new Set(['usd', 'cad']));
    }
    expect(new Set(flat.map((p) => p.stripe_plan_id)).size).toBe(flat.length);
  });

  test('product metadata carries the section 3 fields; Core products list the section 9 features', () => {
    for (const product of CATALOGUE) {
      expect(Object.keys(product.metadata).sort()).toEqual([
        'details',
        'hidden',
        'highlighted',
        'limit_max_companies',
        'module_moniker',
        'sort',
        'trial_period_days',
      ]);
      for (const plan of product.plans) expect(Object.keys(plan.metadata).sort()).toEqual(['addon', 'details', 'ver']);
    }
    expect(CATALOGUE.find((p) => p.id === 'prod_plus')!.metadata.details!.split('\n')).toEqual([...CORE_FEATURES]);
  });

  test('the contract product ids exist', () => {
    const ids = CATALOGUE.map((p) => p.id);
    for (const id of [
      'prod_basic',
      'prod_professional',
      'prod_plus',
      'prod_premium',
      'prod_enterprise',
      'prod_free_beta',
      'prod_affiliate',
      'prod_nfr_5',
      'prod_nfr_unlimited',
      'prod_enterprise_legacy',
      'prod_cs_basic',
      'prod_custom_reporting',
      'prod_air_trial',
    ])
      expect(ids).toContain(id);
  });
});

describe('sorting and flattening', () => {
  const shuffled: ProviderProduct[] = [...CATALOGUE].reverse().map((p) => ({ ...p, plans: [...p.plans].reverse() }));

  test('products by metadata.sort (numerically), plans by amount ascending', () => {
    const sorted = sortProducts(shuffled);
    expect(sorted.slice(0, 5).map((p) => p.id)).toEqual([
      'prod_basic',
      'prod_professional',
      'prod_plus',
      'prod_premium',
      'prod_enterprise',
    ]);
    const sorts = sorted.map((p) => Number(p.metadata.sort));
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    for (const p of sorted) {
      const amounts = p.plans.map((x) => x.amount);
      expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    }
    expect(sorted[0].plans.map((p) => p.amount)).toEqual([7500, 9800, 82500, 107300]);
  });

  test('sort "100" comes after sort "20" (numbers, not strings)', () => {
    const a = { ...CATALOGUE[0], id: 'prod_a', metadata: { ...CATALOGUE[0].metadata, sort: '100' } };
    const b = { ...CATALOGUE[0], id: 'prod_b', metadata: { ...CATALOGUE[0].metadata, sort: '20' } };
    expect(sortProducts([a, b]).map((p) => p.id)).toEqual(['prod_b', 'prod_a']);
  });

  test('flatten gives the section 3 fields of every plan, in product then amount order', () => {
    const fromShuffled = flattenCatalogue(shuffled);
    expect(fromShuffled).toEqual(flat);
    expect(flat).toHaveLength(CATALOGUE.reduce((n, p) => n + p.plans.length, 0));
    expect(flat[0]).toEqual({
      stripe_plan_id: 'plan_basic_usd_month',
      stripe_product_id: 'prod_basic',
      module_moniker: 'Core',
      plan_currency: 'usd',
      plan_interval: 'month',
      hidden_flag: false,
      addon_flag: false,
      limit_max_companies: 5,
      plan_cost_per_period: 7500,
      plan_trial_days: 30,
      addon_trial_days: 0,
      plan_ver: 1,
      product_name: 'Basic Edition',
      combined: null,
      subscription_status: null,
    });
  });

  test('findFlatPlan: unknown ids and a given list', () => {
    expect(findFlatPlan('plan_nope')).toBeUndefined();
    const list = flat.filter((p) => p.plan_currency === 'cad');
    expect(findFlatPlan('plan_basic_usd_month', list)).toBeUndefined();
    expect(findFlatPlan('plan_basic_cad_month', list)?.plan_cost_per_period).toBe(9800);
  });
});
