/**
 * What the Stripe webhook does with a verified event (system scope: the tenant comes from the event).
 *
 * - Each event is applied once: its id is claimed in billing_events; a replay or a duplicate delivery finds
 *   the row and changes nothing.
 * - The tenant: the one whose billing customer the event names (billing_customers), else the tenant_id our
 *   code put in the metadata of the subscription or checkout session. No tenant: nothing changes (200, so
 *   Stripe does not retry an event no retry can place).
 * - Subscription events (customer.subscription.created / updated / deleted) carry the subscription: it is
 *   applied through applySubscription with the event's `created` when it is newer than the state last applied
 *   to that subscription (billing_subscriptions.last_event_created). An older event, or one of the same second
 *   (two changes within one second cannot be ordered by `created`), is not applied from its payload: the
 *   subscription as Stripe has it now is retrieved and applied instead ('refreshed'). Whatever arrives late,
 *   the rows end at Stripe's current state and never step back to an older one.
 * - checkout.session.completed: the session's subscription (or, in setup mode, the new card) is completed
 *   at Stripe (StripeBillingProvider.completeCheckoutSession), the current subscriptions are applied and the
 *   checkout session is marked complete (the recovery URL no longer offers it).
 * - invoice.paid / invoice.payment_failed: the invoice's subscription is retrieved and applied (its status
 *   moves to active or past_due with the payment).
 * - customer.updated: the customer's e-mail is stored; a customer.updated not newer than one already applied
 *   reads the customer's current e-mail from Stripe instead.
 * Every applied event is written to the tenant's audit log.
 */
import type Stripe from 'stripe';
import { findTenant, type Kernel, type Trx } from '../../../../kernel/index';
import { applySubscription, markCheckoutSession } from '../state';
import { claimEvent, findEvent, lastAppliedCreated, setOutcome, type EventOutcome } from './event-log';
import { idOf, invoiceSubscriptionId, mapEvent } from './mapping';
import type { StripeBillingProvider } from './provider';

const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.updated',
] as const;

type WebhookOutcome = EventOutcome | 'duplicate' | 'not_handled' | 'unknown_tenant';
interface WebhookResult {
  received: true;
  event: string;
  type: string;
  outcome: WebhookOutcome;
}

type Meta = Stripe.Metadata | null | undefined;

/** The tenant of a customer (our billing_customers row), else the tenant named in metadata when it exists. */
async function tenantOf(
  trx: Trx,
  customerId: string | null,
  ...metadataTenants: (string | null | undefined)[]
): Promise<number | null> {
  if (customerId) {
    const c = await trx('billing_customers').where({ provider: 'stripe', customer_id: customerId }).first('tenant_id');
    if (c) return Number(c.tenant_id);
  }
  for (const value of metadataTenants) {
    if (!value || !/^\d{1,15}$/.test(value)) continue;
    const t = await findTenant(trx, Number(value));
    if (t) return t.tenantId;
  }
  return null;
}

/** The object an event is about and the tenant hints its metadata carries. */
function subjectOf(event: Stripe.Event): {
  objectId: string | null;
  customerId: string | null;
  metadataTenants: (string | undefined)[];
} {
  const o = event.data.object as unknown as {
    id?: string;
    object?: string;
    customer?: string | { id: string } | null;
    metadata?: Meta;
    client_reference_id?: string | null;
  };
  const customerId = o.object === 'customer' ? (o.id ?? null) : idOf(o.customer ?? null);
  const hints: (string | undefined)[] = [o.metadata?.tenant_id];
  if (o.object === 'checkout.session') hints.push(o.client_reference_id ?? undefined);
  if (o.object === 'invoice')
    hints.push((o as unknown as Stripe.Invoice).parent?.subscription_details?.metadata?.tenant_id);
  return { objectId: o.id ?? null, customerId, metadataTenants: hints };
}

/** The `created` stamp of the state last applied to a subscription (billing_subscriptions.last_event_created), 0 when none. */
async function lastApplied(trx: Trx, tenantId: number, subscriptionId: string): Promise<number> {
  const row = await trx('billing_subscriptions')
    .where({ tenant_id: tenantId, stripe_subscription_id: subscriptionId })
    .first('last_event_created');
  return row ? Number(row.last_event_created) : 0;
}

async function applySubscriptionEvent(
  k: Kernel,
  trx: Trx,
  tenantId: number,
  provider: StripeBillingProvider,
  event: Stripe.Event,
): Promise<EventOutcome> {
  const sub = mapEvent(event).subscription!;
  // Only an event newer than the state applied carries news. An older one, or one of the same second (two
  // changes within a second cannot be ordered by `created`), is answered with what Stripe has now.
  if (event.created > (await lastApplied(trx, tenantId, sub.id))) {
    const r = await applySubscription(k, trx, tenantId, sub, event.created);
    if (r.applied) return 'applied';
  }
  await applySubscription(k, trx, tenantId, await provider.retrieveSubscription(sub.id));
  return 'refreshed';
}

async function applyCheckoutCompleted(
  k: Kernel,
  trx: Trx,
  tenantId: number,
  provider: StripeBillingProvider,
  event: Stripe.Event,
): Promise<EventOutcome> {
  const session = event.data.object as Stripe.Checkout.Session;
  const done = await provider.completeCheckoutSession(session.id);
  if (!done) return 'ignored';
  for (const sub of done.subscriptions) await applySubscription(k, trx, tenantId, sub);
  await markCheckoutSession(
    trx,
    session.id,
    'complete',
    done.mode === 'subscription' ? (done.subscriptions[0]?.id ?? null) : null,
  );
  return 'applied';
}

async function applyInvoiceEvent(
  k: Kernel,
  trx: Trx,
  tenantId: number,
  provider: StripeBillingProvider,
  event: Stripe.Event,
): Promise<EventOutcome> {
  const subscriptionId = invoiceSubscriptionId(event.data.object as Stripe.Invoice);
  if (!subscriptionId) return 'ignored';
  await applySubscription(k, trx, tenantId, await provider.retrieveSubscription(subscriptionId));
  return 'applied';
}

async function applyCustomerUpdated(
  trx: Trx,
  tenantId: number,
  provider: StripeBillingProvider,
  event: Stripe.Event,
): Promise<EventOutcome> {
  const customer = event.data.object as Stripe.Customer;
  let email = customer.email;
  let refreshed = false;
  if (event.created <= (await lastAppliedCreated(trx, tenantId, customer.id, 'customer.updated', event.id))) {
    const current = await provider.stripe.customers.retrieve(customer.id);
    email = current.deleted ? null : current.email;
    refreshed = true;
  }
  if (!email) return 'unchanged';
  const n = await trx('billing_customers')
    .where({ tenant_id: tenantId, provider: 'stripe', customer_id: customer.id })
    .where((w) => w.whereNull('email').orWhereNot('email', email))
    .update({ email, updated_at: new Date() });
  if (n === 0) return 'unchanged';
  return refreshed ? 'refreshed' : 'applied';
}

export async function applyStripeEvent(
  trx: Trx,
  k: Kernel,
  provider: StripeBillingProvider,
  event: Stripe.Event,
): Promise<WebhookResult> {
  const result = (outcome: WebhookOutcome): WebhookResult => ({
    received: true,
    event: event.id,
    type: event.type,
    outcome,
  });
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return result('not_handled');
  if (await findEvent(trx, event.id)) return result('duplicate');
  const subject = subjectOf(event);
  const tenantId = await tenantOf(trx, subject.customerId, ...subject.metadataTenants);
  if (tenantId === null) {
    k.log.warn(
      { event: event.id, type: event.type, customer: subject.customerId },
      'stripe webhook: no tenant for this event; nothing changed',
    );
    return result('unknown_tenant');
  }
  if (
    !(await claimEvent(trx, tenantId, {
      id: event.id,
      type: event.type,
      created: event.created,
      objectId: subject.objectId,
    }))
  )
    return result('duplicate');
  let outcome: EventOutcome;
  if (event.type.startsWith('customer.subscription.'))
    outcome = await applySubscriptionEvent(k, trx, tenantId, provider, event);
  else if (event.type === 'checkout.session.completed')
    outcome = await applyCheckoutCompleted(k, trx, tenantId, provider, event);
  else if (event.type.startsWith('invoice.')) outcome = await applyInvoiceEvent(k, trx, tenantId, provider, event);
  else outcome = await applyCustomerUpdated(trx, tenantId, provider, event);
  await setOutcome(trx, tenantId, event.id, outcome);
  await k.audit.write(trx, {
    tenantId,
    actorUserId: null,
    action: 'billing.stripe_event',
    target: event.id,
    details: { type: event.type, outcome, object: subject.objectId },
  });
  return result(outcome);
}
