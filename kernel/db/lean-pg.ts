/**
 * Request work on PostgreSQL with as few round trips as the request allows.
 * A request gets a knex instance bound to it whose first query takes a pooled
 * connection, which the request keeps until it ends. Two modes:
 *
 * - write (default): one transaction. The first query travels with
 *   "BEGIN" and the scope statement in one round trip (scoped-query.ts); at
 *   the end the transaction COMMITs (ROLLBACK on error).
 * - readOnly: no explicit transaction. Every query travels with the scope
 *   statement (which also makes the transaction read-only) in one round trip,
 *   as one implicit transaction: the tenant is set transaction-locally for that
 *   statement, so a read costs what an unscoped query costs. Under READ
 *   COMMITTED every statement takes its own snapshot anyway, so reads lose no
 *   consistency; a write attempted in this mode fails ("read-only transaction").
 *
 * A handler that never queries costs no round trip at all. Once the request is
 * over, its instance refuses further queries (a stray un-awaited query can never
 * run inside another request's transaction), and nested transactions are
 * refused: the request already is one.
 */
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Knex } from 'knex';
import { PATHS } from '../paths';
import { ScopedQuery, type PrefixStatement } from './scoped-query';

const require = createRequire(path.join(PATHS.root, 'package.json'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const makeKnex = require('knex/lib/knex-builder/make-knex.js') as (client: unknown) => Knex;

type PgConn = {
  query(q: unknown, cb?: unknown): Promise<unknown>;
  __knex__disposed?: unknown;
  processID?: number | null;
};

/** A prefix statement as sent on this connection: values bound to the backend (the signed tenant scope) are made for its pid. */
function onConnection(p: PrefixStatement, c: PgConn): PrefixStatement {
  if (!p.forConnection) return p;
  if (typeof c.processID !== 'number')
    throw new Error('a signed scope needs the backend pid of its connection, which node-postgres did not report');
  return p.forConnection(c.processID);
}
interface KnexClient {
  acquireConnection(): Promise<PgConn>;
  releaseConnection(conn: PgConn): Promise<unknown>;
  _query(
    conn: PgConn,
    obj: { sql: string; method?: string; bindings?: unknown[]; options?: object; response?: unknown },
  ): Promise<unknown>;
  constructor: { prototype: object };
  [k: string]: unknown;
}

const COPIED = ['version', 'config', 'driver', 'connectionSettings', 'valueForUndefined', 'logger'];

type KnexFn = Knex & { context: Record<string, unknown> };
const templates = new WeakMap<object, KnexFn>();

/**
 * A knex instance over `bound`. knex's own makeKnex defines some 150
 * properties on every new instance; here they are inherited from one template
 * instance per root client and only the context (which carries the client)
 * is new, which makes a request's instance cheap.
 */
function bindKnex(root: KnexClient, bound: KnexClient): KnexFn {
  let template = templates.get(root);
  if (!template) {
    template = makeKnex(Object.create(root.constructor.prototype)) as KnexFn;
    templates.set(root, template);
  }
  const context = Object.create(template.context) as Record<string, unknown> & { queryBuilder(): Knex.QueryBuilder };
  context.client = bound;
  context.userParams = {};
  const trx = function knex(tableName?: string, options?: unknown) {
    const qb = context.queryBuilder() as Knex.QueryBuilder & { table(t: string, o?: unknown): Knex.QueryBuilder };
    return tableName ? qb.table(tableName, options) : qb;
  } as unknown as KnexFn & { _events?: unknown; _eventsCount?: number };
  Object.setPrototypeOf(trx, template);
  trx.context = context;
  // Listeners of its own, should anyone subscribe, never the template's.
  trx._events = undefined;
  trx._eventsCount = 0;
  return trx;
}

interface LeanOptions {
  readOnly?: boolean;
}

const BEGIN: PrefixStatement = { text: 'BEGIN' };

/** Key of the hook by which a lean request instance takes extra scope settings. */
export const EXTEND_SCOPE = Symbol('lci.extendScope');
export type ScopedTrx = { [EXTEND_SCOPE]?: (statement: PrefixStatement) => Promise<void> };

export async function leanTransaction<T>(
  root: Knex,
  scopeStatement: PrefixStatement,
  fn: (trx: Knex.Transaction) => Promise<T>,
  opts: LeanOptions = {},
): Promise<T> {
  const client = root.client as unknown as KnexClient;
  const readOnly = opts.readOnly === true;
  const scope: PrefixStatement[] = [scopeStatement];
  // Write mode: scope settings added mid-request (EXTEND_SCOPE) ride with the next query.
  const pending: PrefixStatement[] = [];
  const state: { conn: PgConn | null } = { conn: null };
  let acquiring = null as Promise<PgConn> | null;
  let begun = false;
  let completed = false;

  const bound = Object.create(client.constructor.prototype) as KnexClient;
  for (const key of COPIED) bound[key] = client[key];
  bound.transacting = true;
  bound.acquireConnection = () => {
    if (completed) return Promise.reject(new Error('Transaction query already complete: the request has ended'));
    return state.conn
      ? Promise.resolve(state.conn)
      : (acquiring ??= client.acquireConnection().then((c) => (state.conn = c)));
  };
  bound.releaseConnection = () => Promise.resolve();
  // Queries of the request run one after the other on its connection, in the order they were asked (as pg would
  // queue them): pg 8 deprecates a query sent while another runs on the client (pg 9 refuses it), and code in a
  // request may well ask for two at once (Promise.all over one transaction).
  let tail: Promise<unknown> = Promise.resolve();
  bound._query = (c, obj) => {
    const next = tail.then(
      () => runQuery(c, obj),
      () => runQuery(c, obj),
    );
    tail = next.catch(() => undefined);
    return next;
  };
  // The scope rides along with the query: every query in read-only mode, the first one (with BEGIN) otherwise.
  const runQuery: KnexClient['_query'] = (c, obj) => {
    let prefix: PrefixStatement[] = [];
    if (readOnly) prefix = scope;
    else if (!begun) {
      begun = true;
      prefix = [BEGIN, ...scope, ...pending.splice(0)];
    } else if (pending.length) prefix = pending.splice(0);
    try {
      prefix = prefix.map((p) => onConnection(p, c));
    } catch (e) {
      return Promise.reject(e);
    }
    // knex-built queries are one statement each: kept prepared per connection under a name from their text.
    const single = obj.method !== undefined && obj.method !== 'raw';
    const name = single ? `lci_q_${crypto.createHash('sha1').update(obj.sql).digest('hex').slice(0, 24)}` : undefined;
    return new Promise((resolve, reject) => {
      c.query(
        new ScopedQuery(
          prefix,
          { text: obj.sql, values: obj.bindings ?? [], ...obj.options },
          (err, response) => {
            if (err) return reject(err);
            obj.response = response;
            resolve(obj);
          },
          name,
        ),
      );
    });
  };
  // Query events go to the root client (counting, logging), as knex's transactions forward them.
  (bound as unknown as NodeJS.EventEmitter).emit = (ev: string | symbol, ...args: unknown[]) =>
    (client as unknown as NodeJS.EventEmitter).emit(ev, ...args);
  const trx = bindKnex(client, bound);
  trx.context.transaction = () => {
    throw new Error('A request runs in one transaction already; nested transactions are not supported here');
  };
  (trx as unknown as { isTransaction: boolean }).isTransaction = true;
  // Narrowing the scope mid-request (enterScope in database.ts): read-only work carries the
  // extra settings with every later statement; a transaction sends them with its next one
  // (parameters, never a literal: a signed value stays out of the statement text).
  (trx as unknown as ScopedTrx)[EXTEND_SCOPE] = async (statement: PrefixStatement) => {
    if (readOnly) scope.push(statement);
    else pending.push(statement);
  };
  // Like knex's transactions: executionPromise settles once the transaction has committed or rolled back.
  let settle!: (ok: boolean, e?: unknown) => void;
  const executionPromise = new Promise<void>((resolve, reject) => {
    settle = (ok, e) => (ok ? resolve() : reject(e));
  });
  executionPromise.catch(() => {});
  (trx as unknown as { executionPromise: Promise<void> }).executionPromise = executionPromise;

  let broken = false;
  try {
    const result = await fn(trx as unknown as Knex.Transaction);
    completed = true;
    if (acquiring) await acquiring;
    if (state.conn && begun) await state.conn.query('COMMIT');
    settle(true);
    return result;
  } catch (e) {
    completed = true;
    if (acquiring) await acquiring.catch(() => null);
    // After a failed COMMIT the transaction is already over; ROLLBACK then only warns.
    if (state.conn && begun)
      await state.conn.query('ROLLBACK').catch(() => {
        broken = true;
      });
    settle(false, e);
    throw e;
  } finally {
    completed = true;
    const conn = state.conn;
    if (conn) {
      if (broken) conn.__knex__disposed = new Error('connection broken during ROLLBACK');
      await client.releaseConnection(conn);
    }
  }
}
