/**
 * Session data 'billing:subscriptions' (section 4.1: after sign-in the subscriptions are fetched): the tenant's
 * subscriptions and, when the tenant has none at all, the recovery URL of an unfinished checkout
 * (checktenantforrecoveryurl), for guard steps 13-15 and the subscription pages.
 */
import { api, type Session, type SessionDataDef } from '../../../workspace/sdk';
import {
  hasNoSubscription,
  SUBSCRIPTIONS_KEY,
  type SubscriptionGuardData,
  type TenantSubscriptions,
} from './subscription-state';

export const subscriptionsUrl = (tenantId: number) => `/v3/manager/tenant/${tenantId}/subscriptions`;

/** POST /v3/manager/account/signup checktenantforrecoveryurl -> the recovery URL made absolute, or null (also when the check fails). */
export async function fetchRecoveryUrl(tenantId: number): Promise<string | null> {
  try {
    // With the bearer token: the recovery URL is given to signed-in members of the tenant.
    const r = await api.post<{ recoveryUrl?: string | null; data?: { recoveryUrl?: string | null } }>(
      '/v3/manager/account/signup',
      { operation: 'checktenantforrecoveryurl', payload: { tenantId } },
    );
    const url = r?.recoveryUrl ?? r?.data?.recoveryUrl ?? null;
    return url ? new URL(url, window.location.origin).href : null;
  } catch (e) {
    console.warn('checktenantforrecoveryurl failed', e);
    return null;
  }
}

export async function loadSubscriptionData(s: Session): Promise<SubscriptionGuardData> {
  const tenantId = s.tenant!.tenantId;
  const d = await api.get<TenantSubscriptions>(subscriptionsUrl(tenantId));
  const recoveryUrl = hasNoSubscription(d) && !s.user.isLciAdmin ? await fetchRecoveryUrl(tenantId) : null;
  return { ...d, recoveryUrl };
}

export const subscriptionSessionData: SessionDataDef = { key: SUBSCRIPTIONS_KEY, load: loadSubscriptionData };
