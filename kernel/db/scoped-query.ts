/**
 * A node-postgres query that carries statements to run just before it (BEGIN,
 * the tenant scope) in the same round trip. With parameters it uses the
 * extended protocol: Parse/Bind/Describe/Execute for each prefix statement and
 * for the query, then one Sync, so everything runs in one implicit transaction
 * (or inside the BEGIN it carries). A query without parameters that may hold
 * several statements (raw text) travels as one simple-protocol text with the
 * prefix in literal form, which is one implicit transaction as well. The caller
 * receives only the query's own result.
 *
 * Statement cache: named prefix statements, and single-statement queries given
 * a name, are parsed (and planned) once per connection and afterwards only
 * bound and executed, which saves the server most of the work of a short query
 * under row-level security. At most MAX_NAMED statements per connection; after
 * an error a statement is closed and parsed again on its next use (so a schema
 * change or DEALLOCATE costs one failed query, never a stuck connection).
 */
import { createRequire } from 'node:module';
import pg from 'pg';

const require = createRequire(import.meta.url);
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prepareValue } = require('pg/lib/utils.js') as { prepareValue: (v: unknown) => unknown };

const MAX_NAMED = 300;

/**
 * A statement sent ahead of a query: named and parameterised (prepared once per
 * connection), with a literal form for the simple protocol. forConnection: some
 * values depend on the connection it runs on (the signed tenant scope,
 * scope-key.ts): the statement to send on the backend with that pid.
 */
export interface PrefixStatement {
  name?: string;
  text: string;
  values?: string[];
  literal?: string;
  forConnection?(pid: number): PrefixStatement;
}

type Connection = {
  parse(m: { text: string; name?: string; types?: unknown[] }): void;
  bind(m: { portal?: string; statement?: string; values?: unknown[]; binary?: boolean; valueMapper?: unknown }): void;
  describe(m: { type: 'P' | 'S'; name: string }): void;
  execute(m: { portal?: string; rows?: number }): void;
  close(m: { type: 'P' | 'S'; name: string }): void;
  stream: { cork?: () => void; uncork?: () => void };
};

interface QueryInternals {
  text: string;
  portal: string;
  binary?: boolean;
  rows?: number;
  _getRows(connection: Connection, rows?: number): void;
  values?: unknown[];
  queryMode?: string;
  _results: unknown;
  requiresPreparation(): boolean;
  prepare(connection: Connection): void;
  submit(connection: Connection): Error | null;
  handleError(err: Error, connection: Connection): void;
  handleReadyForQuery(connection: Connection): void;
}

const QueryBase = pg.Query as unknown as new (
  config: { text: string; values?: unknown[] },
  values?: unknown,
  callback?: (err: Error | null, res: unknown) => void,
) => QueryInternals;

/** Named statements this connection holds: 'ready', or 'unknown' after an error (closed and parsed again on next use). */
const prepared = new WeakMap<object, Map<string, 'ready' | 'unknown'>>();
const preparedOf = (c: object) => {
  let m = prepared.get(c);
  if (!m) prepared.set(c, (m = new Map()));
  return m;
};

export class ScopedQuery extends QueryBase {
  private simple = false;
  private connection: Connection | null = null;

  /**
   * statementName: the query text is one statement (knex-built): it always uses
   * the extended protocol and is kept prepared under this name on the connection.
   */
  constructor(
    private readonly prefix: readonly PrefixStatement[],
    config: { text: string; values?: unknown[] },
    callback: (err: Error | null, res: unknown) => void,
    private readonly statementName?: string,
  ) {
    super(config, undefined, callback);
    if (statementName) this.queryMode = 'extended';
  }

  override submit(connection: Connection): Error | null {
    this.connection = connection;
    if (!this.requiresPreparation()) {
      // Simple protocol: one text, one implicit transaction block; prefix statements in literal form.
      this.simple = true;
      if (this.prefix.length) this.text = `${this.prefix.map((p) => p.literal ?? p.text).join('; ')}; ${this.text}`;
    }
    return super.submit(connection);
  }

  /** Parses a statement unless the connection holds it already; returns the name to bind. */
  private parseOnce(
    connection: Connection,
    names: Map<string, 'ready' | 'unknown'>,
    text: string,
    name: string | undefined,
  ): string {
    if (name && (names.has(name) || names.size < MAX_NAMED)) {
      if (names.get(name) === 'ready') return name;
      // Closing a statement that does not exist is not an error.
      if (names.get(name) === 'unknown') connection.close({ type: 'S', name });
      connection.parse({ text, name, types: [] });
      names.set(name, 'ready');
      return name;
    }
    connection.parse({ text, name: '', types: [] });
    return '';
  }

  override prepare(connection: Connection): void {
    const names = preparedOf(connection);
    for (const p of this.prefix) {
      const name = this.parseOnce(connection, names, p.text, p.name);
      connection.bind({ portal: '', statement: name, values: p.values ?? [] });
      connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '' });
    }
    const name = this.parseOnce(connection, names, this.text, this.statementName);
    try {
      connection.bind({
        portal: this.portal,
        statement: name,
        values: this.values,
        binary: this.binary,
        valueMapper: prepareValue,
      });
    } catch (err) {
      // A value that cannot be sent: end the pipeline (the server then skips nothing of ours) and fail the query.
      (connection as unknown as { sync(): void }).sync();
      this.handleError(err as Error, connection);
      return;
    }
    connection.describe({ type: 'P', name: this.portal || '' });
    this._getRows(connection, this.rows);
  }

  override handleError(err: Error, connection: Connection): void {
    // Whether a named statement exists after an error is unknown: re-create it on its next use.
    const names = this.connection ? preparedOf(this.connection) : null;
    if (names && !this.simple) {
      for (const p of this.prefix) if (p.name && names.has(p.name)) names.set(p.name, 'unknown');
      if (this.statementName && names.has(this.statementName)) names.set(this.statementName, 'unknown');
    }
    super.handleError(err, connection);
  }

  override handleReadyForQuery(connection: Connection): void {
    // One result per statement: drop the prefix's, keep the query's (unwrapped when it is the only one).
    if (Array.isArray(this._results)) {
      const own = this._results.slice(this.prefix.length);
      this._results = own.length === 1 ? own[0] : own;
    }
    super.handleReadyForQuery(connection);
  }
}
