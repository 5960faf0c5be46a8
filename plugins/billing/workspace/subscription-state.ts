/**
 * The tenant's subscriptions as the workspace holds them (session data 'billing:subscriptions', loaded at
 * sign-in, section 4.1) and the plain rules the guard steps 13-15 and the /subscription page share.
 * Pure: no api, no DOM.
 */
import { coreCompanyLimit as coreLimitOf, hasActiveSubscription } from '../shared/status';
import { ACTIVE_STATUSES, type ModuleMoniker, type SubscriptionRow } from '../shared/types';

/** Session-data key (GuardInput.extra[SUBSCRIPTIONS_KEY]). */
export const SUBSCRIPTIONS_KEY = 'billing:subscriptions';

/** GET /v3/manager/tenant/:tenantId/subscriptions. */
export interface TenantSubscriptions {
  subscriptions: SubscriptionRow[];
  status_by_module: Partial<Record<ModuleMoniker, string>>;
  overall_status: string;
  complimentary_modules: string[];
  provider: 'stripe' | 'embedded';
  has_customer: boolean;
}

/** What the guard reads: the subscriptions plus, when there is no subscription at all, the recovery URL (absolute). */
export interface SubscriptionGuardData extends TenantSubscriptions {
  recoveryUrl: string | null;
}

export type ViolationType = 'userHasNoTenant' | 'noSubscription' | 'statusNotActive' | 'maxCompanies';
export const violationUrl = (t: ViolationType) => `/subscriptionViolation?violationType=${t}`;

export const isActiveStatus = (status: string | null | undefined) => !!status && ACTIVE_STATUSES.includes(status);
export const activeRows = (rows: readonly SubscriptionRow[]) =>
  rows.filter((r) => isActiveStatus(r.subscription_status));

/** Step 13: no subscription rows and no complimentary modules. */
export function hasNoSubscription(d: TenantSubscriptions): boolean {
  return d.subscriptions.length === 0 && d.complimentary_modules.length === 0;
}

/** Step 14: rows exist but none counts as active (and nothing is complimentary). */
export function hasNoActiveSubscription(d: TenantSubscriptions): boolean {
  return d.subscriptions.length > 0 && !hasActiveSubscription(d.subscriptions) && d.complimentary_modules.length === 0;
}

/**
 * Step 15: the Core plan's company maximum (the customer-count tier of section 9) against the active companies,
 * by the rule the API's write guard uses (shared/status.ts): the largest limit of the active Core rows, 0 = unlimited,
 * complimentary access has no limit. The active count is the live count of active companies when the workspace has
 * it (so adding or deactivating a company shows at once), else the server's module_active_companies.
 * null when there is nothing to check.
 */
export function coreCompanyLimit(
  d: TenantSubscriptions,
  liveActiveCompanies: number | null,
): { active: number; max: number } | null {
  if (d.complimentary_modules.length > 0) return null;
  const max = coreLimitOf(
    d.subscriptions.map((r) => ({ ...r, limit_max_companies: Number(r.limit_max_companies) || 0 })),
  );
  if (!max) return null;
  const core = activeRows(d.subscriptions).filter((r) => r.module_moniker === 'Core');
  const active = liveActiveCompanies ?? Math.max(0, ...core.map((r) => Number(r.module_active_companies) || 0));
  return { active, max };
}

/** Shape check of the session data (anything else is treated as not loaded). */
export function asSubscriptionData(v: unknown): SubscriptionGuardData | null {
  const d = v as SubscriptionGuardData | null | undefined;
  if (!d || typeof d !== 'object' || !Array.isArray(d.subscriptions)) return null;
  return {
    ...d,
    complimentary_modules: Array.isArray(d.complimentary_modules) ? d.complimentary_modules : [],
    recoveryUrl: d.recoveryUrl ?? null,
  };
}
