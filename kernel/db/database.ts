/**
 * The database handle. `knex` is the owner connection (migrations, system
 * scope), or on PostgreSQL with separate logins the system role's pool
 * (privileges.ts). Request work runs in `withTenant`: one transaction as the
 * non-owner application role with the tenant set transaction-locally, so
 * row-level security filters every statement. Never a session-level SET. With
 * separate logins the application role's work runs on its own pool, which
 * logs in as that role: no RESET ROLE leads anywhere else.
 */
import type { Knex } from 'knex';
import { EXTEND_SCOPE, leanTransaction, type ScopedTrx } from './lean-pg';
import { APP_ROLE, SYSTEM_SETTING, TENANT_SETTING } from './roles';
import { scopeStatement, type Setting } from './scope-statement';

const ROLE: Setting = { key: 'role', value: APP_ROLE };
const READ_ONLY: Setting = { key: 'transaction_read_only', value: 'on' };

export type Engine = 'pglite' | 'postgres';
export type Trx = Knex.Transaction;
/** readOnly: the work only reads (GET routes); on PostgreSQL each statement then carries the scope, no BEGIN/COMMIT. */
export interface ScopeOptions { readOnly?: boolean }

export class Database {
  /** Where tenant and public work runs: the application role's own pool, or `knex` (then SET LOCAL ROLE). */
  private readonly app: Knex;

  constructor(public readonly knex: Knex, public readonly engine: Engine, private readonly onClose: () => Promise<void> = async () => {}, appKnex?: Knex) {
    this.app = appKnex ?? knex;
  }

  /** PostgreSQL with separate logins: requests on the application role's pool, `knex` is the system role's (logins.ts). */
  get separateLogins(): boolean { return this.app !== this.knex; }

  /** Runs fn in a transaction scoped to one tenant under row-level security. */
  async withTenant<T>(tenantId: number, fn: (trx: Trx) => Promise<T>, opts: ScopeOptions & { userId?: number } = {}): Promise<T> {
    if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`withTenant needs a positive integer tenant id, got ${tenantId}`);
    const userId = opts.userId ?? null;
    if (userId !== null && (!Number.isSafeInteger(userId) || userId < 0)) throw new Error(`withTenant needs an integer user id, got ${userId}`);
    return this.scoped(this.app, [ROLE, { key: TENANT_SETTING, value: String(tenantId), perRequest: true }, { key: 'app.user_id', value: userId === null ? '' : String(userId), perRequest: true }], fn, opts);
  }

  /**
   * Work that first runs a scope statement. On PostgreSQL the statement
   * travels with the first query (with every query when read-only) in one
   * round trip on a pooled connection (lean-pg.ts); PGlite is in-process and
   * runs it in a knex transaction. Read-only work cannot write on either engine.
   */
  private scoped<T>(knex: Knex, settings: Setting[], fn: (trx: Trx) => Promise<T>, opts: ScopeOptions = {}): Promise<T> {
    const scope = scopeStatement(opts.readOnly ? [...settings, READ_ONLY] : settings);
    if (this.engine === 'postgres') return leanTransaction(knex, scope, fn, opts);
    return knex.transaction(async (trx) => {
      await trx.raw(scope.literal!);
      return fn(trx);
    });
  }

  /** Runs fn as the application role with no tenant set: tenant tables show nothing. Used by public routes. */
  async withPublic<T>(fn: (trx: Trx) => Promise<T>, opts: ScopeOptions = {}): Promise<T> {
    return this.scoped(this.app, [ROLE], fn, opts);
  }

  /**
   * Cross-tenant work (internal admin, support tools). Callers must audit what
   * they do with it; the kernel's HTTP layer does so for system-scope routes.
   */
  async withSystem<T>(fn: (trx: Trx) => Promise<T>, opts: ScopeOptions = {}): Promise<T> {
    return this.scoped(this.knex, [{ key: SYSTEM_SETTING, value: 'on' }], fn, opts);
  }

  async close(): Promise<void> {
    if (this.app !== this.knex) await this.app.destroy();
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
  const scope = scopeStatement([{ key: TENANT_SETTING, value: String(tenantId), perRequest: true }, { key: 'app.user_id', value: String(userId), perRequest: true }]);
  const extend = (trx as unknown as ScopedTrx)[EXTEND_SCOPE];
  if (extend) await extend(scope);
  else await trx.raw(scope.literal!);
}
