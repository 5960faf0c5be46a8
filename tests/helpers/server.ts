/**
 * Starts the real server on a free port against a real database for API tests:
 * the embedded PGlite by default, or a fresh PostgreSQL database (dropped at
 * stop) when TEST_DATABASE_URL or DATABASE_URL is set. One per test file.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { loadConfig } from '../../config';
import { dataDirSecret } from '../../config/server-secret';
import { startKernel, type Running, type StartOptions } from '../../kernel/boot';
import { PATHS } from '../../kernel/paths';
import { discoverPlugins } from '../../kernel/plugin-loader';
import { testLogins } from './pg-logins';
import { createPostgresFromTemplate, seedPgliteDataDir } from './template-db';

export interface TestServer extends Running {
  url: string;
  dataDir: string;
  /** PostgreSQL: the owner's (superuser's) URL of the server's database, for a test's own checks; the server logs in as lci_app and lci_system. */
  databaseUrl?: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export function postgresUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

/** What a new database is made from: this run's migrated template when it fits these plugins (see template-db.ts), or nothing. */
export type DatabaseStart = { migrated: true; pluginDirs?: string[]; disabled?: string[] } | { migrated: false };

/**
 * Creates a PostgreSQL database next to the one in `base`: a copy of the migrated template, or empty with
 * `{ migrated: false }`. Returns its URL and a drop function.
 */
export async function createPostgresDatabase(
  base: string,
  start: DatabaseStart = { migrated: true },
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lci_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  if (!(start.migrated && (await createPostgresFromTemplate(base, name, start)))) {
    const admin = knexFactory({ client: 'pg', connection: base, pool: { min: 0, max: 1 } });
    await admin.raw(`create database ${name}`);
    await admin.destroy();
  }
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const a = knexFactory({ client: 'pg', connection: base, pool: { min: 0, max: 1 } });
      await a.raw(`drop database if exists ${name} with (force)`);
      await a.destroy();
    },
  };
}

/** Plugins a test switches off through LCI_PLUGINS_DISABLED (the config's own variable). */
function disabledOf(env: Record<string, string> | undefined): string[] {
  return (env?.LCI_PLUGINS_DISABLED ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The plugins (under plugins/ and `pluginDirs`) a server scoped to `plugins` switches off: every one that is neither named nor a
 * (transitive) `dependsOn` of a named one. An unknown id is an error naming it.
 */
export async function pluginsOutsideScope(plugins: string[], pluginDirs: string[] = []): Promise<string[]> {
  const all = await discoverPlugins([PATHS.plugins, ...pluginDirs]);
  const byId = new Map(all.map((p) => [p.id, p]));
  const keep = new Set<string>();
  const visit = (id: string) => {
    const p = byId.get(id);
    if (!p)
      throw new Error(`startTestServer: no plugin "${id}" under plugins/ (known: ${[...byId.keys()].join(', ')})`);
    if (keep.has(id)) return;
    keep.add(id);
    for (const d of p.dependsOn ?? []) visit(d);
  };
  plugins.forEach(visit);
  return all.map((p) => p.id).filter((id) => !keep.has(id));
}

export interface TestServerOptions extends Omit<StartOptions, 'config'> {
  env?: Record<string, string>;
  /**
   * A plugin-scoped server: only these plugins and their (transitive) `dependsOn` are loaded, every other plugin
   * under plugins/ is switched off (LCI_PLUGINS_DISABLED). It starts on a copy of the run's full migrated template
   * (tables of the switched-off plugins exist, empty). `[]`: the kernel alone. The default (undefined) loads every
   * plugin: keep it for suites that walk every plugin (routes, functions, the OpenAPI document, isolation, fuzzing).
   */
  plugins?: string[];
  /** 'pglite' forces the embedded engine even when a PostgreSQL URL is set. */
  engine?: 'pglite' | 'postgres';
  /** false: start from an empty database (migrations run at start) instead of this run's migrated template. */
  migrated?: boolean;
  /** PostgreSQL: the address the server connects through (e.g. a TCP proxy a test stops); the database is made and dropped at the real one. */
  routeDatabase?: (url: string) => string | Promise<string>;
}

/** LCI_TEST_TIMINGS=1: each test server prints where its start went (scope, database copy, kernel start) to stderr. */
function stopwatch() {
  const on = process.env.LCI_TEST_TIMINGS === '1';
  const t0 = Date.now();
  let last = t0;
  const parts: string[] = [];
  return {
    lap(name: string) {
      const now = Date.now();
      parts.push(`${name} ${now - last} ms`);
      last = now;
    },
    print(label: string) {
      if (on) process.stderr.write(`test server ${label}: ${parts.join(', ')}; total ${Date.now() - t0} ms\n`);
    },
  };
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const watch = stopwatch();
  if (opts.plugins) {
    const outside = await pluginsOutsideScope(opts.plugins, opts.pluginDirs);
    const disabled = [...new Set([...disabledOf(opts.env), ...outside])].join(',');
    opts = { ...opts, env: { ...(opts.env ?? {}), LCI_PLUGINS_DISABLED: disabled } };
    watch.lap('scope');
  }
  // A scoped server starts from the run's full template, a superset of its migrations: the migrator checks only the
  // loaded plugins' migrations and tolerates records of others, nothing at start walks every table, and a copy of the
  // shared template costs ~0.2 s where a template of its own would cost a build (~10 s, mostly two PGlite initdbs).
  // A test that switches plugins off through LCI_PLUGINS_DISABLED gets a template of exactly that set.
  const templateDisabled = opts.plugins ? [] : disabledOf(opts.env);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-test-'));
  // A new server's own secret, made before its database is copied in: the folder is new, not one of the former default.
  if (!opts.env?.LCI_SECRET) dataDirSecret(dataDir, { hadData: false });
  const port = await freePort();
  const pgBase = opts.engine === 'pglite' ? undefined : postgresUrl();
  if (opts.engine === 'postgres' && !pgBase) throw new Error('engine postgres needs TEST_DATABASE_URL or DATABASE_URL');
  const pgDb = pgBase
    ? await createPostgresDatabase(
        pgBase,
        opts.migrated === false
          ? { migrated: false }
          : { migrated: true, pluginDirs: opts.pluginDirs, disabled: templateDisabled },
      )
    : undefined;
  if (!pgDb && opts.migrated !== false)
    await seedPgliteDataDir(dataDir, {
      pluginDirs: opts.pluginDirs,
      disabled: templateDisabled,
      // A server that works jobs (LCI_JOBS, default on) opens its queue at start: give it the template's.
      jobQueue: opts.jobs ?? (opts.env?.LCI_JOBS ?? process.env.LCI_JOBS) !== 'false',
    });
  watch.lap('database');
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    PORT: String(port),
    LCI_DATA_DIR: dataDir,
    LCI_LOG_LEVEL: process.env.LCI_LOG_LEVEL ?? 'silent',
    LCI_SEED_DEMO: 'false',
    LCI_BASE_URL: `http://localhost:${port}`,
    // No LCI_SECRET: as `npm start`, the data directory's (config/server-secret.ts), which `lci` beside it reads too.
    // Every reply of a route with a response schema is checked against it (kernel/http/response-check.ts).
    LCI_CHECK_RESPONSES: 'true',
    ...(opts.env ?? {}),
  };
  if (pgDb) {
    // As in production: requests as the application role, the system scope as the system role, the owner only to migrate.
    const logins = await testLogins(pgBase!, opts.routeDatabase ? await opts.routeDatabase(pgDb.url) : pgDb.url);
    Object.assign(env, { DATABASE_URL: logins.app, DATABASE_SYSTEM_URL: logins.system, DATABASE_OWNER_URL: pgDb.url });
  }
  // CI runs the API suites once more with REDIS_URL set: use the cross-process bus then too.
  if (process.env.REDIS_URL && opts.env?.REDIS_URL === undefined) env.REDIS_URL = process.env.REDIS_URL;
  const config = loadConfig({ ...env });
  const running = await startKernel({ ...opts, config, http: opts.http ?? true, workspace: opts.workspace ?? false });
  watch.lap('kernel');
  watch.print(opts.plugins ? `[${opts.plugins.join(',')}]` : '[all plugins]');
  return {
    ...running,
    url: running.url ?? `http://localhost:${port}`,
    dataDir,
    databaseUrl: pgDb?.url,
    stop: async () => {
      await running.k.stop();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
