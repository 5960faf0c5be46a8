/**
 * The socket hub alone (no database): keepalive drops sockets that stop
 * answering pings, expired tokens are closed with 4401, messages sent before
 * authentication finishes are answered after it, rooms route messages and are
 * joined before the `authenticated` answer, the token comes in the first
 * message or the subprotocol header (never the URL), browsers' Origin is checked.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import type { Kernel } from '../kernel';
import { createLogger } from '../log';
import type { Caller, TokenClaims } from '../types';
import { SocketHub } from './hub';
import { FunctionRegistry, invokeTenant } from './invoke';
import { openSocket, upgradeStatus, wsUrl, type OpenSocketOptions, type TestSocket } from './testing/client';

const caller = (userId: number, tenantId: number | null, extra: Partial<Caller> = {}): Caller => ({
  userId,
  username: `u${userId}@example.com`,
  tenantId,
  homeTenantId: tenantId,
  securityGroupId: 1,
  originalSecurityGroupId: 1,
  isLciAdmin: false,
  isInternal: false,
  isTenantAdmin: false,
  isExternal: false,
  isSandboxTenant: false,
  allowImpersonationFlag: false,
  impersonation: null,
  pages: [],
  modules: [],
  inMaintenance: false,
  ...extra,
});

/** Tokens are "user:tenant[:exp]" (or with dots, for the subprotocol header); anything else fails verification. A short delay mimics real verification. */
const fakeKernel = () =>
  ({
    log: createLogger('silent'),
    identity: {
      async verify(token: string): Promise<TokenClaims> {
        await new Promise((r) => setTimeout(r, 30));
        const m = /^(\d+)[:.](\d+)(?:[:.](\d+))?$/.exec(token);
        if (!m) throw new Error('bad token');
        return {
          userId: Number(m[1]),
          tenantId: Number(m[2]),
          exp: m[3] ? Number(m[3]) : Math.floor(Date.now() / 1000) + 3600,
        };
      },
    },
    access: {
      async resolve(c: TokenClaims) {
        return caller(c.userId, c.tenantId);
      },
    },
  }) as unknown as Kernel;

describe('socket hub', () => {
  let server: http.Server;
  let hub: SocketHub;
  let url: string;
  const sockets: TestSocket[] = [];
  const open = (token: string | null, opts?: OpenSocketOptions) => {
    const s = openSocket(url, token, opts);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    hub = new SocketHub(fakeKernel(), new FunctionRegistry(), {
      heartbeatMs: 150,
      maxPayloadBytes: 4096,
      maxBufferedBytes: 1 << 20,
      authTimeoutMs: 400,
      allowedOrigins: ['https://app.example.com'],
      maxSocketsPerUser: 20,
      maxSocketsPerTenant: 500,
    });
    server = http.createServer((_req, res) => {
      res.statusCode = 404;
      res.end();
    });
    hub.attach(server);
    await new Promise<void>((r) => server.listen(0, r));
    url = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });
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
    expect(s.messages[0]).toEqual({ action: 'authenticated', userId: 7, tenantId: 3 });
  });

  it('has joined its rooms when it says authenticated: a message sent right then is delivered', async () => {
    for (const via of ['message', 'protocol'] as const) {
      const s = open(via === 'message' ? '8:3' : '8.3', { via });
      expect(await s.ready).toEqual({ action: 'authenticated', userId: 8, tenantId: 3 });
      expect(hub.deliver('user:8', { right: 'after' })).toBe(1);
      await s.next((m) => m.right === 'after');
      expect(s.messages).toEqual([{ action: 'authenticated', userId: 8, tenantId: 3 }, { right: 'after' }]);
      await s.close();
    }
  });

  it('takes the token from the subprotocol header and answers lci.v1 without echoing the token', async () => {
    const s = open('9.4', { via: 'protocol' });
    await s.ready;
    expect(s.ws.protocol).toBe('lci.v1');
    s.send({ action: 'ping' });
    await s.next((m) => m.action === 'pong');
  });

  it('refuses a token in the URL before the upgrade', async () => {
    expect(await upgradeStatus(`${wsUrl(url)}?token=1:1`)).toBe(400);
    expect(await upgradeStatus(`${wsUrl(url)}?access_token=1:1`)).toBe(400);
    expect(hub.list()).toEqual([]);
  });

  it('lets browsers in only from an allowed origin; clients without Origin still need a token', async () => {
    expect(await upgradeStatus(wsUrl(url), { origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus(wsUrl(url), { origin: 'null' })).toBe(403);
    expect(await upgradeStatus(wsUrl(url), { origin: 'https://app.example.com.evil.example' })).toBe(403);
    const ok = open('3:1', { origin: 'https://app.example.com' });
    await ok.ready;
    const none = open('4:1');
    await none.ready;
    expect(
      hub
        .list()
        .map((c) => c.userId)
        .sort(),
    ).toEqual([3, 4]);
  });

  it('closes with 4401 when the first message is not authenticate, the token is bad, or none comes in time', async () => {
    const noToken = open(null);
    expect(await noToken.closed).toEqual({ code: 4401, reason: 'The first message must authenticate' });
    const bad = open('not-a-token');
    expect((await bad.closed).code).toBe(4401);
    const silent = new WebSocket(wsUrl(url));
    const started = Date.now();
    const code = await new Promise<number>((r) => silent.on('close', (c) => r(c)));
    expect(code).toBe(4401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(hub.list()).toEqual([]);
  });

  it('answers a second authenticate with an error and keeps the socket', async () => {
    const s = open('6:1');
    await s.ready;
    s.send({ action: 'authenticate', token: '7:1' });
    const r = await s.next((m) => m.action === 'apiresult');
    expect(r).toMatchObject({ ok: false, error: { status: 400 } });
    expect(hub.list().map((c) => c.userId)).toEqual([6]);
  });

  it('drops a socket that stops answering pings and keeps one that answers', async () => {
    const alive = open('1:1');
    alive.send({ action: 'ping' });
    await alive.next((m) => m.action === 'pong');
    const dead = new WebSocket(wsUrl(url), ['lci.v1', 'lci.token.2.1'], { autoPong: false });
    const closed = new Promise<number>((r) => dead.on('close', (code) => r(code)));
    await new Promise((r) => dead.once('open', r));
    await new Promise((r) => setTimeout(r, 100));
    expect(
      hub
        .list()
        .map((c) => c.userId)
        .sort(),
    ).toEqual([1, 2]);
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
    const other = new WebSocket(`${url.replace('http', 'ws')}/not-ws`);
    await expect(
      new Promise((resolve, reject) => {
        other.on('open', resolve);
        other.on('error', reject);
      }),
    ).rejects.toThrow();
    const s = open('1:1');
    s.send({ action: 'ping', pad: 'x'.repeat(8000) });
    expect((await s.closed).code).toBe(1009);
  });
});

describe('apiinvoke tenant', () => {
  it("is the caller's current tenant", () => {
    expect(invokeTenant(caller(1, 10))).toBe(10);
    expect(invokeTenant(caller(1, 10), 10)).toBe(10);
  });
  it('refuses a caller without a current tenant', () => {
    expect(() => invokeTenant(caller(1, null))).toThrow('User must have a current tenantId set');
  });
  it('honours another tenant only while impersonating with allowImpersonationFlag', () => {
    expect(() => invokeTenant(caller(1, 10), 11)).toThrow('Tenant 11 is not your current tenant');
    expect(() => invokeTenant(caller(1, 10, { allowImpersonationFlag: true }), 11)).toThrow(
      'Tenant 11 is not your current tenant',
    );
    expect(() => invokeTenant(caller(1, 11, { impersonation: { tenantId: 11 } }), 12)).toThrow(
      'Tenant 12 is not your current tenant',
    );
    expect(
      invokeTenant(
        caller(1, 11, { impersonation: { tenantId: 11 }, allowImpersonationFlag: true, isInternal: true }),
        11,
      ),
    ).toBe(11);
    expect(
      invokeTenant(
        caller(1, 11, { impersonation: { tenantId: 11 }, allowImpersonationFlag: true, isInternal: true }),
        12,
      ),
    ).toBe(12);
  });
});

describe('function registry', () => {
  it('refuses duplicate and malformed names', () => {
    const r = new FunctionRegistry();
    r.register('customerSegments', async () => 1, 'p', 'Any');
    expect(() => r.register('customerSegments', async () => 2, 'p', 'Any')).toThrow('already registered');
    expect(() => r.register('1bad name', async () => 2, 'p', 'Any')).toThrow('must start with a letter');
    expect(r.names()).toEqual(['customerSegments']);
  });
  it("applies the plugin's module to a function that declares none, and refuses a function with neither", () => {
    const r = new FunctionRegistry();
    r.register('plain', async () => 1, 'assets', ['AIR', 'Core']);
    r.register('own', { handler: async () => 1, module: 'Assessment' }, 'assets', ['AIR', 'Core']);
    expect(r.entry('plain')!.access.module).toEqual(['AIR', 'Core']);
    expect(r.entry('own')!.access.module).toBe('Assessment');
    expect(() => r.register('bare', async () => 1, 'p')).toThrow(
      /"bare" declares no module and its plugin none either/,
    );
    expect(r.names()).toEqual(['own', 'plain']);
  });
});
