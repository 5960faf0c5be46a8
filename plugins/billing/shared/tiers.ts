/**
 * Customer count tiers (platform.md section 9): 5, 25, 50, 100, 200. A plan of 999 or more customers
 * (NFR unlimited) has no upgrade options; neither has 0, which means an unlimited customer count.
 */
export const CUSTOMER_TIERS = [5, 25, 50, 100, 200] as const;
/** At or above this limit there is nothing to upgrade to. */
const NO_UPGRADE_LIMIT = 999;
/** limit_max_companies 0: an unlimited customer count. */
const UNLIMITED_LIMIT = 0;

export const isUnlimited = (limit: number): boolean => limit === UNLIMITED_LIMIT;

/** Whether a plan with this customer limit can be upgraded at all. */
export function canUpgrade(limit: number): boolean {
  return !isUnlimited(limit) && limit < NO_UPGRADE_LIMIT;
}

/** The tiers above a current limit (none at 999 or more, or unlimited). */
export function tiersAbove(limit: number): number[] {
  if (!canUpgrade(limit)) return [];
  return CUSTOMER_TIERS.filter((t) => t > limit);
}

/** The smallest tier that holds this many active customers; null when above every tier. */
export function tierFor(activeCompanies: number): number | null {
  return CUSTOMER_TIERS.find((t) => t >= activeCompanies) ?? null;
}

/** 'Unlimited customers', '1 customer' or 'Up to N customers'. */
export function customerLimitText(limit: number): string {
  if (isUnlimited(limit)) return 'Unlimited customers';
  if (limit === 1) return '1 customer';
  return `Up to ${limit} customers`;
}
