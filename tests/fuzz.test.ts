/**
 * Input fuzzer: fast-check sends malformed params, queries and bodies to EVERY
 * registered route (routes added later are covered without edits) as a signed-in
 * tenant admin (an internal admin for internal routes). Every answer must be
 * below 500 and, when 4xx, the one JSON error shape; and no request that the
 * route's schemas refuse may change any data (snapshot of every tenant table
 * after each route). Bounded: FUZZ_RUNS requests per route (default 20).
 */
import fc from 'fast-check';
import type { z } from 'zod';
import type { RegisteredRoute } from '../kernel/http/route-spec';
import { CACHE_BUSTER_KEYS } from '../kernel/http/validate';
import { TEST_PLUGINS_DIR } from './helpers/plugins';
import {
  allRoutes,
  fillPath,
  jsonSchema,
  pathParams,
  realtimeFunctionNames,
  routeLabel,
  sample,
} from './helpers/route-walk';
import { startTestServer, type TestServer } from './helpers/server';
import { ChangeTracker } from './helpers/snapshot';
import type { TestTenant } from './helpers/tenants';
import { loadAllFixtures, makeFullTenant } from './helpers/walk-tenants';

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 20));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let s: TestServer;
let user: TestTenant;
let admin: TestTenant;

beforeAll(async () => {
  s = await startTestServer({ pluginDirs: [TEST_PLUGINS_DIR], env: { LCI_REROUTE_BYTES: '65536' }, jobs: false });
  user = await makeFullTenant(s.k, s.url);
  admin = await makeFullTenant(s.k, s.url, { lciAdmin: true, allowImpersonation: true });
  expect(await loadAllFixtures(s.k, user.tenantId)).toEqual([]);
}, 60_000);
afterAll(async () => s?.stop());

const NASTY = [
  '',
  ' ',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '%00',
  '../../etc/passwd',
  '99999999999999999999999',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '\u0000',
  '\uD800',
  '😀',
  'x'.repeat(5000),
  '9007199254740993',
  '0x10',
  ' 1',
  '1 ',
];

const nastyString = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
);
const nastyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom<unknown>(null, -1, 0, 1e308, '', [], {}, [[[]]], JSON.parse('{"__proto__": {"polluted": true}}'), {
    constructor: { prototype: { polluted: true } },
  }),
  nastyString,
);

/** A body: arbitrary JSON, the route's sample with fields swapped for nasty values, or text that is not JSON. */
function bodyArb(schema: z.ZodType | undefined): fc.Arbitrary<{ raw?: string; json?: unknown; contentType: string }> {
  const base = sample(jsonSchema(schema)) as Record<string, unknown> | undefined;
  const keys = base && typeof base === 'object' && !Array.isArray(base) ? Object.keys(base) : [];
  const mutated = keys.length
    ? fc
        .tuple(
          fc.subarray(keys, { minLength: 1 }),
          fc.array(nastyJson, { minLength: keys.length, maxLength: keys.length }),
        )
        .map(([ks, vs]) => ({
          json: { ...base, ...Object.fromEntries(ks.map((k2, i) => [k2, vs[i]])) },
          contentType: 'application/json',
        }))
    : fc.constant({ json: {}, contentType: 'application/json' });
  return fc.oneof(
    { weight: 3, arbitrary: mutated },
    { weight: 2, arbitrary: nastyJson.map((json) => ({ json, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"a":', 'nul', '[1,2', '\u0000', '{"a":1}}', '"unterminated', '['.repeat(2000))
        .map((raw) => ({ raw, contentType: 'application/json' })),
    },
    { weight: 1, arbitrary: fc.constant({ raw: JSON.stringify(base ?? {}), contentType: 'text/plain' }) },
    {
      weight: 1,
      arbitrary: fc.constant({
        json: { ...(base ?? {}), deep: JSON.parse('['.repeat(500) + ']'.repeat(500)), big: 'y'.repeat(300_000) },
        contentType: 'application/json',
      }),
    },
  );
}

interface Input {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body?: { raw?: string; json?: unknown; contentType: string };
}

function inputArb(route: RegisteredRoute, caller: TestTenant, fnNames: string[]): fc.Arbitrary<Input> {
  const names = pathParams(route.path);
  const paramArbs: Record<string, fc.Arbitrary<string>> = {};
  for (const n of names) {
    if (n === 'tenantId')
      paramArbs[n] = fc.oneof(
        { weight: 3, arbitrary: fc.constant(String(caller.tenantId)) },
        { weight: 1, arbitrary: nastyString },
      );
    else if (n === 'function')
      paramArbs[n] = fc.oneof(fc.constantFrom(...(fnNames.length ? fnNames : ['probeCount'])), nastyString);
    else paramArbs[n] = fc.oneof(nastyString, fc.integer({ min: 1, max: 50 }).map(String));
  }
  const qKeys = Object.keys(jsonSchema(route.spec.query)?.properties ?? {});
  const query = fc.dictionary(
    fc.oneof(fc.constantFrom(...qKeys, '_', 'x'), fc.string({ maxLength: 8 })),
    fc.oneof(nastyString, fc.array(nastyString, { maxLength: 3 })),
    { maxKeys: 4 },
  );
  return fc.record({
    params: fc.record(paramArbs),
    query,
    body: route.method === 'get' ? fc.constant(undefined) : bodyArb(route.spec.body),
  }) as fc.Arbitrary<Input>;
}

/** The query string as it is sent (see send) and as the server parses it: a key without values is absent, one value is a string. */
function sentQuery(query: Input['query']): Record<string, string | string[]> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const x of Array.isArray(v) ? v : [v]) qs.append(k, x);
  const parsed = new URLSearchParams(qs.toString());
  return Object.fromEntries(
    [...new Set(parsed.keys())].map((k) => {
      const all = parsed.getAll(k);
      return [k, all.length === 1 ? all[0] : all];
    }),
  );
}

/** A path parameter that makes the URL address another route ('' drops the segment, '.' and '..' are resolved by the URL). */
const addressesOtherRoute = (input: Input): boolean =>
  Object.values(input.params).some((v) => v === '' || v === '.' || v === '..' || v.includes('/'));

/** Whether the pipeline would accept this input (then it may legitimately change data, so it is not sent). */
function acceptable(route: RegisteredRoute, input: Input, caller: TestTenant): boolean {
  const ok = (schema: z.ZodType | undefined, v: unknown) => !schema || schema.safeParse(v).success;
  if (input.params.tenantId !== undefined && input.params.tenantId !== String(caller.tenantId)) return false;
  const query = sentQuery(input.query);
  for (const k of CACHE_BUSTER_KEYS) delete query[k];
  if (!ok(route.spec.params, input.params) || !ok(route.spec.query, query)) return false;
  if (input.body) {
    if (input.body.contentType !== 'application/json')
      return ok(route.spec.body, input.body.raw) || ok(route.spec.body, {});
    if (input.body.raw !== undefined) return false;
    return ok(route.spec.body, input.body.json);
  }
  return true;
}

async function send(
  route: RegisteredRoute,
  input: Input,
  caller: TestTenant,
): Promise<{ status: number; text: string }> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query)) for (const x of Array.isArray(v) ? v : [v]) qs.append(k, x); // URLSearchParams sends lone surrogates as U+FFFD
  const url = `${s.url}${fillPath(route.path, input.params)}${qs.size ? `?${qs}` : ''}`;
  const headers: Record<string, string> = {
    'x-api-key': route.spec.auth === 'public' ? s.k.config.publicApiKey : s.k.config.apiKey,
    authorization: `Bearer ${caller.token}`,
  };
  let body: string | undefined;
  if (input.body) {
    headers['content-type'] = input.body.contentType;
    body = input.body.raw ?? JSON.stringify(input.body.json);
  }
  const res = await fetch(url, { method: route.method.toUpperCase(), headers, body });
  return { status: res.status, text: await res.text() };
}

test('malformed input to every route: no 5xx, the one error shape, no change in data', async () => {
  const routes = allRoutes(s.k);
  const fnNames = realtimeFunctionNames(s.k);
  const failures: string[] = [];
  const summary: string[] = [];
  let sent = 0;
  const tracker = await ChangeTracker.start(s.k);
  for (const route of routes) {
    const caller = route.spec.auth === 'internal' ? admin : user;
    const stats = { sent: 0, skipped: 0, statuses: new Map<number, number>() };
    const result = await fc.check(
      fc.asyncProperty(inputArb(route, caller, fnNames), async (input) => {
        // A write that the route would accept, or that reaches another route (fuzzed on its own), may change data: not sent.
        const valid = !addressesOtherRoute(input) && acceptable(route, input, caller);
        if ((valid || addressesOtherRoute(input)) && route.method !== 'get') {
          stats.skipped++;
          return true;
        }
        const res = await send(route, input, caller);
        stats.sent++;
        stats.statuses.set(res.status, (stats.statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500) throw new Error(`${res.status}: ${res.text.slice(0, 300)}`);
        if (res.status >= 400) {
          let parsed: { error?: { status?: number; code?: unknown; message?: unknown } } | undefined;
          try {
            parsed = JSON.parse(res.text);
          } catch {
            /* checked below */
          }
          if (
            parsed?.error?.status !== res.status ||
            typeof parsed.error.code !== 'string' ||
            typeof parsed.error.message !== 'string'
          )
            throw new Error(`${res.status} without the error shape: ${res.text.slice(0, 200)}`);
        }
        return true;
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    sent += stats.sent;
    if (result.failed)
      failures.push(
        `${routeLabel(route)}: ${String((result as { errorInstance?: unknown }).errorInstance).slice(0, 400)}\n  counterexample: ${JSON.stringify(result.counterexample)?.slice(0, 400)} (seed ${result.seed}, path ${result.counterexamplePath})`,
      );
    // What changed since the previous route (the tracker reads rows only of tables whose digest moved).
    for (const d of await tracker.changes())
      failures.push(`${routeLabel(route)}: data changed in ${d.table}: ${(d.added[0] ?? d.removed[0]).slice(0, 200)}`);
    summary.push(
      `${routeLabel(route).padEnd(64)} sent ${String(stats.sent).padStart(3)}, valid skipped ${stats.skipped}, statuses ${[
        ...stats.statuses,
      ]
        .sort((x, y) => x[0] - y[0])
        .map(([st, n]) => `${st}x${n}`)
        .join(' ')}`,
    );
  }
  console.log(
    [
      `Fuzzer: ${routes.length} routes, ${sent} requests (${RUNS} runs per route)`,
      ...summary,
      `failures: ${failures.length}`,
    ].join('\n'),
  );
  expect(failures).toEqual([]);
}, 600_000);
