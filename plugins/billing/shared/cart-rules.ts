/**
 * Cart rules (platform.md sections 3, 8 and 9): the cart's trial is the longest trial of its plans,
 * its total the sum of their period costs. One plan per module (an add-on beside it); every plan in
 * one currency and interval. Changing the currency or interval swaps each plan for the same
 * product's plan in the new options; a plan with none is removed with
 * 'No similar plan found for the given options for module: {module}' / 'Affected plan(s) removed from the cart.';
 * several matches log a warning and pick by version.
 */
import type { FlatPlan, ModuleMoniker, PlanCurrency, PlanInterval } from './types';
import { pickByVersion } from './versions';

export const MSG_NO_SIMILAR_PLAN = (module: string) =>
  `No similar plan found for the given options for module: ${module}`;
export const MSG_PLANS_REMOVED = 'Affected plan(s) removed from the cart.';

export interface CartMessage {
  module: ModuleMoniker;
  message: string;
  details: string;
  removed: string[];
}
interface CartOptions {
  currency: PlanCurrency;
  interval: PlanInterval;
}
interface CartChange {
  plans: FlatPlan[];
  messages: CartMessage[];
  warnings: string[];
}

/** Longest trial (days) of the cart's plans; 0 for an empty cart. */
export function cartTrialDays(plans: readonly FlatPlan[]): number {
  return plans.reduce((max, p) => Math.max(max, p.plan_trial_days, p.addon_trial_days), 0);
}

/** Sum of the period costs (minor units). */
export function cartTotal(plans: readonly FlatPlan[]): number {
  return plans.reduce((sum, p) => sum + p.plan_cost_per_period, 0);
}

/** The plan ids a cart stands for (both plans of a combined option). */
export function cartPlanIds(plans: readonly FlatPlan[]): string[] {
  return plans.flatMap((p) => (p.combined?.length ? p.combined.map((c) => c.stripe_plan_id) : [p.stripe_plan_id]));
}

const sameSlot = (a: FlatPlan, b: FlatPlan) =>
  a.addon_flag || b.addon_flag ? a.stripe_product_id === b.stripe_product_id : a.module_moniker === b.module_moniker;

/**
 * Adds a plan: it replaces the plan of the same module (an add-on replaces only the same add-on);
 * plans in another currency or interval than the new one are swapped with changeCartOptions first.
 * A plan already in the cart stays where it is.
 */
export function addToCart(cart: readonly FlatPlan[], plan: FlatPlan, catalogue: readonly FlatPlan[]): CartChange {
  const aligned = changeCartOptions(cart, catalogue, { currency: plan.plan_currency, interval: plan.plan_interval });
  if (aligned.plans.some((p) => p.stripe_plan_id === plan.stripe_plan_id)) return aligned;
  return { ...aligned, plans: [...aligned.plans.filter((p) => !sameSlot(p, plan)), plan] };
}

export function removeFromCart(cart: readonly FlatPlan[], planId: string): FlatPlan[] {
  return cart.filter((p) => p.stripe_plan_id !== planId);
}

/** Swaps every plan for its product's plan in the new currency and interval (see the file comment). */
export function changeCartOptions(
  cart: readonly FlatPlan[],
  catalogue: readonly FlatPlan[],
  options: CartOptions,
): CartChange {
  const plans: FlatPlan[] = [];
  const warnings: string[] = [];
  const removedByModule = new Map<ModuleMoniker, string[]>();
  for (const item of cart) {
    if (item.plan_currency === options.currency && item.plan_interval === options.interval) {
      plans.push(item);
      continue;
    }
    const matches = catalogue.filter(
      (p) =>
        p.stripe_product_id === item.stripe_product_id &&
        p.plan_currency === options.currency &&
        p.plan_interval === options.interval,
    );
    const { plan, warning } = pickByVersion(matches);
    if (warning) warnings.push(warning);
    if (plan) plans.push(plan);
    else
      removedByModule.set(item.module_moniker, [
        ...(removedByModule.get(item.module_moniker) ?? []),
        item.stripe_plan_id,
      ]);
  }
  const messages = [...removedByModule].map(([module, removed]) => ({
    module,
    message: MSG_NO_SIMILAR_PLAN(module),
    details: MSG_PLANS_REMOVED,
    removed,
  }));
  return { plans, messages, warnings };
}

/** Plans of the given ids, in that order; unknown ids are dropped. */
export function plansFromIds(ids: readonly string[], catalogue: readonly FlatPlan[]): FlatPlan[] {
  const out: FlatPlan[] = [];
  for (const id of ids) {
    const p = catalogue.find((c) => c.stripe_plan_id === id);
    if (p && !out.includes(p)) out.push(p);
  }
  return out;
}

/** Whether a plan is in the current subscription (the card's 'Included in your current subscription'). */
export function isIncluded(plan: FlatPlan, subscribedPlanIds: readonly string[]): boolean {
  return subscribedPlanIds.includes(plan.stripe_plan_id);
}
