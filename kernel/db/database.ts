/**
 * The database handle. `knex` is the owner connection (migrations, system
 * scope). Request work runs in `withTenant`: one transaction as the non-owner
 * application role with the tenant set transaction-locally, so row-level
 * security filters every statement. Never a session-level SET.
 */
import type { Knex } from 'knex';
import { APP_ROLE, SYSTEM_SETTING, TENANT_SETTING } from './roles';

export type Engine = 'pglite' | 'postgres';
export type Trx = Knex.Transaction;

export class Database {
  constructor(public readonly knex: Knex, public readonly engine: Engine, private readonly onClose: () => Promise<void> = async () => {}) {}

  /** Runs fn in a transaction scoped to one tenant under row-level security. */
  async withTenant<T>(tenantId: number, fn: (trx: Trx) => Promise<T>, opts: { userId?: number } = {}): Promise<T> {
    if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`withTenant needs a positive integer tenant id, got ${tenantId}`);
    return this.knex.transaction(async (trx) => {
      await trx.raw(`select set_config('role', ?, true), set_config(?, ?, true), set_config('app.user_id', ?, true)`, [APP_ROLE, TENANT_SETTING, String(tenantId), String(opts.userId ?? '')]);
      return fn(trx);
    });
  }

  /** Runs fn as the application role with no tenant set: tenant tables show nothing. Used by public routes. */
  async withPublic<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.knex.transaction(async (trx) => {
      await trx.raw(`select set_config('role', ?, true)`, [APP_ROLE]);
      return fn(trx);
    });
  }

  /**
   * Cross-tenant work (internal admin, support tools). Callers must audit what
   * they do with it; the kernel's HTTP layer does so for system-scope routes.
   */
  async withSystem<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.knex.transaction(async (trx) => {
      await trx.raw(`select set_config(?, 'on', true)`, [SYSTEM_SETTING]);
      return fn(trx);
    });
  }

  async close(): Promise<void> {
    await this.knex.destroy();
    await this.onClose();
  }
}
