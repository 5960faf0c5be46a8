/**
 * Segment settings (customer-success.md section 3 "Segment settings", section 9 "Segment defaults"):
 * the value axis (a company's monthly value) and the effort axis (its effort score) each have a
 * minimum, a cut and a maximum; the two cuts split companies into four segments.
 */
import type { z } from 'zod';
import type { segmentSettings } from './api';

export const COLOR_BY = ['health', 'effort', 'segment'] as const;
export type ColorBy = (typeof COLOR_BY)[number];

/** The four segments, by quadrant. Their ids are the `segmentIds` of the Customer Success filters. */
export const SEGMENT_IDS = [1, 2, 3, 4] as const;
export type SegmentId = (typeof SEGMENT_IDS)[number];

/** The tenant's settings as TenantCsSegmentSettings answers them (shared/api.ts `segmentSettings`, which documents each field). */
export type SegmentSettings = z.infer<typeof segmentSettings>;
export type SegmentName = SegmentSettings['segmentNames'][number];

/** Segment 1..4: which side of each cut the segment lies on. */
export const SEGMENT_QUADRANTS: Record<SegmentId, { value: 'high' | 'low'; effort: 'high' | 'low' }> = {
  1: { value: 'high', effort: 'low' },
  2: { value: 'high', effort: 'high' },
  3: { value: 'low', effort: 'low' },
  4: { value: 'low', effort: 'high' },
};

export const DEFAULT_SEGMENT_NAMES: SegmentName[] = [
  { segmentId: 1, name: 'Ideal' },
  { segmentId: 2, name: 'High Maintenance' },
  { segmentId: 3, name: 'Growth' },
  { segmentId: 4, name: 'Review' },
];

export const DEFAULT_SEGMENT_SETTINGS: SegmentSettings = {
  colorBy: 'health',
  segAutoCalc: false,
  minSegValue: 0,
  cutSegValue: 500,
  maxSegValue: 1000,
  minSegEffort: 0,
  cutSegEffort: 50,
  maxSegEffort: 100,
  valueDesc: 'Monthly Value',
  effortDesc: 'Effort',
  segmentNames: DEFAULT_SEGMENT_NAMES,
  showValueSliders: true,
  showEffortSliders: true,
};

/** The name of a segment, falling back to the default name. */
export function segmentName(settings: Pick<SegmentSettings, 'segmentNames'>, id: SegmentId): string {
  return (
    settings.segmentNames.find((s) => s.segmentId === id)?.name ??
    DEFAULT_SEGMENT_NAMES.find((s) => s.segmentId === id)!.name
  );
}

/** Problems with the bounds, as field -> message; empty when min <= cut <= max and min < max on both axes. */
export function segmentBoundsErrors(
  s: Pick<
    SegmentSettings,
    'minSegValue' | 'cutSegValue' | 'maxSegValue' | 'minSegEffort' | 'cutSegEffort' | 'maxSegEffort'
  >,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const axis = (min: number, cut: number, max: number, names: [string, string, string], label: string) => {
    if (!(min < max)) errors[names[2]] = `The maximum ${label} must be greater than the minimum`;
    else if (cut < min) errors[names[1]] = `The ${label} cut must not be below the minimum`;
    else if (cut > max) errors[names[1]] = `The ${label} cut must not be above the maximum`;
  };
  axis(s.minSegValue, s.cutSegValue, s.maxSegValue, ['minSegValue', 'cutSegValue', 'maxSegValue'], 'value');
  axis(s.minSegEffort, s.cutSegEffort, s.maxSegEffort, ['minSegEffort', 'cutSegEffort', 'maxSegEffort'], 'effort');
  return errors;
}
