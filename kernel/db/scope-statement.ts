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

/**
 * value: a function of the backend pid for values bound to the connection
 * (the tenant signature); such a setting is always per request, and the
 * statement then has a forConnection form (lean-pg.ts resolves it).
 */
export interface Setting {
  key: string;
  value: string | ((pid: number) => string);
  perRequest?: boolean;
}

const SAFE = /^[A-Za-z0-9_.-]*$/;
const shapes = new Map<string, { name: string; text: string }>();

function shapeOf(settings: Setting[]): { name: string; text: string } {
  const key = settings
    .map((s) => (s.perRequest || typeof s.value === 'function' ? `${s.key}=$` : `${s.key}=${s.value}`))
    .join('|');
  let shape = shapes.get(key);
  if (!shape) {
    let n = 0;
    for (const s of settings)
      if (!SAFE.test(s.key) || (!perRequest(s) && !SAFE.test(s.value as string)))
        throw new Error(`unsafe scope setting ${s.key}=${String(s.value)}`);
    const text = `select ${settings.map((s) => `set_config('${s.key}', ${perRequest(s) ? `$${++n}` : `'${s.value as string}'`}, true)`).join(', ')}`;
    shape = { name: `lci_scope_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 12)}`, text };
    shapes.set(key, shape);
  }
  return shape;
}

const perRequest = (s: Setting) => s.perRequest === true || typeof s.value === 'function';

function checked(key: string, value: string): string {
  if (!SAFE.test(value)) throw new Error(`unsafe scope setting ${key}=${value}`);
  return value;
}

function statement(
  name: string,
  text: string,
  settings: { key: string; value: string; perRequest: boolean }[],
): PrefixStatement {
  const values = settings.filter((s) => s.perRequest).map((s) => checked(s.key, s.value));
  return {
    name,
    text,
    values,
    get literal() {
      return `select ${settings.map((s) => `set_config('${s.key}', '${s.value}', true)`).join(', ')}`;
    },
  };
}

export function scopeStatement(settings: Setting[]): PrefixStatement {
  const { name, text } = shapeOf(settings);
  const fixed = settings.filter((s) => typeof s.value === 'string') as {
    key: string;
    value: string;
    perRequest?: boolean;
  }[];
  if (fixed.length === settings.length)
    return statement(
      name,
      text,
      fixed.map((s) => ({ ...s, perRequest: perRequest(s) })),
    );
  // A request keeps its connection: the statement for its pid is made once.
  let last: { pid: number; statement: PrefixStatement } | undefined;
  const at = (pid: number) => {
    if (last?.pid !== pid)
      last = {
        pid,
        statement: statement(
          name,
          text,
          settings.map((s) => ({
            key: s.key,
            value: typeof s.value === 'function' ? s.value(pid) : s.value,
            perRequest: perRequest(s),
          })),
        ),
      };
    return last.statement;
  };
  // Without a connection the statement cannot be sent: text only, for shape and name.
  return { name, text, forConnection: at };
}
