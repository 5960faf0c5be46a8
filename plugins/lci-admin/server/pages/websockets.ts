/**
 * Connected sockets (/lciadmin/websocketadmin): every server process answers a listing request over the
 * realtime bus (kernel-internal channel; Redis when REDIS_URL is set, else this process alone), and a server
 * message goes to one socket, one user, a tenant or everybody.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import { notFound, type Kernel, type RouteRegistrar, type Room } from '../../../../kernel/index';
import { auditTenant, id, shortText, tenantNames } from './shared';

export const WEBSOCKET_PAGE = '/lciadmin/websocketadmin';
const CHANNEL = 'lci-admin.sockets';
/** How long a listing waits for other server processes to answer. */
export const LIST_WAIT_MS = 400;

export interface SocketInfo { socketId: string; tenantId: number | null; userId: number; connectedAt: string; processId: string }

interface State { processId: string; pending: Map<string, SocketInfo[]> }
const states = new WeakMap<Kernel, State>();

/** Answers other processes' listing requests and delivers to sockets of this process. */
export function startSocketRelay(k: Kernel): void {
  if (states.has(k)) return;
  const state: State = { processId: crypto.randomUUID(), pending: new Map() };
  states.set(k, state);
  k.realtime.onInternal(CHANNEL, (m) => {
    if (m.kind === 'list' && typeof m.requestId === 'string') {
      const sockets = k.realtime.socketDetails().map((s) => ({ ...s, processId: state.processId }));
      void k.realtime.publishInternal(CHANNEL, { kind: 'listed', requestId: m.requestId, sockets });
    } else if (m.kind === 'listed' && typeof m.requestId === 'string') {
      state.pending.get(m.requestId)?.push(...(m.sockets as SocketInfo[]));
    } else if (m.kind === 'send' && typeof m.socketId === 'string' && m.message && typeof m.message === 'object') {
      k.realtime.sendToSocket(m.socketId, m.message as Record<string, unknown>);
    }
  });
}

/** Sockets of every server process (de-duplicated by socket id). */
export async function listSockets(k: Kernel, waitMs = LIST_WAIT_MS): Promise<SocketInfo[]> {
  const state = states.get(k);
  if (!state || !k.config.redisUrl) return k.realtime.socketDetails().map((s) => ({ ...s, processId: state?.processId ?? 'local' }));
  const requestId = crypto.randomUUID();
  state.pending.set(requestId, []);
  try {
    await k.realtime.publishInternal(CHANNEL, { kind: 'list', requestId });
    await new Promise((r) => setTimeout(r, waitMs));
    const seen = new Map<string, SocketInfo>();
    for (const s of state.pending.get(requestId) ?? []) seen.set(s.socketId, s);
    return [...seen.values()];
  } finally {
    state.pending.delete(requestId);
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
  return [...byTenant.values()].map((e) => ({ tenantId: e.tenantId, sockets: e.sockets, users: e.users.size })).sort((a, b) => b.sockets - a.sockets);
}

export const messageBody = z.object({
  target: z.enum(['socket', 'user', 'tenant', 'all']),
  socketId: z.string().uuid().optional(),
  userId: id.optional(),
  tenantId: id.optional(),
  msg: shortText(1000),
  msg_type: z.string().trim().regex(/^[A-Za-z0-9_.-]{1,40}$/, 'Letters, digits, dot, dash and underscore only.').default('admin_message'),
  display_type: z.enum(['info', 'success', 'warning', 'danger']).default('info'),
}).superRefine((b, ctx) => {
  const need = { socket: 'socketId', user: 'userId', tenant: 'tenantId', all: null }[b.target] as 'socketId' | 'userId' | 'tenantId' | null;
  if (need && b[need] === undefined) ctx.addIssue({ code: 'custom', path: [need], message: `Required when the target is ${b.target === 'all' ? 'everybody' : `a ${b.target}`}.` });
});

export function websocketRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get('/v3/lciadmin/websockets', { auth: 'internal', scope: 'system', page: WEBSOCKET_PAGE, summary: 'Connected sockets of every server process, with per-tenant counts' }, async ({ db }) => {
    const sockets = await listSockets(k);
    const names = await tenantNames(db, sockets.filter((s) => s.tenantId).map((s) => s.tenantId!));
    const users = new Map((await db('users').whereIn('user_id', [...new Set(sockets.map((s) => s.userId))]).select('user_id', 'username')).map((u: any) => [Number(u.user_id), String(u.username)]));
    return {
      bus: k.config.redisUrl ? 'redis' : 'memory',
      sockets: sockets.map((s) => ({ ...s, tenantName: s.tenantId ? names.get(s.tenantId) ?? null : null, username: users.get(s.userId) ?? null }))
        .sort((a, b) => a.connectedAt.localeCompare(b.connectedAt)),
      tenants: summarise(sockets).map((t) => ({ ...t, tenantName: t.tenantId ? names.get(t.tenantId) ?? null : null })),
    };
  });

  r.post('/v3/lciadmin/websockets/message', { auth: 'internal', scope: 'system', page: WEBSOCKET_PAGE, body: messageBody, duringMaintenance: true, summary: 'Sends a server message to one socket, a user, a tenant or everybody' }, async (ctx) => {
    const b = ctx.body;
    const message = { msg_type: b.msg_type, msg: b.msg, display_type: b.display_type };
    let delivered: string;
    if (b.target === 'socket') {
      const socket = (await listSockets(k)).find((s) => s.socketId === b.socketId);
      if (!socket) throw notFound(`Socket ${b.socketId} is not connected`);
      if (k.config.redisUrl) await k.realtime.publishInternal(CHANNEL, { kind: 'send', socketId: b.socketId, message });
      else k.realtime.sendToSocket(b.socketId!, message);
      delivered = `socket ${b.socketId}`;
    } else {
      const room: Room = b.target === 'all' ? 'all' : b.target === 'user' ? `user:${b.userId!}` : `tenant:${b.tenantId!}`;
      await k.realtime.serverMessage(room, message);
      delivered = room;
    }
    await auditTenant(k, ctx.db, ctx, b.target === 'tenant' ? b.tenantId : undefined, 'lciadmin.websocket.message', { target: b.target, to: delivered, msg: b.msg }, delivered);
    return { sent: true, to: delivered };
  });
}
