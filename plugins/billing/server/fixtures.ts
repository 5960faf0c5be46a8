/**
 * Demo data: the demo tenant (any tenant the fixtures run for) gets an embedded Professional subscription,
 * monthly in the tenant's currency (USD unless CAD), paid with the embedded test card, so /subscription has
 * plans, invoices and an upcoming invoice to show. Idempotent: a tenant with a billing customer is left alone.
 * With Stripe configured nothing is created (demo data never reaches a real Stripe account).
 */
import { findTenant, type FixtureContext } from '../../../kernel/index';
import { ensureCustomer, tenantAdminEmail } from './customers';
import { billingOf } from './billing-of';
import { applySubscription } from './state';

export async function billingFixtures({ db, k, tenantId, log }: FixtureContext): Promise<void> {
  if (k.config.stripe) {
    log('billing: Stripe is configured; no demo subscription created');
    return;
  }
  await db.withTenant(tenantId, async (trx) => {
    if (await trx('billing_customers').where({ tenant_id: tenantId }).first('customer_id')) return;
    const tenant = await findTenant(trx, tenantId);
    const email = (await tenantAdminEmail(trx, tenantId)) ?? `billing@${tenant?.emailDomain ?? 'example.com'}`;
    const currency = String(tenant?.currency ?? 'USD').toUpperCase() === 'CAD' ? 'cad' : 'usd';
    const provider = billingOf(k).provider(trx);
    const customer = await ensureCustomer(trx, tenantId, provider, { email });
    await trx('embedded_customers')
      .where({ tenant_id: tenantId, customer_id: customer.customer_id })
      .update({
        card_brand: 'visa',
        card_last4: '4242',
        card_exp_month: 12,
        card_exp_year: new Date().getUTCFullYear() + 3,
        card_holder: 'Demo Admin',
      });
    const sub = await provider.createSubscription({
      customerId: customer.customer_id,
      planIds: [`plan_professional_${currency}_month`],
      trialDays: null,
      metadata: { tenant_id: String(tenantId), demo: 'true' },
    });
    await applySubscription(k, trx, tenantId, sub);
    log(`billing: demo Professional subscription (${sub.status}, ${currency.toUpperCase()} monthly)`);
  });
}
