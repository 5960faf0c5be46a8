/** Reply schemas of the kernel's feature-flag routes (GET/PUT/DELETE /v3/tenant/:tenantId/flags). */
import { z } from 'zod';

const flagValues = z.record(z.string(), z.boolean());
export const flagsAnswer = z.object({ flags: flagValues });
export const flagSetAnswer = z.object({
  key: z.string(),
  value: z.boolean(),
  userId: z.number().int().nullable(),
  flags: flagValues,
});
export const flagUnsetAnswer = z.object({ key: z.string(), removed: z.boolean() });
