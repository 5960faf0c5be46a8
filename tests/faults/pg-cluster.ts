/**
 * A private PostgreSQL cluster for the fault suite: its own data directory and
 * port (never the machine's 5432), trust authentication on 127.0.0.1, started,
 * restarted (pg_ctl restart -m fast) and removed by the suite. PostgreSQL
 * refuses to run as root: as root the commands run as the postgres user.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../helpers/server';

export interface PgCluster {
  port: number;
  url: string;
  dir: string;
  restartFast(): number;
  stop(): void;
  remove(): void;
}

const asRoot = process.getuid?.() === 0;

function run(cmd: string, args: string[]): string {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export async function startPgCluster(): Promise<PgCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-faults-pg-'));
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const ctl = (...args: string[]) =>
    run('pg_ctl', ['-D', data, '-o', opts, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', ...args]);
  ctl('start');
  return {
    port,
    dir,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restartFast: () => {
      const t = Date.now();
      ctl('restart', '-m', 'fast');
      return Date.now() - t;
    },
    stop: () => {
      try {
        ctl('stop', '-m', 'fast');
      } catch {
        /* already stopped */
      }
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
