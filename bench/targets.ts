/**
 * The two servers the benchmark measures, in one child process (so the load
 * generator has its own core): the real kernel with the bench plugin, and a
 * bare Koa + pg route running the same query on the same PostgreSQL database.
 * Prints one JSON line { kernel, bare, headers } when ready; stops on SIGTERM.
 */
import fs from 'node:fs';
import path from 'node:path';
import Koa from 'koa';
import pg from 'pg';
import { loadConfig } from '../config';
import { startKernel } from '../kernel/boot';
import { PATHS } from '../kernel/paths';
import {
  addTenantUser,
  createSecurityGroup,
  createTenant,
  createUser,
  grantModules,
} from '../kernel/tenancy/provision';
import { testLogins } from '../tests/helpers/pg-logins';
import { createPostgresDatabase } from '../tests/helpers/server';
import { BENCH_PAGE } from './plugins/bench/plugin';

const ROWS_PER_TENANT = 50;
const TENANTS = 5;
const LIMIT = 20;

async function main(): Promise<void> {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createPostgresDatabase(base);
  // As in production: requests log in as lci_app, the system scope as lci_system; BENCH_LOGINS=one uses the owner's single login.
  const logins =
    process.env.BENCH_LOGINS === 'one'
      ? { DATABASE_URL: database.url }
      : await testLogins(base, database.url).then((l) => ({
          DATABASE_URL: l.app,
          DATABASE_SYSTEM_URL: l.system,
          DATABASE_OWNER_URL: database.url,
        }));
  const config = loadConfig({
    NODE_ENV: 'production',
    LCI_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LCI_API_KEY: 'bench-app-key-0123',
    ...logins,
    PORT: '0',
    LCI_BASE_URL: 'http://127.0.0.1',
    LCI_LOG_LEVEL: 'silent',
    LCI_SEED_DEMO: 'false',
    LCI_JOBS: 'false',
    LCI_DATA_DIR: path.join(PATHS.root, '.tmp', `bench-${process.pid}`),
  });
  const running = await startKernel({
    config,
    pluginDirs: [path.join(PATHS.root, 'bench', 'plugins')],
    http: true,
    workspace: false,
    jobs: false,
    seed: false,
  });
  const { k } = running;

  const { tenantId, userId } = await k.db.withSystem(async (trx) => {
    let first = { tenantId: 0, userId: 0 };
    for (let t = 0; t < TENANTS; t++) {
      const tid = await createTenant(trx, { name: `Bench ${t}` });
      const gid = await createSecurityGroup(trx, tid, {
        name: 'Bench',
        modules: ['Core'],
        pages: [{ url: BENCH_PAGE, access_level: 'Read Only' }],
      });
      const uid = await createUser(trx, { email: `bench${t}@bench.example`, currentTenantId: tid });
      await addTenantUser(trx, tid, { userId: uid, securityGroupId: gid });
      await grantModules(trx, tid, ['Core']);
      await trx('bench_items').insert(
        Array.from({ length: ROWS_PER_TENANT }, (_, i) => ({
          tenant_id: tid,
          name: `Item ${t}-${i}`,
          qty: i,
          notes: 'x'.repeat(40),
        })),
      );
      if (t === 0) first = { tenantId: tid, userId: uid };
    }
    return first;
  });
  const token = await k.identity.issueAccessToken(userId, { ttlSeconds: 3600 });

  // The baseline: Koa + pg, same database, same query, tenant filter in SQL instead of RLS.
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  const bare = new Koa();
  bare.use(async (ctx) => {
    const m = /^\/bare\/tenant\/(\d+)\/items$/.exec(ctx.path);
    if (!m) {
      ctx.status = 404;
      return;
    }
    const r = await pool.query(
      'select item_id, name, qty, notes from bench_items where tenant_id = $1 order by item_id limit $2',
      [Number(m[1]), LIMIT],
    );
    ctx.body = { items: r.rows };
  });
  const bareServer = bare.listen(0, '127.0.0.1');
  await new Promise((r) => bareServer.once('listening', r));
  const barePort = (bareServer.address() as { port: number }).port;
  const kernelPort = (running.server!.address() as { port: number }).port;

  process.stdout.write(
    `${JSON.stringify({
      kernel: `http://127.0.0.1:${kernelPort}/v3/tenant/${tenantId}/bench/items?limit=${LIMIT}`,
      bare: `http://127.0.0.1:${barePort}/bare/tenant/${tenantId}/items`,
      headers: { 'x-api-key': config.apiKey, authorization: `Bearer ${token}` },
    })}\n`,
  );

  const stop = async () => {
    bareServer.close();
    await pool.end();
    await k.stop();
    await database.drop();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
