/** Cart rules (sections 3, 8 and 9) against the catalogue. */
import { CATALOGUE, findFlatPlan, flattenCatalogue } from '../shared/catalogue';
import {
  addToCart,
  cartPlanIds,
  cartTotal,
  cartTrialDays,
  changeCartOptions,
  isIncluded,
  MSG_NO_SIMILAR_PLAN,
  MSG_PLANS_REMOVED,
  plansFromIds,
  removeFromCart,
} from '../shared/cart-rules';
import { combinePlans } from '../shared/upgrade-rules';
import { pickByVersion } from '../shared/versions';
import type { FlatPlan } from '../shared/types';

const catalogue = flattenCatalogue(CATALOGUE);
const plan = (id: string) => findFlatPlan(id)!;
const ids = (list: FlatPlan[]) => list.map((p) => p.stripe_plan_id);

describe('trial and total', () => {
  test('trial is the longest trial of the cart; total is the sum of the period costs', () => {
    const cart = [plan('plan_professional_usd_month'), plan('plan_cs_basic_usd_month')];
    expect(cartTrialDays(cart)).toBe(30);
    expect(cartTotal(cart)).toBe(17500 + 7500);
  });

  test('an empty cart: no trial, total 0', () => {
    expect(cartTrialDays([])).toBe(0);
    expect(cartTotal([])).toBe(0);
  });

  test('Professional CAD annual alone: no trial, 247500', () => {
    const cart = [plan('plan_professional_cad_year')];
    expect(cartTrialDays(cart)).toBe(0);
    expect(cartTotal(cart)).toBe(247500);
  });

  test('add-on trial days count towards the cart trial', () => {
    const addon = { ...plan('plan_custom_reporting_usd_month'), addon_trial_days: 14 };
    expect(cartTrialDays([plan('plan_plus_usd_month'), addon])).toBe(14);
  });

  test('a combined option counts once with its summed cost and no trial', () => {
    const combined = combinePlans(plan('plan_basic_usd_month'), plan('plan_cs_basic_usd_month'));
    expect(cartTotal([combined])).toBe(15000);
    expect(cartTrialDays([combined])).toBe(0);
    expect(cartPlanIds([combined, plan('plan_custom_reporting_usd_month')])).toEqual([
      'plan_basic_usd_month',
      'plan_cs_basic_usd_month',
      'plan_custom_reporting_usd_month',
    ]);
  });
});

describe('adding and removing', () => {
  test('one plan per module: a second Core edition replaces the first; other modules and add-ons stay', () => {
    let cart = addToCart([], plan('plan_basic_usd_month'), catalogue).plans;
    cart = addToCart(cart, plan('plan_cs_basic_usd_month'), catalogue).plans;
    cart = addToCart(cart, plan('plan_custom_reporting_usd_month'), catalogue).plans;
    cart = addToCart(cart, plan('plan_professional_usd_month'), catalogue).plans;
    expect(ids(cart)).toEqual([
      'plan_cs_basic_usd_month',
      'plan_custom_reporting_usd_month',
      'plan_professional_usd_month',
    ]);
    cart = addToCart(cart, plan('plan_custom_reporting_usd_month'), catalogue).plans;
    expect(ids(cart).filter((id) => id === 'plan_custom_reporting_usd_month')).toHaveLength(1);
    expect(ids(removeFromCart(cart, 'plan_cs_basic_usd_month'))).toEqual([
      'plan_custom_reporting_usd_month',
      'plan_professional_usd_month',
    ]);
  });

  test('adding a plan in other options swaps the rest of the cart to them', () => {
    const r = addToCart([plan('plan_cs_basic_usd_month')], plan('plan_plus_cad_year'), catalogue);
    expect(ids(r.plans)).toEqual(['plan_cs_basic_cad_year', 'plan_plus_cad_year']);
    expect(r.messages).toEqual([]);
  });

  test('plansFromIds keeps the order and drops unknown ids and repeats', () => {
    expect(
      ids(plansFromIds(['plan_plus_usd_month', 'nope', 'plan_basic_usd_month', 'plan_plus_usd_month'], catalogue)),
    ).toEqual(['plan_plus_usd_month', 'plan_basic_usd_month']);
  });

  test('isIncluded: the plan is in the current subscription', () => {
    expect(isIncluded(plan('plan_basic_usd_month'), ['plan_basic_usd_month'])).toBe(true);
    expect(isIncluded(plan('plan_basic_usd_year'), ['plan_basic_usd_month'])).toBe(false);
  });
});

describe('changing currency or interval', () => {
  test('each plan is swapped for its product in the new options', () => {
    const r = changeCartOptions([plan('plan_professional_usd_month'), plan('plan_cs_basic_usd_month')], catalogue, {
      currency: 'cad',
      interval: 'year',
    });
    expect(ids(r.plans)).toEqual(['plan_professional_cad_year', 'plan_cs_basic_cad_year']);
    expect(cartTotal(r.plans)).toBe(247500 + 107300);
    expect(r.messages).toEqual([]);
    expect(r.warnings).toEqual([]);
  });

  test('no equivalent: the plan is removed with the message of its module', () => {
    const r = changeCartOptions([plan('plan_plus_usd_month'), plan('plan_custom_reporting_usd_month')], catalogue, {
      currency: 'usd',
      interval: 'year',
    });
    expect(ids(r.plans)).toEqual(['plan_plus_usd_year']);
    expect(r.messages).toEqual([
      {
        module: 'Core',
        message: 'No similar plan found for the given options for module: Core',
        details: 'Affected plan(s) removed from the cart.',
        removed: ['plan_custom_reporting_usd_month'],
      },
    ]);
    expect(MSG_NO_SIMILAR_PLAN('AIR')).toBe('No similar plan found for the given options for module: AIR');
    expect(MSG_PLANS_REMOVED).toBe('Affected plan(s) removed from the cart.');
  });

  test('one message per module, listing every removed plan', () => {
    const r = changeCartOptions(
      [
        plan('plan_enterprise_legacy_usd_month'),
        plan('plan_custom_reporting_usd_month'),
        plan('plan_air_trial_usd_month'),
      ],
      catalogue,
      { currency: 'cad', interval: 'year' },
    );
    expect(r.plans).toEqual([]);
    expect(r.messages.map((m) => [m.module, m.removed])).toEqual([
      ['Core', ['plan_enterprise_legacy_usd_month', 'plan_custom_reporting_usd_month']],
      ['AIR', ['plan_air_trial_usd_month']],
    ]);
  });

  test('plans already in the new options stay as they are', () => {
    const cart = [plan('plan_basic_cad_month')];
    expect(changeCartOptions(cart, catalogue, { currency: 'cad', interval: 'month' }).plans).toEqual(cart);
  });

  test('several matches: the highest version is picked, with a warning', () => {
    const v2: FlatPlan = {
      ...plan('plan_basic_cad_month'),
      stripe_plan_id: 'plan_basic_cad_month_v2',
      plan_ver: 2,
      plan_cost_per_period: 9900,
    };
    const r = changeCartOptions([plan('plan_basic_usd_month')], [...catalogue, v2], {
      currency: 'cad',
      interval: 'month',
    });
    expect(ids(r.plans)).toEqual(['plan_basic_cad_month_v2']);
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toContain('plan_basic_cad_month_v2');
    expect(r.messages).toEqual([]);
  });
});

describe('pickByVersion', () => {
  test('none, one, several (equal versions keep the first)', () => {
    expect(pickByVersion([])).toEqual({ plan: null, warning: null });
    expect(pickByVersion([plan('plan_plus_usd_month')])).toEqual({ plan: plan('plan_plus_usd_month'), warning: null });
    const a = { ...plan('plan_plus_usd_month'), stripe_plan_id: 'a', plan_ver: 3 };
    const b = { ...plan('plan_plus_usd_month'), stripe_plan_id: 'b', plan_ver: 3 };
    const c = { ...plan('plan_plus_usd_month'), stripe_plan_id: 'c', plan_ver: 1 };
    const pick = pickByVersion([c, a, b]);
    expect(pick.plan?.stripe_plan_id).toBe('a');
    expect(pick.warning).toMatch(/Several plans match/);
  });
});
