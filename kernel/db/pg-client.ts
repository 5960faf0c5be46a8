/**
 * knex's PostgreSQL client with one change: a transaction given a scope
 * statement (config.lciScope) sends it with BEGIN in one simple-protocol
 * round trip ("BEGIN; select set_config(...)"), so a tenant-scoped request
 * costs BEGIN+scope, its queries, COMMIT instead of a separate round trip for
 * the scope. The scope text is built only from validated integers and constants.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { PATHS } from '../paths';

const require = createRequire(path.join(PATHS.root, 'package.json'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ClientPG = require('knex/lib/dialects/postgres/index.js') as new (...args: unknown[]) => { transaction(...args: unknown[]): unknown };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const TransactionPG = require('knex/lib/dialects/postgres/execution/pg-transaction.js') as new (client: unknown, container: unknown, config?: Record<string, unknown>, outerTx?: unknown) => { isolationLevel?: string; readOnly?: boolean; begin(conn: unknown): Promise<unknown>; query(conn: unknown, sql: string): Promise<unknown> };

/** The transaction config key carrying the scope statement (knex overwrites userParams). */
export const SCOPE_KEY = 'lciScope';

class ScopedTransaction extends TransactionPG {
  private readonly scope: string | undefined;
  constructor(client: unknown, container: unknown, config?: Record<string, unknown>, outerTx?: unknown) {
    super(client, container, config, outerTx);
    // begin() runs later (after the constructor), from the transaction's promise chain.
    this.scope = typeof config?.[SCOPE_KEY] === 'string' ? (config[SCOPE_KEY] as string) : undefined;
  }
  override begin(conn: unknown): Promise<unknown> {
    if (!this.scope || this.isolationLevel || this.readOnly) return super.begin(conn);
    return this.query(conn, `BEGIN; ${this.scope}`);
  }
}

export class ScopedPgClient extends ClientPG {
  override transaction(container: unknown, config?: Record<string, unknown>, outerTx?: unknown): unknown {
    return new ScopedTransaction(this, container, config, outerTx);
  }
}
