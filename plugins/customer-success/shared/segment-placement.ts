/**
 * The placement rule (customer-success.md section 3, "Segment settings"; issue 5 part 5): a company's
 * segment is the quadrant of its value against the value cut and its effort against the effort cut.
 * A value or effort at the cut counts as high. Values outside min..max are clamped (they stay on their
 * side of the cut). A company without an effort score is placed at the minimum effort; one without
 * value at the minimum value (documented in the plugin README).
 */
import { SEGMENT_QUADRANTS, type SegmentId, type SegmentSettings } from './segment-settings';

export type SegmentBounds = Pick<
  SegmentSettings,
  'minSegValue' | 'cutSegValue' | 'maxSegValue' | 'minSegEffort' | 'cutSegEffort' | 'maxSegEffort'
>;

export const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

export function placeSegment(value: number | null, effort: number | null, b: SegmentBounds): SegmentId {
  const v = clamp(value ?? b.minSegValue, b.minSegValue, b.maxSegValue);
  const e = clamp(effort ?? b.minSegEffort, b.minSegEffort, b.maxSegEffort);
  const highValue = v >= b.cutSegValue;
  const highEffort = e >= b.cutSegEffort;
  const id = (Object.keys(SEGMENT_QUADRANTS).map(Number) as SegmentId[]).find(
    (k) =>
      (SEGMENT_QUADRANTS[k].value === 'high') === highValue && (SEGMENT_QUADRANTS[k].effort === 'high') === highEffort,
  );
  return id!;
}

export interface PlacementInput {
  tenantCompanyId: number;
  value: number | null;
  effort: number | null;
}
export interface Placement extends PlacementInput {
  segmentId: SegmentId;
}

export function placeCompanies(rows: PlacementInput[], b: SegmentBounds): Placement[] {
  return rows.map((r) => ({ ...r, segmentId: placeSegment(r.value, r.effort, b) }));
}
