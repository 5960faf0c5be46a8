/**
 * Subscription status rules of platform.md section 4.5, as pure functions over subscription rows:
 * active, trialing and past_due count as active module subscriptions; a status made of rows that differ
 * is 'Mixed'; a module without rows is 'no subscription'.
 */
import { ACTIVE_STATUSES, type ModuleMoniker } from './types';

export const BILLING_MODULES: readonly ModuleMoniker[] = ['Core', 'AIR', 'Customer Success'];
export const NO_SUBSCRIPTION = 'no subscription';
const MIXED = 'Mixed';
/** Statuses of subscriptions that are over (Stripe's terminal states). */
export const ENDED_STATUSES: readonly string[] = ['canceled', 'incomplete_expired'];

export interface StatusRow {
  module_moniker: ModuleMoniker;
  subscription_status: string;
  limit_max_companies?: number;
  addon_flag?: boolean;
}

export const isActiveStatus = (status: string): boolean => ACTIVE_STATUSES.includes(status);

/**
 * The rows that decide a module's status: once a module has a subscription that has not ended, the ended
 * subscriptions of that module (an earlier, cancelled one) no longer count.
 */
export function currentRows<R extends StatusRow>(rows: readonly R[]): R[] {
  const live = new Set(
    rows.filter((r) => !ENDED_STATUSES.includes(r.subscription_status)).map((r) => r.module_moniker),
  );
  return rows.filter((r) => !live.has(r.module_moniker) || !ENDED_STATUSES.includes(r.subscription_status));
}

/** One status for a set of statuses: none 'no subscription', all equal that status, otherwise 'Mixed'. */
export function combinedStatus(statuses: readonly string[]): string {
  if (!statuses.length) return NO_SUBSCRIPTION;
  return statuses.every((s) => s === statuses[0]) ? statuses[0] : MIXED;
}

/** Status of each module (Core, AIR, Customer Success), from its current rows. */
export function statusByModule(rows: readonly StatusRow[]): Record<ModuleMoniker, string> {
  const cur = currentRows(rows);
  const out = {} as Record<ModuleMoniker, string>;
  for (const m of BILLING_MODULES)
    out[m] = combinedStatus(cur.filter((r) => r.module_moniker === m).map((r) => r.subscription_status));
  return out;
}

/** Status over every current row: 'no subscription', one status, or 'Mixed'. */
export function overallStatus(rows: readonly StatusRow[]): string {
  return combinedStatus(currentRows(rows).map((r) => r.subscription_status));
}

/** Modules with at least one row whose status counts as active. */
export function activeModules(rows: readonly StatusRow[]): ModuleMoniker[] {
  return BILLING_MODULES.filter((m) =>
    rows.some((r) => r.module_moniker === m && isActiveStatus(r.subscription_status)),
  );
}

export const hasActiveSubscription = (rows: readonly StatusRow[]): boolean =>
  rows.some((r) => isActiveStatus(r.subscription_status));

/**
 * The company limit of the active Core subscription: the largest limit among its active Core plans
 * (0 = unlimited wins; add-ons, whose 0 means "no limit of their own", do not count); null when none is active.
 */
export function coreCompanyLimit(rows: readonly StatusRow[]): number | null {
  const limits = rows
    .filter((r) => r.module_moniker === 'Core' && !r.addon_flag && isActiveStatus(r.subscription_status))
    .map((r) => r.limit_max_companies ?? 0);
  if (!limits.length) return null;
  return limits.includes(0) ? 0 : Math.max(...limits);
}

export type Violation = 'noSubscription' | 'statusNotActive' | 'maxCompanies';

/**
 * The subscription violation of a tenant (guard steps 13-15), or null. Complimentary access (kernel module
 * grants) has none. maxCompanies: active companies above the Core limit (0 = unlimited).
 */
export function subscriptionViolation(input: {
  rows: readonly StatusRow[];
  complimentary: boolean;
  activeCompanies: number;
}): Violation | null {
  if (input.complimentary) return null;
  if (!input.rows.length) return 'noSubscription';
  if (!hasActiveSubscription(input.rows)) return 'statusNotActive';
  const limit = coreCompanyLimit(input.rows);
  if (limit !== null && limit > 0 && input.activeCompanies > limit) return 'maxCompanies';
  return null;
}
