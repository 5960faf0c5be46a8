/** Pieces of the pages' response schemas (replies as the client parses them: dates are ISO text). */
import { z } from 'zod';

export const when = z.string();
export const tenantRef = z.object({ tenant_id: z.number().int(), name: z.string() });
