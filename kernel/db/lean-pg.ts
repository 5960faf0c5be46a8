/**
 * Request transactions on PostgreSQL with less machinery than knex's own.
 * A request gets a knex instance bound to it whose first query takes a pooled
 * connection and sends "BEGIN; <scope>" in one round trip; at the end the
 * transaction COMMITs (ROLLBACK on error) and the connection goes back to the
 * pool. A handler that never queries costs no round trip at all. Once the
 * request is over, its instance refuses further queries (a stray un-awaited
 * query can never run inside another request's transaction), and nested
 * transactions are refused: the request already is one.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Knex } from 'knex';
import { PATHS } from '../paths';

const require = createRequire(path.join(PATHS.root, 'package.json'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const makeKnex = require('knex/lib/knex-builder/make-knex.js') as (client: unknown) => Knex;

type PgConn = { query(sql: string): Promise<unknown>; __knex__disposed?: unknown };
interface KnexClient {
  acquireConnection(): Promise<PgConn>;
  releaseConnection(conn: PgConn): Promise<unknown>;
  constructor: { prototype: object };
  [k: string]: unknown;
}

const COPIED = ['version', 'config', 'driver', 'connectionSettings', 'valueForUndefined', 'logger'];

export async function leanTransaction<T>(root: Knex, scopeSql: string, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  const client = root.client as unknown as KnexClient;
  const state: { conn: PgConn | null } = { conn: null };
  let opening: Promise<PgConn> | null = null;
  let completed = false;

  const open = async (): Promise<PgConn> => {
    const c = await client.acquireConnection();
    try {
      await c.query(`BEGIN; ${scopeSql}`);
    } catch (e) {
      await client.releaseConnection(c);
      throw e;
    }
    state.conn = c;
    return c;
  };

  const bound = Object.create(client.constructor.prototype) as KnexClient;
  for (const key of COPIED) bound[key] = client[key];
  bound.transacting = true;
  bound.acquireConnection = () => {
    if (completed) return Promise.reject(new Error('Transaction query already complete: the request has ended'));
    return state.conn ? Promise.resolve(state.conn) : (opening ??= open());
  };
  bound.releaseConnection = () => Promise.resolve();
  // Query events go to the root client (counting, logging), as knex's transactions forward them.
  (bound as unknown as NodeJS.EventEmitter).emit = (ev: string | symbol, ...args: unknown[]) => (client as unknown as NodeJS.EventEmitter).emit(ev, ...args);
  const trx = makeKnex(bound);
  const refuse = () => { throw new Error('A request runs in one transaction already; nested transactions are not supported here'); };
  ((trx as unknown as { context: { transaction: unknown } }).context).transaction = refuse;
  (trx as unknown as { isTransaction: boolean }).isTransaction = true;
  // Like knex's transactions: executionPromise settles once the transaction has committed or rolled back.
  let settle!: (ok: boolean, e?: unknown) => void;
  const executionPromise = new Promise<void>((resolve, reject) => { settle = (ok, e) => (ok ? resolve() : reject(e)); });
  executionPromise.catch(() => {});
  (trx as unknown as { executionPromise: Promise<void> }).executionPromise = executionPromise;

  let broken = false;
  try {
    const result = await fn(trx as Knex.Transaction);
    completed = true;
    const pending = opening as Promise<PgConn> | null;
    const c = pending ? await pending : null;
    if (c) await c.query('COMMIT');
    settle(true);
    return result;
  } catch (e) {
    completed = true;
    const c = state.conn;
    // After a failed COMMIT the transaction is already over; ROLLBACK then only warns.
    if (c) await c.query('ROLLBACK').catch(() => { broken = true; });
    settle(false, e);
    throw e;
  } finally {
    completed = true;
    const c = state.conn;
    if (c) {
      if (broken) c.__knex__disposed = new Error('connection broken during ROLLBACK');
      await client.releaseConnection(c);
    }
  }
}
