/**
 * npm run bench:load: the real server (a child process, production settings, PostgreSQL) under load with
 * autocannon: an authenticated read route at 100 connections, then a write route at 50, 30 s each; prints
 * throughput, latency p50/p99, errors and the server's memory before and after. Needs no `lci`.
 *
 * PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (a server URL: a fresh database is
 * created next to it and dropped), default postgres://postgres@127.0.0.1:5432/postgres.
 * Knobs: BENCH_SECONDS (30), BENCH_READ_CONNECTIONS (100), BENCH_WRITE_CONNECTIONS (50).
 */
import autocannon from 'autocannon';
import { createPostgresDatabase } from '../tests/helpers/server';
import { BENCH_API_KEY, provisionTenant, rssMb, startServerProcess } from '../tests/helpers/server-process';

const base =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS || 30);
const readConnections = Number(process.env.BENCH_READ_CONNECTIONS || 100);
const writeConnections = Number(process.env.BENCH_WRITE_CONNECTIONS || 50);

interface Row {
  phase: string;
  route: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
}

async function phase(
  name: string,
  url: string,
  connections: number,
  request: autocannon.Request,
  duration = seconds,
): Promise<Row> {
  const r = await autocannon({ url, connections, duration, requests: [request], timeout: 10 });
  return {
    phase: name,
    route: `${request.method} ${new URL(url).pathname}`,
    connections,
    requests: r.requests.total,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

async function main(): Promise<void> {
  const db = await createPostgresDatabase(base, { migrated: false });
  const server = await startServerProcess({ databaseUrl: db.url }).catch(async (e) => {
    await db.drop();
    throw e;
  });
  try {
    const t = await provisionTenant(server, 25);
    const headers = {
      'x-api-key': BENCH_API_KEY,
      authorization: `Bearer ${t.token}`,
      'content-type': 'application/json',
    };
    const list = `${server.url}/v3/tenant/${t.tenantId}/companies`;
    let n = 0;
    const create: autocannon.Request = {
      method: 'POST',
      path: `/v3/tenant/${t.tenantId}/companies`,
      headers,
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({ moniker: `Load ${process.pid}-${++n}`, seats: n % 500 }),
      }),
    };
    await phase('warm-up', list, 10, { method: 'GET', path: `/v3/tenant/${t.tenantId}/companies`, headers }, 3);
    const before = rssMb(server.pid);
    process.stdout.write(`server pid ${server.pid}, memory before ${before} MB; ${seconds} s per phase\n`);
    const rows = [
      await phase('read', list, readConnections, {
        method: 'GET',
        path: `/v3/tenant/${t.tenantId}/companies`,
        headers,
      }),
      await phase('write', list, writeConnections, create),
    ];
    const after = rssMb(server.pid);
    console.table(
      rows.map((r) => ({
        phase: r.phase,
        route: r.route,
        connections: r.connections,
        requests: r.requests,
        'req/s': r.rps,
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'max ms': r.max,
        errors: r.errors,
        'non-2xx': r.non2xx,
      })),
    );
    process.stdout.write(`server memory (RSS): before ${before} MB, after ${after} MB\n`);
    const failed = rows.filter((r) => r.errors || r.non2xx);
    if (failed.length) {
      process.stdout.write(`FAILED: errors or non-2xx answers in ${failed.map((r) => r.phase).join(', ')}\n`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
    await db.drop();
  }
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
