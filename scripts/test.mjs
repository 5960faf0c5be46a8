#!/usr/bin/env node
/**
 * npm test: provisions Chromium when /usr/bin/chromium is missing (Debian
 * package, never a browser download), type-checks (npm run typecheck: tsc -b over
 * tsconfig.projects.json), lints (npm run lint: eslint with its cache), checks the format (npm run format:check: prettier), runs jest (every *.test.ts), builds the workspace and runs Playwright. Exits non-zero on any
 * failure and ends with the plain line "N passed, N failed" (jest + Playwright).
 */
import { spawnSync } from 'node:child_process';
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

/** Runs Playwright; returns { passed, failed, status }. */
export function runPlaywright(extraArgs = []) {
  if (!ensureChromium()) return { passed: 0, failed: 1, status: 1 };
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lci-pw-')), 'results.json');
  const status = run(bin('playwright'), ['test', '--reporter=list,json', ...extraArgs], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out, PLAYWRIGHT_JSON_OUTPUT_FILE: out },
  });
  const report = readJson(out);
  const stats = report?.stats;
  if (!stats) return { passed: 0, failed: Math.max(1, report?.errors?.length ?? 1), status: status || 1 };
  const failed = (stats.unexpected ?? 0) + (report.errors?.length ?? 0);
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed, status: failed ? status || 1 : status };
}

/** Runs jest; returns { passed, failed, status }. */
export function runJest(extraArgs = [], env = {}) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lci-jest-')), 'results.json');
  const status = run(bin('jest'), ['--json', `--outputFile=${out}`, ...extraArgs], { env });
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
  step('typecheck', run('npm', ['run', 'typecheck', '--silent']));
  step('lint', run('npm', ['run', 'lint', '--silent']));
  step('format', run('npm', ['run', 'format:check', '--silent']));
  const jest = runJest();
  step('jest', jest.status);
  const build = run('npm', ['run', 'build:workspace', '--silent']);
  step('build:workspace', build);
  const e2e = build === 0 ? runPlaywright() : { passed: 0, failed: 1, status: 1 };
  if (build !== 0) console.error('Playwright not run: the workspace did not build');
  step('playwright', e2e.status);

  const bad = steps.filter(([, st]) => st !== 0).map(([name]) => name);
  console.log(
    `\nSteps: ${steps.map(([n, st, sec]) => `${n} ${st === 0 ? 'ok' : 'FAILED'} ${sec} s`).join(', ')} (${Math.round((Date.now() - started) / 1000)} s)`,
  );
  console.log(
    `jest: ${jest.passed} passed, ${jest.failed} failed; playwright: ${e2e.passed} passed, ${e2e.failed} failed`,
  );
  console.log(`${jest.passed + e2e.passed} passed, ${jest.failed + e2e.failed} failed`);
  process.exit(bad.length ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
