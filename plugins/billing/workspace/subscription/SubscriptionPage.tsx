/**
 * /subscription (platform.md 2.3, 4.5, 7.3; query selPlanId, selProductId, updatePayment, couponId, upgradeTrial,
 * verbose): the tenant's subscription status overall and per module, the plans with limits, active companies,
 * periods and trial end, the upcoming invoice and the invoices; for tenant admins the changes: upgrade (combined
 * vCIO + Customer Success when both are subscribed), add Customer Success, choose a plan without a subscription,
 * convert a trial to paid, update payment, billing portal, coupon, billing e-mail, cancel plans, cancel. Each
 * change is confirmed first; afterwards the page and the navigation guard's subscription data are loaded again.
 * Other users see it read-only.
 */
import { Callout, Checkbox, FormGroup, InputGroup, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  PageHeader,
  PageLoadError,
  PageLoading,
  pushMessage,
  useSession,
  useTenantFormat,
} from '../../../../workspace/sdk';
import { optionPlanIds } from '../../shared/upgrade-rules';
import { priceDisplay, trialText } from '../../shared/prices';
import { customerLimitText } from '../../shared/tiers';
import type { FlatPlan, PlanInterval, SubscriptionRow } from '../../shared/types';
import { activeRows, type TenantSubscriptions } from '../subscription-state';
import {
  getFlatPlans,
  getInvoices,
  getSubscriptions,
  getUpcomingInvoice,
  openBillingPortal,
  startUpdatePayment,
  subscriptionAction,
} from './billing-api';
import { ConfirmDialog } from './ConfirmDialog';
import { InvoiceList, UpcomingInvoice, type Loaded } from './InvoicesSection';
import { ManageSection } from './ManageSection';
import {
  bySubscription,
  choosablePlans,
  customerSuccessToAdd,
  day,
  emailError,
  mainRow,
  moduleLabel,
  pageUpgradeOptions,
  preselected,
  readQuery,
  tenantPlanCurrency,
  type InvoiceView,
} from './model';
import { ChoosePlanSection, UpgradeSection } from './PlanOptions';
import { PlansSection, StatusSection } from './PlansSection';
import './subscription.css';

type DialogState =
  | { kind: 'upgrade'; plan: FlatPlan }
  | { kind: 'addCs'; plan: FlatPlan }
  | { kind: 'choose'; plan: FlatPlan }
  | { kind: 'convert'; subscriptionId: string }
  | { kind: 'cancel'; subscriptionId: string | null }
  | { kind: 'cancelPlans' }
  | { kind: 'coupon'; couponId: string }
  | { kind: 'email' };

const idle = <T,>(): Loaded<T> => ({ value: null, error: null, loading: false });
const planLine = (p: FlatPlan) =>
  `${p.product_name}: ${priceDisplay(p).text}, ${customerLimitText(p.limit_max_companies).toLowerCase()}`;

export default function SubscriptionPage() {
  const session = useSession();
  const tenant = session?.tenant ?? null;
  const admin = !!session && (session.user.isTenantAdmin || session.user.isLciAdmin);
  const readOnly = !admin;
  const query = useMemo(() => readQuery(window.location.search), []);

  const [data, setData] = useState<TenantSubscriptions | null>(null);
  const [plans, setPlans] = useState<FlatPlan[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [upcoming, setUpcoming] = useState<Loaded<InvoiceView | null>>(idle());
  const [invoices, setInvoices] = useState<Loaded<InvoiceView[]>>(idle());
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [busy, setBusy] = useState<'payment' | 'portal' | null>(null);
  const [interval, setPeriod] = useState<PlanInterval>('month');

  const loadInvoices = useCallback(
    async (d: TenantSubscriptions) => {
      if (!admin || !d.has_customer) {
        setUpcoming(idle());
        setInvoices(idle());
        return;
      }
      setUpcoming((s) => ({ ...s, loading: true, error: null }));
      setInvoices((s) => ({ ...s, loading: true, error: null }));
      await Promise.all([
        getUpcomingInvoice().then(
          (value) => setUpcoming({ value, error: null, loading: false }),
          (e: Error) => setUpcoming({ value: null, error: e.message, loading: false }),
        ),
        getInvoices().then(
          (value) => setInvoices({ value, error: null, loading: false }),
          (e: Error) => setInvoices({ value: null, error: e.message, loading: false }),
        ),
      ]);
    },
    [admin],
  );

  const load = useCallback(async () => {
    if (!tenant) return;
    setLoading(true);
    setError(null);
    try {
      const [d, p] = await Promise.all([getSubscriptions(tenant.tenantId), getFlatPlans()]);
      setData(d);
      setPlans(p);
      void loadInvoices(d);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [tenant?.tenantId, loadInvoices]);
  useEffect(() => {
    void load();
  }, [load]);

  const rows = data?.subscriptions ?? [];
  const active = activeRows(rows);
  const options = useMemo(() => pageUpgradeOptions(rows, plans), [rows, plans]);
  const addCs = useMemo(() => customerSuccessToAdd(rows, plans), [rows, plans]);
  const currency = tenantPlanCurrency(tenant?.currency, rows);
  const choosable = useMemo(() => choosablePlans(plans, currency, interval), [plans, currency, interval]);
  const subs = bySubscription(rows);
  const core = mainRow(rows, 'Core', plans);
  const selection = useMemo(
    () =>
      preselected(
        active.length
          ? options
          : choosablePlans(plans, currency, 'month').concat(choosablePlans(plans, currency, 'year')),
        query,
      ),
    [options, plans, active.length, currency, query],
  );

  const updatePayment = useCallback(async () => {
    setBusy('payment');
    try {
      await startUpdatePayment();
    } catch (e) {
      pushMessage({ msg_type: 'error', msg: `The payment update could not be started: ${(e as Error).message}` });
      setBusy(null);
    }
  }, []);
  const portal = async () => {
    setBusy('portal');
    try {
      await openBillingPortal();
    } catch (e) {
      pushMessage({ msg_type: 'error', msg: `The billing portal could not be opened: ${(e as Error).message}` });
      setBusy(null);
    }
  };

  // Query inputs, once the data is there: updatePayment starts at once; upgradeTrial, couponId, selPlanId/selProductId open their confirmation.
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current || !data || readOnly || plans.length === 0) return;
    handled.current = true;
    if (selection && selection.plan_interval !== interval && !active.length) setPeriod(selection.plan_interval);
    if (query.updatePayment) {
      if (data.has_customer) void updatePayment();
      else pushMessage({ msg_type: 'warning', msg: 'There is no payment method to update yet: choose a plan first.' });
      return;
    }
    const trial = subs.find((s) => s.trialing);
    if (query.upgradeTrial && trial) {
      setDialog({ kind: 'convert', subscriptionId: trial.id });
      return;
    }
    if (query.couponId && active.length) {
      setDialog({ kind: 'coupon', couponId: query.couponId });
      return;
    }
    if (selection)
      setDialog(active.length ? { kind: 'upgrade', plan: selection } : { kind: 'choose', plan: selection });
  }, [data, plans, readOnly]); // eslint-disable-line react-hooks/exhaustive-deps

  /** Runs a change, closes the dialog, tells the user and loads everything again (a refusal stays in the dialog). */
  const change = async (body: Parameters<typeof subscriptionAction>[0], done: string) => {
    const r = await subscriptionAction(body);
    if (r.checkout?.url) return; // leaving for the checkout
    setDialog(null);
    pushMessage({ msg_type: 'success', msg: done });
    await load();
  };

  if (!session) return null;
  if (!tenant)
    return (
      <Callout intent="warning">
        Your account is not linked to an MSP account, so there is no subscription to show.
      </Callout>
    );

  return (
    <div className="lci-page lci-sub">
      <PageHeader
        title="Subscription"
        subtitle={`${tenant.name}${data ? ` · ${data.provider === 'stripe' ? 'Billed through Stripe' : 'Billed by Lifecycle'}` : ''}`}
        readOnly={readOnly}
      />
      {readOnly && (
        <Callout icon="lock" className="lci-sub-notice">
          Only your company administrators can change the subscription.
        </Callout>
      )}
      {!data && loading && <PageLoading what="your subscription" />}
      {error && (
        <PageLoadError
          title="The subscription could not be loaded"
          error={error}
          retry={() => void load()}
          busy={loading}
        />
      )}
      {query.returnedFrom && <ReturnNotice from={query.returnedFrom} />}
      {busy === 'payment' && query.updatePayment && (
        <div className="lci-row" role="status">
          <Spinner size={16} /> Opening the payment update…
        </div>
      )}
      {data && (
        <>
          <StatusSection data={data} />
          <PlansSection
            rows={rows}
            plans={plans}
            verbose={query.verbose}
            onConvertTrial={readOnly ? null : (id) => setDialog({ kind: 'convert', subscriptionId: id })}
          />
          {active.length > 0 ? (
            <UpgradeSection
              options={options}
              addCustomerSuccess={addCs}
              selectedId={dialog?.kind === 'upgrade' ? dialog.plan.stripe_plan_id : (selection?.stripe_plan_id ?? null)}
              readOnly={readOnly}
              onUpgrade={(plan) => setDialog({ kind: 'upgrade', plan })}
              onAddCustomerSuccess={(plan) => setDialog({ kind: 'addCs', plan })}
            />
          ) : (
            data.complimentary_modules.length === 0 && (
              <ChoosePlanSection
                plans={choosable}
                interval={interval}
                onInterval={setPeriod}
                selectedId={selection?.stripe_plan_id ?? null}
                showTrial={rows.length === 0}
                readOnly={readOnly}
                onChoose={(plan) => setDialog({ kind: 'choose', plan })}
              />
            )
          )}
          {admin && (
            <ManageSection
              hasCustomer={data.has_customer}
              hasActive={active.length > 0}
              canCancelPlans={active.length > 1}
              busy={busy}
              onUpdatePayment={() => void updatePayment()}
              onPortal={() => void portal()}
              onCoupon={() => setDialog({ kind: 'coupon', couponId: query.couponId ?? '' })}
              onEmail={() => setDialog({ kind: 'email' })}
              onCancelPlans={() => setDialog({ kind: 'cancelPlans' })}
              onCancel={() => setDialog({ kind: 'cancel', subscriptionId: subs.length === 1 ? subs[0].id : null })}
            />
          )}
          {admin && data.has_customer && (
            <>
              <UpcomingInvoice state={upcoming} />
              <InvoiceList state={invoices} />
            </>
          )}
        </>
      )}
      {dialog && data && (
        <ChangeDialog
          dialog={dialog}
          rows={rows}
          core={core}
          tenantName={tenant.name}
          onClose={() => setDialog(null)}
          change={change}
        />
      )}
    </div>
  );
}

const RETURN_TEXT = {
  checkout: {
    intent: 'success',
    text: 'Thank you: your payment details were confirmed. Your subscription is shown below.',
  },
  checkoutCanceled: {
    intent: 'warning',
    text: 'The checkout was cancelled: nothing was charged. Choose a plan when you are ready.',
  },
  paymentUpdated: { intent: 'success', text: 'Your payment method was updated.' },
} as const;

function ReturnNotice({ from }: { from: keyof typeof RETURN_TEXT }) {
  const t = RETURN_TEXT[from];
  return (
    <Callout intent={t.intent} className="lci-sub-notice" role="status">
      {t.text}
    </Callout>
  );
}

interface ChangeDialogProps {
  dialog: DialogState;
  rows: SubscriptionRow[];
  core: SubscriptionRow | null;
  tenantName: string;
  onClose(): void;
  change(body: Parameters<typeof subscriptionAction>[0], done: string): Promise<void>;
}

/** The confirmation of each change, saying what will happen. */
function ChangeDialog({ dialog, rows, core, tenantName, onClose, change }: ChangeDialogProps) {
  const f = useTenantFormat();
  const [text, setText] = useState(dialog.kind === 'coupon' ? dialog.couponId : '');
  const [picked, setPicked] = useState<string[]>([]);
  const activeList = activeRows(rows);
  switch (dialog.kind) {
    case 'upgrade': {
      const p = dialog.plan;
      return (
        <ConfirmDialog
          title={`Upgrade to ${p.product_name}`}
          icon="arrow-up"
          confirmText="Upgrade"
          onClose={onClose}
          onConfirm={() =>
            change(
              { action: 'update', planIds: optionPlanIds(p), subscriptionId: core?.stripe_subscription_id },
              `Your plan is now ${p.product_name}.`,
            )
          }
        >
          <p>
            {core ? (
              <>
                Your plan changes from <strong>{core.product_name}</strong> to{' '}
              </>
            ) : (
              'Your plan changes to '
            )}
            <strong>{p.product_name}</strong>: {priceDisplay(p).text}
            {priceDisplay(p).perMonthText ? ` (${priceDisplay(p).perMonthText})` : ''},{' '}
            {customerLimitText(p.limit_max_companies).toLowerCase()}.
          </p>
          {p.combined?.length ? (
            <p>
              vCIO and Customer Success move up together ({p.combined.map((c) => c.product_name).join(' and ')}); the
              price is their sum, without a trial.
            </p>
          ) : null}
          <p>
            The change applies now. The difference for the rest of the current period is prorated on your next invoice.
          </p>
        </ConfirmDialog>
      );
    }
    case 'addCs': {
      const p = dialog.plan;
      return (
        <ConfirmDialog
          title="Add Customer Success"
          icon="add"
          confirmText="Add Customer Success"
          onClose={onClose}
          onConfirm={() =>
            change(
              { action: 'addPlans', planIds: [p.stripe_plan_id] },
              `${p.product_name} was added to your subscription.`,
            )
          }
        >
          <p>
            Add <strong>{p.product_name}</strong> to your subscription: {priceDisplay(p).text},{' '}
            {customerLimitText(p.limit_max_companies).toLowerCase()}.
          </p>
          <p>
            Customer Success becomes available to your users with access to it; the cost appears on your next invoice (
            {trialText(p.plan_trial_days).toLowerCase()}).
          </p>
        </ConfirmDialog>
      );
    }
    case 'choose': {
      const p = dialog.plan;
      return (
        <ConfirmDialog
          title={`Subscribe to ${p.product_name}`}
          icon="shopping-cart"
          confirmText="Continue to payment"
          onClose={onClose}
          onConfirm={() =>
            change({ action: 'addPlans', planIds: [p.stripe_plan_id] }, `You are subscribed to ${p.product_name}.`)
          }
        >
          <p>
            {planLine(p)}.{' '}
            {p.plan_trial_days > 0 && rows.length === 0
              ? `It starts with a ${p.plan_trial_days}-day free trial.`
              : 'It is charged from today.'}
          </p>
          <p>
            You enter or confirm the payment details on the next page; the subscription starts when they are confirmed.
          </p>
        </ConfirmDialog>
      );
    }
    case 'convert':
      return (
        <ConfirmDialog
          title="Convert trial to paid"
          icon="credit-card"
          confirmText="End trial and pay now"
          onClose={onClose}
          onConfirm={() =>
            change(
              { action: 'convertTrialToPaid', subscriptionId: dialog.subscriptionId },
              'Your trial was converted to a paid subscription.',
            )
          }
        >
          <p>
            The trial ends now and the subscription becomes paid: the first invoice for your plans (
            {rows
              .filter((r) => r.stripe_subscription_id === dialog.subscriptionId)
              .map((r) => r.product_name)
              .join(', ')}
            ) is charged to your payment method today.
          </p>
          <p>Your plans and limits stay the same.</p>
        </ConfirmDialog>
      );
    case 'cancel': {
      const ends = activeList
        .map((r) => day(r.current_end_date))
        .filter(Boolean)
        .sort()
        .pop();
      return (
        <ConfirmDialog
          title="Cancel subscription"
          icon="cross-circle"
          intent="danger"
          confirmText="Cancel subscription"
          onClose={onClose}
          onConfirm={() =>
            change(
              { action: 'cancel', ...(dialog.subscriptionId ? { subscriptionId: dialog.subscriptionId } : {}) },
              'Your subscription was cancelled.',
            )
          }
        >
          <p>
            Cancel the subscription of <strong>{tenantName}</strong> ({activeList.map((r) => r.product_name).join(', ')}
            )?
          </p>
          <ul>
            <li>
              The subscription ends now{ends ? `, before the end of the paid period (${f.date(ends)})` : ''}, and no
              further invoices are issued.
            </li>
            <li>Your users can no longer use Lifecycle until a new plan is chosen on this page.</li>
            <li>Your companies, reports and settings are kept.</li>
          </ul>
        </ConfirmDialog>
      );
    }
    case 'cancelPlans': {
      const canPick = activeList.filter(
        (r, i, all) => all.findIndex((x) => x.stripe_plan_id === r.stripe_plan_id) === i,
      );
      const all = picked.length >= canPick.length;
      return (
        <ConfirmDialog
          title="Cancel plans"
          icon="remove"
          intent="warning"
          confirmText="Cancel selected plans"
          disabled={picked.length === 0 || all}
          onClose={onClose}
          onConfirm={() => change({ action: 'cancelPlans', planIds: picked }, 'The selected plans were cancelled.')}
        >
          <p>
            Choose the plans to remove from your subscription. Their modules are no longer available once removed; the
            rest of the subscription continues. Unused time is credited on the next invoice.
          </p>
          {canPick.map((r) => (
            <Checkbox
              key={r.stripe_plan_id}
              label={`${r.product_name} (${moduleLabel(r.module_moniker)})`}
              checked={picked.includes(r.stripe_plan_id)}
              onChange={() =>
                setPicked((p) =>
                  p.includes(r.stripe_plan_id) ? p.filter((x) => x !== r.stripe_plan_id) : [...p, r.stripe_plan_id],
                )
              }
            />
          ))}
          {all && <Callout intent="warning">To remove every plan, cancel the subscription instead.</Callout>}
        </ConfirmDialog>
      );
    }
    case 'coupon':
      return (
        <ConfirmDialog
          title="Apply coupon"
          icon="tag"
          confirmText="Apply coupon"
          disabled={!text.trim()}
          onClose={onClose}
          onConfirm={() => change({ action: 'addCoupon', couponId: text.trim() }, 'The coupon was applied.')}
        >
          <FormGroup label="Coupon code" labelFor="coupon-id" helperText="The discount applies to your next invoices.">
            <InputGroup
              id="coupon-id"
              autoFocus
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={100}
            />
          </FormGroup>
        </ConfirmDialog>
      );
    case 'email': {
      const err = emailError(text);
      return (
        <ConfirmDialog
          title="Update billing e-mail"
          icon="envelope"
          confirmText="Save e-mail"
          disabled={!!err}
          onClose={onClose}
          onConfirm={() => change({ action: 'updateEmail', email: text.trim() }, 'The billing e-mail was updated.')}
        >
          <FormGroup
            label="Billing e-mail"
            labelFor="billing-email"
            helperText={text && err ? err : 'Invoices and receipts are sent to this address.'}
            intent={text && err ? 'danger' : 'none'}
          >
            <InputGroup
              id="billing-email"
              type="email"
              autoFocus
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </FormGroup>
        </ConfirmDialog>
      );
    }
  }
}
