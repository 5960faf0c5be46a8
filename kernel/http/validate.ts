/** Parses params, query and body with a route's zod schemas; failures name the fields. */
import { z } from 'zod';
import { MSG_NUL } from '../../common/texts';
import { badRequest, type FieldError } from './errors';

/** Query keys the workspace adds to GETs to defeat caches; accepted and ignored. */
export const CACHE_BUSTER_KEYS = ['_', 'cb'];

export function fieldErrors(where: 'params' | 'query' | 'body', error: z.ZodError): FieldError[] {
  return error.issues.map((i) => ({ path: [where, ...i.path.map(String)].join('.'), message: i.message }));
}

/** nulAllowed: dot paths (within this part) whose text may hold NUL because the handler refuses it itself, more precisely. */
export function parsePart<S extends z.ZodType | undefined>(
  where: 'params' | 'query' | 'body',
  schema: S,
  value: unknown,
  nulAllowed: readonly string[] = [],
): S extends z.ZodType ? z.output<S> : undefined {
  if (!schema) return undefined as never;
  const r = schema.safeParse(value);
  if (!r.success) {
    const fields = fieldErrors(where, r.error);
    throw badRequest(`Invalid ${where}: ${fields.map((f) => `${f.path} ${f.message}`).join('; ')}`, fields);
  }
  const nul = nulPath(r.data, [], nulAllowed);
  if (nul) {
    const fields = [{ path: [where, ...nul].join('.'), message: MSG_NUL }];
    throw badRequest(`Invalid ${where}: ${fields[0].path} ${MSG_NUL}`, fields);
  }
  return r.data as never;
}

/**
 * The path of the first string holding U+0000, or null. PostgreSQL cannot store NUL in text (the query fails),
 * so such input is refused here, for every route, as a 400 naming the field rather than a 500.
 */
export function nulPath(value: unknown, path: string[] = [], allowed: readonly string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') && !allowed.includes(path.join('.')) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = nulPath(value[i], [...path, String(i)], allowed);
      if (p) return p;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) return [...path, k];
      const p = nulPath(v, [...path, k], allowed);
      if (p) return p;
    }
  }
  return null;
}

export function stripCacheBuster(query: Record<string, unknown>): Record<string, unknown> {
  if (!CACHE_BUSTER_KEYS.some((k) => k in query)) return query;
  const out = { ...query };
  for (const k of CACHE_BUSTER_KEYS) delete out[k];
  return out;
}
