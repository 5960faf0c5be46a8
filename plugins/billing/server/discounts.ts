/**
 * Discounts: promotion codes, coupons and the affiliate programme's credit. An affiliate's promotion codes
 * carry metadata.affiliate = the affiliate code (e.g. SEVENFIGUREMSP); their coupons carry the currency
 * (amount_off) and metadata.interval, so the credit matching the plans' currency and interval is chosen.
 */
import { badRequest } from '../../../kernel/index';
import type { PlanCurrency, PlanInterval } from '../shared/types';
import type { BillingProvider, ProviderCoupon, ProviderPromotionCode } from './provider';

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** Whether a coupon can discount plans of this currency and interval. */
export function couponFits(c: ProviderCoupon, currency: PlanCurrency, interval: PlanInterval): boolean {
  if (!c.valid) return false;
  if (c.amountOff !== null && !same(c.currency, currency)) return false;
  return !c.metadata?.interval || c.metadata.interval === interval;
}

interface DiscountOut {
  id: string;
  code: string;
  affiliate: string | null;
  coupon: {
    id: string;
    name: string | null;
    percent_off: number | null;
    amount_off: number | null;
    currency: string | null;
    duration: string;
    duration_in_months: number | null;
    interval: string | null;
  };
}

export function discountOut(p: ProviderPromotionCode): DiscountOut {
  const c = p.coupon;
  return {
    id: p.id,
    code: p.code,
    affiliate: p.metadata?.affiliate ?? null,
    coupon: {
      id: c.id,
      name: c.name,
      percent_off: c.percentOff,
      amount_off: c.amountOff,
      currency: c.currency,
      duration: c.duration,
      duration_in_months: c.durationInMonths,
      interval: c.metadata?.interval ?? null,
    },
  };
}

/** The affiliate's discounts: promotion codes whose affiliate (or code) is the affiliate code. */
export async function affiliateDiscounts(
  provider: BillingProvider,
  affiliateCode: string,
): Promise<ProviderPromotionCode[]> {
  const all = await provider.listPromotionCodes();
  return all.filter((p) => p.active && (same(p.metadata?.affiliate, affiliateCode) || same(p.code, affiliateCode)));
}

/**
 * The coupon id a discount code gives for plans of a currency and interval: a promotion code, an affiliate
 * code (its credit in that currency and interval) or a coupon id. Unknown or not applicable: 400.
 */
export async function resolveDiscount(
  provider: BillingProvider,
  code: string,
  currency: PlanCurrency,
  interval: PlanInterval,
  field = 'body.discountCode',
): Promise<string> {
  const text = code.trim();
  const promos = await provider.listPromotionCodes(text);
  const direct = promos.find((p) => p.active && same(p.code, text));
  if (direct && couponFits(direct.coupon, currency, interval)) return direct.coupon.id;
  const affiliate = (await affiliateDiscounts(provider, text)).find((p) => couponFits(p.coupon, currency, interval));
  if (affiliate) return affiliate.coupon.id;
  const coupon = await provider.retrieveCoupon(text).catch(() => null);
  if (coupon && couponFits(coupon, currency, interval)) return coupon.id;
  const known = direct || coupon || (await affiliateDiscounts(provider, text)).length;
  const message = known
    ? `The discount ${text} does not apply to plans in ${currency.toUpperCase()} billed ${interval === 'month' ? 'monthly' : 'annually'}.`
    : `Unknown discount code: ${text}`;
  throw badRequest(message, [{ path: field, message }]);
}
