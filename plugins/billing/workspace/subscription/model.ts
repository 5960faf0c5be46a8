/**
 * /subscription page rules, pure: which plans the tenant has and their figures, the upgrade options
 * (rules of section 9), the Customer Success plan to add, the plans to choose without a subscription,
 * the query inputs (selPlanId, selProductId, updatePayment, couponId, upgradeTrial, verbose) and the
 * invoice shapes.
 */
import {
  combinedUpgradeOptions,
  customerSuccessCompanion,
  optionPlanIds,
  type CurrentPlan,
} from '../../shared/upgrade-rules';
import { customerLimitText } from '../../shared/tiers';
import type { z } from 'zod';
import type { subscriptionBody } from '../../shared/api';
import type { FlatPlan, ModuleMoniker, PlanCurrency, PlanInterval, SubscriptionRow } from '../../shared/types';
import { activeRows, isActiveStatus, type TenantSubscriptions } from '../subscription-state';
import { validateEmail } from '../../../../common/email';
import { MSG_NO_UPCOMING_INVOICE } from '../../shared/api';

export const SUBSCRIPTION_ACTION_URL = '/v3/manager/stripe/subscription/';
export const PORTAL_URL = '/v3/manager/stripe/session/portal';
export const UPDATE_PAYMENT_URL = '/v3/manager/stripe/session/updatepayment';
export const UPCOMING_INVOICE_URL = '/v3/manager/stripe/invoice/upcoming';
export const INVOICES_URL = '/v3/manager/stripe/invoices';
export const FLAT_PRODUCTS_URL = '/v3/manager/stripe/flatproducts';
export { MSG_NO_UPCOMING_INVOICE };

export const MODULES: ModuleMoniker[] = ['Core', 'AIR', 'Customer Success'];
/** Core is shown to users as vCIO (section 1). */
export const moduleLabel = (m: string) => (m === 'Core' ? 'vCIO (Core)' : m);

/** POST /v3/manager/stripe/subscription/ (the route's request schema). */
export type SubscriptionActionBody = z.input<typeof subscriptionBody>;
export interface SubscriptionActionAnswer {
  subscriptions: SubscriptionRow[];
  checkout?: { id: string; url: string };
}

/** Fields the server adds to a subscription row beyond section 3 (optional: older answers lack them). */
export interface RowExtras {
  trial_end?: string | null;
  cancel_at_period_end?: boolean;
}

export interface PageQuery {
  /** Back from the provider: checkout=success|canceled (a new subscription), paymentUpdated=true (the card). */
  returnedFrom: 'checkout' | 'checkoutCanceled' | 'paymentUpdated' | null;
  selPlanId: string | null;
  selProductId: string | null;
  updatePayment: boolean;
  couponId: string | null;
  upgradeTrial: boolean;
  verbose: boolean;
}

const truthy = (v: string | null) => v !== null && v !== 'false' && v !== '0';
export function readQuery(search: string): PageQuery {
  const q = new URLSearchParams(search);
  const text = (k: string) => q.get(k)?.trim() || null;
  const checkout = q.get('checkout');
  return {
    returnedFrom:
      checkout === 'success'
        ? 'checkout'
        : checkout === 'canceled'
          ? 'checkoutCanceled'
          : truthy(q.get('paymentUpdated'))
            ? 'paymentUpdated'
            : null,
    selPlanId: text('selPlanId'),
    selProductId: text('selProductId'),
    updatePayment: truthy(q.get('updatePayment')),
    couponId: text('couponId'),
    upgradeTrial: truthy(q.get('upgradeTrial')),
    verbose: truthy(q.get('verbose')),
  };
}

/** Status words of the provider shown as people say them. */
const STATUS_TEXT: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Past due',
  canceled: 'Cancelled',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  paused: 'Paused',
  Mixed: 'Mixed',
  'no subscription': 'No subscription',
  complimentary: 'Complimentary',
};
export const statusText = (s: string | null | undefined) => (s ? (STATUS_TEXT[s] ?? s) : 'No subscription');
export function statusIntent(s: string | null | undefined): 'success' | 'primary' | 'warning' | 'danger' | 'none' {
  if (s === 'active' || s === 'complimentary') return 'success';
  if (s === 'trialing') return 'primary';
  if (s === 'past_due' || s === 'Mixed' || s === 'incomplete') return 'warning';
  if (!s || s === 'no subscription') return 'none';
  return 'danger';
}

/** Per module: the server's status (section 4.5), 'complimentary' for modules granted without a subscription. */
export function moduleStatuses(d: TenantSubscriptions): { module: ModuleMoniker; status: string }[] {
  return MODULES.map((module) => {
    const s = d.status_by_module?.[module];
    if ((!s || s === 'no subscription') && d.complimentary_modules.includes(module))
      return { module, status: 'complimentary' };
    return { module, status: s ?? 'no subscription' };
  });
}

/** A plan's catalogue entry, or what the row itself tells (currency and interval from the plan id). */
export function planOf(row: SubscriptionRow, plans: readonly FlatPlan[]): FlatPlan | null {
  return plans.find((p) => p.stripe_plan_id === row.stripe_plan_id) ?? null;
}

function currencyOfId(id: string): PlanCurrency {
  return /_cad_/.test(id) ? 'cad' : 'usd';
}

export function currentPlanOf(row: SubscriptionRow, plans: readonly FlatPlan[]): CurrentPlan {
  const p = planOf(row, plans);
  return {
    module_moniker: row.module_moniker,
    limit_max_companies: Number(row.limit_max_companies) || 0,
    plan_currency: p?.plan_currency ?? currencyOfId(row.stripe_plan_id),
    plan_interval: p?.plan_interval ?? row.plan_interval,
  };
}

/** The active main (not add-on) row of a module; with several, the one with the largest limit. */
export function mainRow(
  rows: readonly SubscriptionRow[],
  module: ModuleMoniker,
  plans: readonly FlatPlan[],
): SubscriptionRow | null {
  const list = activeRows(rows).filter((r) => r.module_moniker === module && !planOf(r, plans)?.addon_flag);
  return list.sort((a, b) => (Number(b.limit_max_companies) || 0) - (Number(a.limit_max_companies) || 0))[0] ?? null;
}

/** Upgrade options of the active Core plan (combined with Customer Success when the tenant has both). */
export function pageUpgradeOptions(rows: readonly SubscriptionRow[], plans: readonly FlatPlan[]): FlatPlan[] {
  const core = mainRow(rows, 'Core', plans);
  if (!core) return [];
  const cs = mainRow(rows, 'Customer Success', plans);
  return combinedUpgradeOptions(plans, currentPlanOf(core, plans), cs ? currentPlanOf(cs, plans) : null);
}

/** The Customer Success plan to add: matching the active Core plan; null with Customer Success already, or no Core. */
export function customerSuccessToAdd(rows: readonly SubscriptionRow[], plans: readonly FlatPlan[]): FlatPlan | null {
  if (mainRow(rows, 'Customer Success', plans)) return null;
  const core = mainRow(rows, 'Core', plans);
  if (!core) return null;
  const cur = currentPlanOf(core, plans);
  const like: FlatPlan =
    planOf(core, plans) ??
    ({
      limit_max_companies: cur.limit_max_companies,
      plan_currency: cur.plan_currency,
      plan_interval: cur.plan_interval,
    } as FlatPlan);
  return customerSuccessCompanion(plans, like);
}

/** The option the query preselects: selPlanId (also one plan of a combined option), else selProductId. */
export function preselected(
  options: readonly FlatPlan[],
  q: Pick<PageQuery, 'selPlanId' | 'selProductId'>,
): FlatPlan | null {
  if (q.selPlanId) {
    const hit = options.find((o) => o.stripe_plan_id === q.selPlanId || optionPlanIds(o).includes(q.selPlanId!));
    if (hit) return hit;
  }
  if (q.selProductId)
    return (
      options.find(
        (o) =>
          o.stripe_product_id === q.selProductId || o.combined?.some((c) => c.stripe_product_id === q.selProductId),
      ) ?? null
    );
  return null;
}

/** Plans to choose without an active subscription: visible Core plans in a currency and interval, cheapest first. */
export function choosablePlans(plans: readonly FlatPlan[], currency: PlanCurrency, interval: PlanInterval): FlatPlan[] {
  return plans
    .filter(
      (p) =>
        p.module_moniker === 'Core' &&
        !p.hidden_flag &&
        !p.addon_flag &&
        p.plan_currency === currency &&
        p.plan_interval === interval,
    )
    .sort((a, b) => a.plan_cost_per_period - b.plan_cost_per_period);
}

/** The tenant's plan currency (section 9: USD or CAD; USD otherwise). */
export function tenantPlanCurrency(
  tenantCurrency: string | null | undefined,
  rows: readonly SubscriptionRow[] = [],
): PlanCurrency {
  if (rows.length) return currencyOfId(rows[0].stripe_plan_id);
  return tenantCurrency?.toLowerCase() === 'cad' ? 'cad' : 'usd';
}

/** 'Up to 5 customers' / 'Unlimited customers' with the active count: '3 of up to 5 customers active'. */
export function companiesText(row: Pick<SubscriptionRow, 'limit_max_companies' | 'module_active_companies'>): string {
  const limit = Number(row.limit_max_companies) || 0;
  const active = Number(row.module_active_companies) || 0;
  return `${active} active · ${customerLimitText(limit)}`;
}
export const overLimit = (row: Pick<SubscriptionRow, 'limit_max_companies' | 'module_active_companies'>) =>
  (Number(row.limit_max_companies) || 0) > 0 &&
  (Number(row.module_active_companies) || 0) > (Number(row.limit_max_companies) || 0);

/** Rows grouped by provider subscription (one cancel / convert per subscription). */
export function bySubscription(
  rows: readonly SubscriptionRow[],
): { id: string; rows: SubscriptionRow[]; status: string; trialing: boolean; active: boolean }[] {
  const map = new Map<string, SubscriptionRow[]>();
  for (const r of rows) map.set(r.stripe_subscription_id, [...(map.get(r.stripe_subscription_id) ?? []), r]);
  return [...map.entries()].map(([id, list]) => ({
    id,
    rows: list,
    status: list[0].subscription_status,
    trialing: list.some((r) => r.subscription_status === 'trialing'),
    active: list.some((r) => isActiveStatus(r.subscription_status)),
  }));
}

/** A date of the API ('2024-12-01', ISO or unix seconds) as yyyy-mm-dd; '' when absent. */
export function day(v: string | number | null | undefined): string {
  if (v === null || v === undefined || v === '') return '';
  const d = typeof v === 'number' ? new Date(v < 1e12 ? v * 1000 : v) : new Date(v);
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString().slice(0, 10);
}

/** An invoice as the page shows it; accepts the provider shape (camelCase) and Stripe's (snake_case). */
export interface InvoiceView {
  id: string | null;
  number: string | null;
  status: string | null;
  currency: string;
  /** Minor units. */
  total: number;
  amountDue: number;
  created: string;
  periodStart: string;
  periodEnd: string;
  nextPaymentAttempt: string;
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
  lines: { description: string; amount: number }[];
  discount: string | null;
}

export function toInvoiceView(x: Record<string, any>): InvoiceView {
  const pick = (...keys: string[]) => {
    for (const k of keys) if (x[k] !== undefined && x[k] !== null) return x[k];
    return null;
  };
  const lines = (Array.isArray(x.lines) ? x.lines : Array.isArray(x.lines?.data) ? x.lines.data : []) as Record<
    string,
    any
  >[];
  const disc = x.discount as Record<string, any> | null | undefined;
  return {
    id: pick('id'),
    number: pick('number'),
    status: pick('status'),
    currency: String(pick('currency') ?? 'usd'),
    total: Number(pick('total')) || 0,
    amountDue: Number(pick('amountDue', 'amount_due', 'total')) || 0,
    created: day(pick('created')),
    periodStart: day(pick('periodStart', 'period_start')),
    periodEnd: day(pick('periodEnd', 'period_end')),
    nextPaymentAttempt: day(pick('nextPaymentAttempt', 'next_payment_attempt')),
    hostedInvoiceUrl: pick('hostedInvoiceUrl', 'hosted_invoice_url'),
    invoicePdf: pick('invoicePdf', 'invoice_pdf'),
    lines: lines.map((l) => ({ description: String(l.description ?? ''), amount: Number(l.amount) || 0 })),
    discount: disc
      ? String(disc.name ?? disc.couponId ?? disc.coupon_id ?? disc.coupon?.name ?? disc.coupon?.id ?? '') || null
      : null,
  };
}

/** 'paid' -> 'Paid', 'uncollectible' -> 'Uncollectible'; '—' when absent. */
export const invoiceStatusText = (s: string | null) => (s ? s[0].toUpperCase() + s.slice(1).replace(/_/g, ' ') : '—');

/** The upcoming invoice, or null for the 'No upcoming invoice' placeholder (section 7.3). */
export function upcomingOrNull(x: Record<string, any> | null | undefined): InvoiceView | null {
  if (!x || x.message === MSG_NO_UPCOMING_INVOICE) return null;
  return toInvoiceView(x.invoice ?? x);
}

/** The billing e-mail's message (section 5), by the rule the server's schema uses (common/email.ts). */
export const emailError = validateEmail;
