/** The Kernel object handed to plugins, and the service contracts it carries. */
import type http from 'node:http';
import type Koa from 'koa';
import type { Config } from '../config';
import type { Database, Trx } from './db/database';
import type { RouteTable } from './http/route-spec';
import type { Logger } from './log';
import type { Mailer } from './mail';
import type { LoadedPlugin, RealtimeAccess, RealtimeFunction, RealtimeFunctionDef } from './plugin';
import type { Storage } from './storage';
import type { ExtensionPoint, ExtensionRegistry } from './extensions';
import type { AccessPage, Audit, ModuleRequirement, PrincipalResolver, TokenVerifier } from './types';

/** kernel/auth: oidc-provider at /oidc, the sign-in interaction, token verification. */
export interface Identity extends TokenVerifier {
  /** Mounts /oidc and the interaction endpoints on the app. */
  mount(app: Koa): void;
  /** A signed access token for a user, as the provider issues them (tests, bench, scripted support). */
  issueAccessToken(userId: number, opts?: { ttlSeconds?: number; tenantId?: number }): Promise<string>;
  hashPassword(password: string): Promise<string>;
  verifyPassword(hash: string, password: string): Promise<boolean>;
  close(): Promise<void>;
}

/** kernel/access: callers, security groups, page access, modules, navigation. */
export interface AccessService extends PrincipalResolver {
  /** Drops cached callers of a tenant (or all); called after group or membership changes. */
  invalidate(tenantId?: number): void;
  /** The access entry matching a path by the rule of platform.md section 5, if any. */
  matchPage(pages: AccessPage[], path: string): AccessPage | undefined;
}

export interface FeatureFlags {
  /** Value of a flag for a tenant (or its parent provider tenant) and user; default off. */
  get(trx: Trx, tenantId: number, userId: number | null, key: string): Promise<boolean>;
  all(trx: Trx, tenantId: number, userId: number | null): Promise<Record<string, boolean>>;
  set(trx: Trx, tenantId: number, userId: number | null, key: string, value: boolean): Promise<void>;
}

export type Room = `tenant:${number}` | `user:${number}` | 'all';
export interface ServerMessage {
  msg_type: string;
  msg: string;
  display_type?: string;
  download_url?: string;
  [k: string]: unknown;
}
export interface Realtime {
  /** Delivers a message to every socket in a room, on every server process (through the bus). */
  publish(room: Room, message: Record<string, unknown>): Promise<void>;
  /** A server message (msg_type, msg, display_type, download_url). */
  serverMessage(room: Room, message: ServerMessage): Promise<void>;
  /** A store-target update; large data goes through storage. */
  storeUpdate(room: Room, storeTarget: string, data: unknown): Promise<void>;
  /** Attaches the websocket server at /ws to an HTTP server. */
  attach(server: http.Server): void;
  /** `defaultModule`: the owner's module requirement for a function that declares none (a plugin's `module`). */
  register(
    name: string,
    fn: RealtimeFunction | RealtimeFunctionDef,
    owner?: string,
    defaultModule?: ModuleRequirement,
  ): void;
  /** Every registered apiinvoke function with its owner (a plugin id or kernel:...) and access. */
  functions(): { name: string; owner: string; access: RealtimeAccess }[];
  /** The kernel's own signals between server processes (e.g. access-cache invalidation); never sent to sockets. */
  onInternal(channel: string, fn: (message: Record<string, unknown>) => void): void;
  publishInternal(channel: string, message: Record<string, unknown>): Promise<void>;
  /** Sockets connected to this process. */
  sockets(): { tenantId: number | null; userId: number; connectedAt: string }[];
  /** Sockets connected to this process with their ids (internal admin: websocketadmin). */
  socketDetails(): { socketId: string; tenantId: number | null; userId: number; connectedAt: string }[];
  /** Sends a message to one socket of this process; false when it is not connected here. */
  sendToSocket(socketId: string, message: Record<string, unknown>): boolean;
  /** The bus's dependency (Redis) as /readyz reports it. */
  health?(): Promise<{ ok: boolean; detail?: string }>;
  close(): Promise<void>;
}

export interface JobSendOptions {
  singletonKey?: string;
  startAfterSeconds?: number;
  retryLimit?: number;
}
export interface Jobs {
  send(name: string, data: Record<string, unknown>, opts?: JobSendOptions): Promise<string | null>;
  /** Queues, counts by state, failed jobs with errors. */
  stats(): Promise<{ queue: string; counts: Record<string, number> }[]>;
  failed(
    queue?: string,
    limit?: number,
  ): Promise<{ id: string; name: string; data: unknown; output: unknown; createdOn: string }[]>;
  retry(queue: string, id: string): Promise<void>;
  cancel(queue: string, id: string): Promise<void>;
  /** One job by id (any queue), or null. */
  find(id: string): Promise<JobInfo | null>;
  /** Jobs of a queue (or all) in a state (or any), newest first. */
  list(opts?: { queue?: string; state?: string; limit?: number }): Promise<JobInfo[]>;
  /** Fetches the next job of a queue and works it in this process (a CLI following its job when no server works the queue); false when none waits. */
  workNext(queue: string): Promise<boolean>;
  /** Whether the queue's database answers (/readyz). */
  health?(): Promise<{ ok: boolean; detail?: string }>;
  /** The cron schedules registered in the queue (JobDef.cron), by queue name. */
  schedules?(): Promise<{ name: string; cron: string; timeZone: string }[]>;
  close(): Promise<void>;
}
export interface JobInfo {
  id: string;
  name: string;
  state: string;
  data: unknown;
  output: unknown;
  error: string | null;
  createdOn: string;
  startedOn: string | null;
  completedOn: string | null;
  retryCount: number;
}

export interface Kernel {
  config: Config;
  log: Logger;
  db: Database;
  routes: RouteTable;
  plugins: LoadedPlugin[];
  storage: Storage;
  mail: Mailer;
  audit: Audit;
  identity: Identity;
  access: AccessService;
  flags: FeatureFlags;
  realtime: Realtime;
  jobs: Jobs;
  /** The values plugins registered into an extension point, in plugin load order (read at call time). */
  extensions<T>(point: ExtensionPoint<T>): T[];
  /** Declared extension points and contributions of this kernel. */
  points: ExtensionRegistry;
  /** A loaded plugin's per-kernel instance (what its setup returned); throws when the plugin is not loaded. */
  instance<I>(pluginId: string): I;
  /** Whether a plugin is loaded in this kernel. */
  hasPlugin(pluginId: string): boolean;
  /** Runs the kernel's shutdown (plugins, jobs, realtime, identity, database). */
  stop(): Promise<void>;
}
