/**
 * Upgrade options (platform.md section 9): plans of the same module with more companies than the
 * current subscription, not hidden, same currency and interval, sorted by cost. A current limit of
 * 999 or more (or 0, unlimited) has none. When a tenant has Core and Customer Success, each Core
 * option is combined with the Customer Success plan of the same customer count: one option with the
 * summed cost, no trial, and both plans in `combined`.
 */
import { canUpgrade } from './tiers';
import type { FlatPlan, ModuleMoniker, PlanCurrency, PlanInterval } from './types';
import { pickByVersion } from './versions';

export interface CurrentPlan {
  module_moniker: ModuleMoniker;
  limit_max_companies: number;
  plan_currency: PlanCurrency;
  plan_interval: PlanInterval;
}

const byCost = (a: FlatPlan, b: FlatPlan) =>
  a.plan_cost_per_period - b.plan_cost_per_period || a.limit_max_companies - b.limit_max_companies;

/** The plans a current subscription may upgrade to, cheapest first. */
export function upgradeOptions(plans: readonly FlatPlan[], current: CurrentPlan): FlatPlan[] {
  if (!canUpgrade(current.limit_max_companies)) return [];
  return plans
    .filter(
      (p) =>
        p.module_moniker === current.module_moniker &&
        !p.hidden_flag &&
        !p.addon_flag &&
        p.plan_currency === current.plan_currency &&
        p.plan_interval === current.plan_interval &&
        p.limit_max_companies > current.limit_max_companies,
    )
    .sort(byCost);
}

/** The Customer Success plan that goes with a Core plan: same customer count, currency and interval (hidden allowed). */
export function customerSuccessCompanion(plans: readonly FlatPlan[], core: FlatPlan): FlatPlan | null {
  const matches = plans.filter(
    (p) =>
      p.module_moniker === 'Customer Success' &&
      !p.addon_flag &&
      p.limit_max_companies === core.limit_max_companies &&
      p.plan_currency === core.plan_currency &&
      p.plan_interval === core.plan_interval,
  );
  return pickByVersion(matches).plan;
}

/** One option made of a Core and a Customer Success plan: summed cost, no trial. */
export function combinePlans(core: FlatPlan, cs: FlatPlan): FlatPlan {
  return {
    ...core,
    stripe_plan_id: `${core.stripe_plan_id}+${cs.stripe_plan_id}`,
    product_name: `${core.product_name} + ${cs.product_name}`,
    plan_cost_per_period: core.plan_cost_per_period + cs.plan_cost_per_period,
    plan_trial_days: 0,
    addon_trial_days: 0,
    plan_ver: Math.max(core.plan_ver, cs.plan_ver),
    combined: [core, cs],
  };
}

/**
 * Upgrade options for a tenant with Core and, optionally, Customer Success. With both, a Core option
 * whose customer count is above the current Customer Success limit is combined with the matching
 * Customer Success plan; a Core option the Customer Success plan already covers (or one without a
 * matching Customer Success plan) stays a Core option.
 */
export function combinedUpgradeOptions(
  plans: readonly FlatPlan[],
  core: CurrentPlan,
  cs?: CurrentPlan | null,
): FlatPlan[] {
  const coreOptions = upgradeOptions(plans, core);
  if (!cs) return coreOptions;
  return coreOptions
    .map((option) => {
      if (!canUpgrade(cs.limit_max_companies) || cs.limit_max_companies >= option.limit_max_companies) return option;
      const companion = customerSuccessCompanion(plans, option);
      return companion ? combinePlans(option, companion) : option;
    })
    .sort(byCost);
}

/** The plan ids an option stands for (both plans of a combined option). */
export function optionPlanIds(option: FlatPlan): string[] {
  return option.combined?.length ? option.combined.map((p) => p.stripe_plan_id) : [option.stripe_plan_id];
}
