/**
 * The charge of a stack service for a company (customer-success.md sections 3 "Stack product", 9), by calcType with
 * the company's seats: adhoc -> NRR charge; perSeat -> NRR charge x seats; perSeatPerMonth -> MRR charge x seats;
 * perSeatPerYear -> MRR charge x seats / 12; perMonth -> MRR charge; perYear -> MRR charge / 12.
 * A service charges its active preferred products when it has any, else all its active products, else its default
 * charge estimate with its default calcType. Amounts are kept in whole cents (MRR in twelfths of a cent until
 * rounded) so sums stay exact and the database can compute the same numbers. Pure.
 */

import type { CalcType } from './stack-catalogue';

export type { CalcType };

interface ChargeSource {
  calcType: CalcType;
  chargeEstimate: number;
}
interface ChargeProduct extends ChargeSource {
  preferred: boolean;
  active: boolean;
}

/**
 * A service's charge before the seats are known: NRR in cents (fixed and per seat), MRR in twelfths of a cent
 * (fixed and per seat) so a yearly amount divides without loss.
 */
export interface ChargeBasis {
  nrrCents: number;
  nrrCentsPerSeat: number;
  mrrTwelfths: number;
  mrrTwelfthsPerSeat: number;
}

const ZERO_BASIS: ChargeBasis = Object.freeze({
  nrrCents: 0,
  nrrCentsPerSeat: 0,
  mrrTwelfths: 0,
  mrrTwelfthsPerSeat: 0,
});

/** An amount of money (2 decimals at most) in whole cents. */
export function toCents(amount: number): number {
  const r = Math.round(Number((Math.abs(amount) * 100).toPrecision(15)));
  return amount < 0 ? -r : r;
}

/** The products that make a service's charge: active preferred ones, else every active one (may be empty). */
export function chargingProducts<P extends ChargeProduct>(products: readonly P[]): P[] {
  const active = products.filter((p) => p.active);
  const preferred = active.filter((p) => p.preferred);
  return preferred.length ? preferred : active;
}

function add(b: ChargeBasis, s: ChargeSource): ChargeBasis {
  const c = toCents(s.chargeEstimate);
  switch (s.calcType) {
    case 'adhoc':
      return { ...b, nrrCents: b.nrrCents + c };
    case 'perSeat':
      return { ...b, nrrCentsPerSeat: b.nrrCentsPerSeat + c };
    case 'perSeatPerMonth':
      return { ...b, mrrTwelfthsPerSeat: b.mrrTwelfthsPerSeat + 12 * c };
    case 'perSeatPerYear':
      return { ...b, mrrTwelfthsPerSeat: b.mrrTwelfthsPerSeat + c };
    case 'perMonth':
      return { ...b, mrrTwelfths: b.mrrTwelfths + 12 * c };
    case 'perYear':
      return { ...b, mrrTwelfths: b.mrrTwelfths + c };
  }
}

/** The charge basis of a service from its products (see chargingProducts) or, without any, its defaults. */
export function chargeBasis(products: readonly ChargeProduct[], fallback: ChargeSource): ChargeBasis {
  const charging = chargingProducts(products);
  return (charging.length ? charging : [fallback]).reduce(add, { ...ZERO_BASIS });
}

/** Seats as charged: whole, never negative. */
export const seatCount = (seats: number) => Math.max(0, Math.floor(seats || 0));

/** A company's MRR in twelfths of a cent and NRR in cents for a service, with its seats (negative seats count 0). */
export function chargeUnits(b: ChargeBasis, seats: number): { mrrTwelfths: number; nrrCents: number } {
  const n = seatCount(seats);
  return { mrrTwelfths: b.mrrTwelfths + b.mrrTwelfthsPerSeat * n, nrrCents: b.nrrCents + b.nrrCentsPerSeat * n };
}
