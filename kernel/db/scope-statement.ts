/**
 * The statement that scopes work: transaction-local settings (role, tenant,
 * user, read-only). Settings that vary per request are parameters, so the
 * statement text is one of a handful (built once per shape) and is prepared
 * once per connection; its literal form (values inlined, built only when
 * asked for) serves the simple protocol and PGlite. Values are ids and
 * constants only: anything else is refused.
 */
import crypto from 'node:crypto';
import type { PrefixStatement } from './scoped-query';

export interface Setting { key: string; value: string; perRequest?: boolean }

const SAFE = /^[A-Za-z0-9_.-]*$/;
const shapes = new Map<string, { name: string; text: string }>();

function shapeOf(settings: Setting[]): { name: string; text: string } {
  const key = settings.map((s) => (s.perRequest ? `${s.key}=$` : `${s.key}=${s.value}`)).join('|');
  let shape = shapes.get(key);
  if (!shape) {
    let n = 0;
    for (const s of settings) if (!SAFE.test(s.key) || (!s.perRequest && !SAFE.test(s.value))) throw new Error(`unsafe scope setting ${s.key}=${s.value}`);
    const text = `select ${settings.map((s) => `set_config('${s.key}', ${s.perRequest ? `$${++n}` : `'${s.value}'`}, true)`).join(', ')}`;
    shape = { name: `lci_scope_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 12)}`, text };
    shapes.set(key, shape);
  }
  return shape;
}

export function scopeStatement(settings: Setting[]): PrefixStatement {
  const { name, text } = shapeOf(settings);
  const values: string[] = [];
  for (const s of settings) {
    if (!s.perRequest) continue;
    if (!SAFE.test(s.value)) throw new Error(`unsafe scope setting ${s.key}=${s.value}`);
    values.push(s.value);
  }
  return {
    name, text, values,
    get literal() { return `select ${settings.map((s) => `set_config('${s.key}', '${s.value}', true)`).join(', ')}`; },
  };
}
