/**
 * Subscription and billing routes (platform.md 7.1 and 7.3). Thin: parse, call the actions, shape the answer.
 * Reading the tenant's subscriptions is for every signed-in user of the tenant (the navigation guard needs
 * it); everything that changes billing or shows invoices is for tenant admins (and LCI admins).
 */
import * as api from '../shared/api';
import { MSG_NO_UPCOMING_INVOICE, signupSessionBody, subscriptionBody, tenantParams } from '../shared/api';
import { isNoUpcomingInvoice } from './stripe/mapping';
import { HttpError, type Caller, type Kernel, type RouteRegistrar, type Trx } from '../../../kernel/index';
import { BILLING_MODULES, overallStatus, statusByModule } from '../shared/status';
import { grantedBillingModules } from './access';
import * as actions from './actions';
import { billingEmail, ensureCustomer, findCustomer } from './customers';
import { affiliateDiscounts, discountOut } from './discounts';
import { embeddedPageRoutes } from './embedded/page-routes';
import type { BillingInstance } from './instance';
import type { BillingProvider, ProviderInvoice } from './provider';
import { signupSession } from './signup-session';

const admin = { auth: 'tenantAdmin' as const, tags: ['billing'] };

/** Stripe's errors (statusCode, message, code) as the API's error shape; anything else passes on. */
function providerError(e: unknown): never {
  if (e instanceof HttpError) throw e;
  const err = e as { statusCode?: unknown; message?: unknown; code?: unknown };
  if (typeof err?.statusCode === 'number' && typeof err.message === 'string') {
    throw new HttpError(
      err.statusCode >= 500 ? 502 : err.statusCode,
      err.message,
      typeof err.code === 'string' ? err.code : 'provider_error',
    );
  }
  throw e;
}

async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    return providerError(e);
  }
}

function invoiceOut(i: ProviderInvoice) {
  return {
    id: i.id,
    number: i.number,
    status: i.status,
    currency: i.currency,
    subtotal: i.subtotal,
    total: i.total,
    amount_due: i.amountDue,
    amount_paid: i.amountPaid,
    created: i.created,
    period_start: i.periodStart,
    period_end: i.periodEnd,
    next_payment_attempt: i.nextPaymentAttempt,
    hosted_invoice_url: i.hostedInvoiceUrl,
    invoice_pdf: i.invoicePdf,
    lines: i.lines.map((l) => ({
      description: l.description,
      amount: l.amount,
      plan_id: l.planId,
      period_start: l.periodStart,
      period_end: l.periodEnd,
    })),
    discount: i.discount
      ? {
          coupon_id: i.discount.couponId,
          name: i.discount.name,
          percent_off: i.discount.percentOff,
          amount_off: i.discount.amountOff,
        }
      : null,
  };
}

const NO_UPCOMING_INVOICE = { message: MSG_NO_UPCOMING_INVOICE, total: 0 } as const;

async function upcomingInvoice(provider: BillingProvider, customerId: string | null) {
  if (!customerId) return NO_UPCOMING_INVOICE;
  try {
    const inv = await provider.upcomingInvoice(customerId);
    return inv ? invoiceOut(inv) : NO_UPCOMING_INVOICE;
  } catch (e) {
    if (isNoUpcomingInvoice(e)) return NO_UPCOMING_INVOICE;
    return providerError(e);
  }
}

function ctxOf(
  k: Kernel,
  self: Pick<BillingInstance, 'provider'>,
  h: { db: Trx; tenantId: number; caller: Caller | null; audit: actions.BillingCtx['audit'] },
): actions.BillingCtx {
  return { k, db: h.db, tenantId: h.tenantId, caller: h.caller, audit: h.audit, provider: self.provider(h.db) };
}

export function subscriptionRoutes(r: RouteRegistrar, k: Kernel, self: Pick<BillingInstance, 'provider'>): void {
  r.get(
    '/v3/manager/tenant/:tenantId/subscriptions',
    {
      summary: 'Subscription rows of the tenant with the status of each module (section 4.5)',
      params: tenantParams,
      tags: ['billing'],
      response: api.subscriptionsAnswer,
    },
    async ({ db, tenantId }) => {
      const rows = await actions.tenantRows({ k, db, tenantId });
      const grants = await grantedBillingModules(db, tenantId);
      const provider = self.provider(db);
      return {
        subscriptions: rows,
        status_by_module: statusByModule(rows),
        overall_status: overallStatus(rows),
        complimentary_modules: BILLING_MODULES.filter((m) => grants.includes(m)),
        provider: provider.name,
        has_customer: !!(await findCustomer(db, tenantId, provider)),
      };
    },
  );

  r.post(
    '/v3/manager/stripe/subscription/',
    {
      ...admin,
      summary:
        "Changes the tenant's subscription: cancel, update, addPlans, cancelPlans, convertTrialToPaid, updateEmail, addCoupon",
      body: subscriptionBody,
      response: api.subscriptionActionAnswer,
    },
    async (h) => {
      const ctx = ctxOf(k, self, h);
      const b = h.body;
      return guarded(async () => {
        switch (b.action) {
          case 'cancel':
            return actions.cancel(ctx, b.subscriptionId);
          case 'update':
            return actions.update(ctx, b.planIds!);
          case 'addPlans':
            return actions.addPlans(ctx, b.planIds!, b.discountCode, await billingEmail(h.db, h.tenantId, h.caller));
          case 'cancelPlans':
            return actions.cancelPlans(ctx, b.planIds!);
          case 'convertTrialToPaid':
            return actions.convertTrialToPaid(ctx, b.subscriptionId!);
          case 'updateEmail':
            return actions.updateEmail(ctx, b.email!);
          case 'addCoupon':
            return actions.addCoupon(ctx, b.couponId!);
        }
      });
    },
  );

  r.post(
    '/v3/manager/stripe/session/portal',
    {
      ...admin,
      summary: "A billing portal session of the tenant's customer",
      body: api.emptyBody,
      response: api.urlAnswer,
    },
    async (h) => {
      const ctx = ctxOf(k, self, h);
      const customer = await findCustomer(h.db, h.tenantId, ctx.provider);
      if (!customer) throw actions.requireCustomerMessage();
      const { url } = await guarded(() =>
        ctx.provider.createPortalSession(customer.customer_id, `${k.config.baseUrl}/subscription`),
      );
      await h.audit('billing.portal.open', { provider: ctx.provider.name }, customer.customer_id);
      return { url };
    },
  );

  r.post(
    '/v3/manager/stripe/session/updatepayment',
    {
      ...admin,
      summary: 'A checkout session (setup mode) to replace the card',
      body: api.emptyBody,
      response: api.checkoutLink,
    },
    async (h) => {
      const ctx = ctxOf(k, self, h);
      const customer = await ensureCustomer(h.db, h.tenantId, ctx.provider, {
        email: await billingEmail(h.db, h.tenantId, h.caller),
      });
      const s = await guarded(() =>
        ctx.provider.createUpdatePaymentSession(
          customer.customer_id,
          h.tenantId,
          `${k.config.baseUrl}/subscription?paymentUpdated=true`,
        ),
      );
      await h.db('billing_checkout_sessions').insert({
        tenant_id: h.tenantId,
        session_id: s.id,
        provider: ctx.provider.name,
        customer_id: customer.customer_id,
        url: s.url,
        mode: 'setup',
        plan_ids: [],
        expires_at: new Date(Date.now() + actions.CHECKOUT_TTL_MS),
      });
      await h.audit('billing.payment_method.session', { provider: ctx.provider.name }, s.id);
      return { id: s.id, url: s.url };
    },
  );

  r.post(
    '/v3/manager/stripe/invoice/upcoming',
    {
      ...admin,
      summary: "The upcoming invoice, or { message: 'No upcoming invoice', total: 0 }",
      body: api.emptyBody,
      response: api.upcomingInvoiceAnswer,
    },
    async (h) => {
      const ctx = ctxOf(k, self, h);
      const customer = await findCustomer(h.db, h.tenantId, ctx.provider);
      return upcomingInvoice(ctx.provider, customer?.customer_id ?? null);
    },
  );

  r.post(
    '/v3/manager/stripe/invoices',
    { ...admin, summary: "The tenant's invoices, newest first", body: api.invoicesBody, response: api.invoicesAnswer },
    async (h) => {
      const ctx = ctxOf(k, self, h);
      const customer = await findCustomer(h.db, h.tenantId, ctx.provider);
      if (!customer) return { invoices: [] };
      return {
        invoices: (await guarded(() => ctx.provider.listInvoices(customer.customer_id, h.body.limit ?? 24))).map(
          invoiceOut,
        ),
      };
    },
  );

  r.post(
    '/v3/manager/stripe/affiliate/discounts',
    {
      summary: 'Discounts (promotion codes with their coupons) of an affiliate code',
      tags: ['billing'],
      write: false,
      body: api.affiliateDiscountsBody,
      response: api.discountsAnswer,
    },
    async ({ db, body }) => {
      const provider = self.provider(db);
      return { discounts: (await guarded(() => affiliateDiscounts(provider, body.affiliateCode))).map(discountOut) };
    },
  );

  r.post(
    '/v3/manager/stripe/sync',
    {
      ...admin,
      summary: "Reads the tenant's subscriptions from the provider again",
      body: api.emptyBody,
      response: api.syncAnswer,
    },
    async (h) => {
      const ctx = ctxOf(k, self, h);
      const counts = await guarded(() => actions.sync(ctx));
      await h.audit('billing.sync', { ...counts, provider: ctx.provider.name });
      return { subscriptions: await actions.tenantRows(ctx), ...counts };
    },
  );

  r.post(
    '/v3/manager/signup/session',
    {
      auth: 'public',
      scope: 'system',
      tags: ['billing'],
      summary: 'The payment step of sign-up: a checkout session, or the subscription for free plans',
      body: signupSessionBody,
      response: api.signupSessionAnswer,
    },
    async ({ db, body }) => guarded(() => signupSession(k, db, body)),
  );

  embeddedPageRoutes(r, k);
}
