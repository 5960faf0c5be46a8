/**
 * Placeholder score of one metric (customer-success.md section 9): weight times value over max, rounded.
 * No score without a value, or when max is not positive (the division has no meaning).
 */
import { roundHalfAway } from './rounding';

export function placeholderScore(weight: number, value: number | null | undefined, max: number): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  if (!(max > 0) || !Number.isFinite(weight)) return null;
  return roundHalfAway((weight * value) / max);
}
