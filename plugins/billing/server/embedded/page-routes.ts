/**
 * The embedded provider's browser pages, opened by navigation (no API key, no token):
 *   GET  /v3/billing/checkout/:sessionId   the checkout page (card form; setup mode: update the card)
 *   POST /v3/billing/checkout/:sessionId   completes the session, then 303 to its success_url
 *   GET  /v3/billing/portal/:token         the billing portal: card, subscriptions, invoices, Return link
 * The session id (random, 24 characters) and the signed portal token are the capability. The routes look
 * the session up across tenants (system scope) and touch only that session's tenant's rows. A caller that
 * does not accept HTML gets the API's JSON error shape instead of an error page.
 */
import type Koa from 'koa';
import { HttpError, reply, type Kernel, type RouteRegistrar, type Trx } from '../../../../kernel/index';
import { CATALOGUE, flattenCatalogue } from '../../shared/catalogue';
import { completeCheckout, expireIfDue } from './checkout';
import { discountOn } from './billing-math';
import { checkoutPage, messagePage, PAGE_HEADERS, portalPage, type CheckoutView } from './pages';
import { readPortalToken } from './portal-token';
import {
  findCoupon,
  findSession,
  getCustomer,
  invoicesOf,
  mathCoupon,
  subscriptionsOf,
  type SessionRow,
} from './store';
import * as api from '../../shared/api';
import { cardForm, checkoutSessionParams as sessionParams, portalTokenParams as tokenParams } from '../../shared/api';

const PLANS = new Map(flattenCatalogue(CATALOGUE).map((p) => [p.stripe_plan_id, p]));

const wantsHtml = (ctx: Koa.Context) => /text\/html/.test(ctx.get('accept'));
const html = (status: number, body: string) => reply(status, body, PAGE_HEADERS);

function notFoundPage(ctx: Koa.Context, what: string) {
  if (!wantsHtml(ctx)) throw new HttpError(404, `${what} not found`);
  return html(
    404,
    messagePage(`${what} not found`, `This ${what.toLowerCase()} link is not valid. Start again from Lifecycle.`),
  );
}

async function view(db: Trx, s: SessionRow, action: string, extra: Partial<CheckoutView> = {}): Promise<CheckoutView> {
  const plans = s.plan_ids.map((id) => PLANS.get(id)).filter((p) => !!p) as CheckoutView['plans'];
  const coupon = s.coupon_id ? await findCoupon(db, s.coupon_id) : null;
  const subtotal = plans.reduce((n, p) => n + p.plan_cost_per_period, 0);
  const amount = discountOn(subtotal, plans[0]?.plan_currency ?? 'usd', mathCoupon(coupon));
  return {
    mode: s.mode,
    action,
    cancelUrl: s.cancel_url,
    plans,
    trialDays: s.trial_days ?? 0,
    discount: coupon && amount > 0 ? { name: coupon.name ?? coupon.id, amount } : null,
    values: {},
    errors: {},
    ...extra,
  };
}

export function embeddedPageRoutes(r: RouteRegistrar, k: Kernel): void {
  const page = {
    auth: 'public' as const,
    apiKey: false as const,
    scope: 'system' as const,
    tags: ['billing'],
    reroute: false,
  };

  r.get(
    '/v3/billing/checkout/:sessionId',
    {
      ...page,
      summary: 'Embedded checkout page (HTML): the card form of a checkout session',
      params: sessionParams,
      write: true,
      duringMaintenance: true,
      response: api.checkoutSessionAnswer,
    },
    async ({ db, params, koa }) => {
      const found = await findSession(db, params.sessionId);
      if (!found) return notFoundPage(koa, 'Checkout session');
      const s = await expireIfDue(db, found);
      if (!wantsHtml(koa))
        return {
          id: s.session_id,
          object: 'checkout.session',
          status: s.status,
          mode: s.mode,
          url: koa.href.split('?')[0],
        };
      if (s.status === 'expired')
        return html(
          410,
          messagePage('Checkout expired', 'This checkout session has expired. Start again from Lifecycle.', {
            href: s.cancel_url,
            text: 'Return to Lifecycle',
          }),
        );
      if (s.status === 'complete')
        return html(
          200,
          messagePage('Already complete', 'This checkout session is already complete.', {
            href: s.success_url,
            text: 'Continue',
          }),
        );
      return html(200, checkoutPage(await view(db, s, koa.path)));
    },
  );

  r.post(
    '/v3/billing/checkout/:sessionId',
    {
      ...page,
      summary: 'Completes an embedded checkout session with a card (form post); 303 to its success URL',
      params: sessionParams,
      body: cardForm,
      response: api.checkoutCompleted,
    },
    async ({ db, params, body, koa }) => {
      const result = await completeCheckout(k, db, params.sessionId, body);
      if (result.outcome === 'missing') return notFoundPage(koa, 'Checkout session');
      if (result.outcome === 'expired') {
        if (!wantsHtml(koa)) throw new HttpError(410, 'This checkout session has expired.', 'checkout_expired');
        return html(
          410,
          messagePage('Checkout expired', 'This checkout session has expired. Start again from Lifecycle.'),
        );
      }
      if (result.outcome === 'invalid') {
        const status = result.declined ? 402 : 400;
        if (!wantsHtml(koa))
          throw new HttpError(
            status,
            result.declined ?? 'The card details are not valid.',
            result.declined ? 'card_declined' : 'validation_failed',
            Object.entries(result.errors).map(([f, m]) => ({ path: `body.${f}`, message: String(m) })),
          );
        return html(
          status,
          checkoutPage(
            await view(db, result.session, koa.path, {
              errors: result.errors,
              declined: result.declined,
              values: { name: body.name, expiry: body.expiry },
            }),
          ),
        );
      }
      return reply(303, undefined, { Location: result.to, 'Cache-Control': 'no-store' });
    },
  );

  r.get(
    '/v3/billing/portal/:token',
    {
      ...page,
      summary: 'Embedded billing portal (HTML): card, subscriptions and invoices of the customer',
      params: tokenParams,
      response: api.portalAnswer,
    },
    async ({ db, params, koa }) => {
      const t = readPortalToken(k.config.secret, params.token);
      if (!t) return notFoundPage(koa, 'Billing portal');
      const customer = await getCustomer(db, t.customerId).catch(() => null);
      if (!customer) return notFoundPage(koa, 'Billing portal');
      const subs = await subscriptionsOf(db, customer.customer_id);
      const invoices = await invoicesOf(db, customer.customer_id, 24);
      const v = {
        email: customer.email,
        card: customer.card_last4
          ? {
              brand: customer.card_brand ?? 'card',
              last4: customer.card_last4,
              expMonth: Number(customer.card_exp_month),
              expYear: Number(customer.card_exp_year),
            }
          : null,
        subscriptions: subs.map((s) => ({
          name: s.items.map((i) => PLANS.get(i.plan_id)?.product_name ?? i.plan_id).join(' + '),
          status: s.status,
          periodEnd: s.current_period_end,
          cancelAtPeriodEnd: s.cancel_at_period_end,
        })),
        invoices,
        returnUrl: t.returnUrl,
      };
      if (!wantsHtml(koa))
        return {
          customer: customer.customer_id,
          card: v.card,
          subscriptions: v.subscriptions,
          invoices: v.invoices.length,
          return_url: v.returnUrl,
        };
      return html(200, portalPage(v));
    },
  );
}
