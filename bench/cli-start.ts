/**
 * npm run bench:cli: how long one `lci` command takes from the shell, the prebuilt CLI (bin/lci.mjs running
 * dist/cli/lci.mjs) against the same command from the TypeScript sources through tsx (LCI_CLI_SOURCE=1: what
 * `lci` did before the prebuilt CLI). Both run `lci tenant list --json` on one migrated embedded database, so
 * each process starts the kernel and opens PGlite; the difference is loading the program.
 *
 * Each round runs the source, then the prebuilt CLI, back to back; the ratio is the median of the rounds'
 * ratios. Target: prebuilt / source <= 0.7 (--strict exits 1 above it). BENCH_ROUNDS (default 7).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PATHS } from '../kernel/paths';
import { median } from './lib/paired';

const ROUNDS = Math.max(3, Math.floor(Number(process.env.BENCH_ROUNDS ?? 7)));
const TARGET = 0.7;
const LCI = path.join(PATHS.root, 'bin', 'lci.mjs');

function timed(env: Record<string, string>, args: string[]): { ms: number; out: string } {
  const started = process.hrtime.bigint();
  const out = execFileSync(process.execPath, [LCI, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, out };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-bench-cli-'));
try {
  const env = { LCI_DATA_DIR: dataDir, NODE_ENV: 'test' };
  execFileSync(process.execPath, [LCI, 'db', 'migrate'], { env: { ...process.env, ...env }, stdio: 'ignore' }); // also builds dist/cli when stale
  execFileSync(process.execPath, [LCI, 'tenant', 'create', 'Bench MSP'], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  const args = ['tenant', 'list', '--json'];
  const source = { ...env, LCI_CLI_SOURCE: '1' };
  // Both must answer the same; one warm-up each (tsx's transform cache, the file cache).
  const a = timed(source, args);
  const b = timed(env, args);
  if (a.out !== b.out) throw new Error(`the two CLIs answer differently:\n${a.out}\n---\n${b.out}`);
  const rows: { source: number; prebuilt: number; ratio: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const s = timed(source, args).ms;
    const p = timed(env, args).ms;
    rows.push({ source: s, prebuilt: p, ratio: p / s });
  }
  const ratio = median(rows.map((r) => r.ratio));
  console.log(
    `lci tenant list --json, ${ROUNDS} rounds (ms): source via tsx median ${median(rows.map((r) => r.source)).toFixed(0)}, prebuilt median ${median(rows.map((r) => r.prebuilt)).toFixed(0)}`,
  );
  console.log(`ratio prebuilt / source (median of rounds): ${ratio.toFixed(2)} (target <= ${TARGET})`);
  if (process.argv.includes('--strict') && ratio > TARGET) process.exitCode = 1;
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
