/** Tab 3 Subscription Details (affiliate sign-up only): the affiliate plan and the $75/month credit. */
import { Button, Callout } from '@blueprintjs/core';
import { AFFILIATE_LIMIT, AFFILIATE_MONTHLY_CREDIT, AFFILIATE_PRODUCT_ID } from '../../shared/affiliate';
import { formatAmount, planPrice } from '../../shared/currency';
import type { FlatPlan, PlanCurrency } from '../../shared/types';
import { customerLimit, periodPrice } from './plan-lines';

export interface SubscriptionDetailsTabProps {
  affiliate: string;
  plans: FlatPlan[];
  currency: PlanCurrency;
  busy: boolean;
  onPrev(): void;
  onFinish(): void;
}

export function SubscriptionDetailsTab({
  affiliate,
  plans,
  currency,
  busy,
  onPrev,
  onFinish,
}: SubscriptionDetailsTabProps) {
  const credit = `${formatAmount(planPrice(AFFILIATE_MONTHLY_CREDIT[currency]), currency)}/month`;
  const affiliatePlan = plans.find((p) => p.stripe_product_id === AFFILIATE_PRODUCT_ID);
  const upgrades = plans.filter((p) => p.stripe_product_id !== AFFILIATE_PRODUCT_ID);
  return (
    <form
      noValidate
      aria-label="Subscription Details"
      onSubmit={(e) => {
        e.preventDefault();
        onFinish();
      }}
    >
      <p>
        Affiliate programme: <strong>{affiliate}</strong>
      </p>
      {affiliatePlan && (
        <Callout
          intent="success"
          icon="endorsed"
          title={affiliatePlan.product_name}
          className="lci-auth-status"
          data-testid="signup-affiliate-plan"
        >
          <p>
            {periodPrice(affiliatePlan)} · {customerLimit(affiliatePlan)}
          </p>
          <p>
            The affiliate plan is worth {credit}, covered by your affiliate partner, for up to {AFFILIATE_LIMIT}{' '}
            clients.
          </p>
        </Callout>
      )}
      {upgrades.length > 0 && (
        <Callout intent="primary" icon="arrow-up" title="Your upgrade" className="lci-auth-status">
          <ul>
            {upgrades.map((p) => (
              <li key={p.stripe_plan_id}>
                {p.product_name}: {periodPrice(p)}
              </li>
            ))}
          </ul>
        </Callout>
      )}
      <p>You pay for an upgrade yourself, with a {credit} credit while your affiliate membership lasts.</p>
      <div className="lci-signup-actions">
        <Button size="large" text="Prev" icon="arrow-left" onClick={onPrev} disabled={busy} />
        <Button type="submit" intent="primary" size="large" text="Finish" loading={busy} />
      </div>
    </form>
  );
}
