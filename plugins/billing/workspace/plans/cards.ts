/**
 * Which product cards the plans pages show (pure): /plans shows every visible product in the chosen
 * currency and interval; /Plans/{affiliate} shows the plans of the affiliate filter (shared/affiliate.ts).
 * Products keep the catalogue order (metadata.sort); one plan per product, picked by version.
 */
import {
  affiliateFilterName,
  affiliatePlans,
  priceAfterAffiliateCredit,
  type AffiliateFilterName,
} from '../../shared/affiliate';
import type { FlatPlan, PlanCurrency, PlanInterval, ProviderProduct } from '../../shared/types';
import { pickByVersion } from '../../shared/versions';

export interface PlanCard {
  product: ProviderProduct;
  plan: FlatPlan;
  afterCredit: number | null;
}
export interface CardSelection {
  cards: PlanCard[];
  /** Intervals the page offers in the chosen currency (the switch shows only these). */
  intervals: PlanInterval[];
  /** The interval shown: the chosen one, or the first offered when the chosen one has no plans here. */
  interval: PlanInterval;
  filter: AffiliateFilterName | null;
  warnings: string[];
}

export function selectCards(
  products: readonly ProviderProduct[],
  plans: readonly FlatPlan[],
  o: { currency: PlanCurrency; interval: PlanInterval; affiliate?: string | null },
): CardSelection {
  const filter = o.affiliate ? affiliateFilterName(o.affiliate) : null;
  const candidates = (
    o.affiliate ? affiliatePlans(plans, o.affiliate) : plans.filter((p) => !p.hidden_flag && !p.addon_flag)
  ).filter((p) => p.plan_currency === o.currency);
  const intervals = (['month', 'year'] as PlanInterval[]).filter((i) => candidates.some((p) => p.plan_interval === i));
  const interval = intervals.includes(o.interval) ? o.interval : (intervals[0] ?? o.interval);
  const warnings: string[] = [];
  const cards: PlanCard[] = [];
  for (const product of products) {
    const { plan, warning } = pickByVersion(
      candidates.filter((p) => p.stripe_product_id === product.id && p.plan_interval === interval),
    );
    if (warning) warnings.push(warning);
    if (plan)
      cards.push({ product, plan, afterCredit: filter === 'affiliate' ? priceAfterAffiliateCredit(plan) : null });
  }
  return { cards, intervals, interval, filter, warnings };
}
