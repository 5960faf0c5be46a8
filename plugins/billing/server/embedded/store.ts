/**
 * The embedded provider's tables (migrations 0004-0008) read and written in one transaction, mapped to the
 * provider shapes of server/provider.ts. Tenant tables: a tenant-scoped transaction sees its own objects only.
 */
import { HttpError, type Trx } from '../../../../kernel/index';
import type { ProviderCoupon, ProviderInvoice, ProviderPromotionCode, ProviderSubscription } from '../provider';
import type { Coupon, Invoice, InvoiceLine } from './billing-math';
import { newId } from './ids';

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const json = <T>(v: unknown, fallback: T): T =>
  v === null || v === undefined ? fallback : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T);

interface CustomerRow {
  tenant_id: number;
  customer_id: string;
  email: string;
  name: string;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  card_holder: string | null;
}
export interface SubRow {
  tenant_id: number;
  subscription_id: string;
  customer_id: string;
  status: string;
  currency: string;
  interval: 'month' | 'year';
  current_period_start: number;
  current_period_end: number;
  start_date: number;
  trial_end: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  coupon_id: string | null;
  coupon_start: number | null;
  pending_lines: InvoiceLine[];
  metadata: Record<string, string>;
  updated: number;
  items: { item_id: string; plan_id: string; quantity: number; created: number }[];
}
export interface SessionRow {
  tenant_id: number;
  session_id: string;
  customer_id: string;
  mode: 'subscription' | 'setup';
  plan_ids: string[];
  trial_days: number | null;
  coupon_id: string | null;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete' | 'expired';
  subscription_id: string | null;
  metadata: Record<string, string>;
  created: number;
  expires_at: number;
}

export async function getCustomer(db: Trx, customerId: string): Promise<CustomerRow> {
  const c = await db('embedded_customers').where({ customer_id: customerId }).first();
  if (!c) throw new HttpError(404, `No such customer: '${customerId}'`, 'resource_missing');
  return { ...c, tenant_id: num(c.tenant_id) };
}

export async function insertCustomer(db: Trx, tenantId: number, email: string, name: string): Promise<string> {
  const id = newId('cus');
  await db('embedded_customers').insert({ tenant_id: tenantId, customer_id: id, email, name });
  return id;
}

function subFromRow(r: Record<string, unknown>, items: Record<string, unknown>[]): SubRow {
  return {
    tenant_id: num(r.tenant_id),
    subscription_id: String(r.subscription_id),
    customer_id: String(r.customer_id),
    status: String(r.status),
    currency: String(r.currency),
    interval: r.interval as 'month' | 'year',
    current_period_start: num(r.current_period_start),
    current_period_end: num(r.current_period_end),
    start_date: num(r.start_date),
    trial_end: numOrNull(r.trial_end),
    cancel_at_period_end: !!r.cancel_at_period_end,
    canceled_at: numOrNull(r.canceled_at),
    coupon_id: (r.coupon_id as string | null) ?? null,
    coupon_start: numOrNull(r.coupon_start),
    pending_lines: json<InvoiceLine[]>(r.pending_lines, []),
    metadata: json<Record<string, string>>(r.metadata, {}),
    updated: num(r.updated),
    items: items
      .map((i) => ({
        item_id: String(i.item_id),
        plan_id: String(i.plan_id),
        quantity: num(i.quantity),
        created: num(i.created),
      }))
      .sort((a, b) => a.created - b.created || a.item_id.localeCompare(b.item_id)),
  };
}

export async function getSubscription(db: Trx, id: string): Promise<SubRow> {
  const r = await db('embedded_subscriptions').where({ subscription_id: id }).first();
  if (!r) throw new HttpError(404, `No such subscription: '${id}'`, 'resource_missing');
  const items = await db('embedded_subscription_items').where({ subscription_id: id }).select();
  return subFromRow(r, items);
}

export async function subscriptionsOf(db: Trx, customerId: string): Promise<SubRow[]> {
  const rows = await db('embedded_subscriptions')
    .where({ customer_id: customerId })
    .orderBy('start_date')
    .orderBy('subscription_id')
    .select();
  if (!rows.length) return [];
  const items = await db('embedded_subscription_items')
    .whereIn(
      'subscription_id',
      rows.map((r: { subscription_id: string }) => r.subscription_id),
    )
    .select();
  return rows.map((r: Record<string, unknown>) =>
    subFromRow(
      r,
      items.filter((i: { subscription_id: string }) => i.subscription_id === r.subscription_id),
    ),
  );
}

/** Writes a subscription and replaces its items. */
export async function saveSubscription(db: Trx, s: SubRow, isNew: boolean): Promise<void> {
  const row = {
    tenant_id: s.tenant_id,
    subscription_id: s.subscription_id,
    customer_id: s.customer_id,
    status: s.status,
    currency: s.currency,
    interval: s.interval,
    current_period_start: s.current_period_start,
    current_period_end: s.current_period_end,
    start_date: s.start_date,
    trial_end: s.trial_end,
    cancel_at_period_end: s.cancel_at_period_end,
    canceled_at: s.canceled_at,
    coupon_id: s.coupon_id,
    coupon_start: s.coupon_start,
    pending_lines: JSON.stringify(s.pending_lines),
    metadata: JSON.stringify(s.metadata),
    updated: s.updated,
  };
  if (isNew) await db('embedded_subscriptions').insert(row);
  else await db('embedded_subscriptions').where({ subscription_id: s.subscription_id }).update(row);
  const keep = s.items.map((i) => i.item_id);
  const del = db('embedded_subscription_items').where({ subscription_id: s.subscription_id });
  if (keep.length) del.whereNotIn('item_id', keep);
  await del.delete();
  for (const i of s.items) {
    await db('embedded_subscription_items')
      .insert({
        tenant_id: s.tenant_id,
        item_id: i.item_id,
        subscription_id: s.subscription_id,
        plan_id: i.plan_id,
        quantity: i.quantity,
        created: i.created,
      })
      .onConflict(['tenant_id', 'item_id'])
      .merge(['plan_id', 'quantity']);
  }
}

export function toProviderSubscription(s: SubRow): ProviderSubscription {
  return {
    id: s.subscription_id,
    customerId: s.customer_id,
    status: s.status,
    items: s.items.map((i) => ({ id: i.item_id, planId: i.plan_id, quantity: i.quantity })),
    currentPeriodStart: s.current_period_start,
    currentPeriodEnd: s.current_period_end,
    startDate: s.start_date,
    trialEnd: s.trial_end,
    cancelAtPeriodEnd: s.cancel_at_period_end,
    canceledAt: s.canceled_at,
    metadata: { ...s.metadata },
  };
}

function couponFromRow(r: Record<string, unknown>): ProviderCoupon {
  return {
    id: String(r.coupon_id),
    name: (r.name as string | null) ?? null,
    percentOff: numOrNull(r.percent_off),
    amountOff: numOrNull(r.amount_off),
    currency: (r.currency as string | null) ?? null,
    duration: String(r.duration),
    durationInMonths: numOrNull(r.duration_in_months),
    valid: !!r.valid,
    metadata: json<Record<string, string>>(r.metadata, {}),
  };
}

export async function findCoupon(db: Trx, id: string): Promise<ProviderCoupon | null> {
  const r = await db('embedded_coupons').where({ coupon_id: id }).first();
  return r ? couponFromRow(r) : null;
}

export function mathCoupon(c: ProviderCoupon | null): Coupon | null {
  if (!c) return null;
  return {
    id: c.id,
    name: c.name,
    percentOff: c.percentOff,
    amountOff: c.amountOff,
    currency: c.currency,
    duration: c.duration as Coupon['duration'],
    durationInMonths: c.durationInMonths,
  };
}

export async function promotionCodes(db: Trx, code?: string): Promise<ProviderPromotionCode[]> {
  const q = db('embedded_promotion_codes as p')
    .join('embedded_coupons as c', 'c.coupon_id', 'p.coupon_id')
    .where('p.active', true)
    .orderBy('p.code')
    .select('p.promotion_code_id', 'p.code', 'p.active', 'p.metadata as promo_metadata', 'c.*');
  if (code !== undefined) q.whereRaw('upper(p.code) = upper(?)', [code]);
  return (await q).map((r: Record<string, unknown>) => ({
    id: String(r.promotion_code_id),
    code: String(r.code),
    active: !!r.active,
    coupon: couponFromRow(r),
    metadata: json<Record<string, string>>(r.promo_metadata, {}),
  }));
}

/** Records an invoice (paid at once) with the next number of the customer. */
export async function insertInvoice(
  db: Trx,
  tenantId: number,
  customerId: string,
  subscriptionId: string | null,
  inv: Invoice,
  created: number,
): Promise<string> {
  const [{ n }] = await db('embedded_invoices').where({ customer_id: customerId }).count<{ n: string }[]>({ n: '*' });
  const id = newId('in');
  await db('embedded_invoices').insert({
    tenant_id: tenantId,
    invoice_id: id,
    number: `${customerId.slice(4, 12).toUpperCase()}-${String(Number(n) + 1).padStart(4, '0')}`,
    customer_id: customerId,
    subscription_id: subscriptionId,
    status: 'paid',
    currency: inv.currency,
    subtotal: inv.subtotal,
    total: inv.total,
    amount_due: inv.total,
    amount_paid: inv.total,
    created,
    period_start: inv.periodStart,
    period_end: inv.periodEnd,
    lines: JSON.stringify(inv.lines),
    discount: inv.discount ? JSON.stringify(inv.discount) : null,
  });
  return id;
}

function toProviderInvoice(r: Record<string, unknown>): ProviderInvoice {
  return {
    id: String(r.invoice_id),
    number: String(r.number),
    status: String(r.status),
    currency: String(r.currency),
    subtotal: num(r.subtotal),
    total: num(r.total),
    amountDue: num(r.amount_due),
    amountPaid: num(r.amount_paid),
    created: num(r.created),
    periodStart: num(r.period_start),
    periodEnd: num(r.period_end),
    nextPaymentAttempt: null,
    hostedInvoiceUrl: null,
    invoicePdf: null,
    lines: json<InvoiceLine[]>(r.lines, []),
    discount: json<ProviderInvoice['discount']>(r.discount, null),
  };
}

export async function invoicesOf(db: Trx, customerId: string, limit: number): Promise<ProviderInvoice[]> {
  const rows = await db('embedded_invoices')
    .where({ customer_id: customerId })
    .orderBy('created', 'desc')
    .orderBy('number', 'desc')
    .limit(limit)
    .select();
  return rows.map(toProviderInvoice);
}

function sessionFromRow(r: Record<string, unknown>): SessionRow {
  return {
    tenant_id: num(r.tenant_id),
    session_id: String(r.session_id),
    customer_id: String(r.customer_id),
    mode: r.mode as SessionRow['mode'],
    plan_ids: (r.plan_ids as string[]) ?? [],
    trial_days: numOrNull(r.trial_days),
    coupon_id: (r.coupon_id as string | null) ?? null,
    success_url: String(r.success_url),
    cancel_url: String(r.cancel_url),
    status: r.status as SessionRow['status'],
    subscription_id: (r.subscription_id as string | null) ?? null,
    metadata: json<Record<string, string>>(r.metadata, {}),
    created: num(r.created),
    expires_at: num(r.expires_at),
  };
}

export async function findSession(db: Trx, id: string): Promise<SessionRow | null> {
  const r = await db('embedded_checkout_sessions').where({ session_id: id }).first();
  return r ? sessionFromRow(r) : null;
}

export async function insertSession(db: Trx, s: Omit<SessionRow, 'status' | 'subscription_id'>): Promise<void> {
  await db('embedded_checkout_sessions').insert({ ...s, metadata: JSON.stringify(s.metadata), status: 'open' });
}
