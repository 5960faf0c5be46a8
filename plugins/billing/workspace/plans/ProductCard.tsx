/**
 * The pricing product card (platform.md 2.3): product name, price per period, an annual price also per
 * month, customer limit, trial days, feature list, buttons Add package, Checkout and Show cart, and the
 * note 'Included in your current subscription'. Used by /plans, /Plans/{affiliate} (and reusable by
 * other billing pages).
 */
import { Button, Callout, Card, Icon, Tag } from '@blueprintjs/core';
import { useId } from 'react';
import { formatAmount, planPrice } from '../../shared/currency';
import { priceDisplay, trialText } from '../../shared/prices';
import { customerLimitText } from '../../shared/tiers';
import type { FlatPlan, ProviderProduct } from '../../shared/types';

export const MSG_INCLUDED = 'Included in your current subscription';

export interface ProductCardProps {
  product: ProviderProduct;
  plan: FlatPlan;
  inCart: boolean;
  /** The plan is part of the tenant's current subscription. */
  included?: boolean;
  /** Affiliate programme: what the member pays per period after the partner credit (minor units). */
  afterCredit?: number | null;
  onAdd(plan: FlatPlan): void;
  onCheckout(plan: FlatPlan): void;
  onShowCart(): void;
}

export function features(product: ProviderProduct): string[] {
  return (product.metadata.details ?? '')
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function ProductCard({
  product,
  plan,
  inCart,
  included = false,
  afterCredit = null,
  onAdd,
  onCheckout,
  onShowCart,
}: ProductCardProps) {
  const titleId = useId();
  const price = priceDisplay(plan);
  const highlighted = product.metadata.highlighted === 'true';
  const list = features(product);
  return (
    <Card
      elevation={highlighted ? 3 : 1}
      className={`lci-plan-card${highlighted ? ' lci-plan-card-highlighted' : ''}`}
      role="region"
      aria-labelledby={titleId}
    >
      <div className="lci-plan-card-top">
        {highlighted && (
          <Tag intent="primary" round icon="star" className="lci-plan-badge">
            Most popular
          </Tag>
        )}
        {plan.module_moniker !== 'Core' && (
          <Tag minimal round>
            {plan.module_moniker}
          </Tag>
        )}
      </div>
      <h3 id={titleId} className="lci-plan-name">
        {product.name}
      </h3>
      <p className="lci-plan-description bp6-text-muted">{product.description}</p>
      <div className="lci-plan-price" data-testid="plan-price">
        <span className="lci-plan-amount">{formatAmount(price.amount, plan.plan_currency)}</span>
        <span className="lci-plan-period">
          {' '}
          {plan.plan_currency.toUpperCase()} / {price.period}
        </span>
      </div>
      {price.perMonthText && (
        <div className="lci-plan-per-month bp6-text-muted">{price.perMonthText} billed annually</div>
      )}
      {afterCredit !== null && plan.plan_cost_per_period > 0 && (
        <div className="lci-plan-credit">
          With your partner credit: {formatAmount(planPrice(afterCredit), plan.plan_currency)} / {price.period}
        </div>
      )}
      <ul className="lci-plan-facts">
        <li>
          <Icon icon="people" size={14} /> {customerLimitText(plan.limit_max_companies)}
        </li>
        <li>
          <Icon icon="time" size={14} /> {trialText(Math.max(plan.plan_trial_days, plan.addon_trial_days))}
        </li>
      </ul>
      {list.length > 0 && (
        <ul className="lci-plan-features" aria-label={`${product.name} features`}>
          {list.map((f) => (
            <li key={f}>
              <Icon icon="tick" size={12} intent="success" /> {f}
            </li>
          ))}
        </ul>
      )}
      {included && (
        <Callout intent="success" icon="tick-circle" compact className="lci-plan-included">
          {MSG_INCLUDED}
        </Callout>
      )}
      <div className="lci-plan-actions">
        <Button
          intent={highlighted ? 'primary' : 'none'}
          icon={inCart ? 'tick' : 'add'}
          text={inCart ? 'In cart' : 'Add package'}
          disabled={inCart || included}
          aria-label={inCart ? `${product.name} is in the cart` : `Add package ${product.name}`}
          onClick={() => onAdd(plan)}
          fill
        />
        <Button
          intent="success"
          icon="shopping-cart"
          text="Checkout"
          disabled={included}
          aria-label={`Checkout with ${product.name}`}
          onClick={() => onCheckout(plan)}
          fill
        />
        <Button variant="minimal" icon="eye-open" text="Show cart" onClick={onShowCart} fill />
      </div>
    </Card>
  );
}
