/**
 * Completing an embedded checkout session (what Stripe's hosted checkout and its webhook do together): the
 * card is checked, its brand and last 4 digits stored on the customer; a subscription session creates the
 * subscription (trial days and coupon of the session) and applies it to the tenant's state; a setup session
 * only replaces the card. A declined or invalid card changes nothing. Completing twice is harmless.
 */
import type { Kernel, Trx } from '../../../../kernel/index';
import { applySubscription, markCheckoutSession } from '../state';
import { checkCard, type CardInput, type CardField } from './card';
import { createEmbeddedSubscription } from './provider';
import { findSession, toProviderSubscription, type SessionRow } from './store';

type CompleteResult =
  | { outcome: 'redirect'; to: string }
  | { outcome: 'invalid'; session: SessionRow; errors: Partial<Record<CardField, string>>; declined?: string }
  | { outcome: 'expired' }
  | { outcome: 'missing' };

const successTarget = (s: SessionRow) => s.success_url.replace('{CHECKOUT_SESSION_ID}', s.session_id);

/** Marks an open session past its expiry as expired (both the provider's and the tenant's record). */
export async function expireIfDue(db: Trx, s: SessionRow, now = Math.floor(Date.now() / 1000)): Promise<SessionRow> {
  if (s.status !== 'open' || s.expires_at > now) return s;
  await db('embedded_checkout_sessions')
    .where({ tenant_id: s.tenant_id, session_id: s.session_id })
    .update({ status: 'expired' });
  await markCheckoutSession(db, s.session_id, 'expired');
  return { ...s, status: 'expired' };
}

export async function completeCheckout(
  k: Kernel,
  db: Trx,
  sessionId: string,
  input: CardInput,
): Promise<CompleteResult> {
  const found = await findSession(db, sessionId);
  if (!found) return { outcome: 'missing' };
  const session = await expireIfDue(db, found);
  if (session.status === 'complete') return { outcome: 'redirect', to: successTarget(session) };
  if (session.status === 'expired') return { outcome: 'expired' };
  const checked = checkCard(input);
  if (!checked.ok) return { outcome: 'invalid', session, errors: checked.errors, declined: checked.declined };
  const { card } = checked;
  const tenantId = session.tenant_id;
  await db('embedded_customers').where({ tenant_id: tenantId, customer_id: session.customer_id }).update({
    card_brand: card.brand,
    card_last4: card.last4,
    card_exp_month: card.expMonth,
    card_exp_year: card.expYear,
    card_holder: card.holder,
  });
  let subscriptionId: string | null = null;
  if (session.mode === 'subscription') {
    const sub = await createEmbeddedSubscription(db, {
      customerId: session.customer_id,
      planIds: session.plan_ids,
      trialDays: session.trial_days,
      couponId: session.coupon_id,
      metadata: { ...session.metadata, checkout_session: session.session_id },
    });
    subscriptionId = sub.subscription_id;
    await applySubscription(k, db, tenantId, toProviderSubscription(sub));
    // Other open subscription checkouts of the tenant are no longer a way back in (recovery URL).
    const others = await db('embedded_checkout_sessions')
      .where({ tenant_id: tenantId, status: 'open', mode: 'subscription' })
      .whereNot({ session_id: session.session_id })
      .pluck('session_id');
    for (const id of others) {
      await db('embedded_checkout_sessions')
        .where({ tenant_id: tenantId, session_id: id })
        .update({ status: 'expired' });
      await markCheckoutSession(db, id, 'expired');
    }
  }
  await db('embedded_checkout_sessions')
    .where({ tenant_id: tenantId, session_id: session.session_id })
    .update({ status: 'complete', subscription_id: subscriptionId });
  await markCheckoutSession(db, session.session_id, 'complete', subscriptionId);
  await k.audit.write(db, {
    tenantId,
    actorUserId: null,
    action: session.mode === 'subscription' ? 'billing.checkout.complete' : 'billing.payment_method.update',
    target: session.session_id,
    details: {
      provider: 'embedded',
      plan_ids: session.plan_ids,
      subscription_id: subscriptionId,
      card_brand: card.brand,
    },
  });
  return { outcome: 'redirect', to: successTarget(session) };
}
