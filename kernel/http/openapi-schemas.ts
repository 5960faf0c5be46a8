/**
 * zod schemas as OpenAPI 3.1 schema objects, gathered under components/schemas.
 *
 * - Definitions zod emits in `$defs` (recursive or reused parts) become components, and
 *   their `#/$defs/...` references are rewritten to `#/components/schemas/...` (a `$defs`
 *   reference inside an operation would resolve against the document's root, where a
 *   standard validator or a client generator finds nothing).
 * - A request or response schema, or a part of one, larger than INLINE_LIMIT is a component
 *   too; the same schema (by content) used by many operations is stored once.
 * - A schema zod cannot convert is an error naming the route, never a silent `{}`.
 */
import crypto from 'node:crypto';
import { z } from 'zod';

/** Serialized size (characters) above which a body or reply schema becomes a shared component. */
const INLINE_LIMIT = 600;

type Json = Record<string, unknown>;

const pascal = (s: string): string =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

/** Replaces `#/$defs/<name>` references (anywhere in value) through the map; returns a new value. */
function rewriteRefs(value: unknown, refs: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, refs));
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value as Json)) {
    if (k === '$ref' && typeof v === 'string' && refs.has(v)) out[k] = refs.get(v);
    else out[k] = rewriteRefs(v, refs);
  }
  return out;
}

/** A JSON Schema object (not a map of property names, whose values are schemas). */
const isSchema = (o: Json): boolean =>
  typeof o.type === 'string' ||
  Array.isArray(o.type) ||
  Array.isArray(o.anyOf) ||
  Array.isArray(o.oneOf) ||
  Array.isArray(o.allOf);

export class SchemaComponents {
  readonly schemas: Record<string, Json> = {};
  private readonly byContent = new Map<string, string>();

  /** A component name from the hint that is not taken yet. */
  private freeName(hint: string): string {
    const base = pascal(hint) || 'Schema';
    let name = base;
    for (let i = 2; this.schemas[name]; i++) name = `${base}${i}`;
    return name;
  }

  /** Stores a schema once (by content) under a unique name from the hint; returns its reference. */
  private store(hint: string, schema: Json): { $ref: string } {
    const text = JSON.stringify(schema);
    const hash = crypto.createHash('sha1').update(text).digest('hex');
    let name = this.byContent.get(hash);
    if (!name) {
      name = this.freeName(hint);
      this.schemas[name] = schema;
      this.byContent.set(hash, name);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  /**
   * The OpenAPI form of a zod schema: `input` for what a caller sends, `output` for a reply.
   * `share`: a large schema becomes a component (bodies and replies; not parameters).
   */
  convert(schema: z.ZodType, io: 'input' | 'output', hint: string, where: string, share = true): Json {
    let json: Json;
    try {
      json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
    } catch (e) {
      throw new Error(
        `OpenAPI: the ${where} schema cannot be converted: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
    delete json.$schema;
    const defs = json.$defs as Record<string, Json> | undefined;
    delete json.$defs;
    if (defs) {
      // Definitions keep names of their own (they may refer to each other): reserve them all, then store each.
      const names = new Map<string, string>();
      for (const n of Object.keys(defs)) {
        const name = this.freeName(`${hint}${pascal(n)}`);
        this.schemas[name] = {};
        names.set(n, name);
      }
      const refs = new Map([...names].map(([n, name]) => [`#/$defs/${n}`, `#/components/schemas/${name}`]));
      for (const [n, name] of names) this.schemas[name] = rewriteRefs(defs[n], refs) as Json;
      json = rewriteRefs(json, refs) as Json;
    }
    return share ? (this.share(json, hint) as Json) : json;
  }

  /**
   * Bottom-up: every schema (the whole or a part) larger than INLINE_LIMIT becomes a component,
   * stored once by content, so a record that many replies carry is described once.
   */
  private share(node: unknown, hint: string): unknown {
    if (Array.isArray(node)) return node.map((v, i) => this.share(v, `${hint}${i}`));
    if (!node || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [k, v] of Object.entries(node as Json))
      out[k] = this.share(
        v,
        k === 'items' || k === 'anyOf' || k === 'oneOf' || k === 'properties' ? hint : `${hint}${pascal(k)}`,
      );
    return isSchema(out) && JSON.stringify(out).length > INLINE_LIMIT ? this.store(hint, out) : out;
  }
}
