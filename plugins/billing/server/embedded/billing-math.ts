/**
 * The embedded provider's arithmetic, pure: billing periods, invoice lines and totals, coupon discounts,
 * prorations and the lazy roll-forward of a subscription. Amounts are minor units, times unix seconds.
 *
 * Prorations (documented in the README): a plan added or removed during a paid period (status active or
 * past_due, not trialing) creates a pending line for the remaining fraction of the period, rounded to the cent:
 * a charge for an added plan, a credit for a removed one. Pending lines go on the next invoice. Trials are
 * not prorated (a change during a trial applies from the first paid period).
 */
import type { FlatPlan, PlanInterval } from '../../shared/types';

export const DAY = 86_400;

/** Adds one month or year to a time, like Stripe's anchoring (the 31st becomes the last day of a short month). */
export function addInterval(unixSeconds: number, interval: PlanInterval, count = 1): number {
  const d = new Date(unixSeconds * 1000);
  const day = d.getUTCDate();
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear() + (interval === 'year' ? count : 0),
      d.getUTCMonth() + (interval === 'month' ? count : 0),
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

export interface Coupon {
  id: string;
  name: string | null;
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  durationInMonths: number | null;
}
export interface InvoiceLine {
  description: string;
  amount: number;
  planId: string | null;
  periodStart: number;
  periodEnd: number;
}
export interface Invoice {
  currency: string;
  subtotal: number;
  discountAmount: number;
  total: number;
  lines: InvoiceLine[];
  discount: { couponId: string; name: string | null; percentOff: number | null; amountOff: number | null } | null;
  periodStart: number;
  periodEnd: number;
}

/** Whether a coupon applied at couponStart still discounts an invoice at `at` (once: only the first charged invoice). */
export function couponActive(coupon: Coupon, couponStart: number, at: number): boolean {
  if (coupon.duration === 'forever' || coupon.duration === 'once') return true;
  return at < addInterval(couponStart, 'month', coupon.durationInMonths ?? 0);
}

/** The discount of a coupon on a subtotal: percent rounded to the cent, or the amount off (same currency), never below 0. */
export function discountOn(subtotal: number, currency: string, coupon: Coupon | null): number {
  if (!coupon || subtotal <= 0) return 0;
  if (coupon.percentOff !== null) return Math.min(subtotal, Math.round((subtotal * coupon.percentOff) / 100));
  if (coupon.amountOff !== null && (coupon.currency ?? '').toLowerCase() === currency.toLowerCase())
    return Math.min(subtotal, coupon.amountOff);
  return 0;
}

/** One period's invoice of plans (plus pending lines), with the coupon's discount. */
export function buildInvoice(input: {
  plans: FlatPlan[];
  quantities?: Record<string, number>;
  currency: string;
  periodStart: number;
  periodEnd: number;
  pending?: InvoiceLine[];
  coupon: Coupon | null;
  trial?: boolean;
}): Invoice {
  const lines: InvoiceLine[] = [
    ...(input.pending ?? []),
    ...input.plans.map((p) => {
      const qty = input.quantities?.[p.stripe_plan_id] ?? 1;
      return {
        description: input.trial
          ? `Trial period for ${p.product_name}`
          : `${qty} × ${p.product_name} (${p.plan_interval === 'month' ? 'monthly' : 'annual'})`,
        amount: input.trial ? 0 : p.plan_cost_per_period * qty,
        planId: p.stripe_plan_id,
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
      };
    }),
  ];
  const subtotal = lines.reduce((s, l) => s + l.amount, 0);
  const discountAmount = discountOn(subtotal, input.currency, input.coupon);
  return {
    currency: input.currency,
    subtotal,
    discountAmount,
    total: Math.max(0, subtotal - discountAmount),
    lines,
    discount:
      input.coupon && discountAmount > 0
        ? {
            couponId: input.coupon.id,
            name: input.coupon.name,
            percentOff: input.coupon.percentOff,
            amountOff: input.coupon.amountOff,
          }
        : null,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
  };
}

/** The unused fraction of a period at `now` (0..1). */
function remainingFraction(periodStart: number, periodEnd: number, now: number): number {
  if (periodEnd <= periodStart) return 0;
  return Math.min(1, Math.max(0, (periodEnd - now) / (periodEnd - periodStart)));
}

/** Proration lines for plans added and removed at `now` in a paid period. */
export function prorationLines(input: {
  added: FlatPlan[];
  removed: FlatPlan[];
  periodStart: number;
  periodEnd: number;
  now: number;
}): InvoiceLine[] {
  const f = remainingFraction(input.periodStart, input.periodEnd, input.now);
  if (f <= 0) return [];
  const when = new Date(input.now * 1000).toISOString().slice(0, 10);
  return [
    ...input.removed.map((p) => ({
      description: `Unused time on ${p.product_name} after ${when}`,
      amount: -Math.round(p.plan_cost_per_period * f),
      planId: p.stripe_plan_id,
      periodStart: input.now,
      periodEnd: input.periodEnd,
    })),
    ...input.added.map((p) => ({
      description: `Remaining time on ${p.product_name} after ${when}`,
      amount: Math.round(p.plan_cost_per_period * f),
      planId: p.stripe_plan_id,
      periodStart: input.now,
      periodEnd: input.periodEnd,
    })),
  ];
}

interface SubState {
  status: string;
  interval: PlanInterval;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  trialEnd: number | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
}

interface Renewal {
  periodStart: number;
  periodEnd: number;
  afterTrial: boolean;
}

/**
 * Rolls a subscription forward to `now` (the embedded provider has no clock of its own: it does this when a
 * subscription is read): a trial that has ended becomes active, a paid period that has ended renews (one
 * renewal invoice per period), and a subscription set to cancel at period end is cancelled at that end.
 */
export function rollForward(sub: SubState, now: number): { state: SubState; renewals: Renewal[] } {
  const s = { ...sub };
  const renewals: Renewal[] = [];
  for (
    let guard = 0;
    guard < 1200 && ['active', 'trialing', 'past_due'].includes(s.status) && now >= s.currentPeriodEnd;
    guard++
  ) {
    if (s.cancelAtPeriodEnd) {
      s.status = 'canceled';
      s.canceledAt = s.currentPeriodEnd;
      break;
    }
    const start = s.currentPeriodEnd;
    const afterTrial = s.status === 'trialing';
    s.status = 'active';
    s.currentPeriodStart = start;
    s.currentPeriodEnd = addInterval(start, s.interval);
    renewals.push({ periodStart: start, periodEnd: s.currentPeriodEnd, afterTrial });
  }
  return { state: s, renewals };
}
