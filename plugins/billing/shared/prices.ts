/**
 * Price display of the pricing card (platform.md sections 2.3 and 9): the price per period from minor
 * units; an annual price also per month (divided by 12).
 */
import { formatAmount, planPrice } from './currency';
import type { FlatPlan, PlanInterval } from './types';

interface PriceDisplay {
  /** Major units per period. */
  amount: number;
  period: PlanInterval;
  /** '$175 / month', '$1,925 / year'. */
  text: string;
  /** Annual plans: major units per month (amount / 12). */
  perMonth: number | null;
  /** Annual plans: '$160 / month'. */
  perMonthText: string | null;
}

export const PERIOD_WORD: Record<PlanInterval, string> = { month: 'month', year: 'year' };

export function priceDisplay(
  plan: Pick<FlatPlan, 'plan_cost_per_period' | 'plan_currency' | 'plan_interval'>,
): PriceDisplay {
  const amount = planPrice(plan.plan_cost_per_period);
  const perMonth = plan.plan_interval === 'year' ? amount / 12 : null;
  return {
    amount,
    period: plan.plan_interval,
    text: `${formatAmount(amount, plan.plan_currency)} / ${PERIOD_WORD[plan.plan_interval]}`,
    perMonth,
    perMonthText: perMonth === null ? null : `${formatAmount(perMonth, plan.plan_currency)} / month`,
  };
}

/** 'No trial', '1-day trial', '30-day free trial'. */
export function trialText(days: number): string {
  return days > 0 ? `${days}-day free trial` : 'No trial';
}
