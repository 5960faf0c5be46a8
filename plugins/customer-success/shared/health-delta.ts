/**
 * Health delta (customer-success.md section 9): percent change of a score versus its previous value, rounded
 * to one decimal; green for up, red for down, grey for none.
 * "None" covers no previous value, no current value, and a change that rounds to 0.0. From a previous value
 * of 0 a percent cannot be computed: the direction still shows (percent null).
 */
import { roundHalfAway } from './rounding';

export type DeltaDirection = 'up' | 'down' | 'none';
export type DeltaColor = 'green' | 'red' | 'grey';
export interface HealthDelta {
  percent: number | null;
  direction: DeltaDirection;
  color: DeltaColor;
}

const COLORS: Record<DeltaDirection, DeltaColor> = { up: 'green', down: 'red', none: 'grey' };
const of = (percent: number | null, direction: DeltaDirection): HealthDelta => ({
  percent,
  direction,
  color: COLORS[direction],
});

export function healthDelta(current: number | null | undefined, previous: number | null | undefined): HealthDelta {
  if (current === null || current === undefined || previous === null || previous === undefined) return of(null, 'none');
  if (!Number.isFinite(current) || !Number.isFinite(previous)) return of(null, 'none');
  if (previous === 0) return current === 0 ? of(0, 'none') : of(null, current > 0 ? 'up' : 'down');
  const percent = roundHalfAway(((current - previous) / Math.abs(previous)) * 100, 1);
  return of(percent, percent > 0 ? 'up' : percent < 0 ? 'down' : 'none');
}

/** '+12.5%', '-3.0%', '0.0%', or '--' when there is no percent. */
export function formatDelta(d: HealthDelta): string {
  if (d.percent === null) return '--';
  return `${d.percent > 0 ? '+' : ''}${d.percent.toFixed(1)}%`;
}
