/**
 * GET /v3/lciadmin/websockets and POST .../message: connected sockets of every process; a server message to them.
 * The listing also counts sockets per tenant and per user, with the most on one process, beside the limits per
 * process (LCI_WS_MAX_PER_USER, LCI_WS_MAX_PER_TENANT; kernel/realtime/hub.ts): fields added to the earlier answer.
 */
import { z } from 'zod';
import { notFound, type Kernel, type RouteRegistrar, type Room } from '../../../../../kernel/index';
import { auditTenant, id, shortText, tenantNames, usernames } from '../shared';
import { CHANNEL, mostOnOneProcess, perUser, summarise, WEBSOCKET_PAGE, type SocketRelay } from './relay';

const messageBody = z
  .object({
    target: z.enum(['socket', 'user', 'tenant', 'all']),
    socketId: z.string().uuid().optional(),
    userId: id.optional(),
    tenantId: id.optional(),
    msg: shortText(1000),
    msg_type: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.-]{1,40}$/, 'Letters, digits, dot, dash and underscore only.')
      .default('admin_message'),
    display_type: z.enum(['info', 'success', 'warning', 'danger']).default('info'),
  })
  .superRefine((b, ctx) => {
    const need = { socket: 'socketId', user: 'userId', tenant: 'tenantId', all: null }[b.target] as
      'socketId' | 'userId' | 'tenantId' | null;
    if (need && b[need] === undefined)
      ctx.addIssue({
        code: 'custom',
        path: [need],
        message: `Required when the target is ${b.target === 'all' ? 'everybody' : `a ${b.target}`}.`,
      });
  });

const socket = z.object({
  socketId: z.string(),
  tenantId: z.number().int().nullable(),
  userId: z.number().int(),
  connectedAt: z.string(),
  processId: z.string(),
});
const listResponse = z.object({
  bus: z.enum(['redis', 'memory']),
  sockets: z.array(socket.extend({ tenantName: z.string().nullable(), username: z.string().nullable() })),
  tenants: z.array(
    z.object({
      tenantId: z.number().int().nullable(),
      sockets: z.number().int(),
      users: z.number().int(),
      tenantName: z.string().nullable(),
      mostOnOneProcess: z.number().int(),
    }),
  ),
  users: z.array(
    z.object({
      userId: z.number().int(),
      username: z.string().nullable(),
      sockets: z.number().int(),
      processes: z.number().int(),
      mostOnOneProcess: z.number().int(),
    }),
  ),
  limits: z.object({ perUserPerProcess: z.number().int(), perTenantPerProcess: z.number().int() }),
});

export function websocketRoutes(r: RouteRegistrar, k: Kernel, relay: Pick<SocketRelay, 'list'>): void {
  r.get(
    '/v3/lciadmin/websockets',
    {
      auth: 'internal',
      scope: 'system',
      page: WEBSOCKET_PAGE,
      response: listResponse,
      summary: 'Connected sockets of every server process, with per-tenant counts',
    },
    async ({ db }) => {
      const sockets = await relay.list();
      const names = await tenantNames(
        db,
        sockets.filter((s) => s.tenantId).map((s) => s.tenantId!),
      );
      const users = await usernames(
        db,
        sockets.map((s) => s.userId),
      );
      return {
        bus: k.config.redisUrl ? 'redis' : 'memory',
        sockets: sockets
          .map((s) => ({
            ...s,
            tenantName: s.tenantId ? (names.get(s.tenantId) ?? null) : null,
            username: users.get(s.userId) ?? null,
          }))
          .sort((a, b) => a.connectedAt.localeCompare(b.connectedAt)),
        tenants: summarise(sockets).map((t) => ({
          ...t,
          tenantName: t.tenantId ? (names.get(t.tenantId) ?? null) : null,
          mostOnOneProcess: mostOnOneProcess(sockets, t.tenantId),
        })),
        users: perUser(sockets).map((u) => ({ ...u, username: users.get(u.userId) ?? null })),
        limits: { perUserPerProcess: k.config.wsMaxPerUser, perTenantPerProcess: k.config.wsMaxPerTenant },
      };
    },
  );

  r.post(
    '/v3/lciadmin/websockets/message',
    {
      auth: 'internal',
      scope: 'system',
      page: WEBSOCKET_PAGE,
      body: messageBody,
      duringMaintenance: true,
      response: z.object({ sent: z.literal(true), to: z.string() }),
      summary: 'Sends a server message to one socket, a user, a tenant or everybody',
    },
    async (ctx) => {
      const b = ctx.body;
      const message = { msg_type: b.msg_type, msg: b.msg, display_type: b.display_type };
      let delivered: string;
      if (b.target === 'socket') {
        const socket = (await relay.list()).find((s) => s.socketId === b.socketId);
        if (!socket) throw notFound(`Socket ${b.socketId} is not connected`);
        if (k.config.redisUrl)
          await k.realtime.publishInternal(CHANNEL, { kind: 'send', socketId: b.socketId, message });
        else k.realtime.sendToSocket(b.socketId!, message);
        delivered = `socket ${b.socketId}`;
      } else {
        const room: Room =
          b.target === 'all' ? 'all' : b.target === 'user' ? `user:${b.userId!}` : `tenant:${b.tenantId!}`;
        await k.realtime.serverMessage(room, message);
        delivered = room;
      }
      await auditTenant(
        k,
        ctx.db,
        ctx,
        b.target === 'tenant' ? b.tenantId : undefined,
        'lciadmin.websocket.message',
        { target: b.target, to: delivered, msg: b.msg },
        delivered,
      );
      return { sent: true as const, to: delivered };
    },
  );
}
