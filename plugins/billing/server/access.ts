/**
 * What billing registers into the kernel's extension points: the modules a tenant's active subscriptions give,
 * the subscription status, and the write guard that refuses tenant writes on a subscription violation (guard
 * steps 13-15 of platform.md section 4.7). The sign-up operations call recoveryUrl and hasSubscription directly.
 *
 * Complimentary access: a tenant with a kernel module grant (tenant_module_grants, any source: `lci tenant
 * create`, the demo seed, tests) of a subscription module (Core, AIR or Customer Success) counts as subscribed,
 * without a company limit. Grants of other modules (a signed-up tenant gets Assessment and Admin) do not.
 */
import {
  activeCompaniesPoint,
  companyLimitPoint,
  contribute,
  subscriptionStatusPoint,
  tenantModulesPoint,
  writeGuardPoint,
  type Contribution,
  type Kernel,
  type ModuleName,
  type Trx,
} from '../../../kernel/index';
import {
  activeModules,
  BILLING_MODULES,
  hasActiveSubscription,
  coreCompanyLimit,
  NO_SUBSCRIPTION,
  overallStatus,
  subscriptionViolation,
  type Violation,
} from '../shared/status';
import { isMaxCompaniesExempt } from '../../../common/max-companies-exempt';
import type { PlanFacts } from './plans';
import { loadSubscriptionRows, openCheckoutSessions } from './state';

const PAYMENT_REQUIRED = 402;

async function isComplimentary(trx: Trx, tenantId: number): Promise<boolean> {
  const grant = await trx('tenant_module_grants')
    .where({ tenant_id: tenantId })
    .whereIn('module', BILLING_MODULES as string[])
    .where((w) => w.whereNull('expires_at').orWhere('expires_at', '>', trx.fn.now()))
    .first('module');
  return !!grant;
}

/** The billing modules the tenant holds by an unexpired kernel module grant (complimentary access). */
export async function grantedBillingModules(trx: Trx, tenantId: number): Promise<string[]> {
  return trx('tenant_module_grants')
    .where({ tenant_id: tenantId })
    .whereIn('module', BILLING_MODULES as string[])
    .where((w) => w.whereNull('expires_at').orWhere('expires_at', '>', trx.fn.now()))
    .pluck('module');
}

/** Active companies of the tenant, from every source registered at kernel.activeCompanies (de-duplicated). */
export async function activeCompanyCount(
  k: Pick<Kernel, 'extensions'>,
  trx: Trx,
  tenantId: number,
  module?: ModuleName,
): Promise<number> {
  const ids = new Set<number>();
  for (const source of k.extensions(activeCompaniesPoint)) {
    for (const c of await source(trx, tenantId, 'all', module)) ids.add(Number(c.tenant_company_id));
  }
  return ids.size;
}

function violationMessage(v: Violation, detail: { status?: string; limit?: number; active?: number }): string {
  if (v === 'noSubscription')
    return 'Your organisation has no subscription. Choose a plan on the Subscription page to make changes.';
  if (v === 'statusNotActive')
    return `Your subscription is not active (status: ${detail.status ?? 'unknown'}). Update it on the Subscription page to make changes.`;
  return `Your plan allows ${detail.limit} active customers and you have ${detail.active}. Deactivate customers or upgrade your plan on the Subscription page to make changes.`;
}

const isExemptPage = (page: string | undefined) => !!page && isMaxCompaniesExempt(page);

async function tenantModules(plans: PlanFacts, trx: Trx, tenantId: number): Promise<ModuleName[]> {
  return activeModules(await loadSubscriptionRows(plans, trx, tenantId));
}

export async function recoveryUrl(plans: PlanFacts, trx: Trx, tenantId: number): Promise<string | null> {
  if (hasActiveSubscription(await loadSubscriptionRows(plans, trx, tenantId))) return null;
  return (await openCheckoutSessions(trx, tenantId, 'subscription'))[0]?.url ?? null;
}

/** For the internal admin summary: the overall status (one status, or 'Mixed'), 'complimentary', or null without one. */
async function subscriptionStatus(plans: PlanFacts, trx: Trx, tenantId: number): Promise<string | null> {
  if (await isComplimentary(trx, tenantId)) return 'complimentary';
  const status = overallStatus(await loadSubscriptionRows(plans, trx, tenantId));
  return status === NO_SUBSCRIPTION ? null : status;
}

export async function hasSubscription(trx: Trx, tenantId: number): Promise<boolean> {
  if (await isComplimentary(trx, tenantId)) return true;
  return !!(await trx('billing_subscriptions').where({ tenant_id: tenantId }).first('stripe_subscription_id'));
}

/** The Core plan's maximum of active companies; null without one (0 = unlimited, complimentary access). */
async function companyLimit(plans: PlanFacts, trx: Trx, tenantId: number): Promise<number | null> {
  if (await isComplimentary(trx, tenantId)) return null;
  const limit = coreCompanyLimit(await loadSubscriptionRows(plans, trx, tenantId));
  return limit !== null && limit > 0 ? limit : null;
}

/** Refuses tenant writes on a subscription violation (guard steps 13-15); billing's own routes pass. */
function writeGuard(k: Pick<Kernel, 'extensions'>, plans: PlanFacts) {
  return async (trx: Trx, tenantId: number, route: { owner: string; page?: string }) => {
    if (route.owner === 'billing') return null;
    if (await isComplimentary(trx, tenantId)) return null;
    const rows = await loadSubscriptionRows(plans, trx, tenantId);
    const limit = coreCompanyLimit(rows);
    const active = limit !== null && limit > 0 ? await activeCompanyCount(k, trx, tenantId) : 0;
    const v = subscriptionViolation({ rows, complimentary: false, activeCompanies: active });
    if (!v || (v === 'maxCompanies' && isExemptPage(route.page))) return null;
    const status = rows.find((r) => !hasActiveSubscription([r]))?.subscription_status;
    return {
      status: PAYMENT_REQUIRED,
      code: v,
      message: violationMessage(v, { status, limit: limit ?? undefined, active }),
    };
  };
}

/** Billing's registrations into the kernel's extension points (plan facts: the kernel's billing instance's). */
export function billingContributions(k: Pick<Kernel, 'extensions'>, plans: PlanFacts): Contribution[] {
  return [
    contribute(tenantModulesPoint, (trx, tenantId) => tenantModules(plans, trx, tenantId)),
    contribute(subscriptionStatusPoint, (trx, tenantId) => subscriptionStatus(plans, trx, tenantId)),
    contribute(writeGuardPoint, writeGuard(k, plans)),
    contribute(companyLimitPoint, (trx, tenantId) => companyLimit(plans, trx, tenantId)),
  ];
}
