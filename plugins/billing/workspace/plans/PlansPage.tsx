/**
 * /plans and /Plans/{affiliate} (public, bare layout): the pricing product cards of the visible products
 * (or of the affiliate filter), currency and interval switches, the highlighted product, and the cart
 * in a drawer (Show cart) with Checkout to /signUpWithTenant?cart=<plan ids>.
 */
import { AnchorButton, Button, Callout, Drawer, Icon, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { PageLoadError, PageLoading, useSessionData } from '../../../../workspace/sdk';
import { AFFILIATE_MONTHLY_CREDIT, type AffiliateFilterName } from '../../shared/affiliate';
import { isIncluded } from '../../shared/cart-rules';
import { formatCurrency, planPrice } from '../../shared/currency';
import { activeRows, SUBSCRIPTIONS_KEY, type SubscriptionGuardData } from '../subscription-state';
import { CartPanel, cartTotalText } from './CartPanel';
import { selectCards } from './cards';
import { OptionSwitches } from './OptionSwitches';
import { PlansFrame } from './PlansFrame';
import { ProductCard } from './ProductCard';
import { useCartPlans } from './use-cart-plans';
import { useCatalogue } from './use-catalogue';
import './plans.css';

const AFFILIATE_TITLES: Record<AffiliateFilterName, string> = {
  AIR: 'Asset Insights (AIR)',
  basic: 'Basic Edition',
  basicCS: 'Basic Edition with Customer Success',
  affiliate: 'Affiliate partner programme',
};

function AffiliateNote({ filter, currency }: { filter: AffiliateFilterName; currency: 'usd' | 'cad' }) {
  if (filter !== 'affiliate') return null;
  const credit = formatCurrency(planPrice(AFFILIATE_MONTHLY_CREDIT[currency]), currency);
  return (
    <Callout
      intent="primary"
      icon="endorsed"
      title="Your affiliate partner covers the Basic plan"
      className="lci-plan-affiliate-note"
    >
      The affiliate plan is worth {credit}/month, paid by your partner, for up to 5 clients. When you upgrade, you pay
      the larger plan with a {credit}/month credit for as long as your membership lasts.
    </Callout>
  );
}

export default function PlansPage({ params }: { params?: { affiliate?: string } }) {
  const affiliate = params?.affiliate ?? null;
  const catalogue = useCatalogue();
  const cart = useCartPlans(catalogue.plans);
  const [cartOpen, setCartOpen] = useState(false);
  const subscriptions = useSessionData<SubscriptionGuardData>(SUBSCRIPTIONS_KEY);
  const subscribed = useMemo(
    () => activeRows(subscriptions?.subscriptions ?? []).map((r) => r.stripe_plan_id),
    [subscriptions],
  );

  const selection = useMemo(
    () =>
      catalogue.products && catalogue.plans
        ? selectCards(catalogue.products, catalogue.plans, {
            currency: cart.currency,
            interval: cart.interval,
            affiliate,
          })
        : null,
    [catalogue.products, catalogue.plans, cart.currency, cart.interval, affiliate],
  );
  useEffect(() => {
    for (const w of selection?.warnings ?? []) console.warn(w);
  }, [selection]);

  const title = affiliate && selection?.filter ? `Plans: ${AFFILIATE_TITLES[selection.filter]}` : 'Plans and pricing';
  useEffect(() => {
    document.title = `${title} · Lifecycle`;
  }, [title]);

  const inCart = new Set(cart.plans.map((p) => p.stripe_plan_id));
  const total = cartTotalText(cart.plans, cart.currency, cart.interval);

  return (
    <PlansFrame
      title={title}
      subtitle="Choose the packages for your MSP. Prices per customer count; every edition includes unlimited users and assets."
      actions={
        <Button
          icon="shopping-cart"
          onClick={() => setCartOpen(true)}
          aria-haspopup="dialog"
          aria-label={`Show cart, ${cart.plans.length} package(s)`}
        >
          Cart{' '}
          <Tag round minimal>
            {cart.plans.length}
          </Tag>
          {cart.plans.length > 0 && <span className="lci-cart-short"> {total.short}</span>}
        </Button>
      }
    >
      {catalogue.error && (
        <PageLoadError
          title="The plans could not be loaded"
          error={catalogue.error}
          retry={catalogue.retry}
          busy={catalogue.busy}
        />
      )}
      {!catalogue.error && !selection && <PageLoading what="plans" />}
      {selection && (
        <>
          <OptionSwitches
            currency={cart.currency}
            interval={selection.interval}
            intervals={selection.intervals}
            onChange={cart.setOptions}
          />
          {cartOpen ? null : (
            <div className="lci-plan-messages">
              {cart.messages.map((m) => (
                <Callout key={m.module} intent="warning" icon="warning-sign" title={m.message} role="alert">
                  {m.details}
                </Callout>
              ))}
            </div>
          )}
          {selection.filter && <AffiliateNote filter={selection.filter} currency={cart.currency} />}
          {selection.cards.length === 0 ? (
            <Callout intent="none" icon="info-sign" title="No plans here">
              There are no plans for these options.{' '}
              <AnchorButton variant="minimal" href="/plans" text="See all plans" />
            </Callout>
          ) : (
            <div className="lci-plan-grid">
              {selection.cards.map(({ product, plan, afterCredit }) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  plan={plan}
                  inCart={inCart.has(plan.stripe_plan_id)}
                  included={isIncluded(plan, subscribed)}
                  afterCredit={afterCredit}
                  onAdd={(p) => {
                    cart.add(p);
                    setCartOpen(true);
                  }}
                  onCheckout={(p) => cart.checkout(p, affiliate)}
                  onShowCart={() => setCartOpen(true)}
                />
              ))}
            </div>
          )}
        </>
      )}
      <Drawer isOpen={cartOpen} onClose={() => setCartOpen(false)} size={420} className="lci-cart-drawer">
        <div role="dialog" aria-modal="true" aria-labelledby="lci-cart-title" className="lci-cart-dialog">
          <div className="bp6-drawer-header">
            <Icon icon="shopping-cart" size={20} />
            <h2 id="lci-cart-title" className="bp6-heading">
              Your cart
            </h2>
            <Button variant="minimal" icon="cross" aria-label="Close the cart" onClick={() => setCartOpen(false)} />
          </div>
          <div className="lci-cart-drawer-body">
            <CartPanel
              plans={cart.plans}
              currency={cart.currency}
              interval={cart.interval}
              messages={cart.messages}
              onDismissMessages={cart.dismissMessages}
              onRemove={cart.remove}
              onCheckout={() => cart.checkout(undefined, affiliate)}
            />
            <AnchorButton variant="minimal" href="/cart" icon="share" text="Open the cart page" />
          </div>
        </div>
      </Drawer>
    </PlansFrame>
  );
}
