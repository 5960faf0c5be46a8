/**
 * Tenant isolation probe. Walks EVERY registered route (k.routes.routes, so
 * routes added later are covered without edits) as tenant B:
 *   1. on tenant A's path tenant id, with A's resource ids;
 *   2. on B's own tenant, with A's ids (and A's tenant id) in params, query
 *      and body.
 * A's ids and texts come from data created as A through the probe plugin and
 * through every plugin's fixtures. A leak is A's data (a text only A has, a
 * tenant id of A, or a row of A echoed with its content) in any B response
 * (rerouted responses followed), any change to A's rows (per-tenant snapshot
 * of every tenant table, read through the system scope), or B's user moved
 * into A. Prints a summary of every route walked.
 *
 * A second case: a user whose home is A and who also belongs to B (invited by
 * B, accepted). B's admin walks every user route of its own tenant with that
 * user's id and every identity field; nothing of the user's global identity,
 * A's membership or A's session changes, and B never reads the user's
 * sign-in time or home tenant.
 */
import { OPERATIONS } from '../kernel/access/routes/security-manager';
import { TEST_PLUGINS_DIR } from './helpers/plugins';
import {
  allRoutes,
  enumVariants,
  fillPath,
  isIdKey,
  jsonSchema,
  pathParams,
  realtimeFunctionNames,
  routeLabel,
  sample,
  snake,
  type JsonSchema,
} from './helpers/route-walk';
import { startTestServer, type TestServer } from './helpers/server';
import { ChangeTracker, tenantRows } from './helpers/snapshot';
import { apiCall, type TestTenant } from './helpers/tenants';
import { makeCompany } from './helpers/factories';
import { refresh, signInThroughProvider } from './helpers/auth';
import { loadAllFixtures, makeFullTenant, makeSharedUser } from './helpers/walk-tenants';

let s: TestServer;
let A: TestTenant;
let B: TestTenant;
const B_TEXT = 'b-probe-input';

/** Extra bodies for routes whose operation is a free string (no enum in the schema). */
const EXTRA_BODIES: Record<string, () => Record<string, unknown>[]> = {
  '/v3/tenant/:tenantId/securitymanager': () => Object.keys(OPERATIONS).map((operation) => ({ operation })),
};

interface Call {
  variant: string;
  method: string;
  path: string;
  status: number;
  body: unknown;
}
interface Leak {
  route: string;
  variant: string;
  path: string;
  what: string;
}

beforeAll(async () => {
  s = await startTestServer({ pluginDirs: [TEST_PLUGINS_DIR], env: { LCI_REROUTE_BYTES: '65536' } });
  A = await makeFullTenant(s.k, s.url, { name: `Tenant A ${Date.now()}` });
  B = await makeFullTenant(s.k, s.url, { name: `Tenant B ${Date.now()}` });
}, 60_000);
afterAll(async () => s?.stop());

function collectStrings(v: unknown, out: Set<string>): void {
  if (typeof v === 'string') out.add(v);
  else if (Array.isArray(v)) v.forEach((x) => collectStrings(x, out));
  else if (v && typeof v === 'object' && !(v instanceof Date)) Object.values(v).forEach((x) => collectStrings(x, out));
}

function* objects(v: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(v)) for (const x of v) yield* objects(x);
  else if (v && typeof v === 'object') {
    yield v as Record<string, unknown>;
    for (const x of Object.values(v)) yield* objects(x);
  }
}

test("tenant B cannot reach tenant A's data through any route", async () => {
  const k = s.k;
  // Data of both tenants: every plugin's fixtures, plus A's own items created through the probe plugin.
  const fixtureFailures = [...(await loadAllFixtures(k, A.tenantId)), ...(await loadAllFixtures(k, B.tenantId))];
  expect(fixtureFailures).toEqual([]);
  const marker = `A-SECRET-${A.tenantId}-${Date.now().toString(36)}`;
  for (let i = 1; i <= 3; i++) {
    const r = await A.api('POST', `/v3/tenant/${A.tenantId}/probe/items`, {
      name: `${marker}-${i}`,
      qty: 40 + i,
      notes: `${marker} notes ${i}`,
    });
    expect(r.status).toBe(200);
  }
  await makeCompany(A, `${marker} company`, { seats: 7 });
  await A.api('PUT', `/v3/tenant/${A.tenantId}/flags/user-manager-changes`, { value: true });
  // A's own data-table settings: the walk names A's table key (:tableKey) and must never see A's columns.
  expect(
    (
      await A.api('PUT', `/v3/tenant/${A.tenantId}/tableSettings/probe-${marker}`, {
        columns: [`${marker}-column`],
        sort: { key: `${marker}-column`, dir: 'desc' },
      })
    ).status,
  ).toBe(200);

  const rowsA = await tenantRows(k, A.tenantId);
  const rowsB = await tenantRows(k, B.tenantId);
  const idsA = new Map<string, number[]>();
  for (const rows of Object.values(rowsA)) {
    for (const row of rows) {
      for (const [col, val] of Object.entries(row)) {
        if (col === 'tenant_id' || !isIdKey(col)) continue;
        const n = Number(val);
        if (!Number.isSafeInteger(n) || n <= 0) continue;
        if (!idsA.has(col)) idsA.set(col, []);
        if (!idsA.get(col)!.includes(n)) idsA.get(col)!.push(n);
      }
    }
  }
  idsA.set('user_id', [A.userId, ...(idsA.get('user_id') ?? []).filter((x) => x !== A.userId)]);
  const anyA = idsA.get('item_id')?.[0] ?? [...idsA.values()][0][0];
  const idFor = (key: string): number => {
    if (/^tenant_?id$/i.test(key)) return A.tenantId;
    const col = snake(key).replace(/_ids$/, '_id');
    return idsA.get(col)?.[0] ?? (col === 'id' ? anyA : (idsA.get(`${col.replace(/_id$/, '')}_id`)?.[0] ?? anyA));
  };

  /** A text value of A's rows for a string parameter (e.g. :key -> feature_flag_values.flag_key). */
  const textFor = (name: string): string | undefined => {
    const col = snake(name);
    for (const rows of Object.values(rowsA))
      for (const row of rows)
        for (const [c, v] of Object.entries(row))
          if ((c === col || c.endsWith(`_${col}`)) && typeof v === 'string' && v) return v;
    return undefined;
  };

  // Texts every tenant may see: B's own rows and the shared catalogues (tables without tenant_id, but users and sign-in state).
  const stringsB = new Set<string>();
  collectStrings(rowsB, stringsB);
  const tenantTableNames = new Set(Object.keys(rowsA));
  const shared = await k.db.withSystem(async (trx) => {
    const r = await trx.raw(
      `select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    const out: unknown[] = [];
    for (const { table_name: t } of r.rows as { table_name: string }[]) {
      if (tenantTableNames.has(t) || ['users', 'oidc_payloads', 'mail_outbox'].includes(t) || t.startsWith('knex_'))
        continue;
      out.push(await trx(t).select());
    }
    return out;
  });
  collectStrings(shared, stringsB);
  const secrets = new Set<string>();
  const stringsA = new Set<string>([A.email]);
  collectStrings(rowsA, stringsA);
  for (const str of stringsA) {
    if (str.length >= 8 && /[A-Za-z]/.test(str) && !stringsB.has(str) && !B_TEXT.includes(str) && !str.includes(B_TEXT))
      secrets.add(str);
  }
  expect([...secrets].some((x) => x.startsWith(marker))).toBe(true);
  const rowsWithIds = Object.values(rowsA).flat();

  const leaksIn = (value: unknown): string[] => {
    const found: string[] = [];
    const text = JSON.stringify(value) ?? '';
    for (const secret of secrets)
      if (text.includes(secret)) found.push(`text of A: ${JSON.stringify(secret.slice(0, 60))}`);
    for (const obj of objects(value)) {
      for (const [key, v] of Object.entries(obj)) {
        if (/^tenant_?id$/i.test(key) && Number(v) === A.tenantId) found.push(`${key}=${A.tenantId} (tenant A)`);
      }
      for (const row of rowsWithIds) {
        const idCols = Object.keys(row).filter(
          // A null id names no row (Number(null) is 0 on both sides): only ids that are set can echo a row of A.
          (c) =>
            c !== 'tenant_id' &&
            isIdKey(c) &&
            obj[c] !== undefined &&
            obj[c] !== null &&
            row[c] !== null &&
            Number(obj[c]) === Number(row[c]),
        );
        if (!idCols.length) continue;
        const same = Object.keys(row).filter(
          (c) =>
            !isIdKey(c) &&
            obj[c] !== undefined &&
            obj[c] === row[c] &&
            ((typeof row[c] === 'string' && (row[c] as string).length > 0) ||
              (typeof row[c] === 'number' && (row[c] as number) > 1)),
        );
        if (same.length) found.push(`row of A echoed (${idCols.join(',')}=${row[idCols[0]]}; ${same.join(',')})`);
      }
    }
    return found;
  };

  // The detector itself: A's own answers are full of A's data, and it sees that.
  expect(leaksIn((await A.api('GET', `/v3/tenant/${A.tenantId}/probe/items`)).body).length).toBeGreaterThan(0);

  const fnNames = realtimeFunctionNames(k);
  const routes = allRoutes(k);
  const calls: Call[] = [];
  const leaks: Leak[] = [];
  const tenantViolations: string[] = [];
  const changes: string[] = [];
  const tracker = await ChangeTracker.start(k, [A.tenantId]);
  const summary: string[] = [];

  for (const route of routes) {
    const label = routeLabel(route);
    const names = pathParams(route.path);
    const bodySchema = jsonSchema(route.spec.body);
    const querySchema = jsonSchema(route.spec.query);
    const paramsSchema = jsonSchema(route.spec.params);
    const hints = {
      text: B_TEXT,
      value: (key: string, schema: JsonSchema) => {
        if (isIdKey(key))
          return schema.type === 'string' ? String(idFor(key)) : schema.type === 'array' ? [idFor(key)] : idFor(key);
        if (schema.type === 'string' && /(url|path|href)$/i.test(key)) return `/${B_TEXT}`;
        return undefined;
      },
    };
    const forged = { tenant_id: A.tenantId, tenantId: A.tenantId };
    const baseBody = { ...((sample(bodySchema, hints) as Record<string, unknown>) ?? {}) };
    // A payload (apiinvoke, security manager) carries A's ids under the names functions read.
    if (bodySchema?.properties?.payload)
      baseBody.payload = {
        itemId: anyA,
        item_id: anyA,
        security_group_id: idFor('security_group_id'),
        securityGroupId: idFor('security_group_id'),
        userId: A.userId,
        ...forged,
      };
    const bodies: Record<string, unknown>[] =
      route.method === 'get'
        ? [{}]
        : [
            baseBody,
            { ...baseBody, ...forged },
            ...enumVariants(bodySchema).map((v) => ({ ...baseBody, ...v })),
            ...(EXTRA_BODIES[route.path]?.() ?? []).map((v) => ({ ...baseBody, ...v })),
          ];
    const queryBase = (sample(querySchema, hints) as Record<string, unknown>) ?? {};
    const queries = [queryBase, ...enumVariants(querySchema).map((v) => ({ ...queryBase, ...v }))];
    const fnValues = names.includes('function') ? (fnNames.length ? fnNames : ['probeCount']) : [undefined];

    const variants: { name: string; tenant: number }[] = names.includes('tenantId')
      ? [
          { name: 'A-tenant', tenant: A.tenantId },
          { name: 'own-tenant', tenant: B.tenantId },
        ]
      : [{ name: 'no-tenant', tenant: B.tenantId }];
    const statuses = new Map<string, Set<number>>();
    const firstRefusal = new Map<string, string>();
    for (const variant of variants) {
      for (const fn of fnValues) {
        const params: Record<string, string | number> = {};
        for (const n of names) {
          const own = paramsSchema?.properties?.[n];
          params[n] =
            n === 'tenantId'
              ? variant.tenant
              : n === 'function'
                ? fn!
                : isIdKey(n)
                  ? idFor(n)
                  : (textFor(n) ?? (sample(own, hints, n) as string | number | undefined) ?? anyA);
        }
        for (const q of queries) {
          for (const body of bodies) {
            const qs = new URLSearchParams(
              Object.entries(q).map(([key, v]) => [key, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
            );
            if (route.method === 'get') qs.set('_', String(Date.now()));
            const path = `${fillPath(route.path, params)}${qs.size ? `?${qs}` : ''}`;
            // A fresh token each call: a route that ends B's session must not blind the rest of the walk.
            const token = await k.identity.issueAccessToken(B.userId);
            const key = route.spec.auth === 'public' ? k.config.publicApiKey : k.config.apiKey;
            const res = await apiCall(
              s.url,
              key,
              token,
              route.method.toUpperCase(),
              path,
              route.method === 'get' ? undefined : body,
            );
            calls.push({ variant: variant.name, method: route.method, path, status: res.status, body: res.body });
            if (!statuses.has(variant.name)) statuses.set(variant.name, new Set());
            statuses.get(variant.name)!.add(res.status);
            if (res.status === 400 && !firstRefusal.has(variant.name))
              firstRefusal.set(variant.name, String(res.body?.error?.message ?? '').slice(0, 120));
            let found = leaksIn(res.body);
            if (
              res.body &&
              typeof res.body === 'object' &&
              res.body.reroute_to_s3 &&
              typeof res.body.url === 'string'
            ) {
              const followed = await fetch(res.body.url);
              found = [...found, ...leaksIn(await followed.text())];
            }
            for (const what of found) leaks.push({ route: label, variant: variant.name, path, what });
            if (variant.name === 'A-tenant' && route.spec.auth !== 'public' && res.status < 400) {
              tenantViolations.push(`${label} answered ${res.status} to tenant B on tenant A's path ${path}`);
            }
          }
        }
      }
    }
    // A change is attributed to the route that made it; later routes compare with the new state.
    for (const d of await tracker.changes()) {
      changes.push(
        `${label}: ${d.table} changed (${d.removed.length} removed/changed, ${d.added.length} added): ${(d.added[0] ?? d.removed[0]).slice(0, 200)}`,
      );
    }
    const bUser = await k.db.withSystem((trx) => trx('users').where({ user_id: B.userId }).first('current_tenant_id'));
    if (Number(bUser?.current_tenant_id) !== B.tenantId)
      tenantViolations.push(`${label} moved B's user to tenant ${bUser?.current_tenant_id}`);
    const onlyRefused = [...statuses]
      .filter(([v, st]) => v !== 'A-tenant' && st.size === 1 && st.has(400))
      .map(([v]) => `${v} refused as invalid: ${firstRefusal.get(v)}`);
    summary.push(
      `${label.padEnd(64)} ${[...statuses].map(([v, st]) => `${v}:${[...st].sort().join('/')}`).join('  ')}${onlyRefused.length ? `  (${onlyRefused.join('; ')})` : ''}`,
    );
  }

  const walked = new Set(calls.map((c) => c.path.split('?')[0]));
  console.log(
    [
      `Isolation probe: ${routes.length} routes walked (${calls.length} calls, ${walked.size} distinct paths) as tenant ${B.tenantId} against tenant ${A.tenantId}; ` +
        `${secrets.size} texts and ${[...idsA.values()].flat().length} ids of A watched; realtime functions: ${fnNames.join(', ') || 'none'}`,
      ...summary,
      `leaks: ${leaks.length}, changes to A: ${changes.length}, tenant check violations: ${tenantViolations.length}`,
    ].join('\n'),
  );

  expect(routes.length).toBe(k.routes.routes.length);
  expect(leaks).toEqual([]);
  expect(changes).toEqual([]);
  expect(tenantViolations).toEqual([]);
}, 300_000);

test("a user of both tenants: B's admin cannot read or change what belongs to the user and their home tenant A", async () => {
  const k = s.k;
  const u = await makeSharedUser(k, s.url, A, B);
  const signed = await signInThroughProvider(s.url, u.email, u.password);
  const identity = () => k.db.withSystem((trx) => trx('users').where({ user_id: u.userId }).first());
  const homeMembership = () =>
    k.db.withSystem((trx) => trx('tenant_users').where({ tenant_id: A.tenantId, user_id: u.userId }).first());
  const before = { identity: await identity(), home: await homeMembership() };
  const signInTime = new Date(before.identity.last_sign_in_at).toISOString();
  const tracker = await ChangeTracker.start(k, [A.tenantId]);

  const userRoutes = allRoutes(k).filter(
    (r) =>
      r.path.startsWith('/v3/tenantadmin/:tenantId/users') ||
      r.path.startsWith('/v3/tenantadmin/:tenantId/invitations') ||
      r.path.startsWith('/v3/tenant/:tenantId/tenantuser'),
  );
  expect(userRoutes.length).toBeGreaterThanOrEqual(6);
  const identityBodies = [
    { force_sso_flag: true },
    { name_first: B_TEXT },
    { name_last: B_TEXT },
    { is_tenant_admin: true },
    { is_active: false },
    { security_group_id: B.securityGroupId },
  ];
  const problems: string[] = [];
  let calls = 0;
  const inspect = (label: string, body: unknown) => {
    const text = JSON.stringify(body) ?? '';
    if (text.includes(signInTime)) problems.push(`${label}: shows the user's sign-in time`);
    if (/current_tenant_id|home_tenant_id/.test(text)) problems.push(`${label}: shows a home tenant`);
    for (const obj of objects(body))
      if (Number(obj.user_id) === u.userId && obj.last_sign_in_at != null)
        problems.push(`${label}: last_sign_in_at of the user`);
  };
  for (const route of userRoutes) {
    const bodySchema = jsonSchema(route.spec.body);
    const sampled =
      (sample(bodySchema, {
        text: B_TEXT,
        value: (key: string) =>
          isIdKey(key) ? (key === 'security_group_id' ? B.securityGroupId : u.userId) : undefined,
      }) as Record<string, unknown>) ?? {};
    const bodies =
      route.method === 'get' || route.method === 'delete'
        ? [undefined]
        : [sampled, ...identityBodies.map((b) => ({ ...sampled, ...b })), ...identityBodies];
    const path = fillPath(route.path, { tenantId: B.tenantId, userId: u.userId, invitationId: u.userId });
    for (const body of bodies) {
      const token = await k.identity.issueAccessToken(B.userId);
      const res = await apiCall(s.url, k.config.apiKey, token, route.method.toUpperCase(), path, body);
      calls++;
      inspect(`${routeLabel(route)} ${JSON.stringify(body ?? {})}`, res.body);
    }
  }
  const rt = await B.api('POST', `/v3/tenant/${B.tenantId}/apiinvoke/userManager`, { payload: { operation: 'list' } });
  expect(rt.status).toBe(200);
  inspect('realtime userManager', rt.body);
  // B did manage its own membership (the walk deactivated it at least once).
  expect(
    await k.db.withSystem((trx) =>
      trx('tenant_users').where({ tenant_id: B.tenantId, user_id: u.userId }).first('user_id'),
    ),
  ).toBeTruthy();

  await new Promise((res) => setTimeout(res, 300)); // work after commit (session ending) has run, when it did
  const after = { identity: await identity(), home: await homeMembership() };
  expect(after.identity).toEqual(before.identity);
  expect(after.home).toEqual(before.home);
  expect((await tracker.changes()).map((d) => d.table)).toEqual([]);
  // The user's sign-in at home is intact: the access token works in A, the refresh token still refreshes.
  const session = await apiCall(s.url, k.config.apiKey, signed.accessToken, 'GET', '/v3/manager/session');
  expect(session.body.tenant.tenantId).toBe(A.tenantId);
  expect((await refresh(s.url, signed.refreshToken)).status).toBe(200);
  console.log(
    `Isolation probe (user of two tenants): ${userRoutes.length} user routes, ${calls} calls as tenant ${B.tenantId}'s admin on user ${u.userId} of tenant ${A.tenantId}; problems: ${problems.length}`,
  );
  expect(problems).toEqual([]);
}, 120_000);
