/**
 * The embedded database offered over the wire: only with the secret; a client's transaction owns the one session
 * (the server's own work waits for it, never runs inside it); a client that leaves, or idles, inside a transaction
 * is rolled back and its session settings reset.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createLogger } from '../../log';
import { SessionGate } from './gate';
import { hostPglite, type WireHost } from './wire-host';

jest.setTimeout(60_000);

let db: PGlite;
let gate: SessionGate;
let host: WireHost;
beforeAll(async () => {
  db = await PGlite.create();
  await db.exec('create table t (id int)');
  gate = new SessionGate();
  host = await hostPglite({
    pglite: db,
    gate,
    token: 'the-secret',
    log: createLogger('silent'),
    idleInTransactionMs: 400,
  });
});
afterAll(async () => {
  await host?.close();
  await db?.close();
});

const client = (password: string) =>
  new pg.Client({ ...host.endpoint, user: 'postgres', database: 'postgres', password });
const count = () => gate.run(async () => (await db.query<{ n: number }>('select count(*)::int as n from t')).rows[0].n);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a wrong secret is refused', async () => {
  const c = client('guess');
  await expect(c.connect()).rejects.toThrow('password authentication failed');
  await c.end().catch(() => undefined);
});

test('a client transaction owns the session: the server waits, then sees the commit; parameters work', async () => {
  const c = client('the-secret');
  await c.connect();
  try {
    expect((await c.query('select $1::int + 1 as n', [41])).rows).toEqual([{ n: 42 }]);
    await c.query('begin');
    await c.query('insert into t values (1)');
    let served = false;
    const server = count().then((n) => {
      served = true;
      return n;
    });
    await sleep(150);
    expect(served).toBe(false);
    await c.query('insert into t values (2)');
    await c.query('commit');
    expect(await server).toBe(2);
  } finally {
    await c.end();
  }
});

test('a client that leaves inside a transaction is rolled back and its session settings reset', async () => {
  const c = client('the-secret');
  await c.connect();
  await c.query(`set statement_timeout = '7s'`);
  await c.query('begin');
  await c.query('insert into t values (3)');
  await c.end();
  expect(await count()).toBe(2);
  expect(db.isInTransaction()).toBe(false);
  expect(
    await gate.run(
      async () => (await db.query<{ statement_timeout: string }>('show statement_timeout')).rows[0].statement_timeout,
    ),
  ).toBe('0');
});

test('a client idle inside a transaction is disconnected and rolled back (the server is not blocked for long)', async () => {
  const c = client('the-secret');
  c.on('error', () => undefined);
  await c.connect();
  await c.query('begin');
  await c.query('insert into t values (4)');
  const started = Date.now();
  expect(await count()).toBe(2);
  expect(Date.now() - started).toBeLessThan(5000);
  await expect(c.query('select 1')).rejects.toThrow();
  await c.end().catch(() => undefined);
});
