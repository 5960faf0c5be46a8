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
import type { Caller, ModuleName, ModuleRequirement } from './types';
import type { Kernel } from './kernel';
import type { Contribution, ExtensionPoint } from './extensions';

export interface PageDef {
  /** Page url; also the permission key that access lists and routes use. */
  url: string;
  title: string;
  requiresAdmin?: boolean;
  internalOnly?: boolean;
  /** Modules of which the user needs one to open it ('Any': none); absent: the plugin's `module`. */
  module?: ModuleRequirement;
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

export interface RealtimeContext {
  caller: Caller;
  tenantId: number;
  db: Trx;
  payload: unknown;
}
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
  /** The caller's group and tenant must include this module (a list: one of them; 'Any': none); absent: the plugin's. */
  module?: ModuleRequirement;
  /**
   * Whether a call writes (default false). A reading call runs in a read-only transaction (a write in it fails);
   * a writing one waits out maintenance and passes the plugins' write guards (billing's subscription check).
   */
  write?: boolean | ((payload: unknown) => boolean);
  /** Allowed while maintenance mode is on (default: reads yes, writes no). */
  duringMaintenance?: boolean;
}
export interface RealtimeFunctionDef extends RealtimeAccess {
  handler: RealtimeFunction;
}

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
  /**
   * Runs the job on a schedule: a 5-field cron expression (minute hour day-of-month month day-of-week, e.g.
   * '0 6 * * 1' for Mondays at 06:00). Scheduled by the processes that work jobs (the server), not by the CLI; the
   * job's data is `{}` (no tenantId: a scheduled job finds its tenants' due work itself). Removing the field
   * removes the schedule on the next start.
   */
  cron?: string;
  /** IANA time zone the cron expression is read in (default 'UTC'). */
  cronTimeZone?: string;
}

export interface FixtureContext {
  db: Database;
  k: Kernel;
  tenantId: number;
  log: (line: string) => void;
}

/** What a plugin's hooks get besides the kernel: its own instance (what `setup` returned). */
export interface PluginContext<I = unknown> {
  k: Kernel;
  self: I;
}

/**
 * A plugin's per-kernel state: what `setup(k)` returns (services, caches, timers). The kernel keeps it for the
 * kernel's life, hands it to the plugin's hooks as `self`, and calls its `stop()` when the kernel stops.
 * Two kernels in one process each get their own instance; nothing lives at module level.
 */
export interface PluginInstance {
  stop?(): Promise<void> | void;
}

/** What a plugin's `cli` hook gets. */
export interface PluginCliContext {
  /** Starts the kernel (no HTTP, no job workers) on first call; later calls get the same one. */
  kernel(): Promise<Kernel>;
  /** The plugins of this program (definitions only: use `kernel()` for instances and extension points). */
  plugins: readonly LoadedPlugin[];
  /** Who runs the command, for audit entries of system-scope work. */
  operator: string;
}

/** One item of `extend`: a contribution, or a function of the plugin's context returning contributions. */
export type ExtendItem<I> = Contribution<any> | ((ctx: PluginContext<I>) => Contribution<any>[]);

/** A plugin's contributions for this kernel, in declaration order. */
export function contributionsOf<I>(extend: PluginDefinition<I>['extend'], ctx: PluginContext<I>): Contribution<any>[] {
  if (!extend) return [];
  if (typeof extend === 'function') return extend(ctx);
  return extend.flatMap((item) => (typeof item === 'function' ? item(ctx) : [item]));
}

/** The contributions written as plain items of `extend` (readable without a kernel). */
export function staticContributions(extend: unknown): Contribution<any>[] {
  if (!Array.isArray(extend)) return [];
  return extend.filter(
    (item): item is Contribution<any> => typeof item === 'object' && item !== null && 'point' in item,
  );
}

export interface PluginDefinition<I = unknown> {
  id: string;
  /** Plugins loaded first; only their public.ts may be imported, and only their extension points registered into. */
  dependsOn?: string[];
  /**
   * Plugins loaded (and migrated) first when present; a missing or switched-off one is no error. Like dependsOn, their
   * public.ts may be imported and their extension points registered into; a registration into a point of one that is
   * not loaded is skipped. Check `k.hasPlugin(id)` before calling into one at run time.
   */
  optionalDependsOn?: string[];
  /**
   * The modules this plugin's routes, realtime functions and pages need unless they declare their own: one module, a
   * list meaning "any of" (assets: ['AIR', 'Core']), or 'Any' for none (an area every tenant has: settings, billing).
   * The kernel applies it to each route (kernel/http/route-spec.ts), function (kernel/realtime/invoke.ts) and page
   * (the catalogue and the session's `pageModules`, which the workspace's guard reads); a plugin that declares none
   * must declare one on each of them, or the kernel does not start. Its README says why it needs what it needs.
   */
  module?: ModuleRequirement;
  description?: string;
  pages?: PageDef[];
  navItems?: NavItemDef[];
  /**
   * Migrations this plugin took over from another plugin (files moved with `git mv`, same names): on the next
   * migrate their records "<from>/<name>" become "<id>/<name>", so nothing re-runs and nothing is lost.
   * Example: `adoptsMigrations: [{ from: 'customer-success', names: ['0060_cs_stack'] }]`.
   */
  adoptsMigrations?: { from: string; names: string[] }[];
  /** The extension points this plugin owns (declared in its public.ts, named `<id>.<name>`). */
  points?: ExtensionPoint<any>[];
  /**
   * Creates this plugin's per-kernel instance (before routes; synchronous: connect or load in `start`).
   * `k.instance(id)` returns it to dependents; its `stop()` runs when the kernel stops.
   */
  setup?(k: Kernel): I;
  /**
   * Registrations into extension points of the kernel and of plugins this one depends on: a list whose items are
   * contributions, or functions of `{ k, self }` returning some (for those that need the instance); or one such
   * function. Plain items can be read without starting a kernel (e.g. `lci import --help` lists import kinds).
   */
  extend?: ExtendItem<I>[] | ((ctx: PluginContext<I>) => Contribution<any>[]);
  routes?(r: RouteRegistrar, k: Kernel, self: I): void;
  /** apiinvoke functions of the realtime channel, by name. */
  realtime?:
    | Record<string, RealtimeFunction | RealtimeFunctionDef>
    | ((ctx: PluginContext<I>) => Record<string, RealtimeFunction | RealtimeFunctionDef>);
  /** Queues this plugin works; a handler reaches the instance with `ctx.k.instance(id)`. */
  jobs?: Record<string, JobDef<any>>;
  /** Adds `lci <area> ...` commands (built with cli/sdk.ts). `ctx.kernel()` starts the kernel (no HTTP) on first use. */
  cli?(program: Command, ctx: PluginCliContext): void;
  /** Demo data for a tenant (run by `lci db seed`). */
  fixtures?(ctx: FixtureContext): Promise<void>;
  /** Called once the kernel is up (HTTP may not be listening). */
  start?(k: Kernel, self: I): Promise<void>;
  /** Called when the kernel stops, before the instance's own stop(). */
  stop?(k: Kernel, self: I): Promise<void>;
}

export interface LoadedPlugin extends PluginDefinition<any> {
  dir: string;
  hasWorkspace: boolean;
}

export function definePlugin<I = undefined>(def: PluginDefinition<I>): PluginDefinition<I> {
  if (!/^[a-z][a-z0-9-]*$/.test(def.id))
    throw new Error(`plugin id "${def.id}" must be lowercase letters, digits and dashes`);
  return def;
}
