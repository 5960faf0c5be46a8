/**
 * Guard steps 13-15 of platform.md 4.7, decided on the session data 'billing:subscriptions':
 *   13 no active subscription (no rows, nothing complimentary): the recovery URL (an open checkout) when there is one,
 *      else /subscription for tenant admins, else the violation noSubscription (also for users of another identity
 *      provider, who are told to sign out and in again);
 *   14 rows but none active: violation statusNotActive;
 *   15 active companies above the Core plan's maximum: violation maxCompanies (the exempt pages of 4.7 stay open).
 * Data not loaded (billing off, request failed) decides nothing. LCI admins are never sent away; the subscription
 * pages, /signOut and the internal areas stay reachable.
 */
import { isExternalProvider } from '../../../common/texts';
import { isInternalPath, maxCompaniesStep, type GuardInput, type GuardStep } from '../../../workspace/sdk';
import {
  asSubscriptionData,
  coreCompanyLimit,
  hasNoActiveSubscription,
  hasNoSubscription,
  SUBSCRIPTIONS_KEY,
  violationUrl,
  type SubscriptionGuardData,
} from './subscription-state';

export const SUBSCRIPTION_PAGE = '/subscription';
export const VIOLATION_PAGE = '/subscriptionViolation';
/** Reachable whatever the subscription says. */
const ALWAYS_REACHABLE = [SUBSCRIPTION_PAGE, VIOLATION_PAGE, '/signOut'];

function stays(i: GuardInput): boolean {
  const p = i.path.replace(/\/+$/, '').toLowerCase();
  return ALWAYS_REACHABLE.some((r) => p === r.toLowerCase()) || isInternalPath(i.path);
}

/** The subscription data when the step may decide; null otherwise. */
function judged(i: GuardInput): SubscriptionGuardData | null {
  if (!i.session?.tenant || i.session.user.isLciAdmin || stays(i)) return null;
  return asSubscriptionData(i.extra?.[SUBSCRIPTIONS_KEY]);
}

export const noSubscriptionStep: GuardStep = {
  step: 13,
  id: 'subscriptions:none',
  run: (i) => {
    const d = judged(i);
    if (!d || !hasNoSubscription(d)) return null;
    if (d.recoveryUrl) return { action: 'redirect', to: d.recoveryUrl };
    // A user of another identity provider is told the subscription was not found and to sign in again
    // (platform.md 8), admins too: theirs may not have been loaded yet.
    const user = i.session!.user;
    return {
      action: 'redirect',
      to:
        user.isTenantAdmin && !isExternalProvider(user.idProviderName)
          ? SUBSCRIPTION_PAGE
          : violationUrl('noSubscription'),
    };
  },
};

export const statusNotActiveStep: GuardStep = {
  step: 14,
  id: 'subscriptions:statusNotActive',
  run: (i) => {
    const d = judged(i);
    return d && hasNoActiveSubscription(d) ? { action: 'redirect', to: violationUrl('statusNotActive') } : null;
  },
};

const companyLimit = maxCompaniesStep((i) => {
  const d = judged(i);
  if (!d) return null;
  return coreCompanyLimit(d, i.companies ? i.companies.filter((c) => c.is_active).length : null);
});
export const maxCompaniesLimitStep: GuardStep = {
  ...companyLimit,
  run: (i) => (judged(i) ? companyLimit.run(i) : null),
};

export const subscriptionGuardSteps: GuardStep[] = [noSubscriptionStep, statusNotActiveStep, maxCompaniesLimitStep];
