/**
 * A loopback stand-in for the Stripe API, so tests drive the real stripe SDK (its host, port and protocol
 * options point here). It speaks Stripe's protocol: Bearer secret key, form-encoded bodies in bracket
 * notation (parsed with qs), `expand[]`, list envelopes { object: 'list', data, has_more, url } with
 * limit / starting_after, error envelopes { error: { type, code, message, param } } with Stripe's status
 * codes, Idempotency-Key replays and a Request-Id header. State is in memory (tests/helpers/stripe-standin-model.ts),
 * seeded with the plan catalogue as products and prices.
 *
 * A test plays the customer with completeCheckout() (or the hosted page at session.url) and receives the
 * events Stripe would send: takeEvents() / deliver(webhookUrl) sign them with the webhook secret
 * (stripe.webhooks.generateTestHeaderString) and POST them in order.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';
import { CATALOGUE } from '../../plugins/billing/shared/catalogue';
import type { ProviderProduct } from '../../plugins/billing/shared/types';
import { StandInError, StripeModel, newId, type Obj, type StandInEvent } from './stripe-standin-model';

export { StripeModel, type StandInEvent } from './stripe-standin-model';

export interface StandInRequest {
  method: string;
  path: string;
  params: Obj;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  status: number;
}
export interface Delivery {
  event: StandInEvent;
  status: number;
  body: unknown;
}

export interface StripeStandIn {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** SDK options: new Stripe(secretKey, sdkOptions) / createStripeProvider({ secretKey, ...sdkOptions }). */
  sdkOptions: { host: string; port: number; protocol: 'http' };
  /** The LCI_STRIPE_ variables that point a test server at the stand-in. */
  env: Record<string, string>;
  model: StripeModel;
  /** Requests received, oldest first (what the SDK sent, parsed). */
  requests: StandInRequest[];
  /** The customer completes a checkout session on the page: the events it caused are queued. */
  completeCheckout(sessionId: string, opts?: { last4?: string }): Obj;
  /** Events not yet taken, oldest first (marks them taken). */
  takeEvents(): StandInEvent[];
  /** A Stripe-Signature header for a payload (the webhook secret unless another is given). */
  sign(payload: string, opts?: { secret?: string; timestamp?: number }): string;
  /** Signs and POSTs events to a webhook URL one at a time, in order (default: the events not yet taken). */
  deliver(webhookUrl: string, events?: StandInEvent[]): Promise<Delivery[]>;
  stop(): Promise<void>;
}

export interface StandInOptions {
  secretKey?: string;
  webhookSecret?: string;
  catalogue?: readonly ProviderProduct[];
}

type Handler = (params: Obj, m: RegExpMatchArray) => unknown;

const list = (items: Obj[], params: Obj, url: string): Obj => {
  const limit = Math.max(1, Math.min(100, Number(params.limit ?? 10)));
  let start = 0;
  if (params.starting_after) {
    const i = items.findIndex((x) => x.id === params.starting_after);
    if (i < 0)
      throw new StandInError(
        400,
        'invalid_request_error',
        'resource_missing',
        `No such object: '${params.starting_after}'`,
        'starting_after',
      );
    start = i + 1;
  }
  const data = items.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < items.length, url };
};
/** Stripe lists newest first. */
const newestFirst = (items: Iterable<Obj>) => [...items].reverse();
const flag = (v: unknown) => (v === undefined ? undefined : v === true || v === 'true');

export async function startStripeStandIn(opts: StandInOptions = {}): Promise<StripeStandIn> {
  const secretKey = opts.secretKey ?? `sk_test_${newId('x').slice(2)}`;
  const webhookSecret = opts.webhookSecret ?? `whsec_${newId('x').slice(2)}`;
  const requests: StandInRequest[] = [];
  const idempotent = new Map<string, { params: string; status: number; body: string }>();
  let taken = 0;
  let model!: StripeModel;
  const sdk = new Stripe(secretKey);

  /** Replaces ids by the objects they name along an expand path ('data.discounts.source.coupon'). */
  const resolve = (field: string, id: string): Obj | undefined => {
    const byField: Record<string, Map<string, Obj>> = {
      customer: model.customers,
      subscription: model.subscriptions,
      invoice: model.invoices,
      latest_invoice: model.invoices,
      product: model.products,
      price: model.prices,
      coupon: model.coupons,
      promotion_code: model.promotionCodes,
      discounts: model.discounts,
      setup_intent: model.setupIntents,
      payment_method: model.paymentMethods,
      default_payment_method: model.paymentMethods,
    };
    const found = byField[field]?.get(id);
    return found ? structuredClone(found) : undefined;
  };
  const expandPath = (obj: Obj, path: string[]): void => {
    if (!obj || typeof obj !== 'object' || path.length === 0) return;
    const [head, ...rest] = path;
    if (Array.isArray(obj)) {
      for (const x of obj) expandPath(x, path);
      return;
    }
    if (head === 'data' && obj.object === 'list') {
      for (const x of obj.data) expandPath(x, rest);
      return;
    }
    let v = obj[head];
    if (typeof v === 'string') v = obj[head] = resolve(head, v) ?? v;
    if (Array.isArray(v)) obj[head] = v = v.map((x) => (typeof x === 'string' ? (resolve(head, x) ?? x) : x));
    if (rest.length) expandPath(v, rest);
  };
  const expand = (value: unknown, params: Obj): unknown => {
    const out = structuredClone(value) as Obj;
    const paths = Array.isArray(params.expand) ? params.expand : params.expand ? Object.values(params.expand) : [];
    for (const p of paths as string[]) expandPath(out, String(p).split('.'));
    return out;
  };

  const routes: [string, RegExp, Handler][] = [
    [
      'GET',
      /^\/v1\/products$/,
      (p) =>
        list(
          newestFirst(model.products.values()).filter(
            (x) => flag(p.active) === undefined || x.active === flag(p.active),
          ),
          p,
          '/v1/products',
        ),
    ],
    ['POST', /^\/v1\/products$/, (p) => model.createProduct(p)],
    ['GET', /^\/v1\/products\/([^/]+)$/, (_p, m) => model.products.get(m[1]) ?? notFound('product', m[1])],
    [
      'GET',
      /^\/v1\/prices$/,
      (p) =>
        list(
          newestFirst(model.prices.values()).filter(
            (x) =>
              (flag(p.active) === undefined || x.active === flag(p.active)) &&
              (!p.type || x.type === p.type) &&
              (!p.product || x.product === p.product) &&
              (!p.currency || x.currency === p.currency),
          ),
          p,
          '/v1/prices',
        ),
    ],
    ['POST', /^\/v1\/prices$/, (p) => model.createPrice(p)],
    ['GET', /^\/v1\/prices\/([^/]+)$/, (_p, m) => model.price(m[1], 'id')],
    ['POST', /^\/v1\/customers$/, (p) => model.createCustomer(p)],
    ['GET', /^\/v1\/customers\/([^/]+)$/, (_p, m) => model.customer(m[1], 'id')],
    ['POST', /^\/v1\/customers\/([^/]+)$/, (p, m) => model.updateCustomer(m[1], p)],
    ['POST', /^\/v1\/checkout\/sessions$/, (p) => model.createCheckoutSession(p)],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (_p, m) => model.session(m[1])],
    ['POST', /^\/v1\/subscriptions$/, (p) => model.createSubscription(p).subscription],
    ['GET', /^\/v1\/subscriptions$/, (p) => list(newestFirst(model.listSubscriptions(p)), p, '/v1/subscriptions')],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (_p, m) => model.subscription(m[1])],
    ['POST', /^\/v1\/subscriptions\/([^/]+)$/, (p, m) => model.updateSubscription(m[1], p)],
    ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (_p, m) => model.cancelSubscription(m[1])],
    ['POST', /^\/v1\/billing_portal\/sessions$/, (p) => model.createPortalSession(p)],
    ['GET', /^\/v1\/invoices$/, (p) => list(model.listInvoices(p), p, '/v1/invoices')],
    ['POST', /^\/v1\/invoices\/create_preview$/, (p) => model.previewInvoice(p)],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, (_p, m) => model.invoices.get(m[1]) ?? notFound('invoice', m[1])],
    ['POST', /^\/v1\/coupons$/, (p) => model.createCoupon(p)],
    ['GET', /^\/v1\/coupons\/([^/]+)$/, (_p, m) => model.coupon(decodeURIComponent(m[1]), 'id')],
    ['POST', /^\/v1\/promotion_codes$/, (p) => model.createPromotionCode(p)],
    [
      'GET',
      /^\/v1\/promotion_codes$/,
      (p) =>
        list(
          newestFirst(model.promotionCodes.values()).filter(
            (x) =>
              (flag(p.active) === undefined || x.active === flag(p.active)) &&
              (!p.code || String(x.code).toLowerCase() === String(p.code).toLowerCase()) &&
              (!p.coupon || x.promotion.coupon === p.coupon),
          ),
          p,
          '/v1/promotion_codes',
        ),
    ],
    [
      'GET',
      /^\/v1\/promotion_codes\/([^/]+)$/,
      (_p, m) => model.promotionCodes.get(m[1]) ?? notFound('promotion code', m[1]),
    ],
    ['GET', /^\/v1\/setup_intents\/([^/]+)$/, (_p, m) => model.setupIntents.get(m[1]) ?? notFound('setupintent', m[1])],
    [
      'GET',
      /^\/v1\/payment_methods\/([^/]+)$/,
      (_p, m) => model.paymentMethods.get(m[1]) ?? notFound('PaymentMethod', m[1]),
    ],
  ];
  function notFound(what: string, id: string): never {
    throw new StandInError(404, 'invalid_request_error', 'resource_missing', `No such ${what}: '${id}'`, 'id');
  }

  const send = (res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': headers['request-id'] ?? newId('req'),
      'stripe-version': Stripe.API_VERSION,
      ...headers,
    });
    res.end(body);
  };
  const html = (res: http.ServerResponse, body: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };

  /** The hosted pages: checkout (Pay completes the session and goes to success_url) and the billing portal. */
  function page(method: string, path: string, res: http.ServerResponse): boolean {
    const pay = /^\/c\/pay\/([^/]+)$/.exec(path);
    if (pay) {
      const session = model.sessions.get(pay[1]);
      if (!session) {
        res.writeHead(404);
        res.end('Not found');
        return true;
      }
      if (method === 'POST') {
        if (session.status === 'open') model.completeCheckout(session.id);
        res.writeHead(303, { location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id) });
        res.end();
        return true;
      }
      html(
        res,
        `<!doctype html><title>Checkout (Stripe stand-in)</title><h1>Checkout</h1><p>${session.mode} · ${session.amount_total ?? 0} ${session.currency ?? ''}</p>` +
          `<form method="post"><button type="submit">Pay</button></form><a href="${session.cancel_url ?? '#'}">Cancel</a>`,
      );
      return true;
    }
    const portal = /^\/p\/session\/([^/]+)$/.exec(path);
    if (portal) {
      const s = model.portalSessions.get(portal[1]);
      html(
        res,
        `<!doctype html><title>Billing portal (Stripe stand-in)</title><h1>Billing portal</h1><a href="${s?.return_url ?? '#'}">Return</a>`,
      );
      return true;
    }
    return false;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? 'GET';
      if (page(method, url.pathname, res)) return;
      const raw = Buffer.concat(chunks).toString('utf8');
      const params = qs.parse(method === 'POST' ? raw : url.search.slice(1), {
        depth: 10,
        arrayLimit: 100,
        parameterLimit: 2000,
      }) as Obj;
      const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
      const entry: StandInRequest = {
        method,
        path: url.pathname,
        params,
        idempotencyKey,
        stripeVersion: (req.headers['stripe-version'] as string | undefined) ?? null,
        status: 0,
      };
      requests.push(entry);
      const requestId = newId('req');
      const reply = (status: number, body: unknown) => {
        entry.status = status;
        send(res, status, JSON.stringify(body), { 'request-id': requestId });
      };
      const auth = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''));
      if (!auth || auth[1] !== secretKey) {
        return reply(401, {
          error: {
            type: 'invalid_request_error',
            code: 'api_key_invalid',
            message: `Invalid API Key provided: ${(auth?.[1] ?? '').slice(0, 8)}***`,
          },
        });
      }
      if (method === 'POST' && idempotencyKey) {
        const seen = idempotent.get(idempotencyKey);
        if (seen) {
          if (seen.params !== raw)
            return reply(400, {
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
            });
          entry.status = seen.status;
          return send(res, seen.status, seen.body, { 'idempotent-replayed': 'true', 'request-id': requestId });
        }
      }
      const route = routes.find(([m, re]) => m === method && re.test(url.pathname));
      let status = 200;
      let body: unknown;
      model.currentRequest = { id: requestId, idempotencyKey };
      try {
        if (!route)
          throw new StandInError(
            404,
            'invalid_request_error',
            undefined,
            `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
          );
        body = expand(route[2](params, url.pathname.match(route[1])!), params);
      } catch (e) {
        if (e instanceof StandInError) {
          status = e.status;
          body = e.toJSON();
        } else {
          status = 500;
          body = { error: { type: 'api_error', message: `Stand-in failure: ${(e as Error).message}` } };
        }
      } finally {
        model.currentRequest = null;
      }
      if (method === 'POST' && idempotencyKey)
        idempotent.set(idempotencyKey, { params: raw, status, body: JSON.stringify(body) });
      reply(status, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  model = new StripeModel(url);
  model.seedCatalogue(opts.catalogue ?? CATALOGUE);
  model.events.length = 0;

  const sign = (payload: string, o: { secret?: string; timestamp?: number } = {}) =>
    sdk.webhooks.generateTestHeaderString({
      payload,
      secret: o.secret ?? webhookSecret,
      ...(o.timestamp !== undefined ? { timestamp: o.timestamp } : {}),
    });
  const takeEvents = () => {
    const out = model.events.slice(taken);
    taken = model.events.length;
    return out;
  };

  return {
    url,
    secretKey,
    webhookSecret,
    model,
    requests,
    sdkOptions: { host: '127.0.0.1', port, protocol: 'http' },
    env: { LCI_STRIPE_SECRET_KEY: secretKey, LCI_STRIPE_API_URL: url, LCI_STRIPE_WEBHOOK_SECRET: webhookSecret },
    completeCheckout: (sessionId, o) => model.completeCheckout(sessionId, o),
    takeEvents,
    sign,
    async deliver(webhookUrl, events) {
      const out: Delivery[] = [];
      for (const event of events ?? takeEvents()) {
        const payload = JSON.stringify(event, null, 2);
        const res = await fetch(webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': sign(payload),
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: payload,
        });
        const text = await res.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* kept as text */
        }
        out.push({ event, status: res.status, body });
      }
      return out;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
