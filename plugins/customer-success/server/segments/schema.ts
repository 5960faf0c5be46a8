/** Request bodies of the segment object types. */
import { z } from 'zod';
import { COLOR_BY, SEGMENT_IDS } from '../../shared/segment-settings';
import { filtersSchema } from '../object-api/schemas';

const bound = z.number({ error: 'Must be a number' }).finite().min(-1_000_000_000).max(1_000_000_000);
const text = (max: number) => z.string().trim().min(1, 'Required.').max(max, `Max ${max} characters`);

export const segmentSettingsBody = z.object({
  colorBy: z.enum(COLOR_BY, { error: `Must be one of ${COLOR_BY.join(', ')}` }).optional(),
  segAutoCalc: z.boolean().optional(),
  minSegValue: bound.optional(),
  cutSegValue: bound.optional(),
  maxSegValue: bound.optional(),
  minSegEffort: bound.optional(),
  cutSegEffort: bound.optional(),
  maxSegEffort: bound.optional(),
  valueDesc: text(60).optional(),
  effortDesc: text(60).optional(),
  segmentNames: z
    .array(
      z.object({
        segmentId: z.union(
          SEGMENT_IDS.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>],
          { error: 'Must be 1, 2, 3 or 4' },
        ),
        name: text(40),
      }),
    )
    .length(4, 'Name all four segments')
    .refine((a) => new Set(a.map((s) => s.segmentId)).size === 4, 'Each segment once')
    .optional(),
  showValueSliders: z.boolean().optional(),
  showEffortSliders: z.boolean().optional(),
  /** The version read (0 when none was stored yet); a stale one answers 409. */
  version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type SegmentSettingsBody = z.output<typeof segmentSettingsBody>;

/** Body of the refresh action and payload of the realtime function customerSegments. */
export const refreshBody = z.object({ filters: filtersSchema.optional() });
export const noBody = z.object({});
