/** Overall and per-module status (section 4.5) and the subscribed plans with limits, companies, periods and trial end. */
import { Button, Callout, HTMLTable, Tag } from '@blueprintjs/core';
import { formatAmount, planPrice } from '../../shared/currency';
import { useTenantFormat } from '../../../../workspace/sdk';
import type { FlatPlan, SubscriptionRow } from '../../shared/types';
import type { TenantSubscriptions } from '../subscription-state';
import {
  companiesText,
  day as dayOf,
  moduleLabel,
  moduleStatuses,
  overLimit,
  planOf,
  statusIntent,
  statusText,
  type RowExtras,
} from './model';

export function StatusSection({ data }: { data: TenantSubscriptions }) {
  const modules = moduleStatuses(data);
  return (
    <section aria-labelledby="sub-status-heading">
      <h2 id="sub-status-heading" className="lci-sub-title">
        Status
      </h2>
      <div className="lci-row" data-testid="subscription-status">
        <span>Overall: </span>
        <Tag
          large
          intent={statusIntent(data.overall_status)}
          aria-label={`Overall status ${statusText(data.overall_status)}`}
        >
          {statusText(data.overall_status)}
        </Tag>
        {modules.map((m) => (
          <Tag
            key={m.module}
            large
            minimal
            intent={statusIntent(m.status)}
            aria-label={`${moduleLabel(m.module)} ${statusText(m.status)}`}
          >
            {moduleLabel(m.module)}: {statusText(m.status)}
          </Tag>
        ))}
      </div>
      {data.complimentary_modules.length > 0 && (
        <p className="lci-sub-muted lci-space-top">
          Included without a subscription: {data.complimentary_modules.map(moduleLabel).join(', ')}.
        </p>
      )}
    </section>
  );
}

interface PlansProps {
  rows: SubscriptionRow[];
  plans: FlatPlan[];
  verbose: boolean;
  /** Tenant admins may convert a trial; null for read-only. */
  onConvertTrial: ((subscriptionId: string) => void) | null;
}

function price(row: SubscriptionRow, plan: FlatPlan | null): string {
  if (!plan) return '';
  return `${formatAmount(planPrice(plan.plan_cost_per_period), plan.plan_currency)} / ${plan.plan_interval === 'year' ? 'year' : 'month'}`;
}

export function PlansSection({ rows, plans, verbose, onConvertTrial }: PlansProps) {
  // Dates in the tenant's date format (/accountsettings).
  const f = useTenantFormat();
  const day = (v: string | number | null | undefined) => f.date(dayOf(v));
  return (
    <section aria-labelledby="sub-plans-heading">
      <h2 id="sub-plans-heading" className="lci-sub-title">
        Your plans
      </h2>
      {rows.length === 0 ? (
        <Callout icon="info-sign">There are no subscribed plans.</Callout>
      ) : (
        <div className="lci-sub-card">
          <HTMLTable compact aria-label="Subscribed plans" className="lci-sub-table">
            <thead>
              <tr>
                <th>Plan</th>
                <th>Module</th>
                <th>Status</th>
                <th>Price</th>
                <th>Customers</th>
                <th>Current period</th>
                <th>Since</th>
                {verbose && <th>Subscription id</th>}
                {verbose && <th>Plan id</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, n) => {
                const plan = planOf(r, plans);
                const trial = r.subscription_status === 'trialing';
                const extra = r as RowExtras;
                const trialEnd = day(extra.trial_end ?? null) || day(r.current_end_date);
                return (
                  <tr key={`${r.stripe_subscription_id}:${r.stripe_plan_id}`} data-testid="subscription-plan-row">
                    <td>
                      <strong>{r.product_name}</strong>
                      {r.plan_name && r.plan_name !== r.product_name ? (
                        <div className="lci-sub-muted">{r.plan_name}</div>
                      ) : null}
                    </td>
                    <td>{moduleLabel(r.module_moniker)}</td>
                    <td>
                      <Tag minimal intent={statusIntent(r.subscription_status)}>
                        {statusText(r.subscription_status)}
                      </Tag>
                      {trial && <div className="lci-sub-muted lci-sub-nowrap">Trial ends {trialEnd}</div>}
                      {extra.cancel_at_period_end && (
                        <div className="lci-sub-muted lci-sub-nowrap">Cancelled: ends {day(r.current_end_date)}</div>
                      )}
                      {trial &&
                        onConvertTrial &&
                        rows.findIndex((x) => x.stripe_subscription_id === r.stripe_subscription_id) === n && (
                          <Button
                            size="small"
                            variant="minimal"
                            intent="primary"
                            icon="credit-card"
                            text="Convert to paid"
                            onClick={() => onConvertTrial(r.stripe_subscription_id)}
                          />
                        )}
                    </td>
                    <td className="lci-sub-nowrap">{price(r, plan)}</td>
                    <td>
                      {companiesText(r)}
                      {overLimit(r) && (
                        <div>
                          <Tag minimal intent="danger">
                            Above the plan limit
                          </Tag>
                        </div>
                      )}
                    </td>
                    <td className="lci-sub-nowrap">
                      {day(r.current_start_date)} – {day(r.current_end_date)}
                    </td>
                    <td className="lci-sub-nowrap">{day(r.original_start_date)}</td>
                    {verbose && (
                      <td>
                        <code>{r.stripe_subscription_id}</code>
                      </td>
                    )}
                    {verbose && (
                      <td>
                        <code>{r.stripe_plan_id}</code>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </section>
  );
}
