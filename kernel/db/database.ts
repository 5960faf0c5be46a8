/**
 * The database handle. `knex` is the owner connection (migrations, system
 * scope), or on PostgreSQL with separate logins the system role's pool
 * (privileges.ts). Request work runs in `withTenant`: one transaction as the
 * non-owner application role with the tenant set transaction-locally, so
 * row-level security filters every statement. Never a session-level SET. With
 * separate logins the application role's work runs on its own pool, which
 * logs in as that role: no RESET ROLE leads anywhere else. On PostgreSQL the
 * tenant setting travels with its signature for the connection's backend
 * (scope-key.ts), so the application's own SQL cannot switch tenants.
 */
import type { Knex } from 'knex';
import { EXTEND_SCOPE, leanTransaction, type ScopedTrx } from './lean-pg';
import { APP_ROLE, SYSTEM_SETTING, TENANT_SETTING, TENANT_SIG_SETTING } from './roles';
import { loadScopeKey, signTenant } from './scope-key';
import { scopeStatement, type Setting } from './scope-statement';

/** The tenant settings of a scope: on PostgreSQL with the signature for the connection it runs on. */
type TenantSettings = (tenantId: number) => Setting[];
const TENANT_SETTINGS = Symbol('lci.tenantSettings');
type SigningTrx = { [TENANT_SETTINGS]?: TenantSettings };
const unsigned: TenantSettings = (tenantId) => [{ key: TENANT_SETTING, value: String(tenantId), perRequest: true }];

const ROLE: Setting = { key: 'role', value: APP_ROLE };
const READ_ONLY: Setting = { key: 'transaction_read_only', value: 'on' };
const PUBLIC_PG: Setting[] = [
  ROLE,
  { key: TENANT_SETTING, value: '' },
  { key: TENANT_SIG_SETTING, value: '' },
  { key: 'app.user_id', value: '' },
];

type Engine = 'pglite' | 'postgres';
export type Trx = Knex.Transaction;
/** readOnly: the work only reads (GET routes); on PostgreSQL each statement then carries the scope, no BEGIN/COMMIT. */
interface ScopeOptions {
  readOnly?: boolean;
}

export class Database {
  /** Where tenant and public work runs: the application role's own pool, or `knex` (then SET LOCAL ROLE). */
  private readonly app: Knex;

  /** PostgreSQL: the tenant scope key (scope-key.ts), read once through `knex` on first need. */
  private key: Buffer | undefined;
  private keyLoading: Promise<Buffer> | undefined;

  constructor(
    public readonly knex: Knex,
    public readonly engine: Engine,
    private readonly onClose: () => Promise<void> = async () => {},
    appKnex?: Knex,
  ) {
    this.app = appKnex ?? knex;
  }

  /**
   * PostgreSQL: reads the tenant scope key (after migrations it exists); fails
   * with a message naming `lci db migrate` when it does not. No-op on PGlite.
   * Called at start (boot.ts) and before the first tenant scope.
   */
  async loadScopeKey(): Promise<void> {
    if (this.engine !== 'postgres' || this.key) return;
    this.keyLoading ??= loadScopeKey(this.knex).finally(() => {
      this.keyLoading = undefined;
    });
    this.key = await this.keyLoading;
  }

  /** The tenant settings of this database's scopes (PostgreSQL: signed per connection). */
  private tenantSettings(): TenantSettings {
    const key = this.key;
    if (this.engine !== 'postgres') return unsigned;
    if (!key) throw new Error('PostgreSQL: the tenant scope key is not loaded');
    return (tenantId) => {
      const tenant = String(tenantId);
      return [
        { key: TENANT_SETTING, value: tenant, perRequest: true },
        { key: TENANT_SIG_SETTING, value: (pid: number) => signTenant(key, tenant, pid) },
      ];
    };
  }

  /** PostgreSQL with separate logins: requests on the application role's pool, `knex` is the system role's (logins.ts). */
  get separateLogins(): boolean {
    return this.app !== this.knex;
  }

  /** Runs fn in a transaction scoped to one tenant under row-level security. */
  async withTenant<T>(
    tenantId: number,
    fn: (trx: Trx) => Promise<T>,
    opts: ScopeOptions & { userId?: number } = {},
  ): Promise<T> {
    if (!Number.isSafeInteger(tenantId) || tenantId <= 0)
      throw new Error(`withTenant needs a positive integer tenant id, got ${tenantId}`);
    const userId = opts.userId ?? null;
    if (userId !== null && (!Number.isSafeInteger(userId) || userId < 0))
      throw new Error(`withTenant needs an integer user id, got ${userId}`);
    if (this.engine === 'postgres' && !this.key) await this.loadScopeKey();
    const tenant = this.tenantSettings();
    return this.scoped(
      this.app,
      [
        ROLE,
        ...tenant(tenantId),
        { key: 'app.user_id', value: userId === null ? '' : String(userId), perRequest: true },
      ],
      fn,
      opts,
      tenant,
    );
  }

  /**
   * Work that first runs a scope statement. On PostgreSQL the statement
   * travels with the first query (with every query when read-only) in one
   * round trip on a pooled connection (lean-pg.ts); PGlite is in-process and
   * runs it in a knex transaction. Read-only work cannot write on either engine.
   */
  private scoped<T>(
    knex: Knex,
    settings: Setting[],
    fn: (trx: Trx) => Promise<T>,
    opts: ScopeOptions = {},
    tenant?: TenantSettings,
  ): Promise<T> {
    const scope = scopeStatement(opts.readOnly ? [...settings, READ_ONLY] : settings);
    // enterTenantScope makes its settings the way this database does.
    const run = tenant
      ? (trx: Trx) => {
          (trx as unknown as SigningTrx)[TENANT_SETTINGS] = tenant;
          return fn(trx);
        }
      : fn;
    if (this.engine === 'postgres') return leanTransaction(knex, scope, run, opts);
    return knex.transaction(async (trx) => {
      await trx.raw(scope.literal!);
      return run(trx);
    });
  }

  /** Runs fn as the application role with no tenant set: tenant tables show nothing. Used by public routes. */
  async withPublic<T>(fn: (trx: Trx) => Promise<T>, opts: ScopeOptions = {}): Promise<T> {
    // A public scope needs no key, only a later enterTenantScope does (which then reports why it cannot sign).
    let tenant: TenantSettings;
    try {
      if (this.engine === 'postgres' && !this.key) await this.loadScopeKey();
      tenant = this.tenantSettings();
    } catch (e) {
      tenant = () => {
        throw e;
      };
    }
    // PostgreSQL: a tenant or user left at session level on the pooled connection (by SQL of an earlier request) counts for nothing here.
    return this.scoped(this.app, this.engine === 'postgres' ? PUBLIC_PG : [ROLE], fn, opts, tenant);
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
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0 || !Number.isSafeInteger(userId) || userId < 0)
    throw new Error(`enterTenantScope needs integer ids, got ${tenantId}/${userId}`);
  const tenant = (trx as unknown as SigningTrx)[TENANT_SETTINGS] ?? unsigned;
  const scope = scopeStatement([...tenant(tenantId), { key: 'app.user_id', value: String(userId), perRequest: true }]);
  const extend = (trx as unknown as ScopedTrx)[EXTEND_SCOPE];
  if (extend) await extend(scope);
  else if (scope.literal) await trx.raw(scope.literal);
  else
    throw new Error(
      'enterTenantScope: a signed tenant scope runs only in a scope of the Database (withPublic, withTenant)',
    );
}
