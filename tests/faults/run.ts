/**
 * npm run test:faults: restarts PostgreSQL and Redis under load and checks that
 * every acknowledged write is in the database. Not part of `npm test`.
 *
 * It starts its own PostgreSQL cluster (initdb + pg_ctl on a free port) and its
 * own redis-server (a free port), the real server as a child process on them
 * (production settings), and for FAULTS_SECONDS (default 40):
 *   - FAULTS_WRITERS (50) clients creating companies, FAULTS_READERS (10) listing them;
 *   - at 25% of the run: pg_ctl restart -m fast;
 *   - at 55%: Redis killed, started again 3 s later.
 * Then it reads the rows back (as the superuser, past row-level security) and fails when
 *   - an acknowledged create (2xx with its id) has no row,
 *   - any answer was an error other than 503 (500, a network error, a timeout of 15 s),
 *   - a 503 came without Retry-After, or an answer took longer than 10 s,
 *   - /readyz is not 200 afterwards, or a create after the faults fails.
 * 503 answers during a restart are expected (the write was refused and may be retried);
 * rows of creates that were not acknowledged are reported, not failed.
 */
import pg from 'pg';
import { startPrivateRedis } from '../helpers/redis-server';
import { BENCH_API_KEY, provisionTenant, rssMb, startServerProcess } from '../helpers/server-process';
import { startPgCluster } from './pg-cluster';

const seconds = Number(process.env.FAULTS_SECONDS || 40);
const writers = Number(process.env.FAULTS_WRITERS || 50);
const readers = Number(process.env.FAULTS_READERS || 10);
const REQUEST_TIMEOUT_MS = 15_000;
const SLOW_MS = 10_000;

interface Tally {
  ok: number;
  unavailable: number;
  noRetryAfter: number;
  errors: Map<string, number>;
  maxMs: number;
  slow: number;
}
const tally = (): Tally => ({ ok: 0, unavailable: 0, noRetryAfter: 0, errors: new Map(), maxMs: 0, slow: 0 });
const log = (m: string) => process.stdout.write(`[${new Date().toISOString().slice(11, 19)}] ${m}\n`);

async function call(t: Tally, url: string, init: RequestInit): Promise<unknown> {
  const started = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await res.text();
    const ms = Date.now() - started;
    t.maxMs = Math.max(t.maxMs, ms);
    if (ms > SLOW_MS) t.slow++;
    if (res.ok) {
      t.ok++;
      return JSON.parse(text);
    }
    if (res.status === 503) {
      t.unavailable++;
      if (!res.headers.get('retry-after')) t.noRetryAfter++;
      await new Promise((r) => setTimeout(r, 200));
      return undefined;
    }
    const key = `${res.status} ${text.slice(0, 160)}`;
    t.errors.set(key, (t.errors.get(key) ?? 0) + 1);
  } catch (e) {
    const key = `${(e as Error).name}: ${(e as Error).message}`;
    t.errors.set(key, (t.errors.get(key) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, 200));
  }
  return undefined;
}

async function main(): Promise<void> {
  const cluster = await startPgCluster();
  log(`PostgreSQL cluster on port ${cluster.port} (${cluster.dir})`);
  const redis = await startPrivateRedis();
  log(`Redis on port ${redis.port}`);
  let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
  let failed: string[] = [];
  try {
    server = await startServerProcess({ databaseUrl: cluster.url, redisUrl: redis.url, env: { LCI_JOBS: 'true' } });
    const t = await provisionTenant(server, 5);
    log(
      `server ${server.url} (pid ${server.pid}), tenant ${t.tenantId}; ${writers} writers and ${readers} readers for ${seconds} s`,
    );
    const headers = {
      'x-api-key': BENCH_API_KEY,
      authorization: `Bearer ${t.token}`,
      'content-type': 'application/json',
    };
    const companies = `${server.url}/v3/tenant/${t.tenantId}/companies`;
    const run = `f${Date.now().toString(36)}`;
    const acknowledged = new Map<string, number>();
    const w = tally();
    const r = tally();
    const memBefore = rssMb(server.pid);
    const end = Date.now() + seconds * 1000;

    const writer = async (id: number) => {
      for (let n = 0; Date.now() < end; n++) {
        const moniker = `${run}-${id}-${n}`;
        const body = (await call(w, companies, { method: 'POST', headers, body: JSON.stringify({ moniker }) })) as
          { company?: { tenant_company_id?: number } } | undefined;
        if (body?.company?.tenant_company_id) acknowledged.set(moniker, Number(body.company.tenant_company_id));
      }
    };
    const reader = async () => {
      while (Date.now() < end) await call(r, `${companies}?_=${Math.random()}`, { headers });
    };

    const faults = (async () => {
      await new Promise((res) => setTimeout(res, seconds * 250));
      log('PostgreSQL: pg_ctl restart -m fast');
      const took = cluster.restartFast();
      log(`PostgreSQL restarted in ${took} ms`);
      await new Promise((res) => setTimeout(res, Math.max(0, end - Date.now() - seconds * 450)));
      log('Redis: killed');
      await redis.stop();
      await new Promise((res) => setTimeout(res, 3000));
      await redis.start();
      log('Redis: started again');
    })();
    await Promise.all([
      ...Array.from({ length: writers }, (_, i) => writer(i)),
      ...Array.from({ length: readers }, () => reader()),
      faults,
    ]);
    const memAfter = rssMb(server.pid);

    // After the faults: ready, and a write works.
    let ready = 0;
    for (let i = 0; i < 30 && ready !== 200; i++) {
      ready = (await fetch(`${server.url}/readyz`)).status;
      if (ready !== 200) await new Promise((res) => setTimeout(res, 500));
    }
    const after = await fetch(companies, {
      method: 'POST',
      headers,
      body: JSON.stringify({ moniker: `${run}-after` }),
    });

    const db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    const rows = (
      await db.query<{ moniker: string; tenant_company_id: string }>(
        'select moniker, tenant_company_id from tenant_companies where tenant_id = $1 and moniker like $2',
        [t.tenantId, `${run}-%`],
      )
    ).rows;
    await db.end();
    const inDb = new Map(rows.map((x) => [x.moniker, Number(x.tenant_company_id)]));
    const missing = [...acknowledged].filter(([m, id]) => inDb.get(m) !== id);
    const unacknowledgedRows = rows.filter((x) => !acknowledged.has(x.moniker) && x.moniker !== `${run}-after`).length;
    const errors = (x: Tally) => [...x.errors.values()].reduce((a, b) => a + b, 0);

    const summary = {
      seconds,
      writers,
      readers,
      'acknowledged creates': acknowledged.size,
      'rows of acknowledged creates': acknowledged.size - missing.length,
      'missing rows': missing.length,
      'rows of unacknowledged creates': unacknowledgedRows,
      'writes: 2xx / 503 / errors': `${w.ok} / ${w.unavailable} / ${errors(w)}`,
      'reads: 2xx / 503 / errors': `${r.ok} / ${r.unavailable} / ${errors(r)}`,
      'slowest answer (ms)': Math.max(w.maxMs, r.maxMs),
      'server memory before/after (MB)': `${memBefore} / ${memAfter}`,
      '/readyz after': ready,
      'create after the faults': after.status,
    };
    console.table(Object.entries(summary).map(([figure, value]) => ({ figure, value })));
    for (const [k, n] of [...w.errors, ...r.errors]) log(`error x${n}: ${k}`);

    failed = [
      missing.length
        ? `${missing.length} acknowledged creates have no row (e.g. ${missing
            .slice(0, 3)
            .map(([m]) => m)
            .join(', ')})`
        : '',
      errors(w) + errors(r) ? `${errors(w) + errors(r)} answers were errors other than 503` : '',
      w.noRetryAfter + r.noRetryAfter ? `${w.noRetryAfter + r.noRetryAfter} answers 503 without Retry-After` : '',
      w.slow + r.slow ? `${w.slow + r.slow} answers took longer than ${SLOW_MS} ms` : '',
      ready !== 200 ? `/readyz answers ${ready} after the faults` : '',
      after.status !== 200 ? `a create after the faults answers ${after.status}` : '',
      acknowledged.size === 0 ? 'no create was acknowledged' : '',
    ].filter(Boolean);
  } finally {
    await server?.stop();
    await redis.stop();
    cluster.stop();
    cluster.remove();
  }
  if (failed.length) {
    for (const f of failed) log(`FAIL: ${f}`);
    process.exit(1);
  }
  log('PASS: every acknowledged create has its row; no error other than 503 (with Retry-After); the server recovered');
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
