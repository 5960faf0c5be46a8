/**
 * npm run bench:delete-tenant: peak memory of `lci admin delete-tenant-data`'s export for a tenant of 100,000 rows
 * (BENCH_ROWS), the streamed export (cursor batches -> gzip -> file in storage, read back and verified) against the
 * in-memory export it replaced (every row selected, the JSON lines joined in one string, written at once), measured in
 * the same run. Each variant runs in its own process on one prepared embedded database (PostgreSQL when
 * BENCH_DATABASE_URL is set), sampling process.memoryUsage() every 5 ms: the peak above the figure taken just before
 * the export (after a GC). The streamed variant then runs the whole deletion (export, verification, delete, audit
 * details) and rolls it back, so both variants see the same data. Prints a table and the ratios stream / memory.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { startKernel } from '../kernel/boot';
import type { Kernel, Trx } from '../kernel/index';
import { PATHS } from '../kernel/paths';
import { createTenant } from '../kernel/tenancy/provision';
import { deleteTenantData } from '../plugins/lci-admin/server/data/delete/delete';
import { exportTenant } from '../plugins/lci-admin/server/data/delete/export';
import { planDeletion, type DeletionPlan } from '../plugins/lci-admin/server/data/delete/plan';
import { createPostgresDatabase } from '../tests/helpers/server';

const ROWS = Math.max(1000, Math.floor(Number(process.env.BENCH_ROWS ?? 100_000)));
const TENANT_NAME = 'Bench Delete MSP';
const MB = 1024 * 1024;

interface Env {
  dataDir: string;
  databaseUrl?: string;
}
interface Figures {
  variant: string;
  ms: number;
  rssPeakMb: number;
  rssDeltaMb: number;
  heapPeakMb: number;
  heapDeltaMb: number;
  rows: number;
  bytes: number;
}

async function kernelOn(env: Env): Promise<Kernel> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LCI_LOG_LEVEL: 'silent',
    LCI_SEED_DEMO: 'false',
    LCI_JOBS: 'false',
    LCI_DATA_DIR: env.dataDir,
    ...(env.databaseUrl ? { DATABASE_URL: env.databaseUrl } : {}),
  });
  return (await startKernel({ config, http: false, jobs: false, seed: false })).k;
}

/** A tenant with ROWS rows: 60% companies, 40% locations of the first companies. */
async function prepare(env: Env): Promise<void> {
  const k = await kernelOn(env);
  const tenantId = await k.db.withSystem((db) => createTenant(db, { name: TENANT_NAME }));
  const companies = Math.ceil(ROWS * 0.6);
  const locations = ROWS - companies - 1; // the tenants row is one of the tenant's rows
  const pad = 'x'.repeat(60);
  for (let i = 0; i < companies; i += 5000) {
    const batch = Array.from({ length: Math.min(5000, companies - i) }, (_, j) => ({
      tenant_id: tenantId,
      moniker: `Company ${String(i + j).padStart(7, '0')} ${pad}`,
      seats: (i + j) % 500,
    }));
    await k.db.withTenant(tenantId, (db) => db('tenant_companies').insert(batch));
  }
  const ids: number[] = await k.db.withTenant(tenantId, (db) =>
    db('tenant_companies').orderBy('tenant_company_id').limit(locations).pluck('tenant_company_id'),
  );
  for (let i = 0; i < ids.length; i += 5000) {
    const batch = ids
      .slice(i, i + 5000)
      .map((id) => ({ tenant_id: tenantId, tenant_company_id: id, location_name: `Main Office ${pad}` }));
    await k.db.withTenant(tenantId, (db) => db('tenant_company_locations').insert(batch));
  }
  await k.stop();
}

/** The export as it was before it was streamed (the baseline): everything selected and joined in memory, one write. */
async function inMemoryExport(k: Kernel, db: Trx, plan: DeletionPlan): Promise<{ rows: number; bytes: number }> {
  const chunks: string[] = [
    JSON.stringify({
      format: 'lci-tenant-export/1',
      tenantId: plan.tenantId,
      tenantName: plan.name,
      exportedAt: new Date().toISOString(),
      tables: Object.fromEntries(plan.tables.map((t) => [t.table, t.rows])),
    }),
  ];
  let rows = 0;
  for (const { table } of plan.tables) {
    for (const row of await db(table).where('tenant_id', plan.tenantId).select()) {
      chunks.push(JSON.stringify({ table, row }));
      rows++;
    }
  }
  const body = Buffer.from(`${chunks.join('\n')}\n`, 'utf8');
  await k.storage.put(`bench/in-memory-${plan.tenantId}.jsonl`, body, 'application/x-ndjson');
  return { rows, bytes: body.length };
}

class Rollback extends Error {}

/** One variant in this process: the peak memory above the figure just before the work. */
async function child(variant: string, env: Env): Promise<Figures> {
  const k = await kernelOn(env);
  const tenantId = Number(
    await k.db
      .withSystem((db) => db('tenants').where({ name: TENANT_NAME }).first('tenant_id'))
      .then((r) => r.tenant_id),
  );
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const base = process.memoryUsage();
  let rss = base.rss;
  let heap = base.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  const timer = setInterval(sample, 5);
  const started = Date.now();
  let out = { rows: 0, bytes: 0 };
  try {
    await k.db.withSystem(async (db) => {
      const plan = (await planDeletion(db, tenantId))!;
      if (variant === 'memory') out = await inMemoryExport(k, db, plan);
      else if (variant === 'stream') {
        const e = await exportTenant(k, db, plan);
        out = { rows: e.rows, bytes: e.bytes };
      } else {
        const r = await deleteTenantData(k, db, tenantId, TENANT_NAME);
        out = { rows: r.export.rows, bytes: r.export.bytes };
      }
      sample();
      throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  } finally {
    clearInterval(timer);
  }
  const ms = Date.now() - started;
  await k.stop();
  return {
    variant,
    ms,
    rssPeakMb: rss / MB,
    rssDeltaMb: (rss - base.rss) / MB,
    heapPeakMb: heap / MB,
    heapDeltaMb: (heap - base.heapUsed) / MB,
    ...out,
  };
}

function runChild(variant: string, env: Env): Figures {
  const r = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', path.join(PATHS.root, 'bench', 'delete-tenant.ts'), '--child', variant],
    {
      env: { ...process.env, BENCH_ENV: JSON.stringify(env) },
      encoding: 'utf8',
      maxBuffer: 16 * MB,
    },
  );
  if (r.status !== 0) throw new Error(`${variant} failed (${r.status}): ${r.stderr.slice(-2000)}`);
  const line = r.stdout.trim().split('\n').pop()!;
  return JSON.parse(line) as Figures;
}

async function main(): Promise<void> {
  if (process.argv[2] === '--child') {
    process.stdout.write(
      `${JSON.stringify(await child(process.argv[3], JSON.parse(process.env.BENCH_ENV!) as Env))}\n`,
    );
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-bench-delete-'));
  const pg = process.env.BENCH_DATABASE_URL ? await createPostgresDatabase(process.env.BENCH_DATABASE_URL) : undefined;
  const env: Env = { dataDir, databaseUrl: pg?.url };
  try {
    const t0 = Date.now();
    await prepare(env);
    console.log(
      `Tenant of ${ROWS} rows on ${pg ? 'PostgreSQL' : 'PGlite'} prepared in ${((Date.now() - t0) / 1000).toFixed(1)} s.`,
    );
    const rows = ['memory', 'stream', 'delete'].map((v) => runChild(v, env));
    const f = (n: number) => n.toFixed(1).padStart(9);
    console.log('variant      rows    file MB   time s   rss peak  rss +MB   heap peak  heap +MB');
    for (const r of rows)
      console.log(
        `${r.variant.padEnd(8)} ${String(r.rows).padStart(8)} ${f(r.bytes / MB)} ${f(r.ms / 1000)} ${f(r.rssPeakMb)} ${f(r.rssDeltaMb)} ${f(r.heapPeakMb)} ${f(r.heapDeltaMb)}`,
      );
    const [mem, stream] = rows;
    console.log(
      `ratio stream / in-memory: rss +MB ${(stream.rssDeltaMb / mem.rssDeltaMb).toFixed(3)}, heap +MB ${(stream.heapDeltaMb / mem.heapDeltaMb).toFixed(3)}, time ${(stream.ms / mem.ms).toFixed(2)}`,
    );
    console.log(
      '(memory: the in-memory export it replaced; stream: the streamed export with its read-back check; delete: the whole deletion, rolled back)',
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
