/**
 * A node-postgres query that carries statements to run just before it (BEGIN,
 * the tenant scope) in the same round trip. With parameters it uses the
 * extended protocol: Parse/Bind/Describe/Execute for each prefix statement and
 * for the query, then one Sync, so everything runs in one implicit transaction
 * (or inside the BEGIN it carries). Without parameters the statements travel
 * as one simple-protocol text, which is one implicit transaction as well.
 * The caller receives only the query's own result, as with a plain query.
 */
import pg from 'pg';

type Connection = {
  parse(m: { text: string; name?: string; types?: unknown[] }): void;
  bind(m: { portal?: string; statement?: string; values?: unknown[]; binary?: boolean; valueMapper?: unknown }): void;
  describe(m: { type: 'P' | 'S'; name: string }): void;
  execute(m: { portal?: string; rows?: number }): void;
  stream: { cork?: () => void; uncork?: () => void };
};

interface QueryInternals {
  text: string;
  values?: unknown[];
  queryMode?: string;
  _results: unknown;
  requiresPreparation(): boolean;
  prepare(connection: Connection): void;
  submit(connection: Connection): Error | null;
  handleReadyForQuery(connection: Connection): void;
}

const QueryBase = pg.Query as unknown as new (config: { text: string; values?: unknown[] }, values?: unknown, callback?: (err: Error | null, res: unknown) => void) => QueryInternals;

export class ScopedQuery extends QueryBase {
  constructor(private readonly prefix: readonly string[], config: { text: string; values?: unknown[] }, callback: (err: Error | null, res: unknown) => void) {
    super(config, undefined, callback);
  }

  override submit(connection: Connection): Error | null {
    if (!this.requiresPreparation()) {
      // Simple protocol: one text, one implicit transaction block.
      this.text = `${this.prefix.join('; ')}; ${this.text}`;
    }
    return super.submit(connection);
  }

  override prepare(connection: Connection): void {
    for (const text of this.prefix) {
      connection.parse({ text, name: '', types: [] });
      connection.bind({ portal: '', statement: '', values: [] });
      connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '' });
    }
    super.prepare(connection);
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
