/**
 * Affiliate plan filters (platform.md section 9) for /Plans/{affiliate}:
 *   AIR       module AIR, monthly, not hidden and not an add-on;
 *   basic     limit 5, Core, product 'Basic Edition', monthly;
 *   basicCS   basic plus Customer Success with limit 5;
 *   affiliate (the affiliate programme) limit 5.
 * The affiliate plan is worth $75/month, paid by the partner and capped at 5 clients; an upgrade is paid
 * by the user with a $75/month credit while the membership lasts.
 */
import type { FlatPlan, PlanCurrency } from './types';

export type AffiliateFilterName = 'AIR' | 'basic' | 'basicCS' | 'affiliate';
type AffiliateFilter = (p: FlatPlan) => boolean;

export const AFFILIATE_LIMIT = 5;
const BASIC_EDITION = 'Basic Edition';
export const AFFILIATE_PRODUCT_ID = 'prod_affiliate';
/** The affiliate plan's worth per month, in minor units of the plan's currency (the Basic monthly price). */
export const AFFILIATE_MONTHLY_CREDIT: Record<PlanCurrency, number> = { usd: 7500, cad: 9800 };

const basic: AffiliateFilter = (p) =>
  p.limit_max_companies === AFFILIATE_LIMIT &&
  p.module_moniker === 'Core' &&
  p.product_name === BASIC_EDITION &&
  p.plan_interval === 'month';

export const AFFILIATE_FILTERS: Record<AffiliateFilterName, AffiliateFilter> = {
  AIR: (p) => p.module_moniker === 'AIR' && p.plan_interval === 'month' && !p.hidden_flag && !p.addon_flag,
  basic,
  basicCS: (p) => basic(p) || (p.module_moniker === 'Customer Success' && p.limit_max_companies === AFFILIATE_LIMIT),
  affiliate: (p) => p.limit_max_companies === AFFILIATE_LIMIT,
};

/** The filter of an /Plans/{affiliate} segment: AIR, basic, basicCS (any case); any other value is an affiliate code. */
export function affiliateFilterName(affiliate: string): AffiliateFilterName {
  const a = affiliate.trim().toLowerCase();
  if (a === 'air') return 'AIR';
  if (a === 'basic') return 'basic';
  if (a === 'basiccs') return 'basicCS';
  return 'affiliate';
}

/**
 * The plans an affiliate page offers. The affiliate programme's 'limit 5' applies to the plans an
 * affiliate may take: the affiliate partner plan and the plans on sale (not hidden, not add-ons);
 * not-for-resale, beta and other hidden plans are staff grants.
 */
export function affiliatePlans(plans: readonly FlatPlan[], affiliate: string): FlatPlan[] {
  const name = affiliateFilterName(affiliate);
  const filter = AFFILIATE_FILTERS[name];
  const base =
    name === 'affiliate'
      ? plans.filter((p) => !p.addon_flag && (!p.hidden_flag || p.stripe_product_id === AFFILIATE_PRODUCT_ID))
      : plans;
  return base.filter(filter);
}

/** The affiliate credit for one period of a plan (12 months for an annual plan), minor units. */
export function affiliateCredit(plan: Pick<FlatPlan, 'plan_currency' | 'plan_interval'>): number {
  const monthly = AFFILIATE_MONTHLY_CREDIT[plan.plan_currency] ?? 0;
  return plan.plan_interval === 'year' ? monthly * 12 : monthly;
}

/** What an affiliate member pays per period for a plan after the credit (never below 0), minor units. */
export function priceAfterAffiliateCredit(
  plan: Pick<FlatPlan, 'plan_cost_per_period' | 'plan_currency' | 'plan_interval'>,
): number {
  return Math.max(0, plan.plan_cost_per_period - affiliateCredit(plan));
}
