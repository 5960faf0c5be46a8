/**
 * A migrated database to start test servers and CLI sandboxes from, built once
 * per jest run (tests/helpers/jest-global.ts names the run): a PGlite data
 * folder that is copied, or a PostgreSQL template database that CREATE
 * DATABASE ... TEMPLATE copies. Creating a database and running every
 * migration costs several seconds per suite; a copy costs tens of
 * milliseconds. The copy is a database after `migrate` and the job queue's
 * first start (pg-boss's schema) and nothing else, so a kernel starting on it
 * does what it does on any restart; migrations from
 * an empty database stay covered by the suites that opt out (`lci db
 * migrate` in cli/cli-basics.test.ts).
 *
 * One template per set of plugins under plugins/ that a run asks for: the
 * full one (every plugin; plugin-scoped servers, `startTestServer({ plugins:
 * ['contacts'] })`, start from it too, a superset of their migrations), and
 * one for each set a test switches off through LCI_PLUGINS_DISABLED, holding
 * exactly that set's migrations; each built once per run under the same lock.
 * A build costs ~10-20 s under load, most of it two PGlite initdbs (the
 * database and the job queue's), so sets of their own are kept rare. Migrations of extra
 * plugin folders (tests/plugins) are applied on top by the kernel as usual.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import knexFactory from 'knex';
import { PgBoss, type ConstructorOptions } from 'pg-boss';
import { migrationSets } from '../../kernel/boot';
import { openDatabase } from '../../kernel/db/connect';
import { migrate } from '../../kernel/db/migrator';
import { pgliteAdapter } from '../../kernel/jobs/backend';
import { PATHS } from '../../kernel/paths';
import type { LoadedPlugin } from '../../kernel/plugin';
import { discoverPlugins } from '../../kernel/plugin-loader';
import { RUN_ENV } from './run-id';

// RUN_ENV is set by jest's global setup; without it (another runner) every database starts empty.
export { RUN_ENV };
const WAIT_MS = 240_000;

function runId(): string | undefined {
  const id = process.env[RUN_ENV];
  return id && /^[a-z0-9]+$/.test(id) ? id : undefined;
}

/**
 * The plugins under plugins/ a kernel with these disabled plugins loads, and the name part of their template: ''
 * for every plugin (the run's full template), else a hash of the set's ids (a plugin-scoped server's template).
 */
async function templateSet(disabled: string[]): Promise<{ plugins: LoadedPlugin[]; key: string }> {
  const all = await discoverPlugins([PATHS.plugins]);
  if (!disabled.some((d) => all.some((p) => p.id === d))) return { plugins: all, key: '' };
  const plugins = await discoverPlugins([PATHS.plugins], disabled);
  const ids = plugins.map((p) => p.id).sort();
  return { plugins, key: crypto.createHash('sha1').update(ids.join(',')).digest('hex').slice(0, 10) };
}

export function pgliteTemplateDir(id: string, key = ''): string {
  return path.join(os.tmpdir(), `lci-template-${id}${key ? `-${key}` : ''}`);
}

/**
 * Creates pg-boss's schema (what the kernel's job queue does on its first start) in the PGlite template's job
 * queue database (<dataDir>/jobs, a database of its own: an initdb and the schema otherwise), so a server started
 * from a copy opens its queue instead of building it. The PostgreSQL template has none: there the schema is made in
 * the application's database in well under a second, by the system role that owns it (kernel/db/privileges.ts).
 */
async function installJobQueue(options: ConstructorOptions): Promise<void> {
  const boss = new PgBoss({ ...options, schema: 'pgboss', migrate: true, supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false });
}

async function sleep(ms: number) {
  await new Promise((r) => setTimeout(r, ms));
}

/** The migrated PGlite folder of this run, built by whichever process asks first (the others wait for it). */
async function pgliteTemplate(id: string, set: { plugins: LoadedPlugin[]; key: string }): Promise<string | undefined> {
  const root = pgliteTemplateDir(id, set.key);
  const ready = path.join(root, 'pg');
  fs.mkdirSync(root, { recursive: true });
  const lock = path.join(root, 'building');
  const deadline = Date.now() + WAIT_MS;
  while (!fs.existsSync(ready)) {
    let mine = false;
    try {
      fs.mkdirSync(lock);
      mine = true;
    } catch {
      /* another process builds it */
    }
    if (mine) {
      try {
        const build = path.join(root, `build-${process.pid}`);
        const t = Date.now();
        // One initdb for both databases (each costs seconds): a fresh cluster for the job queue, copied as the
        // application database's folder before it opens.
        fs.mkdirSync(build, { recursive: true });
        await (await PGlite.create(path.join(build, 'jobs'))).close();
        fs.cpSync(path.join(build, 'jobs'), path.join(build, 'pg'), { recursive: true });
        const db = await openDatabase({ dataDir: build });
        const opened = Date.now();
        try {
          await migrate(db.knex, migrationSets(set.plugins));
        } finally {
          await db.close();
        }
        const migrated = Date.now();
        const jobs = await PGlite.create(path.join(build, 'jobs'));
        try {
          await installJobQueue({ db: pgliteAdapter(jobs), backend: 'pglite' });
        } finally {
          await jobs.close();
        }
        if (process.env.LCI_TEST_TIMINGS === '1')
          process.stderr.write(
            `template ${set.key || 'all'} (${set.plugins.length} plugins): open ${opened - t} ms, migrate ${migrated - opened} ms, job queue ${Date.now() - migrated} ms\n`,
          );
        // The job queue's folder first: `pg` is the sign that the template is complete.
        fs.renameSync(path.join(build, 'jobs'), path.join(root, 'jobs'));
        fs.renameSync(path.join(build, 'pg'), ready);
        fs.rmSync(build, { recursive: true, force: true });
      } finally {
        fs.rmSync(lock, { recursive: true, force: true });
      }
      break;
    }
    if (Date.now() > deadline) return undefined;
    await sleep(200);
  }
  return ready;
}

/**
 * Fills `<dataDir>/pg` with a copy of the migrated template when one fits; returns whether it did. `jobQueue`: also
 * `<dataDir>/jobs`, the job queue's database with its schema, for a server that works jobs (its queue opens at start
 * anyway). Without it the folder stays absent, as on a first start: a kernel opens an embedded queue that does not
 * exist yet only when it is first used (kernel/jobs createJobs), and one that exists at once.
 */
export async function seedPgliteDataDir(
  dataDir: string,
  opts: { pluginDirs?: string[]; disabled?: string[]; jobQueue?: boolean } = {},
): Promise<boolean> {
  const id = runId();
  if (!id) return false;
  const t = Date.now();
  const set = await templateSet(opts.disabled ?? []);
  if (process.env.LCI_TEST_TIMINGS === '1')
    process.stderr.write(`template set (plugin modules loaded): ${Date.now() - t} ms\n`);
  const template = await pgliteTemplate(id, set);
  if (!template) return false;
  fs.cpSync(template, path.join(dataDir, 'pg'), { recursive: true });
  const jobs = path.join(path.dirname(template), 'jobs');
  if (opts.jobQueue && fs.existsSync(jobs)) fs.cpSync(jobs, path.join(dataDir, 'jobs'), { recursive: true });
  return true;
}

function adminKnex(base: string) {
  return knexFactory({ client: 'pg', connection: base, pool: { min: 0, max: 1 } });
}

export function postgresTemplateName(id: string, key = ''): string {
  return `lci_tpl_${id}${key ? `_${key}` : ''}`;
}

async function adminRaw(base: string, sql: string): Promise<void> {
  const admin = adminKnex(base);
  try {
    await admin.raw(sql);
  } finally {
    await admin.destroy();
  }
}

/** The migrated PostgreSQL template database of this run (built under an advisory lock by the first process that asks). */
async function postgresTemplate(
  base: string,
  id: string,
  set: { plugins: LoadedPlugin[]; key: string },
): Promise<string> {
  const name = postgresTemplateName(id, set.key);
  const building = `${name}_build`;
  const key = Number.parseInt(crypto.createHash('sha1').update(name).digest('hex').slice(0, 12), 16);
  const lockHolder = adminKnex(base);
  try {
    // The lock lives as long as this transaction; CREATE/DROP DATABASE run on other connections (never inside a transaction).
    await lockHolder.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?)', [key]);
      const { rows } = await trx.raw('select 1 from pg_database where datname = ?', [name]);
      if (rows.length) return;
      await adminRaw(base, `drop database if exists ${building} with (force)`);
      await adminRaw(base, `create database ${building}`);
      const u = new URL(base);
      u.pathname = `/${building}`;
      const db = await openDatabase({ databaseUrl: u.toString(), poolMax: 2 });
      try {
        await migrate(db.knex, migrationSets(set.plugins));
      } finally {
        await db.close();
      }
      await adminRaw(base, `alter database ${building} rename to ${name}`);
    });
  } finally {
    await lockHolder.destroy();
  }
  return name;
}

/** CREATE DATABASE `name` from the migrated template when one fits; returns whether it did (the caller creates an empty one otherwise). */
export async function createPostgresFromTemplate(
  base: string,
  name: string,
  opts: { pluginDirs?: string[]; disabled?: string[] } = {},
): Promise<boolean> {
  const id = runId();
  if (!id) return false;
  const template = await postgresTemplate(base, id, await templateSet(opts.disabled ?? []));
  const admin = adminKnex(base);
  try {
    // Two copies of one template at the same moment can collide ("being accessed by other users"): try again.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.raw(`create database ${name} template ${template}`);
        return true;
      } catch (e) {
        if (attempt >= 50 || !/being accessed by other users/.test(String(e))) throw e;
        await sleep(100 + Math.random() * 200);
      }
    }
  } finally {
    await admin.destroy();
  }
}

/** Removes this run's templates, the full one and every plugin set's (jest's global teardown). */
export async function dropTemplates(id: string, postgresBase?: string): Promise<void> {
  const prefix = path.basename(pgliteTemplateDir(id));
  for (const name of fs.readdirSync(os.tmpdir()))
    if (name === prefix || name.startsWith(`${prefix}-`))
      fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  if (!postgresBase) return;
  const admin = adminKnex(postgresBase);
  try {
    const { rows } = await admin.raw('select datname from pg_database where datname = ? or datname like ?', [
      postgresTemplateName(id),
      `${postgresTemplateName(id)}\\_%`,
    ]);
    for (const r of rows as { datname: string }[]) await admin.raw(`drop database if exists ${r.datname} with (force)`);
  } catch {
    /* the server may be gone; nothing to clean then */
  } finally {
    await admin.destroy();
  }
}
