/**
 * The plugin contract. A plugin is a folder plugins/<id>/ whose plugin.ts
 * default-exports definePlugin({...}). The kernel discovers, orders (by
 * dependsOn) and loads them; each hook below is optional.
 *
 * Conventions by folder (no registration needed):
 *   plugins/<id>/migrations/NNNN_name.ts   knex migrations, run in dependency order
 *   plugins/<id>/workspace/index.ts         workspace side (routes, panels, guard steps), lazy-loaded
 */
import type { Command } from 'commander';
import type { Database, Trx } from './db/database';
import type { RouteRegistrar } from './http/route-spec';
import type { Caller, ModuleName } from './types';
import type { Kernel } from './kernel';

export interface PageDef {
  /** Page url; also the permission key that access lists and routes use. */
  url: string;
  title: string;
  requiresAdmin?: boolean;
  internalOnly?: boolean;
  module?: ModuleName | 'Any';
  /** Shown even when not in the access list (guard step 10). */
  neverHide?: boolean;
}

export interface NavItemDef {
  url: string;
  title: string;
  /** 1 top level, 2 second level; items of level 2 or lower are shown in menus. */
  level: number;
  parentUrl?: string;
  icon?: string;
  modules?: ModuleName[];
  sort?: number;
  headerNav?: boolean;
  requiresAdmin?: boolean;
  internalOnly?: boolean;
  neverHide?: boolean;
}

export interface RealtimeContext { caller: Caller; tenantId: number; db: Trx; payload: unknown }
export type RealtimeFunction = (ctx: RealtimeContext) => Promise<unknown>;
/**
 * Who may call a realtime function and whether it writes, checked by the same pipeline as HTTP routes
 * (kernel/http/guard-pipeline.ts) over the socket and over the HTTP fallback alike.
 */
export interface RealtimeAccess {
  /** user (default): any signed-in caller; tenantAdmin: a tenant admin or LCI admin; internal: an LCI admin. */
  auth?: 'user' | 'tenantAdmin' | 'internal';
  /** Permission key: any access to call; Read/Write when the call writes ("Read Only" refuses it). */
  page?: string;
  /** The caller's group and tenant must include this module. */
  module?: ModuleName;
  /**
   * Whether a call writes (default false). A reading call runs in a read-only transaction (a write in it fails);
   * a writing one waits out maintenance and passes the plugins' write guards (billing's subscription check).
   */
  write?: boolean | ((payload: unknown) => boolean);
  /** Allowed while maintenance mode is on (default: reads yes, writes no). */
  duringMaintenance?: boolean;
}
export interface RealtimeFunctionDef extends RealtimeAccess { handler: RealtimeFunction }

export interface JobContext<T = Record<string, unknown>> {
  id: string;
  name: string;
  data: T & { tenantId?: number };
  k: Kernel;
  /** Reports progress (0..100) to the tenant's sockets and the queue. */
  progress(percent: number, message?: string): Promise<void>;
}
export interface JobDef<T = Record<string, unknown>> {
  handler(ctx: JobContext<T>): Promise<unknown>;
  retryLimit?: number;
  expireInSeconds?: number;
}

export interface FixtureContext { db: Database; k: Kernel; tenantId: number; log: (line: string) => void }

/** What other parts of the platform ask plugins for (e.g. companies for guard step 16). */
export interface Providers {
  /** Modules a tenant has (e.g. from subscriptions). Unioned with the kernel's module grants. */
  tenantModules?(trx: Trx, tenantId: number): Promise<ModuleName[]>;
  /** Active companies of a tenant; kind narrows to assessment-only or AIR-only companies. */
  activeCompanies?(trx: Trx, tenantId: number, kind: 'all' | 'assessmentOnly' | 'airOnly', module?: ModuleName): Promise<{ tenant_company_id: number; name: string }[]>;
  /** Billing: where a tenant without an active subscription can resume paying (an open checkout), or null. */
  recoveryUrl?(trx: Trx, tenantId: number): Promise<string | null>;
  /** Billing: whether the tenant has a subscription (any status) or complimentary access. */
  hasSubscription?(trx: Trx, tenantId: number): Promise<boolean>;
  /** Billing: the tenant's subscription status (e.g. active, trialing, past_due) or null without one (admin summary). */
  subscriptionStatus?(trx: Trx, tenantId: number): Promise<string | null>;
  /**
   * Billing: refuses a tenant write when the subscription does not allow it (no subscription, status not active,
   * active companies above the plan maximum). Called by the kernel before plugin write routes; null allows.
   */
  writeGuard?(trx: Trx, tenantId: number, route: { method: string; path: string; owner: string; page?: string }): Promise<{ status: number; code: string; message: string } | null>;
  /** Support (data resync): the synchronisation and recalculation steps this plugin can re-run for a tenant. */
  resyncSteps?(): ResyncStep[];
}

/** One step of a tenant's data resync; runs in a transaction scoped to the tenant. */
export interface ResyncStep {
  /** Short name used by `lci admin resync --what` (letters, digits, dashes). */
  name: string;
  description: string;
  run(trx: Trx, tenantId: number, progress: (percent: number, message?: string) => Promise<void>): Promise<unknown>;
}

export interface PluginDefinition {
  id: string;
  /** Plugins loaded first; only their public.ts may be imported. */
  dependsOn?: string[];
  /** Routes and pages of this plugin need this module unless they say otherwise. */
  module?: ModuleName;
  description?: string;
  pages?: PageDef[];
  navItems?: NavItemDef[];
  routes?(r: RouteRegistrar, k: Kernel): void;
  /** apiinvoke functions of the realtime channel, by name. */
  realtime?: Record<string, RealtimeFunction | RealtimeFunctionDef>;
  jobs?: Record<string, JobDef<any>>;
  /** Adds `lci <area> ...` commands. `kernel()` starts the kernel (without HTTP) on first use. */
  cli?(program: Command, kernel: () => Promise<Kernel>): void;
  /** Demo data for a tenant (run by `lci db seed`). */
  fixtures?(ctx: FixtureContext): Promise<void>;
  providers?: Providers;
  /** Called once the kernel is up (HTTP may not be listening). */
  start?(k: Kernel): Promise<void>;
  stop?(k: Kernel): Promise<void>;
}

export interface LoadedPlugin extends PluginDefinition {
  dir: string;
  hasWorkspace: boolean;
}

export function definePlugin(def: PluginDefinition): PluginDefinition {
  if (!/^[a-z][a-z0-9-]*$/.test(def.id)) throw new Error(`plugin id "${def.id}" must be lowercase letters, digits and dashes`);
  return def;
}
