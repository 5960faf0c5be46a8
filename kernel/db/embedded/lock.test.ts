/** The data directory lock: one holder at a time, named in the refusal; a stale lock (dead pid, reused pid, garbage) is taken over. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { currentHolder, DataDirInUse, DataDirLock, LOCK_FILE } from './lock';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-lock-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const file = () => path.join(dir, LOCK_FILE);
const record = () => JSON.parse(fs.readFileSync(file(), 'utf8'));
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(r.stdout.toString());
}

test('one holder at a time: the lock (mode 0600) names it, a second acquire is refused naming it, release frees the folder', () => {
  const a = DataDirLock.acquire(dir, 'lci serve');
  expect(record()).toMatchObject({ pid: process.pid, command: 'lci serve' });
  expect(fs.statSync(file()).mode & 0o777).toBe(0o600);
  a.update({ http: { port: 3123 } });
  let refused: unknown;
  try {
    DataDirLock.acquire(dir, 'an lci command');
  } catch (e) {
    refused = e;
  }
  expect(refused).toBeInstanceOf(DataDirInUse);
  expect((refused as Error).message).toMatch(
    new RegExp(`in use by a running server \\(lci serve, pid ${process.pid}, http port 3123\\) since `),
  );
  expect(currentHolder(dir)?.pid).toBe(process.pid);
  a.release();
  expect(fs.existsSync(file())).toBe(false);
  expect(currentHolder(dir)).toBeNull();
  DataDirLock.acquire(dir, 'again').release();
});

test('a stale lock is taken over: a dead pid, a reused pid (other start time), an unreadable file', () => {
  const stale = [
    { pid: deadPid(), started: null, nonce: 'dead', command: 'lci serve', since: '2020-01-01T00:00:00Z' },
    {
      pid: process.pid,
      started: 'not-our-start-time',
      nonce: 'reused',
      command: 'lci serve',
      since: '2020-01-01T00:00:00Z',
    },
  ];
  for (const r of stale) {
    fs.writeFileSync(file(), JSON.stringify(r));
    expect(currentHolder(dir)).toBeNull();
    const l = DataDirLock.acquire(dir, 'lci serve');
    expect(record().nonce).not.toBe(r.nonce);
    l.release();
  }
  fs.writeFileSync(file(), '{half a rec');
  DataDirLock.acquire(dir, 'lci serve').release();
  // Nothing left beside the lock.
  expect(fs.readdirSync(dir)).toEqual([]);
});

test('release removes only its own lock', () => {
  const a = DataDirLock.acquire(dir, 'lci serve');
  const other = { ...record(), nonce: 'someone-else' };
  fs.writeFileSync(file(), JSON.stringify(other));
  a.release();
  expect(record().nonce).toBe('someone-else');
});
