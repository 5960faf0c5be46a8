/**
 * The lifecycle rules of an asset (issue 17 part 1), pure and shared by the server and the browser. Dates are
 * calendar days as YYYY-MM-DD text (no time zone). The store's SQL (server/lifecycle-sql.ts) computes the same states
 * for filters and sorts; a test keeps the two in agreement.
 *
 * Rules, from the asset type's settings (the company's override, else the tenant's type; no type: every setting 0):
 * - Warranty: no expiry date -> 'unknown'; the expiry day is still covered, the day after it is 'expired'; an expiry
 *   within approaching_duration_in_months_warranty months of asOf (inclusive) -> 'expiring' (0: never expiring);
 *   else 'in_warranty'.
 * - Age: whole months from the purchase date to asOf (the largest n with purchase + n months <= asOf; a month added
 *   to the 31st ends on the last day of a shorter month); null without a purchase date; 0 for a future purchase.
 * - End of life: the asset's eol_date, else purchase date + default_life_in_months (0: none). On that day it is
 *   'reached'; within approaching_duration_in_months_eol months (inclusive) 'approaching'; else 'ok'; no date 'unknown'.
 * - Lifecycle state, one per asset for filters, by precedence (the first that holds):
 *   eol_reached > out_of_warranty > eol_approaching > warranty_expiring > unknown (no warranty and no EOL date known)
 *   > healthy.
 * - Replacement: due on the end-of-life date; costs the asset's cost, else the type's default_replacement_cost
 *   (null without a type).
 * - Due soon: the smallest window of 90, 120, 180 or 365 days from asOf that holds the due date; 'overdue' when the
 *   due date has passed or is today.
 * - asOf, when not asked for, is the tenant's today in its time zone (settings' tenantTodayOf), as for reports.
 *
 * The date arithmetic (addMonths, addDays, wholeMonthsBetween) is common/dates.ts: integer arithmetic on the
 * characters of the dates, because a page of the list computes it for every row (README "measured").
 */
import { addDays, addMonths, wholeMonthsBetween } from '../../../common/dates';

export const WARRANTY_STATES = ['in_warranty', 'expiring', 'expired', 'unknown'] as const;
export type WarrantyState = (typeof WARRANTY_STATES)[number];
export const EOL_STATES = ['ok', 'approaching', 'reached', 'unknown'] as const;
export type EolState = (typeof EOL_STATES)[number];
/** In precedence order (the first is the most urgent): the sort by lifecycle state follows it. */
export const LIFECYCLE_STATES = [
  'eol_reached',
  'out_of_warranty',
  'eol_approaching',
  'warranty_expiring',
  'unknown',
  'healthy',
] as const;
export type LifecycleState = (typeof LIFECYCLE_STATES)[number];
export const LIFECYCLE_LABELS: Record<LifecycleState, string> = {
  eol_reached: 'End of life reached',
  out_of_warranty: 'Out of warranty',
  eol_approaching: 'End of life approaching',
  warranty_expiring: 'Warranty expiring',
  unknown: 'Unknown',
  healthy: 'Healthy',
};
export const DUE_SOON_WINDOWS = [90, 120, 180, 365] as const;
export type DueSoonWindow = (typeof DUE_SOON_WINDOWS)[number];

/** The asset type's settings the rules read (companies' asset type fields). */
export interface LifecycleSettings {
  default_replacement_cost: number;
  default_life_in_months: number;
  approaching_duration_in_months_eol: number;
  approaching_duration_in_months_warranty: number;
}

/** The asset's fields the rules read. */
export interface LifecycleInput {
  purchase_date: string | null;
  warranty_expiry: string | null;
  eol_date: string | null;
  cost: number | null;
}

export interface Lifecycle {
  warranty_state: WarrantyState;
  age_months: number | null;
  /** The end-of-life date, which is the replacement due date. */
  replacement_due: string | null;
  eol_state: EolState;
  lifecycle_state: LifecycleState;
  replacement_cost: number | null;
  due_soon: DueSoonWindow | 'overdue' | null;
}

export function warrantyState(expiry: string | null, approachingMonths: number, asOf: string): WarrantyState {
  if (!expiry) return 'unknown';
  if (expiry < asOf) return 'expired';
  if (approachingMonths > 0 && expiry <= addMonths(asOf, approachingMonths)) return 'expiring';
  return 'in_warranty';
}

/** Whole months from the purchase date to asOf (0 for a future purchase); null without a purchase date. */
export function ageInMonths(purchase: string | null, asOf: string): number | null {
  return purchase ? wholeMonthsBetween(purchase, asOf) : null;
}

export function endOfLifeDate(
  a: Pick<LifecycleInput, 'eol_date' | 'purchase_date'>,
  lifeMonths: number,
): string | null {
  if (a.eol_date) return a.eol_date;
  if (a.purchase_date && lifeMonths > 0) return addMonths(a.purchase_date, lifeMonths);
  return null;
}

export function eolState(eol: string | null, approachingMonths: number, asOf: string): EolState {
  if (!eol) return 'unknown';
  if (eol <= asOf) return 'reached';
  if (approachingMonths > 0 && eol <= addMonths(asOf, approachingMonths)) return 'approaching';
  return 'ok';
}

export function lifecycleState(w: WarrantyState, e: EolState): LifecycleState {
  if (e === 'reached') return 'eol_reached';
  if (w === 'expired') return 'out_of_warranty';
  if (e === 'approaching') return 'eol_approaching';
  if (w === 'expiring') return 'warranty_expiring';
  if (w === 'unknown' && e === 'unknown') return 'unknown';
  return 'healthy';
}

export function replacementCost(cost: number | null, settings: LifecycleSettings | null): number | null {
  if (cost !== null) return cost;
  return settings ? settings.default_replacement_cost : null;
}

export function dueSoon(due: string | null, asOf: string): DueSoonWindow | 'overdue' | null {
  if (!due) return null;
  if (due <= asOf) return 'overdue';
  return DUE_SOON_WINDOWS.find((days) => due <= addDays(asOf, days)) ?? null;
}

/** The settings of an asset without a type: every setting 0. */
const NO_TYPE: LifecycleSettings = {
  default_replacement_cost: 0,
  default_life_in_months: 0,
  approaching_duration_in_months_eol: 0,
  approaching_duration_in_months_warranty: 0,
};

/** Every lifecycle field of an asset as of a day; `settings` null when the asset has no type. */
export function lifecycleOf(a: LifecycleInput, settings: LifecycleSettings | null, asOf: string): Lifecycle {
  const s = settings ?? NO_TYPE;
  const w = warrantyState(a.warranty_expiry, s.approaching_duration_in_months_warranty, asOf);
  const due = endOfLifeDate(a, s.default_life_in_months);
  const e = eolState(due, s.approaching_duration_in_months_eol, asOf);
  return {
    warranty_state: w,
    age_months: ageInMonths(a.purchase_date, asOf),
    replacement_due: due,
    eol_state: e,
    lifecycle_state: lifecycleState(w, e),
    replacement_cost: replacementCost(a.cost, settings),
    due_soon: dueSoon(due, asOf),
  };
}
