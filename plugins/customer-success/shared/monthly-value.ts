/**
 * A company's monthly value, the value axis of the segments (decision, README "Segments"): the sum over
 * its current contracts of the contract cost converted to a month by the billing cycle (the companies plugin's
 * cycles: Monthly 1, Quarterly 3, Semi-Annually 6, Annually 12, Multi-Year 36 months, the usual multi-year
 * term). A contract is current when its status is Active or not set (Pending is not signed yet; Expired and
 * Cancelled are over) and its end date is empty or not before the day of the calculation. One-time
 * contracts (and unknown cycles) add nothing: they are not recurring value.
 */

export interface ContractForValue {
  cost: number | string | null;
  billing_cycle: string | null;
  contract_status?: string | null;
  end_date?: string | null;
}

const NOT_CURRENT = new Set(['pending', 'terminated', 'cancelled', 'canceled', 'expired', 'inactive', 'closed']);

/** Months in one billing period; 0 for one-time or unknown cycles. */
export function monthsPerCycle(cycle: string | null | undefined): number {
  const c = (cycle ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  if (!c) return 0;
  if (['monthly', 'month', 'permonth', 'mo'].includes(c)) return 1;
  if (['bimonthly'].includes(c)) return 2;
  if (['quarterly', 'quarter', 'perquarter'].includes(c)) return 3;
  if (['semiannually', 'semiannual', 'halfyearly', 'biannually', 'biannual', 'sixmonths'].includes(c)) return 6;
  if (['annually', 'annual', 'yearly', 'year', 'peryear'].includes(c)) return 12;
  if (['biennially', 'biennial', 'twoyears', '2years'].includes(c)) return 24;
  if (['triennially', 'triennial', 'threeyears', '3years', 'multiyear'].includes(c)) return 36;
  return 0;
}

/** Cost as a number; strings lose their commas and currency signs. */
export function costNumber(cost: number | string | null | undefined): number {
  if (typeof cost === 'number') return Number.isFinite(cost) ? cost : 0;
  if (!cost) return 0;
  const n = Number(String(cost).replace(/[,$\s]/g, ''));
  return Number.isFinite(n) ? n : 0;
}

export function isCurrentContract(c: Pick<ContractForValue, 'contract_status' | 'end_date'>, today: string): boolean {
  if (c.contract_status && NOT_CURRENT.has(c.contract_status.trim().toLowerCase())) return false;
  if (c.end_date && c.end_date.slice(0, 10) < today) return false;
  return true;
}

export function contractMonthlyValue(c: ContractForValue): number {
  const months = monthsPerCycle(c.billing_cycle);
  return months === 0 ? 0 : costNumber(c.cost) / months;
}

/** The company's monthly value, rounded to cents. `today` is YYYY-MM-DD. */
export function monthlyValue(contracts: ContractForValue[], today: string): number {
  const sum = contracts.filter((c) => isCurrentContract(c, today)).reduce((acc, c) => acc + contractMonthlyValue(c), 0);
  return Math.round(sum * 100) / 100;
}
