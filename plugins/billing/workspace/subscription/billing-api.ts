/** Calls of the /subscription page (section 7.3); every change reloads the guard's subscription data. */
import { api, reloadSessionData } from '../../../../workspace/sdk';
import type { FlatPlan } from '../../shared/types';
import { SUBSCRIPTIONS_KEY, type TenantSubscriptions } from '../subscription-state';
import { subscriptionsUrl } from '../subscription-data';
import {
  FLAT_PRODUCTS_URL,
  INVOICES_URL,
  PORTAL_URL,
  SUBSCRIPTION_ACTION_URL,
  toInvoiceView,
  UPCOMING_INVOICE_URL,
  UPDATE_PAYMENT_URL,
  upcomingOrNull,
  type InvoiceView,
  type SubscriptionActionAnswer,
  type SubscriptionActionBody,
} from './model';

export const getSubscriptions = (tenantId: number) => api.get<TenantSubscriptions>(subscriptionsUrl(tenantId));
export const getFlatPlans = async () =>
  (await api.get<{ plans: FlatPlan[] }>(FLAT_PRODUCTS_URL, { public: true })).plans ?? [];

export async function getUpcomingInvoice(): Promise<InvoiceView | null> {
  return upcomingOrNull(await api.post<Record<string, unknown>>(UPCOMING_INVOICE_URL, {}));
}
export async function getInvoices(): Promise<InvoiceView[]> {
  const r = await api.post<{ invoices?: Record<string, unknown>[] }>(INVOICES_URL, {});
  return (r.invoices ?? []).map(toInvoiceView);
}

/** POST /v3/manager/stripe/subscription/; then the guard data is loaded again. A checkout to complete leaves the page. */
export async function subscriptionAction(body: SubscriptionActionBody): Promise<SubscriptionActionAnswer> {
  try {
    const r = await api.post<SubscriptionActionAnswer>(SUBSCRIPTION_ACTION_URL, body);
    if (r.checkout?.url) {
      window.location.assign(r.checkout.url);
      return r;
    }
    return r;
  } finally {
    await reloadSessionData(SUBSCRIPTIONS_KEY).catch(() => undefined);
  }
}

/** Replaces the card: the provider's page (a setup checkout), which returns to /subscription. */
export async function startUpdatePayment(): Promise<void> {
  const r = await api.post<{ id?: string; url: string }>(UPDATE_PAYMENT_URL, {});
  window.location.assign(r.url);
}
export async function openBillingPortal(): Promise<void> {
  const r = await api.post<{ url: string }>(PORTAL_URL, {});
  window.location.assign(r.url);
}
