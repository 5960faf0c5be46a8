/** Parses params, query and body with a route's zod schemas; failures name the fields. */
import { z } from 'zod';
import { badRequest, type FieldError } from './errors';

/** Query keys the workspace adds to GETs to defeat caches; accepted and ignored. */
export const CACHE_BUSTER_KEYS = ['_', 'cb'];

export function fieldErrors(where: 'params' | 'query' | 'body', error: z.ZodError): FieldError[] {
  return error.issues.map((i) => ({ path: [where, ...i.path.map(String)].join('.'), message: i.message }));
}

export function parsePart<S extends z.ZodType | undefined>(where: 'params' | 'query' | 'body', schema: S, value: unknown): S extends z.ZodType ? z.output<S> : undefined {
  if (!schema) return undefined as never;
  const r = schema.safeParse(value);
  if (!r.success) {
    const fields = fieldErrors(where, r.error);
    throw badRequest(`Invalid ${where}: ${fields.map((f) => `${f.path} ${f.message}`).join('; ')}`, fields);
  }
  return r.data as never;
}

export function stripCacheBuster(query: Record<string, unknown>): Record<string, unknown> {
  if (!CACHE_BUSTER_KEYS.some((k) => k in query)) return query;
  const out = { ...query };
  for (const k of CACHE_BUSTER_KEYS) delete out[k];
  return out;
}
