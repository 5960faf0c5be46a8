/** How the wizard describes a plan: price per period, customer limit, trial. Pure. */
import { formatAmount, planPrice } from '../../shared/currency';
import type { FlatPlan } from '../../shared/types';

export const periodPrice = (p: Pick<FlatPlan, 'plan_cost_per_period' | 'plan_currency' | 'plan_interval'>) =>
  p.plan_cost_per_period === 0
    ? 'Free'
    : `${formatAmount(planPrice(p.plan_cost_per_period), p.plan_currency)} ${p.plan_currency.toUpperCase()} / ${p.plan_interval}`;

export const customerLimit = (p: Pick<FlatPlan, 'limit_max_companies'>) =>
  p.limit_max_companies === 0
    ? 'Unlimited customers'
    : `Up to ${p.limit_max_companies} customer${p.limit_max_companies === 1 ? '' : 's'}`;

export const trialText = (p: Pick<FlatPlan, 'plan_trial_days'>) =>
  p.plan_trial_days > 0 ? `${p.plan_trial_days}-day free trial` : null;

/** The cart total per period, when every plan has one currency and interval; null otherwise. */
export function cartTotal(plans: readonly FlatPlan[]): string | null {
  if (!plans.length) return null;
  const { plan_currency: currency, plan_interval: interval } = plans[0];
  if (plans.some((p) => p.plan_currency !== currency || p.plan_interval !== interval)) return null;
  return periodPrice({
    plan_cost_per_period: plans.reduce((sum, p) => sum + p.plan_cost_per_period, 0),
    plan_currency: currency,
    plan_interval: interval,
  });
}
