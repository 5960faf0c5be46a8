/**
 * Helpers for suites that walk every registered route (isolation probe,
 * fuzzer): path parameters, JSON schemas of a route's zod schemas, and sample
 * values that follow a schema.
 */
import { z } from 'zod';
import type { RegisteredRoute } from '../../kernel/http/route-spec';
import type { Kernel } from '../../kernel/kernel';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  minItems?: number;
};

export const pathParams = (path: string): string[] => [...path.matchAll(/:([A-Za-z0-9_]+)\+?/g)].map((m) => m[1]);

/** encodeURIComponent that survives lone surrogates (sent as U+FFFD). */
export function encodeSegment(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z0-9_]+)\+?/g, (_, name: string) => encodeSegment(String(values[name] ?? '')));
}

export const snake = (s: string): string => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
export const isIdKey = (key: string): boolean => /(^id$|_id$|Id$|_ids$|Ids$)/.test(key);

export function jsonSchema(s: z.ZodType | undefined): JsonSchema | undefined {
  if (!s) return undefined;
  try {
    return z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

export const routeLabel = (r: RegisteredRoute): string => `${r.method.toUpperCase()} ${r.path}`;

/** Every route, sorted, with the routes the walk cannot call over HTTP left out (none today). */
export function allRoutes(k: Kernel): RegisteredRoute[] {
  return [...k.routes.routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** apiinvoke function names registered by plugins (the :function parameter of the apiinvoke route). */
export function realtimeFunctionNames(k: Kernel): string[] {
  return k.plugins.flatMap((p) => Object.keys(p.realtime ?? {})).sort();
}

export interface SampleHints {
  /** Value for a key (by name); undefined falls back to the schema. */
  value?(key: string, schema: JsonSchema): unknown;
  text?: string;
}

/** A value that follows the JSON schema (valid as far as the schema tells), with hints for ids and texts. */
export function sample(schema: JsonSchema | undefined, hints: SampleHints = {}, key = '', depth = 0): unknown {
  if (!schema || depth > 6) return undefined;
  const hinted = key ? hints.value?.(key, schema) : undefined;
  if (hinted !== undefined) return hinted;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sample(alt.find((s) => s.type !== 'null') ?? alt[0], hints, key, depth + 1);
  if (schema.allOf?.length) return sample(Object.assign({}, ...schema.allOf), hints, key, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {})) {
        const v = sample(s, hints, k, depth + 1);
        if (v !== undefined) out[k] = v;
      }
      return out;
    }
    case 'array': {
      const v = sample(schema.items, hints, key, depth + 1);
      return v === undefined ? [] : Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => v);
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.max(min, Math.min(schema.maximum ?? 1, 1));
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string': {
      if (schema.format === 'email') return 'probe@example.com';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'date') return '2024-01-01';
      if (schema.format === 'date-time') return '2024-01-01T00:00:00.000Z';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/probe';
      const base = hints.text ?? 'probe';
      const min = schema.minLength ?? 1;
      const s = base.length >= min ? base : base.padEnd(min, 'x');
      return schema.maxLength !== undefined ? s.slice(0, schema.maxLength) : s;
    }
    default:
      return hints.text ?? 'probe';
  }
}

/** Top-level enum properties of an object schema with their values (one call per value covers e.g. every operation). */
export function enumVariants(schema: JsonSchema | undefined, max = 16): Record<string, unknown>[] {
  const props = schema?.properties ?? {};
  const out: Record<string, unknown>[] = [];
  for (const [key, s] of Object.entries(props)) {
    const values = s.enum ?? (s.anyOf ?? s.oneOf)?.flatMap((a) => a.enum ?? (a.const !== undefined ? [a.const] : []));
    if (values && values.length > 1) for (const v of values.slice(0, max)) out.push({ [key]: v });
  }
  return out;
}
