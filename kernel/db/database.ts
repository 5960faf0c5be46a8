/**
 * The database handle. `knex` is the owner connection (migrations, system
 * scope). Request work runs in `withTenant`: one transaction as the non-owner
 * application role with the tenant set transaction-locally, so row-level
 * security filters every statement. Never a session-level SET.
 */
import type { Knex } from 'knex';
import { EXTEND_SCOPE, leanTransaction, type ScopedTrx } from './lean-pg';
import { APP_ROLE, SYSTEM_SETTING, TENANT_SETTING } from './roles';

export type Engine = 'pglite' | 'postgres';
export type Trx = Knex.Transaction;
/** readOnly: the work only reads (GET routes); on PostgreSQL each statement then carries the scope, no BEGIN/COMMIT. */
export interface ScopeOptions { readOnly?: boolean }

export class Database {
  constructor(public readonly knex: Knex, public readonly engine: Engine, private readonly onClose: () => Promise<void> = async () => {}) {}

  /** Runs fn in a transaction scoped to one tenant under row-level security. */
  async withTenant<T>(tenantId: number, fn: (trx: Trx) => Promise<T>, opts: ScopeOptions & { userId?: number } = {}): Promise<T> {
    if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`withTenant needs a positive integer tenant id, got ${tenantId}`);
    const userId = opts.userId ?? null;
    if (userId !== null && (!Number.isSafeInteger(userId) || userId < 0)) throw new Error(`withTenant needs an integer user id, got ${userId}`);
    // Only integers and constants enter this text (validated above).
    return this.scoped(`select set_config('role', '${APP_ROLE}', true), set_config('${TENANT_SETTING}', '${tenantId}', true), set_config('app.user_id', '${userId ?? ''}', true)`, fn, opts);
  }

  /**
   * Work that first runs a scope statement. On PostgreSQL the statement
   * travels with the first query (with every query when read-only) in one
   * round trip on a pooled connection (lean-pg.ts); PGlite is in-process and
   * runs it in a knex transaction. Read-only work cannot write on either engine.
   */
  private scoped<T>(scopeSql: string, fn: (trx: Trx) => Promise<T>, opts: ScopeOptions = {}): Promise<T> {
    const sql = opts.readOnly ? `${scopeSql}, set_config('transaction_read_only', 'on', true)` : scopeSql;
    if (this.engine === 'postgres') return leanTransaction(this.knex, sql, fn, opts);
    return this.knex.transaction(async (trx) => {
      await trx.raw(sql);
      return fn(trx);
    });
  }

  /** Runs fn as the application role with no tenant set: tenant tables show nothing. Used by public routes. */
  async withPublic<T>(fn: (trx: Trx) => Promise<T>, opts: ScopeOptions = {}): Promise<T> {
    return this.scoped(`select set_config('role', '${APP_ROLE}', true)`, fn, opts);
  }

  /**
   * Cross-tenant work (internal admin, support tools). Callers must audit what
   * they do with it; the kernel's HTTP layer does so for system-scope routes.
   */
  async withSystem<T>(fn: (trx: Trx) => Promise<T>, opts: ScopeOptions = {}): Promise<T> {
    return this.scoped(`select set_config('${SYSTEM_SETTING}', 'on', true)`, fn, opts);
  }

  async close(): Promise<void> {
    await this.knex.destroy();
    await this.onClose();
  }
}

/**
 * Scopes running work (a public-scope route that learns its caller's tenant)
 * to a tenant from here on, transaction-locally. On PostgreSQL read-only work
 * (no explicit transaction) the settings then travel with every later statement.
 */
export async function enterTenantScope(trx: Trx, tenantId: number, userId: number): Promise<void> {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0 || !Number.isSafeInteger(userId) || userId < 0) throw new Error(`enterTenantScope needs integer ids, got ${tenantId}/${userId}`);
  // Only integers and constants enter this text (validated above).
  const sql = `select set_config('${TENANT_SETTING}', '${tenantId}', true), set_config('app.user_id', '${userId}', true)`;
  const extend = (trx as unknown as ScopedTrx)[EXTEND_SCOPE];
  if (extend) await extend(sql);
  else await trx.raw(sql);
}
