/**
 * Automatic segment bounds (segAutoCalc): with automatic calculation on, each axis runs from the lowest
 * to the highest value found (rounded outward to a whole number) and is cut at the median, so half the
 * companies fall on each side. Companies without a value on an axis are left out of that axis. With no
 * data (or one distinct value) an axis keeps its current bounds.
 */
import type { SegmentBounds } from './segment-placement';

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function axis(xs: (number | null)[], current: [number, number, number]): [number, number, number] {
  const vals = xs.filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
  if (vals.length === 0) return current;
  const min = Math.floor(Math.min(...vals));
  const max = Math.ceil(Math.max(...vals));
  if (min === max) return current;
  return [min, Math.round(median(vals) * 100) / 100, max];
}

export function autoCalcBounds(
  rows: { value: number | null; effort: number | null }[],
  current: SegmentBounds,
): SegmentBounds {
  const [minSegValue, cutSegValue, maxSegValue] = axis(
    rows.map((r) => r.value),
    [current.minSegValue, current.cutSegValue, current.maxSegValue],
  );
  const [minSegEffort, cutSegEffort, maxSegEffort] = axis(
    rows.map((r) => r.effort),
    [current.minSegEffort, current.cutSegEffort, current.maxSegEffort],
  );
  return { minSegValue, cutSegValue, maxSegValue, minSegEffort, cutSegEffort, maxSegEffort };
}
