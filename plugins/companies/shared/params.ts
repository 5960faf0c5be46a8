/** Path parameters shared by the company routes. */
import { z } from 'zod';

export const id = z.coerce.number().int().positive();
export const tenantParams = z.object({ tenantId: id });
export const companyParams = tenantParams.extend({ tenantCompanyId: id });
/** A positive id in a JSON body (never a string). */
export const bodyId = z.number().int().positive();
