/**
 * The cart (platform.md 2.3 and 9): its plans with Remove, the trial (longest trial days), the total
 * (sum of the period costs) and Checkout to the sign-up wizard; the cart rules' messages when the
 * currency or interval change removed plans.
 */
import { Button, Callout, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { cartTotal, cartTrialDays, type CartMessage } from '../../shared/cart-rules';
import { formatAmount, formatCurrency, planPrice } from '../../shared/currency';
import { PERIOD_WORD, priceDisplay, trialText } from '../../shared/prices';
import { customerLimitText } from '../../shared/tiers';
import type { FlatPlan, PlanCurrency, PlanInterval } from '../../shared/types';

export interface CartPanelProps {
  plans: FlatPlan[];
  currency: PlanCurrency;
  interval: PlanInterval;
  messages: CartMessage[];
  onDismissMessages(): void;
  onRemove(planId: string): void;
  onCheckout(): void;
}

export function CartMessages({ messages, onDismiss }: { messages: CartMessage[]; onDismiss(): void }) {
  if (!messages.length) return null;
  return (
    <div className="lci-cart-messages" role="alert">
      {messages.map((m) => (
        <Callout key={m.module} intent="warning" icon="warning-sign" title={m.message} className="lci-cart-message">
          {m.details}
        </Callout>
      ))}
      <Button variant="minimal" text="Dismiss" onClick={onDismiss} />
    </div>
  );
}

/** '$1,925 / year' plus the short form ('$1.9K') of the total. */
export function cartTotalText(
  plans: FlatPlan[],
  currency: PlanCurrency,
  interval: PlanInterval,
): { exact: string; short: string } {
  const total = planPrice(cartTotal(plans));
  return {
    exact: `${formatAmount(total, currency)} ${currency.toUpperCase()} / ${PERIOD_WORD[interval]}`,
    short: formatCurrency(total, currency),
  };
}

export function CartPanel({
  plans,
  currency,
  interval,
  messages,
  onDismissMessages,
  onRemove,
  onCheckout,
}: CartPanelProps) {
  const trial = cartTrialDays(plans);
  const total = cartTotalText(plans, currency, interval);
  return (
    <div className="lci-cart">
      <CartMessages messages={messages} onDismiss={onDismissMessages} />
      {plans.length === 0 ? (
        <NonIdealState icon="shopping-cart" title="Your cart is empty" description="Add a package to get started." />
      ) : (
        <>
          <div className="lci-cart-table-wrap">
            <HTMLTable className="lci-cart-table" aria-label="Cart" compact>
              <thead>
                <tr>
                  <th>Package</th>
                  <th>Customers</th>
                  <th className="lci-num">Price</th>
                  <th>
                    <span className="lci-sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {plans.map((p) => (
                  <tr key={p.stripe_plan_id}>
                    <td>{p.product_name}</td>
                    <td>{customerLimitText(p.limit_max_companies)}</td>
                    <td className="lci-num">{priceDisplay(p).text}</td>
                    <td>
                      <Button
                        variant="minimal"
                        icon="trash"
                        aria-label={`Remove ${p.product_name}`}
                        title="Remove"
                        onClick={() => onRemove(p.stripe_plan_id)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
          <dl className="lci-cart-summary">
            <dt>Trial</dt>
            <dd data-testid="cart-trial">{trialText(trial)}</dd>
            <dt>Total</dt>
            <dd data-testid="cart-total">{total.exact}</dd>
          </dl>
          {trial > 0 && <p className="bp6-text-muted lci-cart-note">You are charged when the trial ends.</p>}
        </>
      )}
      <Button
        intent="success"
        icon="shopping-cart"
        text="Checkout"
        size="large"
        fill
        disabled={plans.length === 0}
        onClick={onCheckout}
      />
    </div>
  );
}
