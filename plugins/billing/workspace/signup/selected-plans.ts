/**
 * Which plans the wizard signs up for (platform.md 2.1 inputs selPlanId, selProductId,
 * cart; the affiliate sign-up). Pure: given the query, the flattened catalogue
 * and the cart kept by the plans pages.
 */
import { AFFILIATE_PRODUCT_ID, affiliateFilterName } from '../../shared/affiliate';
import type { FlatPlan, PlanCurrency } from '../../shared/types';

/** The affiliate code of /signUpSevenFigureMsp. */
export const SEVEN_FIGURE_MSP = 'sevenfiguremsp';

export interface PlanQuery {
  cart?: string | null;
  selPlanId?: string | null;
  selProductId?: string | null;
}

/** The affiliate code of this sign-up: the route's, or an affiliate code (not a plan filter such as AIR) in the query. */
export function affiliateCode(routeAffiliate: string | null, queryAffiliate: string | null): string | null {
  if (routeAffiliate) return routeAffiliate;
  const q = queryAffiliate?.trim();
  if (!q || !/^[A-Za-z0-9_-]{1,50}$/.test(q) || affiliateFilterName(q) !== 'affiliate') return null;
  return q.toLowerCase();
}

/** The plan currency for a geo currency code: CAD for CAD, otherwise USD. */
export const planCurrencyFor = (currencyCode: string | null | undefined): PlanCurrency =>
  currencyCode?.toUpperCase() === 'CAD' ? 'cad' : 'usd';

/** The plan a product is sold with by default: monthly in the currency, else the first monthly, else any. */
export function defaultPlanOf(
  productId: string,
  plans: readonly FlatPlan[],
  currency: PlanCurrency,
): FlatPlan | undefined {
  const of = plans.filter((p) => p.stripe_product_id === productId);
  return (
    of.find((p) => p.plan_currency === currency && p.plan_interval === 'month') ??
    of.find((p) => p.plan_interval === 'month') ??
    of[0]
  );
}

export function selectedPlanIds(
  q: PlanQuery,
  plans: readonly FlatPlan[],
  opts: { currency: PlanCurrency; storedCart?: readonly string[]; affiliate?: string | null },
): string[] {
  const known = new Set(plans.map((p) => p.stripe_plan_id));
  const ids: string[] = [];
  const add = (id: string | null | undefined) => {
    if (id && known.has(id) && !ids.includes(id)) ids.push(id);
  };
  for (const id of (q.cart ?? '').split(',')) add(id.trim());
  add(q.selPlanId?.trim());
  if (q.selProductId) {
    const currency = ids.length ? plans.find((p) => p.stripe_plan_id === ids[0])!.plan_currency : opts.currency;
    add(defaultPlanOf(q.selProductId.trim(), plans, currency)?.stripe_plan_id);
  }
  if (!ids.length) for (const id of opts.storedCart ?? []) add(id);
  if (!ids.length && opts.affiliate) add(defaultPlanOf(AFFILIATE_PRODUCT_ID, plans, opts.currency)?.stripe_plan_id);
  return ids;
}
