/**
 * The socket hub alone (no database): keepalive drops sockets that stop
 * answering pings, expired tokens are closed with 4401, messages sent before
 * authentication finishes are answered after it, rooms route messages.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import type { Kernel } from '../kernel';
import { createLogger } from '../log';
import type { Caller, TokenClaims } from '../types';
import { SocketHub } from './hub';
import { FunctionRegistry, invokeTenant } from './invoke';
import { openSocket, type TestSocket } from './testing/client';

const caller = (userId: number, tenantId: number | null, extra: Partial<Caller> = {}): Caller => ({
  userId, username: `u${userId}@example.com`, tenantId, homeTenantId: tenantId, securityGroupId: 1, originalSecurityGroupId: 1,
  isLciAdmin: false, isInternal: false, isTenantAdmin: false, isExternal: false, isSandboxTenant: false, allowImpersonationFlag: false,
  impersonation: null, pages: [], modules: [], inMaintenance: false, ...extra,
});

/** Tokens are "user:tenant[:exp]"; anything else fails verification. A short delay mimics real verification. */
const fakeKernel = () => ({
  log: createLogger('silent'),
  identity: {
    async verify(token: string): Promise<TokenClaims> {
      await new Promise((r) => setTimeout(r, 30));
      const m = /^(\d+):(\d+)(?::(\d+))?$/.exec(token);
      if (!m) throw new Error('bad token');
      return { userId: Number(m[1]), tenantId: Number(m[2]), exp: m[3] ? Number(m[3]) : Math.floor(Date.now() / 1000) + 3600 };
    },
  },
  access: { async resolve(c: TokenClaims) { return caller(c.userId, c.tenantId); } },
}) as unknown as Kernel;

describe('socket hub', () => {
  let server: http.Server;
  let hub: SocketHub;
  let url: string;
  const sockets: TestSocket[] = [];
  const open = (token: string) => { const s = openSocket(url, token); sockets.push(s); return s; };

  beforeAll(async () => {
    hub = new SocketHub(fakeKernel(), new FunctionRegistry(), { heartbeatMs: 150, maxPayloadBytes: 4096, maxBufferedBytes: 1 << 20 });
    server = http.createServer((_req, res) => { res.statusCode = 404; res.end(); });
    hub.attach(server);
    await new Promise<void>((r) => server.listen(0, r));
    url = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => { await Promise.all(sockets.splice(0).map((s) => s.close())); });
  afterAll(async () => {
    await hub.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('answers messages sent before authentication completed, and joins user, tenant and all rooms', async () => {
    const s = open('7:3');
    s.send({ action: 'ping' });
    await s.next((m) => m.action === 'pong');
    expect(hub.deliver('user:7', { n: 1 })).toBe(1);
    expect(hub.deliver('tenant:3', { n: 2 })).toBe(1);
    expect(hub.deliver('all', { n: 3 })).toBe(1);
    expect(hub.deliver('tenant:4', { n: 4 })).toBe(0);
    await s.next((m) => m.n === 3);
    expect(s.messages.filter((m) => 'n' in m)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('drops a socket that stops answering pings and keeps one that answers', async () => {
    const alive = open('1:1');
    alive.send({ action: 'ping' });
    await alive.next((m) => m.action === 'pong');
    const dead = new WebSocket(`${url.replace('http', 'ws')}/ws?token=2:1`, { autoPong: false });
    const closed = new Promise<number>((r) => dead.on('close', (code) => r(code)));
    await new Promise((r) => dead.once('open', r));
    await new Promise((r) => setTimeout(r, 100));
    expect(hub.list().map((c) => c.userId).sort()).toEqual([1, 2]);
    expect(await closed).toBe(1006); // terminated, no close frame
    await new Promise((r) => setTimeout(r, 400));
    expect(hub.list().map((c) => c.userId)).toEqual([1]);
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('closes with 4401 once the token has expired', async () => {
    const s = open(`5:1:${Math.floor(Date.now() / 1000) + 1}`);
    s.send({ action: 'ping' });
    await s.next((m) => m.action === 'pong');
    const { code } = await s.closed;
    expect(code).toBe(4401);
  });

  it('refuses other upgrade paths and oversized messages', async () => {
    const other = new WebSocket(`${url.replace('http', 'ws')}/not-ws?token=1:1`);
    await expect(new Promise((resolve, reject) => { other.on('open', resolve); other.on('error', reject); })).rejects.toThrow();
    const s = open('1:1');
    s.send({ action: 'ping', pad: 'x'.repeat(8000) });
    expect((await s.closed).code).toBe(1009);
  });
});

describe('apiinvoke tenant', () => {
  it('is the caller\'s current tenant', () => {
    expect(invokeTenant(caller(1, 10))).toBe(10);
    expect(invokeTenant(caller(1, 10), 10)).toBe(10);
  });
  it('refuses a caller without a current tenant', () => {
    expect(() => invokeTenant(caller(1, null))).toThrow('User must have a current tenantId set');
  });
  it('honours another tenant only while impersonating with allowImpersonationFlag', () => {
    expect(() => invokeTenant(caller(1, 10), 11)).toThrow('Tenant 11 is not your current tenant');
    expect(() => invokeTenant(caller(1, 10, { allowImpersonationFlag: true }), 11)).toThrow('Tenant 11 is not your current tenant');
    expect(() => invokeTenant(caller(1, 11, { impersonation: { tenantId: 11 } }), 12)).toThrow('Tenant 12 is not your current tenant');
    expect(invokeTenant(caller(1, 11, { impersonation: { tenantId: 11 }, allowImpersonationFlag: true, isInternal: true }), 11)).toBe(11);
    expect(invokeTenant(caller(1, 11, { impersonation: { tenantId: 11 }, allowImpersonationFlag: true, isInternal: true }), 12)).toBe(12);
  });
});

describe('function registry', () => {
  it('refuses duplicate and malformed names', () => {
    const r = new FunctionRegistry();
    r.register('customerSegments', async () => 1);
    expect(() => r.register('customerSegments', async () => 2)).toThrow('already registered');
    expect(() => r.register('1bad name', async () => 2)).toThrow('must start with a letter');
    expect(r.names()).toEqual(['customerSegments']);
  });
});
