/**
 * The database handle. `knex` is the owner connection (migrations, system
 * scope). Request work runs in `withTenant`: one transaction as the non-owner
 * application role with the tenant set transaction-locally, so row-level
 * security filters every statement. Never a session-level SET.
 */
import type { Knex } from 'knex';
import { leanTransaction } from './lean-pg';
import { APP_ROLE, SYSTEM_SETTING, TENANT_SETTING } from './roles';

export type Engine = 'pglite' | 'postgres';
export type Trx = Knex.Transaction;

export class Database {
  constructor(public readonly knex: Knex, public readonly engine: Engine, private readonly onClose: () => Promise<void> = async () => {}) {}

  /** Runs fn in a transaction scoped to one tenant under row-level security. */
  async withTenant<T>(tenantId: number, fn: (trx: Trx) => Promise<T>, opts: { userId?: number } = {}): Promise<T> {
    if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`withTenant needs a positive integer tenant id, got ${tenantId}`);
    const userId = opts.userId ?? null;
    if (userId !== null && (!Number.isSafeInteger(userId) || userId < 0)) throw new Error(`withTenant needs an integer user id, got ${userId}`);
    // Only integers and constants enter this text (validated above).
    return this.scoped(`select set_config('role', '${APP_ROLE}', true), set_config('${TENANT_SETTING}', '${tenantId}', true), set_config('app.user_id', '${userId ?? ''}', true)`, fn);
  }

  /**
   * A transaction that first runs a scope statement. On PostgreSQL the
   * statement travels with BEGIN in one round trip on a pooled connection
   * (lean-pg.ts); PGlite is in-process and takes one statement per call.
   */
  private scoped<T>(scopeSql: string, fn: (trx: Trx) => Promise<T>): Promise<T> {
    if (this.engine === 'postgres') return leanTransaction(this.knex, scopeSql, fn);
    return this.knex.transaction(async (trx) => {
      await trx.raw(scopeSql);
      return fn(trx);
    });
  }

  /** Runs fn as the application role with no tenant set: tenant tables show nothing. Used by public routes. */
  async withPublic<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.scoped(`select set_config('role', '${APP_ROLE}', true)`, fn);
  }

  /**
   * Cross-tenant work (internal admin, support tools). Callers must audit what
   * they do with it; the kernel's HTTP layer does so for system-scope routes.
   */
  async withSystem<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.scoped(`select set_config('${SYSTEM_SETTING}', 'on', true)`, fn);
  }

  async close(): Promise<void> {
    await this.knex.destroy();
    await this.onClose();
  }
}
