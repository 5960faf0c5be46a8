/** The Selected Plans panel of the wizard (platform.md 2.3) with 'Choose different plans' (to /plans). */
import { Button, Callout, Card, H4, Spinner } from '@blueprintjs/core';
import type { FlatPlan } from '../../shared/types';
import { cartTotal, customerLimit, periodPrice, trialText } from './plan-lines';
import { MSG_NO_PLAN } from '../../shared/signup-rules';

export interface SelectedPlansPanelProps {
  plans: FlatPlan[] | null;
  error: string | null;
  onRetry(): void;
  onChoose(): void;
}

export function SelectedPlansPanel({ plans, error, onRetry, onChoose }: SelectedPlansPanelProps) {
  const total = plans ? cartTotal(plans) : null;
  return (
    <Card className="lci-signup-plans" elevation={0} role="region" aria-label="Selected Plans">
      <H4>Selected Plans</H4>
      {error && (
        <Callout intent="danger" role="alert" className="lci-auth-status">
          <p>{error}</p>
          <Button size="small" text="Try again" onClick={onRetry} />
        </Callout>
      )}
      {!error && !plans && <Spinner size={20} aria-label="Loading plans" />}
      {plans && plans.length === 0 && <p className="bp6-text-muted">{MSG_NO_PLAN}</p>}
      {plans && plans.length > 0 && (
        <ul className="lci-signup-plan-list">
          {plans.map((p) => (
            <li key={p.stripe_plan_id} data-plan-id={p.stripe_plan_id}>
              <strong>{p.product_name}</strong>
              <span>{periodPrice(p)}</span>
              <span className="bp6-text-muted">
                {customerLimit(p)}
                {trialText(p) ? ` · ${trialText(p)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      {total && plans && plans.length > 1 && <p className="lci-signup-total">Total: {total}</p>}
      <Button text="Choose different plans" icon="shopping-cart" onClick={onChoose} fill />
    </Card>
  );
}
