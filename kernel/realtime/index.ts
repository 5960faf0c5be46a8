/**
 * kernel/realtime: the realtime channel. Sockets at /ws (hub.ts), a bus that
 * carries room messages across processes (bus.ts), apiinvoke functions
 * (invoke.ts) with their HTTP fallback (routes.ts), server messages and
 * store-target updates (large data through storage).
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import type { Kernel, Realtime, Room, ServerMessage } from '../kernel';
import type { RealtimeFunction, RealtimeFunctionDef } from '../plugin';
import type { ModuleRequirement } from '../types';
import { createBus, type Bus } from './bus';
import { DEFAULT_HUB_OPTIONS, SocketHub, type HubOptions } from './hub';
import { FunctionRegistry } from './invoke';
import { isRoom, type StoreUpdate, type StoreUpdateRerouted } from './protocol';
import { registerRealtimeRoutes } from './routes';
import { KERNEL_ROUTES } from '../http/route-spec';

/** Signed links to rerouted store updates stay valid this long. */
const REROUTE_LINK_SECONDS = 600;

interface RealtimeOptions {
  hub?: Partial<HubOptions>;
  bus?: Bus;
  /** Start even when Redis cannot be reached (an `lci` command: its revocations go through the database). */
  redisOptional?: boolean;
}

/** Rooms of the kernel's own cross-process signals; no socket ever joins them. */
const INTERNAL_PREFIX = 'kernel:';

class RealtimeService implements Realtime {
  private closed = false;
  private readonly internal = new Map<string, ((message: Record<string, unknown>) => void)[]>();
  constructor(
    private readonly k: Kernel,
    private readonly bus: Bus,
    private readonly hub: SocketHub,
    private readonly registry: FunctionRegistry,
  ) {
    bus.onMessage((env) => {
      if (this.closed) return;
      if (env.room.startsWith(INTERNAL_PREFIX)) {
        for (const fn of this.internal.get(env.room) ?? []) {
          try {
            fn(env.message);
          } catch (e) {
            this.k.log.warn({ err: (e as Error).message, room: env.room }, 'realtime: internal handler failed');
          }
        }
        return;
      }
      this.hub.deliver(env.room, env.message);
    });
  }

  onInternal(channel: string, fn: (message: Record<string, unknown>) => void): void {
    const room = INTERNAL_PREFIX + channel;
    this.internal.set(room, [...(this.internal.get(room) ?? []), fn]);
  }

  async publishInternal(channel: string, message: Record<string, unknown>): Promise<void> {
    if (this.closed) return;
    try {
      await this.bus.publish({ room: INTERNAL_PREFIX + channel, message });
    } catch (e) {
      this.k.log.warn({ err: (e as Error).message, channel }, 'realtime: internal publish failed');
    }
  }

  get busKind(): Bus['kind'] {
    return this.bus.kind;
  }

  /** Redis (when REDIS_URL is set) as /readyz reports it. */
  health(): Promise<{ ok: boolean; detail?: string }> {
    return this.bus.health();
  }

  async publish(room: Room, message: Record<string, unknown>): Promise<void> {
    if (!isRoom(room)) throw new Error(`realtime: invalid room ${room}`);
    if (this.closed) {
      this.k.log.debug({ room }, 'realtime: publish after close dropped');
      return;
    }
    // Never waits for Redis: delivered here at once and queued for the other processes (redis-bus.ts); never fails the caller's work.
    try {
      await this.bus.publish({ room, message });
    } catch (e) {
      this.k.log.warn({ err: (e as Error).message, room }, 'realtime: publish failed');
    }
  }

  async serverMessage(room: Room, message: ServerMessage): Promise<void> {
    const { msg_type, msg, display_type, download_url, ...rest } = message;
    await this.publish(room, {
      ...rest,
      msg_type,
      msg,
      display_type: display_type ?? null,
      download_url: download_url ?? null,
    });
  }

  async storeUpdate(room: Room, storeTarget: string, data: unknown): Promise<void> {
    const json = JSON.stringify(data ?? null);
    if (Buffer.byteLength(json) <= this.k.config.rerouteBytes) {
      const update: StoreUpdate = { store_target: storeTarget, data: data ?? null };
      await this.publish(room, update as unknown as Record<string, unknown>);
      return;
    }
    const [kind, id] = room.split(':');
    const prefix = kind === 'tenant' ? `tenants/${id}` : kind === 'user' ? `users/${id}` : 'public';
    const key = `${prefix}/realtime/${new Date().toISOString().slice(0, 10)}/${crypto.randomUUID()}.json`;
    await this.k.storage.put(key, json, 'application/json');
    const update: StoreUpdateRerouted = {
      store_target: storeTarget,
      reroute_to_s3: true,
      key,
      url: this.k.storage.signedUrl(key, REROUTE_LINK_SECONDS),
    };
    await this.publish(room, update as unknown as Record<string, unknown>);
  }

  attach(server: http.Server): void {
    this.hub.attach(server);
  }
  /** `defaultModule`: the plugin's `module`, for a function that declares none (invoke.ts FunctionRegistry). */
  register(
    name: string,
    fn: RealtimeFunction | RealtimeFunctionDef,
    owner?: string,
    defaultModule?: ModuleRequirement,
  ): void {
    this.registry.register(name, fn, owner, defaultModule);
  }
  functions() {
    return this.registry.list().map(({ name, owner, access }) => ({ name, owner, access }));
  }
  sockets() {
    return this.hub.list();
  }
  socketDetails() {
    return this.hub.details();
  }
  sendToSocket(socketId: string, message: Record<string, unknown>) {
    return this.hub.deliverTo(socketId, message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.hub.close();
    await this.bus.close();
  }
}

export async function createRealtime(k: Kernel, opts: RealtimeOptions = {}): Promise<Realtime> {
  const registry = new FunctionRegistry();
  const bus =
    opts.bus ??
    (await createBus({
      redisUrl: k.config.redisUrl,
      databaseUrl: k.config.databaseUrl,
      dataDir: k.config.dataDir,
      log: k.log,
      optional: opts.redisOptional,
    }));
  const allowedOrigins = [new URL(k.config.baseUrl).origin, ...k.config.allowedOrigins];
  const hub = new SocketHub(k, registry, {
    ...DEFAULT_HUB_OPTIONS,
    allowedOrigins,
    maxSocketsPerUser: k.config.wsMaxPerUser ?? DEFAULT_HUB_OPTIONS.maxSocketsPerUser,
    maxSocketsPerTenant: k.config.wsMaxPerTenant ?? DEFAULT_HUB_OPTIONS.maxSocketsPerTenant,
    ...opts.hub,
  });
  // The fallback's own module is none: the function it dispatches to brings its requirement.
  registerRealtimeRoutes(k.routes.registrar('kernel:realtime', KERNEL_ROUTES), k, registry);
  k.log.debug({ bus: bus.kind }, 'realtime ready');
  return new RealtimeService(k, bus, hub, registry);
}
