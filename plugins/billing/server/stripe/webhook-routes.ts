/**
 * POST /v3/manager/stripe/webhook: Stripe's events. Public without API key (Stripe sends none); the raw body
 * is verified against the Stripe-Signature header with LCI_STRIPE_WEBHOOK_SECRET through the SDK
 * (stripe.webhooks.constructEvent). A missing or bad signature answers 400 and changes nothing. Runs in the
 * system scope: the tenant comes from the event (./webhook-apply.ts).
 */
import type { Kernel, RouteRegistrar } from '../../../../kernel/index';
import type { BillingInstance } from '../instance';
import { HttpError } from '../../../../kernel/index';
import { isStripeProvider } from './provider';
import { applyStripeEvent } from './webhook-apply';
import { webhookAnswer } from '../../shared/api';

export const WEBHOOK_PATH = '/v3/manager/stripe/webhook';

const bad = (message: string) => new HttpError(400, message, 'invalid_webhook');

export function webhookRoutes(r: RouteRegistrar, k: Kernel, self: Pick<BillingInstance, 'provider'>): void {
  r.post(
    WEBHOOK_PATH,
    {
      summary:
        'Stripe webhook: signed events (checkout completed, subscription created/updated/deleted, invoice paid/payment failed, customer updated), each applied once',
      tags: ['billing'],
      auth: 'public',
      apiKey: false,
      rawBody: true,
      scope: 'system',
      reroute: false,
      response: webhookAnswer,
    },
    async ({ db, rawBody, koa }) => {
      const provider = self.provider(db);
      if (!isStripeProvider(provider) || !k.config.stripe?.webhookSecret)
        throw bad(
          'Stripe webhooks are not configured on this server (LCI_STRIPE_SECRET_KEY and LCI_STRIPE_WEBHOOK_SECRET)',
        );
      const signature = koa.get('stripe-signature');
      if (!signature) throw bad('Missing Stripe-Signature header');
      let event;
      try {
        event = provider.constructStripeEvent(rawBody ?? '', signature);
      } catch (e) {
        throw bad(`Stripe webhook signature verification failed: ${(e as Error).message}`);
      }
      return applyStripeEvent(db, k, provider, event);
    },
  );
}
