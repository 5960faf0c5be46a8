/**
 * Connected sockets (/lciadmin/websocketadmin): every server process answers a listing request over the
 * realtime bus (kernel-internal channel; Redis when REDIS_URL is set, else this process alone), and a server
 * message goes to one socket, one user, a tenant or everybody (routes.ts).
 */
import crypto from 'node:crypto';
import type { Kernel } from '../../../../../kernel/index';

export const WEBSOCKET_PAGE = '/lciadmin/websocketadmin';
export const CHANNEL = 'lci-admin.sockets';
/** How long a listing waits for other server processes to answer. */
const LIST_WAIT_MS = 400;

interface SocketInfo {
  socketId: string;
  tenantId: number | null;
  userId: number;
  connectedAt: string;
  processId: string;
}

/**
 * This kernel's end of the listing protocol (one per kernel: the lci-admin instance's): answers other processes'
 * listing requests and delivers to sockets of this process.
 */
export class SocketRelay {
  readonly processId = crypto.randomUUID();
  private readonly pending = new Map<string, SocketInfo[]>();
  private started = false;
  constructor(private readonly k: Kernel) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    const k = this.k;
    k.realtime.onInternal(CHANNEL, (m) => {
      if (m.kind === 'list' && typeof m.requestId === 'string') {
        const sockets = k.realtime.socketDetails().map((s) => ({ ...s, processId: this.processId }));
        void k.realtime.publishInternal(CHANNEL, { kind: 'listed', requestId: m.requestId, sockets });
      } else if (m.kind === 'listed' && typeof m.requestId === 'string') {
        this.pending.get(m.requestId)?.push(...(m.sockets as SocketInfo[]));
      } else if (m.kind === 'send' && typeof m.socketId === 'string' && m.message && typeof m.message === 'object') {
        k.realtime.sendToSocket(m.socketId, m.message as Record<string, unknown>);
      }
    });
  }

  /** Sockets of every server process (de-duplicated by socket id). */
  async list(waitMs = LIST_WAIT_MS): Promise<SocketInfo[]> {
    const k = this.k;
    if (!this.started || !k.config.redisUrl)
      return k.realtime.socketDetails().map((s) => ({ ...s, processId: this.started ? this.processId : 'local' }));
    const requestId = crypto.randomUUID();
    this.pending.set(requestId, []);
    try {
      await k.realtime.publishInternal(CHANNEL, { kind: 'list', requestId });
      await new Promise((r) => setTimeout(r, waitMs));
      const seen = new Map<string, SocketInfo>();
      for (const s of this.pending.get(requestId) ?? []) seen.set(s.socketId, s);
      return [...seen.values()];
    } finally {
      this.pending.delete(requestId);
    }
  }
}

/** One line per tenant and user: how many sockets (pure). */
export function summarise(sockets: SocketInfo[]) {
  const byTenant = new Map<string, { tenantId: number | null; sockets: number; users: Set<number> }>();
  for (const s of sockets) {
    const key = String(s.tenantId);
    const e = byTenant.get(key) ?? { tenantId: s.tenantId, sockets: 0, users: new Set<number>() };
    e.sockets += 1;
    e.users.add(s.userId);
    byTenant.set(key, e);
  }
  return [...byTenant.values()]
    .map((e) => ({ tenantId: e.tenantId, sockets: e.sockets, users: e.users.size }))
    .sort((a, b) => b.sockets - a.sockets);
}

/**
 * Sockets per user (pure): in all, on how many server processes, and the most on one process (the limit,
 * LCI_WS_MAX_PER_USER, is per process). Most sockets first.
 */
export function perUser(sockets: SocketInfo[]) {
  const byUser = new Map<number, Map<string, number>>();
  for (const s of sockets) {
    const processes = byUser.get(s.userId) ?? new Map<string, number>();
    processes.set(s.processId, (processes.get(s.processId) ?? 0) + 1);
    byUser.set(s.userId, processes);
  }
  return [...byUser]
    .map(([userId, byProcess]) => ({
      userId,
      sockets: [...byProcess.values()].reduce((a, b) => a + b, 0),
      processes: byProcess.size,
      mostOnOneProcess: Math.max(...byProcess.values()),
    }))
    .sort((a, b) => b.sockets - a.sockets || a.userId - b.userId);
}

/** The most sockets a tenant's users hold on one server process (the limit, LCI_WS_MAX_PER_TENANT, is per process). */
export function mostOnOneProcess(sockets: SocketInfo[], tenantId: number | null): number {
  const byProcess = new Map<string, number>();
  for (const s of sockets)
    if (s.tenantId === tenantId) byProcess.set(s.processId, (byProcess.get(s.processId) ?? 0) + 1);
  return byProcess.size ? Math.max(...byProcess.values()) : 0;
}
