/**
 * A company's overall health (or effort) score, 0..100, from its metrics (decision, the spec is silent):
 * the share of the total weight the company earns, each metric earning weight x value / max with its value
 * held within 0..max (a metric never earns more than its weight), rounded.
 * Metrics without a value (no data yet) and metrics with a weight or max that is not positive leave the
 * total; with none left there is no score (null), so missing data never looks like a bad score.
 * When the weights add up to 100 and every value is within 0..max, this equals the sum of the placeholder scores.
 */
import { roundHalfAway } from './rounding';

export interface MetricInput {
  weight: number;
  max: number;
  value: number | null | undefined;
}

export function overallScore(metrics: readonly MetricInput[]): number | null {
  let earned = 0;
  let total = 0;
  for (const m of metrics) {
    if (m.value === null || m.value === undefined || !Number.isFinite(m.value)) continue;
    if (!(m.weight > 0) || !(m.max > 0)) continue;
    const share = Math.min(Math.max(m.value, 0), m.max) / m.max;
    earned += m.weight * share;
    total += m.weight;
  }
  if (total === 0) return null;
  return roundHalfAway((earned / total) * 100);
}
