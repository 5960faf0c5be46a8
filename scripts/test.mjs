#!/usr/bin/env node
/**
 * npm test: provisions Chromium when /usr/bin/chromium is missing (Debian
 * package, never a browser download), type-checks (npm run typecheck: tsc -b over
 * tsconfig.projects.json), lints (npm run lint: eslint with its cache), checks the format (npm run format:check: prettier), runs jest (every *.test.ts), builds the workspace and runs Playwright. Exits non-zero on any
 * failure and ends with the plain line "N passed, N failed" (jest + Playwright). With LCI_TEST_POSTGRES_URL (and
 * LCI_TEST_REDIS_URL) set, as .ci/run does, the suites that reach a database run once more on that PostgreSQL and
 * Redis, in the background from the start (one jest worker beside every stage), and count in that line too;
 * Playwright's shared server then runs on that PostgreSQL as well (E2E_DATABASE_URL, a database of its own).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM = '/usr/bin/chromium';
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

export function run(cmd, args, opts = {}) {
  console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  const r = spawnSync(cmd, args, {
    cwd: ROOT,
    stdio: 'inherit',
    ...opts,
    env: { ...process.env, ...(opts.env ?? {}) },
  });
  if (r.error) console.error(`${cmd}: ${r.error.message}`);
  return r.status ?? 1;
}

/** Installs Debian's chromium when it is missing. Returns true when /usr/bin/chromium is there. */
export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return true;
  console.log(`${CHROMIUM} is missing: installing the Debian package chromium`);
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = root ? [] : ['sudo', '-n'];
  const apt = (args) =>
    sudo.length
      ? run(sudo[0], [...sudo.slice(1), 'apt-get', ...args], { env: { DEBIAN_FRONTEND: 'noninteractive' } })
      : run('apt-get', args, { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  if (apt(['update']) !== 0) console.error('apt-get update failed');
  if (apt(['install', '-y', '--no-install-recommends', 'chromium']) !== 0)
    console.error('apt-get install chromium failed');
  const ok = fs.existsSync(CHROMIUM);
  if (!ok) console.error(`Chromium could not be installed at ${CHROMIUM}; browser tests cannot run`);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * A folder in memory (/dev/shm) for a run's files when the machine has room (4 GiB free), else undefined (the
 * system's temporary folder then). The servers of a run copy and remove databases of ~90 MB in thousands of files;
 * on a disk mounted with `discard` that costs seconds each time. jest's global setup does the same for its run
 * (tests/helpers/run-tmp.ts). LCI_TEST_TMP=disk keeps everything on disk.
 */
export function memoryTmp(name) {
  if (process.env.LCI_TEST_TMP === 'disk') return undefined;
  try {
    const s = fs.statfsSync('/dev/shm');
    if (s.bavail * s.bsize < 4 * 1024 ** 3) return undefined;
    return fs.mkdtempSync(path.join('/dev/shm', `lci-${name}-`));
  } catch {
    return undefined;
  }
}

/** Playwright's command line and the file its JSON report goes to. */
function playwrightCommand(extraArgs) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lci-pw-')), 'results.json');
  return { args: ['test', '--reporter=list,json', ...extraArgs], out };
}

/** Reads Playwright's JSON report into { passed, failed, status }. */
function playwrightResult(out, status) {
  const report = readJson(out);
  const stats = report?.stats;
  if (!stats) return { passed: 0, failed: Math.max(1, report?.errors?.length ?? 1), status: status || 1 };
  const failed = (stats.unexpected ?? 0) + (report.errors?.length ?? 0);
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed, status: failed ? status || 1 : status };
}

/** The environment of a Playwright run: its JSON report file and, when there is room, its files in memory. */
function playwrightEnv(out, tmp) {
  return { PLAYWRIGHT_JSON_OUTPUT_NAME: out, PLAYWRIGHT_JSON_OUTPUT_FILE: out, ...(tmp ? { TMPDIR: tmp } : {}) };
}

/** Runs Playwright; returns { passed, failed, status }. */
export function runPlaywright(extraArgs = []) {
  if (!ensureChromium()) return { passed: 0, failed: 1, status: 1 };
  const { args, out } = playwrightCommand(extraArgs);
  const tmp = memoryTmp('pw');
  try {
    return playwrightResult(out, run(bin('playwright'), args, { env: playwrightEnv(out, tmp) }));
  } finally {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Runs a command without waiting; resolves to its exit status. Its output goes to `log` when given. */
function runAsync(cmd, args, env, log) {
  console.log(`\n$ ${[cmd, ...args].join(' ')}${log ? ` (output in ${log})` : ''}`);
  return new Promise((resolve) => {
    const out = log ? fs.openSync(log, 'w') : 'inherit';
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
    child.on('error', (e) => {
      console.error(`${cmd}: ${e.message}`);
      resolve(1);
    });
    child.on('close', (code) => {
      if (typeof out === 'number') fs.closeSync(out);
      resolve(code ?? 1);
    });
  });
}

/**
 * The suites that reach a database, once more on PostgreSQL + Redis (`pg`: { url, redis }; .ci/run), on one jest
 * worker in the background: started before the type check, it runs beside everything else (the machine has two
 * cores and the stages before Playwright leave some of them idle; a run beside Playwright alone ended last, with a
 * core idle). `finish()` waits for it and prints its output.
 */
export function startPostgresJest(pg, only = undefined) {
  const suites =
    only ??
    spawnSync('node', ['scripts/db-suites.mjs'], { cwd: ROOT, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lci-jest-pg-')), 'results.json');
  const log = path.join(path.dirname(out), 'jest.log');
  console.log(`${suites.length} suites reach a database: run on PostgreSQL (${pg.url}) in the background`);
  const started = Date.now();
  const run = runAsync(
    bin('jest'),
    ['--json', `--outputFile=${out}`, '--maxWorkers=1', '--runTestsByPath', ...suites],
    { TEST_DATABASE_URL: pg.url, REDIS_URL: pg.redis },
    log,
  ).then((status) => ({ status, seconds: Math.round((Date.now() - started) / 1000) }));
  return {
    async finish() {
      const { status, seconds } = await run;
      console.log(`\n== jest on PostgreSQL + Redis (${seconds} s) ==`);
      process.stdout.write(fs.readFileSync(log, 'utf8'));
      return { ...jestResult(out, status), seconds };
    },
  };
}

/**
 * Playwright with its shared server on PostgreSQL (`pgUrl`; a database of its own): the production engine, and
 * native PostgreSQL leaves more of the two cores to the browser and the jest run beside it than the embedded one.
 */
export async function runPlaywrightOnPostgres(pgUrl, e2eArgs = []) {
  if (!ensureChromium()) return { passed: 0, failed: 1, status: 1 };
  const { args, out } = playwrightCommand(e2eArgs);
  const tmp = memoryTmp('pw');
  try {
    return playwrightResult(
      out,
      await runAsync(bin('playwright'), args, { ...playwrightEnv(out, tmp), E2E_DATABASE_URL: pgUrl }),
    );
  } finally {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    await dropE2eDatabase(pgUrl);
  }
}

/** Drops the shared e2e server's database (tests/e2e/server.mjs makes it; Playwright kills the server before it can). */
async function dropE2eDatabase(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query(`drop database if exists lci_e2e_${Number(process.env.E2E_PORT ?? 3197)} with (force)`);
  } catch (e) {
    console.error(`the e2e database was not dropped: ${e.message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs jest; returns { passed, failed, status }. */
export function runJest(extraArgs = [], env = {}) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lci-jest-')), 'results.json');
  const status = run(bin('jest'), ['--json', `--outputFile=${out}`, ...extraArgs], { env });
  return jestResult(out, status);
}

/** Reads jest's JSON report into { passed, failed, status }. */
function jestResult(out, status) {
  const r = readJson(out);
  if (!r) return { passed: 0, failed: 1, status: status || 1 };
  // A suite that fails to load counts as a failure even though none of its tests ran.
  const failed = (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0);
  return { passed: r.numPassedTests ?? 0, failed, status: failed ? status || 1 : status };
}

async function main() {
  const steps = [];
  const started = Date.now();
  let mark = Date.now();
  /** Records a step's status and how long it took since the previous one. */
  const step = (name, status) => {
    steps.push([name, status, Math.round((Date.now() - mark) / 1000)]);
    mark = Date.now();
  };
  const chromium = ensureChromium();
  step('chromium', chromium ? 0 : 1);
  // .ci/run: the database suites once more on PostgreSQL + Redis (LCI_TEST_POSTGRES_URL), beside every stage.
  const pgUrl = process.env.LCI_TEST_POSTGRES_URL;
  const pgJest = pgUrl ? startPostgresJest({ url: pgUrl, redis: process.env.LCI_TEST_REDIS_URL ?? '' }) : undefined;
  // --force: a full check (about 10 s) rather than trusting the incremental cache in node_modules/.cache/tsc, which
  // can call a project up to date whose declarations were never written (TS6305 in a later project).
  step('typecheck', run('npm', ['run', 'typecheck', '--silent', '--', '--force']));
  step('lint', run('npm', ['run', 'lint', '--silent']));
  step('format', run('npm', ['run', 'format:check', '--silent']));
  const jest = runJest();
  step('jest', jest.status);
  const build = run('npm', ['run', 'build:workspace', '--silent']);
  step('build:workspace', build);
  let e2e;
  if (build !== 0) {
    console.error('Playwright not run: the workspace did not build');
    e2e = { passed: 0, failed: 1, status: 1 };
  } else e2e = pgUrl ? await runPlaywrightOnPostgres(pgUrl) : runPlaywright();
  step('playwright', e2e.status);
  let pg = { passed: 0, failed: 0, status: 0 };
  if (pgJest) {
    pg = await pgJest.finish();
    step(`jest on PostgreSQL (${pg.seconds} s in all, from the start) ended`, pg.status);
  }

  const bad = steps.filter(([, st]) => st !== 0).map(([name]) => name);
  console.log(
    `\nSteps: ${steps.map(([n, st, sec]) => `${n} ${st === 0 ? 'ok' : 'FAILED'} ${sec} s`).join(', ')} (${Math.round((Date.now() - started) / 1000)} s)`,
  );
  console.log(
    `jest: ${jest.passed} passed, ${jest.failed} failed; playwright: ${e2e.passed} passed, ${e2e.failed} failed${pgUrl ? `; jest on PostgreSQL: ${pg.passed} passed, ${pg.failed} failed` : ''}`,
  );
  console.log(`${jest.passed + e2e.passed + pg.passed} passed, ${jest.failed + e2e.failed + pg.failed} failed`);
  // Exit once stdout has drained: a pipe (CI's tee) takes the PostgreSQL run's long log asynchronously, and an exit
  // before it is written would cut it, with the Steps line and the closing 'N passed, N failed' line after it.
  const code = bad.length ? 1 : 0;
  process.stdout.write('', () => process.exit(code));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
