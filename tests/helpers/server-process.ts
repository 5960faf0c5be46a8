/**
 * The real server in a child process for the load and fault suites, so its
 * memory is measured apart from the load generator's: started with production
 * settings on a given PostgreSQL database (and Redis), it migrates at start and
 * prints "READY <url>". A kernel without HTTP in this process provisions a
 * tenant and issues its token (the same database holds the signing keys).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config';
import { startKernel } from '../../kernel/boot';
import { PATHS } from '../../kernel/paths';
import { freePort } from './server';
import { makeTenant, type TestTenant } from './tenants';

export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
export const BENCH_API_KEY = 'bench-app-key-0123';

export interface ServerProcess {
  url: string;
  pid: number;
  env: Record<string, string>;
  output(): string;
  stop(): Promise<void>;
}

export async function startServerProcess(o: {
  databaseUrl: string;
  redisUrl?: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-load-'));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    PORT: String(port),
    DATABASE_URL: o.databaseUrl,
    LCI_DATA_DIR: dataDir,
    LCI_BASE_URL: url,
    LCI_SECRET: BENCH_SECRET,
    LCI_API_KEY: BENCH_API_KEY,
    LCI_LOG_LEVEL: 'warn',
    LCI_SEED_DEMO: 'false',
    LCI_JOBS: 'false',
    ...(o.redisUrl ? { REDIS_URL: o.redisUrl } : {}),
    ...(o.env ?? {}),
  };
  // node itself (not the tsx launcher) so that the pid is the server's, for its memory.
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(PATHS.root, 'kernel', 'realtime', 'testing', 'serve.ts')],
    {
      cwd: PATHS.root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => {
    out += c;
  });
  child.stderr!.setEncoding('utf8').on('data', (c: string) => {
    out += c;
  });
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`server did not start within 120 s:\n${out.slice(-3000)}`)), 120_000);
    const check = () => {
      if (/READY /.test(out)) {
        clearTimeout(t);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(t);
      reject(new Error(`server exited with ${code}:\n${out.slice(-3000)}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    env,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A tenant (admin user, complimentary modules) and its access token, made through a kernel without HTTP on the server's database. */
export async function provisionTenant(server: ServerProcess, companies = 0): Promise<TestTenant> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-load-prov-'));
  const { k } = await startKernel({
    config: loadConfig({ ...server.env, PORT: '0', LCI_DATA_DIR: dataDir, LCI_LOG_LEVEL: 'silent' }),
    http: false,
    jobs: false,
    seed: false,
  });
  try {
    const t = await makeTenant(k, server.url, { modules: ['Core', 'Customer Success', 'Admin'] });
    for (let i = 0; i < companies; i++) {
      const r = await t.api('POST', `/v3/tenant/${t.tenantId}/companies`, {
        moniker: `Bench company ${i + 1}`,
        seats: 10 + i,
      });
      if (r.status !== 200) throw new Error(`creating a company answered ${r.status}: ${JSON.stringify(r.body)}`);
    }
    return t;
  } finally {
    await k.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}
