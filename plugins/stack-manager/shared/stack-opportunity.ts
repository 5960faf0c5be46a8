/**
 * Stack opportunity (customer-success.md sections 3 "Stack alignment item", 9): only applicable items not part of a
 * contract count. Decision (the spec gives no formula): the opportunity is the charge not yet realised,
 * charge x (1 - alignment weight): fully aligned nothing, partial half, other all of it; each amount is rounded to
 * cents once, from the exact charge. The total opportunity is MRR plus NRR. Pure.
 */
import { ALIGNMENT_WEIGHT_HALVES, divRound, type Alignment } from './stack-alignment';
import { chargeUnits, seatCount, type ChargeBasis } from './stack-opportunity-charge';

export interface ItemState {
  alignment: Alignment;
  applicable: boolean;
  partOfContract: boolean;
}

/** Share of the charge still open, in halves (fully 0, partial 1, other 2). */
const openHalves = (a: Alignment) => 2 - ALIGNMENT_WEIGHT_HALVES[a];

/** Whether an item counts toward the opportunity: applicable and not part of a contract. */
const countsForOpportunity = (i: Pick<ItemState, 'applicable' | 'partOfContract'>) => i.applicable && !i.partOfContract;

interface ItemMoneyCents {
  mrrChargeCents: number;
  nrrChargeCents: number;
  mrrOpportunityCents: number;
  nrrOpportunityCents: number;
}

/** Charges and opportunity of one item in cents (an item that does not count has no opportunity: 0). */
export function itemMoneyCents(i: ItemState, basis: ChargeBasis, seats: number): ItemMoneyCents {
  const u = chargeUnits(basis, seats);
  const h = countsForOpportunity(i) ? openHalves(i.alignment) : 0;
  return {
    mrrChargeCents: divRound(u.mrrTwelfths, 12),
    nrrChargeCents: u.nrrCents,
    mrrOpportunityCents: mrrOpportunityCents(i, basis, seats),
    nrrOpportunityCents: divRound(u.nrrCents * h, 2),
  };
}

/** The MRR opportunity of one item in cents (the matrix computes this for every cell: no allocation). */
export function mrrOpportunityCents(i: ItemState, basis: ChargeBasis, seats: number): number {
  if (!countsForOpportunity(i)) return 0;
  return divRound((basis.mrrTwelfths + basis.mrrTwelfthsPerSeat * seatCount(seats)) * openHalves(i.alignment), 24);
}

export const fromCents = (cents: number) => cents / 100;

interface ItemMoney {
  mrrCharge: number;
  nrrCharge: number;
  mrrOpportunity: number;
  nrrOpportunity: number;
}

/** The same in currency units. */
export function itemMoney(i: ItemState, basis: ChargeBasis, seats: number): ItemMoney {
  const c = itemMoneyCents(i, basis, seats);
  return {
    mrrCharge: fromCents(c.mrrChargeCents),
    nrrCharge: fromCents(c.nrrChargeCents),
    mrrOpportunity: fromCents(c.mrrOpportunityCents),
    nrrOpportunity: fromCents(c.nrrOpportunityCents),
  };
}

interface OpportunityTotals {
  mrrOpportunity: number;
  nrrOpportunity: number;
  totalOpportunity: number;
}

/** Sums of the items' opportunity (cents added, so no float drift); total = MRR + NRR. */
export function opportunityTotals(
  items: readonly Pick<ItemMoneyCents, 'mrrOpportunityCents' | 'nrrOpportunityCents'>[],
): OpportunityTotals {
  let m = 0;
  let n = 0;
  for (const i of items) {
    m += i.mrrOpportunityCents;
    n += i.nrrOpportunityCents;
  }
  return { mrrOpportunity: fromCents(m), nrrOpportunity: fromCents(n), totalOpportunity: fromCents(m + n) };
}
