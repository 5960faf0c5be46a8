/**
 * A private redis-server for tests that stop and start Redis: its own free
 * port, no persistence (an in-memory Redis that comes back empty, as a
 * restarted cache does), never the machine's 6379.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './server';

export interface PrivateRedis {
  port: number;
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => s.write('PING\r\n'));
    s.once('data', (d) => {
      s.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    s.once('error', () => resolve(false));
    s.setTimeout(1000, () => {
      s.destroy();
      resolve(false);
    });
  });
}

export async function startPrivateRedis(port?: number): Promise<PrivateRedis> {
  const p = port ?? (await freePort());
  let child: ChildProcess | null = null;
  const start = async () => {
    if (child) return;
    const c = spawn(
      'redis-server',
      ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
      { stdio: 'ignore' },
    );
    child = c;
    c.once('exit', () => {
      if (child === c) child = null;
    });
    const until = Date.now() + 10_000;
    while (!(await answers(p))) {
      if (Date.now() > until || child !== c) throw new Error(`redis-server on port ${p} did not start`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async () => {
    const c = child;
    if (!c) return;
    child = null;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  };
  await start();
  return { port: p, url: `redis://127.0.0.1:${p}`, start, stop };
}
