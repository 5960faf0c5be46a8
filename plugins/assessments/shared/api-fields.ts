/**
 * The zod pieces every part of the assessments API (shared/api.ts) builds on: ids, whole numbers, row versions,
 * query flags, dates, and the tenant of every route. Not part of the API itself (api.ts re-exports only tenantParams).
 */
import { z } from 'zod';

export const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const int = z.number().int();
export const bodyId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const rowVersion = z.number().int().positive().max(2_147_483_647);
export const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date yyyy-mm-dd');

export const tenantParams = z.object({ tenantId: id });
