/**
 * Plan cards of the /subscription page: upgrade options, the Customer Success plan to add, and the plans to
 * choose when there is no active subscription. Each card names the plan, its price per period (annual also
 * per month), its customer limit (and, when choosing a first plan, its trial); the button opens the page's
 * confirmation.
 */
import { Button, Card, Radio, RadioGroup, Tag } from '@blueprintjs/core';
import { useId } from 'react';
import { priceDisplay, trialText } from '../../shared/prices';
import { customerLimitText } from '../../shared/tiers';
import type { FlatPlan, PlanInterval } from '../../shared/types';

interface CardProps {
  plan: FlatPlan;
  /** Button text and its full accessible name; null: no button (read-only). */
  action: { text: string; label: string } | null;
  selected?: boolean;
  showTrial?: boolean;
  onAction(plan: FlatPlan): void;
}

export function PlanCard({ plan, action, selected, showTrial, onAction }: CardProps) {
  const price = priceDisplay(plan);
  const titleId = useId();
  return (
    <Card
      elevation={selected ? 2 : 0}
      selected={selected}
      className="lci-sub-plan"
      data-testid="plan-option"
      role="group"
      aria-labelledby={titleId}
    >
      <h3 id={titleId}>{plan.product_name}</h3>
      <div className="lci-sub-price" data-testid="plan-price">
        {price.text}
      </div>
      {price.perMonthText && <div className="lci-sub-muted">{price.perMonthText}</div>}
      <div>{customerLimitText(plan.limit_max_companies)}</div>
      <div className="lci-row">
        {plan.combined?.length ? (
          <Tag minimal intent="primary">
            vCIO and Customer Success
          </Tag>
        ) : null}
        {showTrial && <Tag minimal>{trialText(plan.plan_trial_days)}</Tag>}
        {selected && (
          <Tag intent="success" minimal>
            Selected
          </Tag>
        )}
      </div>
      {action && (
        <div className="lci-sub-plan-action">
          <Button
            intent={selected ? 'primary' : 'none'}
            text={action.text}
            aria-label={action.label}
            onClick={() => onAction(plan)}
          />
        </div>
      )}
    </Card>
  );
}

interface UpgradeProps {
  options: FlatPlan[];
  addCustomerSuccess: FlatPlan | null;
  selectedId: string | null;
  readOnly: boolean;
  onUpgrade(plan: FlatPlan): void;
  onAddCustomerSuccess(plan: FlatPlan): void;
}

export function UpgradeSection({
  options,
  addCustomerSuccess,
  selectedId,
  readOnly,
  onUpgrade,
  onAddCustomerSuccess,
}: UpgradeProps) {
  return (
    <>
      <section aria-labelledby="sub-upgrade-heading">
        <h2 id="sub-upgrade-heading" className="lci-sub-title">
          Upgrade
        </h2>
        {options.length === 0 ? (
          <p className="lci-sub-muted">
            Your plan has the largest customer count available: there is nothing to upgrade to.
          </p>
        ) : (
          <div className="lci-sub-plans">
            {options.map((o) => (
              <PlanCard
                key={o.stripe_plan_id}
                plan={o}
                selected={o.stripe_plan_id === selectedId}
                onAction={onUpgrade}
                action={readOnly ? null : { text: 'Upgrade', label: `Upgrade to ${o.product_name}` }}
              />
            ))}
          </div>
        )}
      </section>
      {addCustomerSuccess && (
        <section aria-labelledby="sub-add-cs-heading">
          <h2 id="sub-add-cs-heading" className="lci-sub-title">
            Add Customer Success
          </h2>
          <div className="lci-sub-plans">
            <PlanCard
              plan={addCustomerSuccess}
              onAction={onAddCustomerSuccess}
              action={
                readOnly
                  ? null
                  : { text: 'Add Customer Success', label: `Add Customer Success: ${addCustomerSuccess.product_name}` }
              }
            />
          </div>
        </section>
      )}
    </>
  );
}

interface ChooseProps {
  plans: FlatPlan[];
  interval: PlanInterval;
  onInterval(i: PlanInterval): void;
  selectedId: string | null;
  /** A first subscription starts with the plan's trial. */
  showTrial: boolean;
  readOnly: boolean;
  onChoose(plan: FlatPlan): void;
}

export function ChoosePlanSection({
  plans,
  interval,
  onInterval,
  selectedId,
  showTrial,
  readOnly,
  onChoose,
}: ChooseProps) {
  return (
    <section aria-labelledby="sub-choose-heading">
      <h2 id="sub-choose-heading" className="lci-sub-title">
        Choose a plan
      </h2>
      <RadioGroup
        inline
        label="Billing period"
        selectedValue={interval}
        onChange={(e) => onInterval((e.target as HTMLInputElement).value as PlanInterval)}
      >
        <Radio label="Monthly" value="month" />
        <Radio label="Annual" value="year" />
      </RadioGroup>
      {plans.length === 0 ? (
        <p className="lci-sub-muted">No plans are offered in this currency and period.</p>
      ) : (
        <div className="lci-sub-plans">
          {plans.map((p) => (
            <PlanCard
              key={p.stripe_plan_id}
              plan={p}
              selected={p.stripe_plan_id === selectedId}
              showTrial={showTrial}
              onAction={onChoose}
              action={readOnly ? null : { text: 'Choose', label: `Choose ${p.product_name}` }}
            />
          ))}
        </div>
      )}
    </section>
  );
}
