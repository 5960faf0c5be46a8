/**
 * The billing provider interface. Two implementations:
 *   - server/stripe/   Stripe through the stripe SDK (LCI_STRIPE_SECRET_KEY set)
 *   - server/embedded/ the embedded provider (default): its own checkout page, subscriptions completed locally
 * Both speak in Stripe's vocabulary (customers, checkout sessions, subscriptions with items, invoices,
 * coupons, promotion codes) so the subscription state code (server/state.ts) is the same for both.
 */
import type { ProviderProduct } from '../shared/types';

export type ProviderName = 'stripe' | 'embedded';

interface ProviderSubscriptionItem {
  id: string;
  planId: string;
  quantity: number;
}
/** A subscription as the provider reports it (Stripe's subscription object, reduced to what we use). */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: string;
  items: ProviderSubscriptionItem[];
  /** Unix seconds. */
  currentPeriodStart: number;
  currentPeriodEnd: number;
  startDate: number;
  trialEnd: number | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  metadata: Record<string, string>;
}

export interface ProviderInvoiceLine {
  description: string;
  amount: number;
  planId: string | null;
  periodStart: number;
  periodEnd: number;
}
export interface ProviderInvoice {
  id: string | null;
  number: string | null;
  status: string | null;
  currency: string;
  /** Minor units. */
  subtotal: number;
  total: number;
  amountDue: number;
  amountPaid: number;
  created: number;
  periodStart: number;
  periodEnd: number;
  nextPaymentAttempt: number | null;
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
  lines: ProviderInvoiceLine[];
  discount: { couponId: string; name: string | null; percentOff: number | null; amountOff: number | null } | null;
}

export interface ProviderCoupon {
  id: string;
  name: string | null;
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
  duration: string;
  durationInMonths: number | null;
  valid: boolean;
  metadata: Record<string, string>;
}
export interface ProviderPromotionCode {
  id: string;
  code: string;
  active: boolean;
  coupon: ProviderCoupon;
  metadata: Record<string, string>;
}

export interface CheckoutRequest {
  customerId: string;
  tenantId: number;
  planIds: string[];
  trialDays: number | null;
  /** Promotion code or coupon id (affiliate discounts). */
  discountCode?: string | null;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
}
export interface CheckoutSession {
  id: string;
  url: string;
  object: 'checkout.session';
}

export interface SubscriptionChange {
  /** Plans to add (new items). */
  addPlanIds?: string[];
  /** Plans to remove (their items are deleted). */
  removePlanIds?: string[];
  /** End the trial now (convertTrialToPaid). */
  endTrialNow?: boolean;
  couponId?: string | null;
  /** Prorate changes (default true). */
  prorate?: boolean;
}

/** A provider event (Stripe's event object, reduced): applied once by id, in `created` order per subscription. */
export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  subscription?: ProviderSubscription;
  checkoutSession?: { id: string; customerId: string; subscriptionId: string | null; metadata: Record<string, string> };
  customerId?: string;
}

export interface BillingProvider {
  readonly name: ProviderName;
  /** The plan catalogue (Stripe: active products with their active recurring prices; embedded: shared/catalogue.ts). */
  listProducts(): Promise<ProviderProduct[]>;
  createCustomer(input: { email: string; name: string; tenantId: number }): Promise<string>;
  updateCustomerEmail(customerId: string, email: string): Promise<void>;
  createCheckoutSession(req: CheckoutRequest): Promise<CheckoutSession>;
  /** Subscribes directly without checkout (free plans, NFR grants, adding plans to a customer with a card). */
  createSubscription(input: {
    customerId: string;
    planIds: string[];
    trialDays: number | null;
    couponId?: string | null;
    metadata: Record<string, string>;
  }): Promise<ProviderSubscription>;
  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  updateSubscription(subscriptionId: string, change: SubscriptionChange): Promise<ProviderSubscription>;
  cancelSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** A checkout session in setup mode to replace the card. */
  createUpdatePaymentSession(customerId: string, tenantId: number, returnUrl: string): Promise<CheckoutSession>;
  /** null when the customer has no upcoming invoice. */
  upcomingInvoice(customerId: string): Promise<ProviderInvoice | null>;
  listInvoices(customerId: string, limit: number): Promise<ProviderInvoice[]>;
  retrieveCoupon(couponId: string): Promise<ProviderCoupon | null>;
  /** Active promotion codes, optionally filtered by code text. */
  listPromotionCodes(code?: string): Promise<ProviderPromotionCode[]>;
  /** Verifies a webhook payload (Stripe: signature header with the signing secret) and returns the event. */
  constructEvent?(rawBody: string, signature: string): ProviderEvent;
}
