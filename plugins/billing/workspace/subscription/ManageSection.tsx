/** Subscription management buttons of a tenant admin: payment method, billing portal, coupon, billing e-mail, cancel. */
import { Button } from '@blueprintjs/core';

export interface ManageProps {
  hasCustomer: boolean;
  hasActive: boolean;
  /** Several plans: some may be cancelled alone. */
  canCancelPlans: boolean;
  busy: 'payment' | 'portal' | null;
  onUpdatePayment(): void;
  onPortal(): void;
  onCoupon(): void;
  onEmail(): void;
  onCancelPlans(): void;
  onCancel(): void;
}

export function ManageSection(p: ManageProps) {
  return (
    <section aria-labelledby="sub-manage-heading">
      <h2 id="sub-manage-heading" className="lci-sub-title">
        Manage
      </h2>
      <div className="lci-row" role="group" aria-label="Manage the subscription">
        <Button
          icon="credit-card"
          text="Update payment method"
          loading={p.busy === 'payment'}
          disabled={!p.hasCustomer}
          onClick={p.onUpdatePayment}
        />
        <Button
          icon="share"
          text="Billing portal"
          loading={p.busy === 'portal'}
          disabled={!p.hasCustomer}
          onClick={p.onPortal}
        />
        <Button icon="tag" text="Apply coupon" disabled={!p.hasActive} onClick={p.onCoupon} />
        <Button icon="envelope" text="Update billing e-mail" disabled={!p.hasCustomer} onClick={p.onEmail} />
        {p.canCancelPlans && (
          <Button icon="remove" intent="warning" variant="outlined" text="Cancel plans" onClick={p.onCancelPlans} />
        )}
        {p.hasActive && (
          <Button
            icon="cross-circle"
            intent="danger"
            variant="outlined"
            text="Cancel subscription"
            onClick={p.onCancel}
          />
        )}
      </div>
      {!p.hasCustomer && (
        <p className="lci-sub-muted lci-space-top">
          Payment details and the billing portal are available once a plan has been paid for.
        </p>
      )}
    </section>
  );
}
