/**
 * npm run bench: throughput of an authenticated tenant-scoped GET through the
 * real kernel (API key, token check, access, validation, RLS transaction, JSON)
 * against a bare Koa + pg route doing the same query on the same PostgreSQL
 * database, measured in the same run (interleaved rounds, loopback only), and
 * the gzipped size of the workspace's first-load JavaScript.
 *
 * The machine is noisy (2 cores shared by the load generator, both servers and
 * PostgreSQL), so the sides alternate in short rounds and the ratio is the
 * median of the rounds' ratios (each round measures bare, then kernel, back to
 * back); the total throughput of each side is printed too.
 *
 * Targets: kernel >= 0.5 x bare throughput; first-load JS < 350 KB gzipped.
 * Options: BENCH_SECONDS (per side, default 15), BENCH_ROUNDS (default 5), BENCH_CONNECTIONS (default 10),
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); BENCH_LOGINS=one runs the kernel on
 * the owner's single login instead of the separate lci_app and lci_system logins (README, database roles);
 * --strict exits 1 when a target is missed.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { PATHS } from '../kernel/paths';

const SECONDS = Math.max(2, Number(process.env.BENCH_SECONDS ?? 15));
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 10));
const ROUNDS = Math.max(1, Math.floor(Number(process.env.BENCH_ROUNDS ?? 5)));
const TARGET_RATIO = 0.5;
const TARGET_JS_KB = 350;

interface Targets {
  kernel: string;
  bare: string;
  headers: Record<string, string>;
}
interface Measure {
  requests: number;
  seconds: number;
  p99: number[];
  errors: number;
  non2xx: number;
}

function startTargets(): Promise<{ targets: Targets; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    [path.join(PATHS.root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(PATHS.root, 'bench', 'targets.ts')],
    { cwd: PATHS.root, stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
  );
  return new Promise((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout! });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('bench targets did not start within 120 s'));
    }, 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench targets exited with code ${code}`));
    });
    rl.once('line', (line) => {
      clearTimeout(timer);
      const stop = () =>
        new Promise<void>((done) => {
          child.removeAllListeners('exit');
          child.once('exit', () => done());
          child.kill('SIGTERM');
          setTimeout(() => {
            child.kill('SIGKILL');
            done();
          }, 15_000).unref();
        });
      resolve({ targets: JSON.parse(line) as Targets, stop });
    });
  });
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, pipelining: 1 });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function add(m: Measure, r: autocannon.Result): void {
  m.requests += r.requests.total;
  m.seconds += r.duration;
  m.p99.push(r.latency.p99);
  m.errors += r.errors + r.timeouts;
  m.non2xx += r.non2xx;
}

/** Gzipped bytes of the entry script and its modulepreload links in dist/workspace/index.html. */
function firstLoadJs(
  dist = PATHS.workspaceDist,
): { files: { file: string; raw: number; gzip: number }[]; gzip: number } | null {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return null;
  const html = fs.readFileSync(index, 'utf8');
  const refs = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/g)) refs.add(m[1]);
  for (const m of html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["'][^>]*\btype=["']module["']/g)) refs.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/g)) refs.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\bhref=["']([^"']+)["'][^>]*\brel=["']modulepreload["']/g)) refs.add(m[1]);
  const files = [...refs]
    .filter((r) => !/^https?:/.test(r))
    .map((ref) => {
      const file = path.join(dist, ref.replace(/^\//, '').split('?')[0]);
      const body = fs.readFileSync(file);
      return { file: path.relative(dist, file), raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length };
    });
  return { files, gzip: files.reduce((s, f) => s + f.gzip, 0) };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const strict = process.argv.includes('--strict');
  let failed = false;
  console.log(
    `Benchmark: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS / ROUNDS} s per side (bare, then kernel), PostgreSQL ${process.env.BENCH_DATABASE_URL ?? '127.0.0.1:5432'}`,
  );
  const { targets, stop } = await startTargets();
  try {
    // Both sides must answer the same data before they are compared.
    const [kRes, bRes] = [await fetch(targets.kernel, { headers: targets.headers }), await fetch(targets.bare)];
    const [kBody, bBody] = [await kRes.json(), await bRes.json()];
    if (kRes.status !== 200 || JSON.stringify(kBody) !== JSON.stringify(bBody))
      throw new Error(
        `the two routes disagree: kernel ${kRes.status} ${JSON.stringify(kBody).slice(0, 200)} / bare ${JSON.stringify(bBody).slice(0, 200)}`,
      );

    // A serving process has answered sign-ins: oidc-provider's first request switches on async
    // context tracking (AsyncLocalStorage) for the whole process, which every promise then pays for.
    const discovery = await fetch(new URL('/oidc/.well-known/openid-configuration', targets.kernel));
    if (!discovery.ok) throw new Error(`the identity service did not answer (${discovery.status})`);
    await load(targets.kernel, targets.headers, 2); // warm-up
    await load(targets.bare, {}, 2);
    const kernel: Measure = { requests: 0, seconds: 0, p99: [], errors: 0, non2xx: 0 };
    const bare: Measure = { requests: 0, seconds: 0, p99: [], errors: 0, non2xx: 0 };
    const ratios: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const b = await load(targets.bare, {}, SECONDS / ROUNDS);
      const kr = await load(targets.kernel, targets.headers, SECONDS / ROUNDS);
      add(bare, b);
      add(kernel, kr);
      ratios.push(kr.requests.total / kr.duration / (b.requests.total / b.duration));
    }
    const rps = (m: Measure) => m.requests / m.seconds;
    const ratio = median(ratios);
    const row = (name: string, m: Measure) =>
      `${name.padEnd(34)} ${rps(m).toFixed(0).padStart(8)} req/s   p99 ${Math.max(...m.p99)
        .toFixed(1)
        .padStart(6)} ms   errors ${m.errors + m.non2xx}`;
    console.log(row('kernel (token, RLS, validation)', kernel));
    console.log(row('bare Koa + pg', bare));
    console.log(
      `ratio per round: ${ratios.map((r) => r.toFixed(2)).join(' ')}; of the totals: ${(rps(kernel) / rps(bare)).toFixed(2)}`,
    );
    console.log(
      `ratio kernel/bare (median of rounds): ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}) ${ratio >= TARGET_RATIO ? 'OK' : 'BELOW TARGET'}`,
    );
    if (kernel.errors + kernel.non2xx + bare.errors + bare.non2xx > 0) {
      console.log('errors during the run: the numbers are not valid');
      failed = true;
    }
    if (ratio < TARGET_RATIO) failed = true;
  } finally {
    await stop();
  }

  let js = firstLoadJs();
  if (!js) {
    console.log('dist/workspace/index.html missing: building the workspace');
    spawnSync('npm', ['run', 'build:workspace', '--silent'], { cwd: PATHS.root, stdio: 'inherit' });
    js = firstLoadJs();
  }
  if (!js) {
    console.log('workspace first-load JavaScript: not measured (the workspace did not build)');
    failed = true;
  } else {
    for (const f of js.files)
      console.log(`  ${f.file.padEnd(50)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(10)} gzip`);
    const ok = js.gzip < TARGET_JS_KB * 1024;
    console.log(
      `workspace first-load JavaScript: ${kb(js.gzip)} gzipped in ${js.files.length} files (target < ${TARGET_JS_KB} KB) ${ok ? 'OK' : 'ABOVE TARGET'}`,
    );
    if (!ok) failed = true;
  }
  if (failed && strict) process.exit(1);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
