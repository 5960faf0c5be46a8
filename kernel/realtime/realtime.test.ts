/**
 * The realtime channel on a real server and database: authentication (4401; the
 * token in the first message or the subprotocol header, never the URL), the
 * Origin check, rooms joined before the `authenticated` answer,
 * ping/pong, apiinvoke in the caller's tenant under RLS, errors without
 * internals, the HTTP fallback, rooms, server messages, store updates
 * (rerouted through storage when large) and job progress reaching a socket.
 */
import path from 'node:path';
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { makeTenant, type TestTenant } from '../../tests/helpers/tenants';
import { openSocket, upgradeStatus, wsUrl, type OpenSocketOptions, type TestSocket } from './testing/client';

const PROBE_PLUGINS = path.join(__dirname, 'testing', 'plugins');

describe('realtime channel', () => {
  let s: TestServer;
  let a: TestTenant;
  let b: TestTenant;
  const sockets: TestSocket[] = [];
  const open = async (token: string | null, opts?: OpenSocketOptions) => {
    const sock = openSocket(s.url, token, opts);
    sockets.push(sock);
    return sock;
  };
  /** A socket whose authentication is done (it is in its rooms). */
  const ready = async (t: TestTenant) => {
    const sock = await open(t.token);
    await sock.ready;
    return sock;
  };

  beforeAll(async () => {
    s = await startTestServer({
      pluginDirs: [PROBE_PLUGINS],
      env: { LCI_REROUTE_BYTES: '2048', LCI_ALLOWED_ORIGINS: 'https://extra.example.com' },
    });
    a = await makeTenant(s.k, s.url, { name: 'Alpha MSP' });
    b = await makeTenant(s.k, s.url, { name: 'Beta MSP' });
    await s.k.db.withTenant(a.tenantId, (trx) =>
      trx('rt_probe_notes').insert([
        { tenant_id: a.tenantId, body: 'alpha one' },
        { tenant_id: a.tenantId, body: 'alpha two' },
      ]),
    );
    await s.k.db.withTenant(b.tenantId, (trx) =>
      trx('rt_probe_notes').insert({ tenant_id: b.tenantId, body: 'beta one' }),
    );
  }, 180000);
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((x) => x.close()));
  });
  let stopped = false;
  afterAll(async () => {
    if (!stopped) await s?.stop();
  });

  it('closes with 4401 when the token is missing, forged or not a token', async () => {
    for (const token of [null, 'not-a-token', `${a.token.slice(0, -4)}AAAA`]) {
      const sock = await open(token);
      expect((await sock.closed).code).toBe(4401);
    }
    expect(s.k.realtime.sockets()).toEqual([]);
  });

  it('answers ping with pong and lists the connection', async () => {
    const sock = await open(a.token);
    const before = Date.now();
    sock.send({ action: 'ping' });
    const pong = await sock.next((m) => m.action === 'pong');
    expect(pong).toEqual({ action: 'pong', ts: expect.any(Number) });
    expect(pong.ts).toBeGreaterThanOrEqual(before - 1000);
    expect(s.k.realtime.sockets()).toEqual([
      { tenantId: a.tenantId, userId: a.userId, connectedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    ]);
  });

  it('takes the token in the first message or the subprotocol header, and refuses it in the URL', async () => {
    const viaMessage = await open(a.token);
    expect(await viaMessage.ready).toEqual({ action: 'authenticated', userId: a.userId, tenantId: a.tenantId });
    const viaProtocol = await open(b.token, { via: 'protocol' });
    expect(await viaProtocol.ready).toEqual({ action: 'authenticated', userId: b.userId, tenantId: b.tenantId });
    expect(viaProtocol.ws.protocol).toBe('lci.v1');
    expect(await upgradeStatus(`${wsUrl(s.url)}?token=${encodeURIComponent(a.token)}`)).toBe(400);
    expect(
      s.k.realtime
        .sockets()
        .map((x) => x.userId)
        .sort(),
    ).toEqual([a.userId, b.userId].sort());
  });

  it("lets a browser in from the base URL's origin or LCI_ALLOWED_ORIGINS only", async () => {
    expect(await upgradeStatus(wsUrl(s.url), { origin: 'https://evil.example.com' })).toBe(403);
    expect(await upgradeStatus(wsUrl(s.url), { origin: new URL(s.url).origin.replace('localhost', '127.0.0.1') })).toBe(
      403,
    );
    await (
      await open(a.token, { origin: new URL(s.url).origin })
    ).ready;
    await (
      await open(a.token, { origin: 'https://extra.example.com' })
    ).ready;
  });

  it('delivers a message published right after the socket says authenticated', async () => {
    for (let i = 0; i < 5; i++) {
      const sock = await open(a.token);
      await sock.ready;
      await s.k.realtime.serverMessage(`user:${a.userId}`, { msg_type: 'info', msg: `right after ${i}` });
      expect(await sock.next((m) => m.msg === `right after ${i}`, 3000)).toMatchObject({ msg_type: 'info' });
      await sock.close();
    }
  });

  it("runs apiinvoke functions in the caller's tenant only", async () => {
    const sa = await ready(a);
    const sb = await ready(b);
    const ra = await sa.invoke('rtProbeNotes', { q: 1 });
    expect(ra).toEqual({
      action: 'apiresult',
      requestId: expect.any(String),
      ok: true,
      data: {
        tenantId: a.tenantId,
        userId: a.userId,
        echo: { q: 1 },
        notes: [
          { tenant_id: a.tenantId, body: 'alpha one' },
          { tenant_id: a.tenantId, body: 'alpha two' },
        ],
      },
    });
    const rb = await sb.invoke('rtProbeNotes');
    expect(rb.data.notes).toEqual([{ tenant_id: b.tenantId, body: 'beta one' }]);

    // A write lands in the caller's tenant; RLS refuses a row forged for another tenant.
    expect((await sb.invoke('rtProbeAddNote', { body: 'beta two' })).ok).toBe(true);
    expect((await sa.invoke('rtProbeNotes')).data.notes.map((n: { body: string }) => n.body)).toEqual([
      'alpha one',
      'alpha two',
    ]);

    // Another tenant's id in the message is refused without impersonation.
    const other = await sa.invoke('rtProbeNotes', {}, b.tenantId);
    expect(other).toMatchObject({
      ok: false,
      error: { status: 403, message: `Tenant ${b.tenantId} is not your current tenant` },
    });
  });

  it('answers unknown functions, failures and bad messages with ok:false and no internals', async () => {
    const sock = await ready(a);
    expect(await sock.invoke('noSuchFunction')).toMatchObject({
      ok: false,
      error: { status: 404, message: 'No realtime function named noSuchFunction' },
    });
    expect(await sock.invoke('rtProbeForbidden')).toMatchObject({
      ok: false,
      error: { status: 403, message: 'Only account managers may see segments' },
    });
    const crash = await sock.invoke('rtProbeCrash');
    expect(crash).toMatchObject({
      ok: false,
      error: {
        status: 500,
        message: expect.stringMatching(/^Something went wrong on our side \(error [0-9a-f-]{36}\)$/),
      },
    });
    expect(JSON.stringify(crash)).not.toMatch(/secret|postgres:|at .*\.ts/);

    sock.send('{not json');
    expect(await sock.next((m) => m.action === 'apiresult' && m.requestId === null)).toMatchObject({
      ok: false,
      error: { status: 400, message: 'Messages must be JSON' },
    });
    sock.send({ action: 'apiinvoke', requestId: 'x1' });
    expect(await sock.next((m) => m.requestId === 'x1')).toMatchObject({
      ok: false,
      error: { status: 400, message: expect.stringContaining('function') },
    });
    // The socket stays usable.
    expect((await sock.invoke('rtProbeNotes')).ok).toBe(true);
  });

  it("offers the HTTP fallback POST /v3/tenant/:tenantId/apiinvoke/:function in the caller's tenant", async () => {
    const r = await a.api('POST', `/v3/tenant/${a.tenantId}/apiinvoke/rtProbeNotes`, { payload: { via: 'http' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ tenantId: a.tenantId, echo: { via: 'http' } });
    expect(r.body.data.notes.map((n: { tenant_id: number }) => n.tenant_id)).toEqual([a.tenantId, a.tenantId]);
    expect((await a.api('POST', `/v3/tenant/${b.tenantId}/apiinvoke/rtProbeNotes`, { payload: {} })).status).toBe(403);
    const missing = await a.api('POST', `/v3/tenant/${a.tenantId}/apiinvoke/nope`, { payload: {} });
    expect(missing).toMatchObject({
      status: 404,
      body: { error: { status: 404, message: 'No realtime function named nope' } },
    });
    expect((await a.api('POST', `/v3/tenant/${a.tenantId}/apiinvoke/rtProbeNotes`, [1, 2])).status).toBe(400);
    const crash = await a.api('POST', `/v3/tenant/${a.tenantId}/apiinvoke/rtProbeCrash`, {});
    expect(crash.status).toBe(500);
    expect(JSON.stringify(crash.body)).not.toMatch(/secret/);
  });

  it('delivers server messages to the tenant room, user room and everyone', async () => {
    const sa = await ready(a);
    const sb = await ready(b);
    await s.k.realtime.serverMessage(`tenant:${a.tenantId}`, {
      msg_type: 'download',
      msg: 'Your export is ready',
      display_type: 'banner',
      download_url: 'https://example.com/x.csv',
    });
    expect(await sa.next((m) => m.msg_type === 'download')).toEqual({
      msg_type: 'download',
      msg: 'Your export is ready',
      display_type: 'banner',
      download_url: 'https://example.com/x.csv',
    });
    await s.k.realtime.serverMessage(`user:${b.userId}`, { msg_type: 'migration_warning', msg: 'Migration tonight' });
    expect(await sb.next((m) => m.msg_type === 'migration_warning')).toEqual({
      msg_type: 'migration_warning',
      msg: 'Migration tonight',
      display_type: null,
      download_url: null,
    });
    await s.k.realtime.serverMessage('all', { msg_type: 'maintenance', msg: 'Maintenance at 22:00' });
    await sa.next((m) => m.msg_type === 'maintenance');
    await sb.next((m) => m.msg_type === 'maintenance');
    // Nothing addressed to tenant A reached tenant B, and the reverse.
    expect(sb.messages.some((m) => m.msg_type === 'download')).toBe(false);
    expect(sa.messages.some((m) => m.msg_type === 'migration_warning')).toBe(false);
    await expect(s.k.realtime.publish('tenant:abc' as never, {})).rejects.toThrow('invalid room');
  });

  it('sends store updates inline, and large ones through storage', async () => {
    const sock = await ready(a);
    await s.k.realtime.storeUpdate(`tenant:${a.tenantId}`, 'customerSegments', { segments: [1, 2, 3] });
    expect(await sock.next((m) => m.store_target === 'customerSegments')).toEqual({
      store_target: 'customerSegments',
      data: { segments: [1, 2, 3] },
    });

    const big = { rows: Array.from({ length: 200 }, (_, i) => ({ i, name: `Company ${i}` })) };
    await s.k.realtime.storeUpdate(`tenant:${a.tenantId}`, 'companies', big);
    const msg = await sock.next((m) => m.store_target === 'companies');
    expect(msg).toEqual({
      store_target: 'companies',
      reroute_to_s3: true,
      key: expect.stringMatching(new RegExp(`^tenants/${a.tenantId}/realtime/`)),
      url: expect.stringContaining('signature='),
    });
    expect(msg.data).toBeUndefined();
    const fetched = await fetch(msg.url);
    expect(fetched.status).toBe(200);
    expect(await fetched.json()).toEqual(big);
    // The key is also readable by the tenant's signed-in users, and not by another tenant's.
    expect((await a.api('GET', `/v3/storage/${msg.key}`)).body).toEqual(big);
    expect((await b.api('GET', `/v3/storage/${msg.key}`)).status).toBe(403);
  });

  it("reports job progress to the sockets of the job's tenant", async () => {
    const sa = await ready(a);
    const sb = await ready(b);
    const id = await s.k.jobs.send('rt-probe.work', { tenantId: a.tenantId });
    const half = await sa.next((m) => m.msg_type === 'job_progress' && m.jobId === id && m.percent === 50, 45000);
    expect(half).toMatchObject({
      msg_type: 'job_progress',
      job: 'rt-probe.work',
      percent: 50,
      message: 'Recalculating segments',
    });
    await sa.next((m) => m.msg_type === 'job_progress' && m.jobId === id && m.percent === 100);
    expect(sb.messages.some((m) => m.msg_type === 'job_progress')).toBe(false);
  }, 120000);

  it('closes open sockets with 1001 when the server stops (and the stop does not hang on them)', async () => {
    const sock = await ready(a);
    stopped = true;
    const t = Date.now();
    await s.stop();
    expect(await sock.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
    expect(Date.now() - t).toBeLessThan(15000);
  });
});
