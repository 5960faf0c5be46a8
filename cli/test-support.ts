/**
 * For the CLI's tests: runs `lci` against a private data folder, and on
 * PostgreSQL when TEST_DATABASE_URL is set (a database per sandbox), either
 * in the test process (cli/in-process.ts, the default) or as the real
 * executable in a child process (bin/lci.mjs: the prebuilt CLI, rebuilt when
 * its sources changed).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase, postgresUrl } from '../tests/helpers/server';
import { seedPgliteDataDir } from '../tests/helpers/template-db';
import { closeKeptEmbedded, hasParkedEmbedded, keepEmbeddedOpen } from '../kernel/db/embedded/kept';
import { PATHS } from '../kernel/paths';
import { runInProcess } from './in-process';

// The project folder (not __dirname: Playwright loads this module as ESM through tests/sdk.ts).
const ROOT = PATHS.root;
const LCI = path.join(ROOT, 'bin', 'lci.mjs');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}
export interface CliSandbox {
  dataDir: string;
  env: Record<string, string>;
  run(args: string[], opts?: { env?: Record<string, string>; input?: string }): Promise<CliResult>;
  /** Runs and expects exit 0; returns stdout. */
  ok(args: string[], opts?: { env?: Record<string, string>; input?: string }): Promise<string>;
  json<T = any>(args: string[]): Promise<T>;
  /** Closes the embedded database the in-process commands keep open, so another process may open the folder. */
  release(): Promise<void>;
  /** Starts a long-running command (serve); output is collected in `out`. After in-process commands: release() first. */
  spawn(
    args: string[],
    opts?: { env?: Record<string, string> },
  ): { child: ChildProcess; out: { stdout: string; stderr: string }; exited: Promise<number | null> };
  cleanup(): Promise<void>;
}

/** The environment of a child: the parent's, minus anything that would point it at a shared database or bus. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined) continue;
    if (/^(LCI_|DATABASE_URL$|REDIS_URL$|PORT$|NODE_ENV$|JEST_|TEST_DATABASE_URL$)/.test(k)) continue;
    env[k] = v;
  }
  return env;
}

/**
 * A private data folder (and database). It starts as a copy of this run's migrated template database unless
 * `migrated: false` asks for an empty one (the first command then runs every migration).
 *
 * Commands run in this process (cli/in-process.ts: the same run() as bin/lci.mjs, minus loading the modules
 * again) unless `process: 'child'` asks for the real executable; a call with `input` (stdin) and spawn() always
 * use a child process. `pluginDirs` adds plugin folders to the program and its kernel (in-process commands only).
 */
export async function cliSandbox(
  opts: {
    engine?: 'pglite' | 'postgres';
    migrated?: boolean;
    process?: 'child' | 'in-process';
    pluginDirs?: string[];
  } = {},
): Promise<CliSandbox> {
  if (opts.pluginDirs?.length && opts.process === 'child')
    throw new Error('cliSandbox: pluginDirs work in-process only (the executable loads plugins/ only)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-cli-'));
  const pgBase = opts.engine === 'pglite' ? undefined : postgresUrl();
  const migrated = opts.migrated !== false;
  const pg = pgBase
    ? await createPostgresDatabase(pgBase, migrated ? { migrated: true } : { migrated: false })
    : undefined;
  if (!pg && migrated) await seedPgliteDataDir(dataDir, { pluginDirs: opts.pluginDirs });
  const env: Record<string, string> = {
    ...baseEnv(),
    LCI_DATA_DIR: dataDir,
    NODE_ENV: 'test',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  };
  const inProcess = opts.process !== 'child';
  // Embedded: the in-process commands share the folder's PGlite instead of starting PostgreSQL again each
  // (kernel/db/embedded/kept.ts); it is closed before a child process opens the folder.
  if (!pg && inProcess) keepEmbeddedOpen(dataDir);
  const release = () => (pg ? Promise.resolve() : closeKeptEmbedded(dataDir, false));
  const run = (args: string[], o: { env?: Record<string, string>; input?: string } = {}) =>
    inProcess && o.input === undefined
      ? runInProcess(args, { ...env, ...(o.env ?? {}), LCI_ROOT: ROOT }, { pluginDirs: opts.pluginDirs })
      : release().then(() => runChild(args, o));
  const runChild = (args: string[], o: { env?: Record<string, string>; input?: string } = {}) =>
    new Promise<CliResult>((resolve) => {
      const child = execFile(
        process.execPath,
        [LCI, ...args],
        { cwd: ROOT, env: { ...env, ...(o.env ?? {}) }, maxBuffer: 16 << 20, timeout: 120_000 },
        (err, stdout, stderr) => {
          const code = err
            ? typeof (err as { code?: unknown }).code === 'number'
              ? (err as { code: number }).code
              : 1
            : 0;
          resolve({ code, stdout: String(stdout), stderr: String(stderr) });
        },
      );
      if (o.input !== undefined) child.stdin?.end(o.input);
      else child.stdin?.end();
    });
  const ok = async (args: string[], o?: { env?: Record<string, string>; input?: string }) => {
    const r = await run(args, o);
    if (r.code !== 0) throw new Error(`lci ${args.join(' ')} exited ${r.code}: ${r.stderr.slice(0, 2000)}`);
    return r.stdout;
  };
  return {
    dataDir,
    env,
    run,
    ok,
    json: async (args) => JSON.parse(await ok([...args, '--json'])),
    release,
    spawn: (args, o = {}) => {
      if (hasParkedEmbedded(dataDir))
        throw new Error('cliSandbox.spawn: the in-process commands still hold the folder open: await release() first');
      const child = spawn(process.execPath, [LCI, ...args], {
        cwd: ROOT,
        env: { ...env, ...(o.env ?? {}) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const out = { stdout: '', stderr: '' };
      child.stdout!.on('data', (d) => {
        out.stdout += d;
      });
      child.stderr!.on('data', (d) => {
        out.stderr += d;
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      return { child, out, exited };
    },
    cleanup: async () => {
      if (!pg) await closeKeptEmbedded(dataDir);
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
