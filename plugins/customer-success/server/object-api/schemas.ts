/** Shared zod pieces of the object API: params, the list query, filters and the action-dispatching body. */
import { z } from 'zod';
import type { CsFilters } from '../../shared/filter-rules';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const tenantParams = z.object({ tenantId: z.coerce.number().int().positive() });
export const objectParams = tenantParams.extend({ object: z.string().max(100) });
export const idParams = tenantParams.extend({ id });
/** Catch-all routes take any id text: an unknown object answers 404 whatever the id. */
export const objectIdParams = objectParams.extend({ id: z.string().max(100) });

/** tenantCompanyId: the company of a company-level object; activeFlag 0 lists the soft-deleted records. */
export const listQuery = z.object({
  tenantCompanyId: id.optional(),
  activeFlag: z.enum(['0', '1']).optional(),
});
export const writeQuery = z.object({ tenantCompanyId: id.optional() });

const ids = z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(10_000);
const codes = z.array(z.string().trim().min(1).max(40)).max(50);
export const filtersSchema = z.object({
  tenantAccountManagerIds: ids.optional(),
  tenantAccountGroupIds: ids.optional(),
  segmentIds: ids.optional(),
  tenantCompanyIds: ids.optional(),
  healthCodes: codes.optional(),
  effortCodes: codes.optional(),
  tenantCompanyGoalIds: ids.optional(),
}) satisfies z.ZodType<Partial<CsFilters>>;

export const filteredGetBody = z.object({
  action: z.literal('filteredGet'),
  filters: filtersSchema.optional(),
  tenantCompanyId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  activeFlag: z.union([z.literal(0), z.literal(1)]).optional(),
});

/**
 * Each schema's JSON Schema, made once: the schemas are module constants and every kernel start (a server, each
 * `lci` command) builds the routes again; converting them all cost ~65 ms a start.
 */
const jsonSchemas = new WeakMap<z.ZodType, unknown>();
const jsonSchemaOf = (s: z.ZodType) => {
  let json = jsonSchemas.get(s);
  if (json === undefined) {
    try {
      json = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });
    } catch {
      json = {};
    }
    jsonSchemas.set(s, json);
  }
  return json;
};

/**
 * A body that is one of several schemas, chosen by its `action` field (none: `plain`). The field errors are
 * those of the chosen schema, so a 400 names the fields at fault; OpenAPI shows every alternative.
 */
export function actionBody(actions: Record<string, z.ZodType>, plain: z.ZodType | null): z.ZodType {
  const names = Object.keys(actions);
  const alternatives = [...Object.values(actions), ...(plain ? [plain] : [])];
  return z
    .unknown()
    .transform((v, ctx) => {
      const action = v && typeof v === 'object' && !Array.isArray(v) ? (v as { action?: unknown }).action : undefined;
      let schema: z.ZodType | null;
      if (action !== undefined) {
        schema = typeof action === 'string' && Object.hasOwn(actions, action) ? actions[action] : null;
        if (!schema) {
          ctx.addIssue({
            code: 'custom',
            message: `Unknown action; expected one of: ${names.join(', ')}`,
            path: ['action'],
          });
          return z.NEVER;
        }
      } else {
        schema = plain;
        if (!schema) {
          ctx.addIssue({ code: 'custom', message: `Required: one of ${names.join(', ')}`, path: ['action'] });
          return z.NEVER;
        }
      }
      const r = schema.safeParse(v);
      if (!r.success) {
        for (const i of r.error.issues)
          ctx.addIssue({ code: 'custom', message: i.message, path: i.path as (string | number)[] });
        return z.NEVER;
      }
      return r.data;
    })
    .meta({ anyOf: alternatives.map(jsonSchemaOf) } as Record<string, unknown>);
}
