/**
 * The bodies of health and effort metric definitions as zod schemas, with their texts: the server's object types
 * (server/metrics/objects.ts) declare them and the Health/Effort Admin flyout checks the same schema before sending
 * (workspace/metrics/MetricDrawer.tsx), so both sides answer with one copy of each rule and text.
 * No Node or browser dependencies.
 */
import { z } from 'zod';
import { CALC_CODES } from './metric-calc-codes';

export const MSG_TEMPLATE_ID = 'A template id (a whole number), or empty for any template';

const activeFlag = z.union([z.literal(0), z.literal(1)]);

export const metricBody = z.object({
  name: z.string().trim().min(1, 'Required.').max(100, 'Max 100 characters'),
  calcCode: z.enum(CALC_CODES, { error: `Must be one of ${CALC_CODES.join(', ')}` }),
  weight: z.number({ error: 'Must be a number' }).gt(0, 'Must be greater than 0').max(1000, 'Must be at most 1000'),
  max: z
    .number({ error: 'Must be a number' })
    .gt(0, 'Must be greater than 0')
    .max(1_000_000_000, 'Must be at most 1000000000'),
  assessmentTemplateId: z
    .number({ error: MSG_TEMPLATE_ID })
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .nullable()
    .optional(),
  sort: z.number().int().min(0).max(100_000).optional(),
});
export type MetricBody = z.input<typeof metricBody>;

export const metricUpdateBody = metricBody
  .partial()
  .extend({ activeFlag: activeFlag.optional(), version: z.number({ error: 'Required.' }).int().min(1) });
