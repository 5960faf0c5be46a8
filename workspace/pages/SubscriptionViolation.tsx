/**
 * /subscriptionViolation?violationType=userHasNoTenant|noSubscription|statusNotActive|maxCompanies (platform.md 4.7
 * steps 12-15, section 8): what is wrong, in plain words, and the way out. Tenant admins get the actions that fix it;
 * other users are told to ask their administrator. Unknown types get a generic explanation.
 */
import { Button, Callout, Card, Icon, type IconName, type Intent } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useSearch } from 'wouter';
import { navigate } from '../nav';
import { companiesAtom, sessionAtom } from '../state/atoms';
import type { Session } from '../types';
import { isExternalProvider, MSG_EXTERNAL_NO_SUBSCRIPTION } from '../../common/texts';
import './subscription-violation.css';

interface Explanation {
  icon: IconName;
  intent: Intent;
  title: string;
  body: ReactNode;
  /** Buttons: the first is the main way out. */
  actions: { text: string; to: string; icon: IconName }[];
}

function explain(type: string | null, s: Session | null, activeCompanies: number | null): Explanation {
  const admin = !!s && (s.user.isTenantAdmin || s.user.isLciAdmin);
  const tenant = s?.tenant?.name ?? 'your company';
  const askAdmin = (
    <p>Please contact the administrator of {tenant} in Lifecycle; they can fix this on the Subscription page.</p>
  );
  switch (type) {
    case 'userHasNoTenant':
      return {
        icon: 'office',
        intent: 'warning',
        title: 'Your account is not linked to an MSP account',
        body: (
          <>
            <p>
              You are signed in as {s?.user.username ?? 'this user'}, but this account does not belong to any MSP
              account (tenant) in Lifecycle yet.
            </p>
            <p>
              If your company already uses Lifecycle, ask its administrator to invite you (the invitation e-mail links
              your account). To register your company yourself, sign out and choose <strong>Sign up</strong> on the
              sign-in page.
            </p>
          </>
        ),
        actions: [],
      };
    case 'noSubscription':
      if (isExternalProvider(s?.user.idProviderName))
        return {
          icon: 'shopping-cart',
          intent: 'warning',
          title: 'Subscription not found',
          body: <p>{MSG_EXTERNAL_NO_SUBSCRIPTION}</p>,
          actions: [
            { text: 'Sign out', to: '/signOut', icon: 'log-out' },
            ...(admin ? [{ text: 'Choose a plan', to: '/subscription', icon: 'shopping-cart' as IconName }] : []),
          ],
        };
      return {
        icon: 'shopping-cart',
        intent: 'warning',
        title: `${tenant} has no subscription`,
        body: admin ? (
          <p>
            There is no active subscription for {tenant}. Choose a plan to start using Lifecycle; plans with a trial
            start without a charge.
          </p>
        ) : (
          <>
            <p>There is no active subscription for {tenant}, so Lifecycle cannot be used yet.</p>
            {askAdmin}
          </>
        ),
        actions: admin ? [{ text: 'Choose a plan', to: '/subscription', icon: 'shopping-cart' }] : [],
      };
    case 'statusNotActive':
      return {
        icon: 'credit-card',
        intent: 'danger',
        title: 'Your subscription is not active',
        body: admin ? (
          <p>
            The subscription of {tenant} is no longer active: a payment did not go through, or the subscription was
            cancelled or has ended. Update the payment method to reactivate it, or choose a new plan.
          </p>
        ) : (
          <>
            <p>The subscription of {tenant} is no longer active (for example a payment did not go through).</p>
            {askAdmin}
          </>
        ),
        actions: admin
          ? [
              { text: 'Update payment method', to: '/subscription?updatePayment=true', icon: 'credit-card' },
              { text: 'View subscription', to: '/subscription', icon: 'document' },
            ]
          : [],
      };
    case 'maxCompanies':
      return {
        icon: 'office',
        intent: 'warning',
        title: 'More active companies than your plan allows',
        body: (
          <>
            <p>
              {tenant} has {activeCompanies ?? 'more'} active client companies{activeCompanies !== null ? ',' : ''} more
              than the customer limit of its plan.
            </p>
            <p>
              {admin
                ? 'Deactivate companies you no longer manage, or upgrade to a plan with more customers. The Companies page stays open meanwhile.'
                : 'Deactivate companies you no longer manage on the Companies page if you may, or ask your administrator to upgrade the plan.'}
            </p>
          </>
        ),
        actions: [
          { text: 'Manage companies', to: '/datamanagercompanies', icon: 'office' },
          ...(admin ? [{ text: 'Upgrade plan', to: '/subscription', icon: 'arrow-up' as IconName }] : []),
        ],
      };
    default:
      return {
        icon: 'warning-sign',
        intent: 'warning',
        title: 'There is a problem with your subscription',
        body: admin ? (
          <p>
            Lifecycle cannot be used with the current subscription of {tenant}. Check the subscription for its status
            and the way to resolve it.
          </p>
        ) : (
          <>
            <p>Lifecycle cannot be used with the current subscription of {tenant}.</p>
            {askAdmin}
          </>
        ),
        actions: admin ? [{ text: 'View subscription', to: '/subscription', icon: 'document' }] : [],
      };
  }
}

export default function SubscriptionViolation() {
  const session = useAtomValue(sessionAtom);
  const companies = useAtomValue(companiesAtom);
  const type = new URLSearchParams(useSearch()).get('violationType');
  const active = companies ? companies.filter((c) => c.is_active).length : null;
  const e = explain(type, session, active);
  return (
    <div className="lci-page lci-violation">
      <Card elevation={1} role="region" aria-labelledby="violation-title">
        <div className="lci-violation-head">
          <Icon icon={e.icon} intent={e.intent} size={28} />
          <h1 id="violation-title" className="bp6-heading">
            {e.title}
          </h1>
        </div>
        <Callout intent={e.intent} icon={null} data-testid="violation-explanation">
          {e.body}
        </Callout>
        <div className="lci-row lci-space-top">
          {e.actions.map((a, n) => (
            <Button
              key={a.to}
              intent={n === 0 ? 'primary' : 'none'}
              icon={a.icon}
              text={a.text}
              onClick={() => void navigate(a.to)}
            />
          ))}
          <Button variant="outlined" icon="log-out" text="Log out" onClick={() => void navigate('/signOut')} />
        </div>
      </Card>
    </div>
  );
}
