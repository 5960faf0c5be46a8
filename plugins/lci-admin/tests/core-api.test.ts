/**
 * API of part "core" (admin summary, maintenance mode, impersonation, audit log) on a real server: internal admins
 * only; maintenance reaches writes (503), tokens (claims on refresh) and every open socket; audit search; the
 * scripted-support token works, then expires.
 */
import { decodeJwt } from 'jose';
import { openSocket } from '../../../tests/sdk';
import { refresh, signInThroughProvider } from '../../../tests/sdk';
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { apiCall, makeTenant, TEST_PASSWORD, type TestTenant } from '../../../tests/sdk';
import { impersonationToken } from '../server/core/impersonation/token';
import { expectInternalOnly } from './refuses-non-internal';

jest.setTimeout(120_000);

let s: TestServer;
let admin: TestTenant;
let tenantAdmin: TestTenant;
let user: TestTenant;

beforeAll(async () => {
  // Billing: its subscriptionStatus provider fills the summary's status.
  s = await startTestServer({ plugins: ['lci-admin', 'billing'], jobs: false });
  admin = await makeTenant(s.k, s.url, { lciAdmin: true, allowImpersonation: true, name: 'LCI Staff' });
  tenantAdmin = await makeTenant(s.k, s.url, { tenantAdmin: true, name: 'Acme Managed Services' });
  user = await makeTenant(s.k, s.url, { tenantAdmin: false, name: 'Zenith IT' });
});
afterAll(async () => {
  await s?.stop();
});

const setMaintenance = (on: boolean, message = '') => admin.api('PUT', '/v3/lcisupport/maintenance', { on, message });

test('every core route refuses tenant admins and ordinary users', async () => {
  const checked = await expectInternalOnly(
    s,
    ['/v3/lciadmin/summary', '/v3/lciadmin/audit', '/v3/lcisupport/maintenance', '/v3/lciadmin/impersonation/groups'],
    { tenantAdmin, user },
  );
  expect(checked.map((r) => `${r.method} ${r.path}`)).toEqual(
    expect.arrayContaining([
      'get /v3/lciadmin/summary',
      'get /v3/lciadmin/audit',
      'get /v3/lcisupport/maintenance',
      'put /v3/lcisupport/maintenance',
      'get /v3/lciadmin/impersonation/groups',
    ]),
  );
});

test('the admin summary lists every tenant with its users, totals and job health', async () => {
  const r = await admin.api('GET', '/v3/lciadmin/summary');
  expect(r.status).toBe(200);
  const acme = r.body.tenants.find((t: any) => t.tenantId === tenantAdmin.tenantId);
  // Test tenants have a module grant: the billing plugin's subscriptionStatus provider calls that complimentary.
  expect(acme).toMatchObject({
    name: 'Acme Managed Services',
    users: 1,
    active: true,
    subscriptionStatus: 'complimentary',
  });
  expect(typeof acme.created).toBe('string');
  expect(r.body.totals.tenants).toBe(r.body.tenants.length);
  expect(r.body.totals.users).toBeGreaterThanOrEqual(3);
  expect(r.body.jobs).toHaveProperty('failedLast24h');
  expect(r.body.jobs).toHaveProperty('byState');
});

describe('maintenance mode', () => {
  afterEach(async () => {
    await setMaintenance(false);
  });

  test('bad input answers 400 naming the field and changes nothing', async () => {
    const r = await admin.api('PUT', '/v3/lcisupport/maintenance', { on: 'yes' });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('body.on');
    expect((await admin.api('GET', '/v3/lcisupport/maintenance')).body.maintenance.on).toBe(false);
  });

  test('on: writes answer 503 with the message for users, internal admins may still write; off: writes work again', async () => {
    const on = await setMaintenance(true, 'Database upgrade until 22:00 UTC');
    expect(on.status).toBe(200);
    expect(on.body.maintenance).toMatchObject({
      on: true,
      message: 'Database upgrade until 22:00 UTC',
      since: expect.any(String),
    });
    expect((await admin.api('GET', '/v3/lcisupport/maintenance')).body.maintenance.on).toBe(true);

    const flag = (t: TestTenant) =>
      t.api('PUT', `/v3/tenant/${t.tenantId}/flags/user-manager-changes`, { value: true });
    const refused = await flag(tenantAdmin);
    expect(refused.status).toBe(503);
    expect(refused.body.error).toMatchObject({ message: 'Database upgrade until 22:00 UTC', maintenance: true });
    // Reads still work for users.
    expect((await tenantAdmin.api('GET', `/v3/tenant/${tenantAdmin.tenantId}/flags`)).status).toBe(200);
    expect((await flag(admin)).status).toBe(200);

    await setMaintenance(false);
    // The kernel caches the setting for up to 2 s.
    await new Promise((r) => setTimeout(r, 2100));
    expect((await flag(tenantAdmin)).status).toBe(200);
  });

  test('every open socket gets the maintenance server message at once, on and off', async () => {
    const a = openSocket(s.url, tenantAdmin.token);
    const b = openSocket(s.url, user.token);
    try {
      // In their rooms once authenticated: nothing published after this is missed.
      await Promise.all([a.ready, b.ready]);
      await setMaintenance(true, 'Back at 22:00');
      const [ma, mb] = await Promise.all([
        a.next((m) => m.msg_type === 'maintenance' && m.on === true, 3000),
        b.next((m) => m.msg_type === 'maintenance' && m.on === true, 3000),
      ]);
      expect(ma.msg).toBe('Back at 22:00');
      expect(mb.msg).toBe('Back at 22:00');
      await setMaintenance(false);
      await a.next((m) => m.msg_type === 'maintenance' && m.on === false, 3000);
      await b.next((m) => m.msg_type === 'maintenance' && m.on === false, 3000);
      // Announced once per change: the watcher does not repeat what the route already announced.
      await new Promise((r) => setTimeout(r, 2500));
      expect(a.messages.filter((m) => m.msg_type === 'maintenance')).toHaveLength(2);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test('a change made outside this process (straight in the database) reaches the sockets through the watcher', async () => {
    const a = openSocket(s.url, user.token);
    try {
      await a.ready;
      await s.k.db.withSystem((trx) =>
        trx('kernel_settings')
          .insert({
            key: 'maintenance',
            value: JSON.stringify({ on: true, message: 'From the CLI', since: new Date().toISOString() }),
          })
          .onConflict('key')
          .merge(),
      );
      const m = await a.next((x) => x.msg_type === 'maintenance' && x.on === true, 6000);
      expect(m.msg).toBe('From the CLI');
    } finally {
      await a.close();
    }
  });

  test('tokens issued on refresh carry lci_maintenance', async () => {
    const signed = await signInThroughProvider(s.url, user.email, TEST_PASSWORD);
    expect(decodeJwt(signed.accessToken).lci_maintenance).toBe(false);
    await setMaintenance(true);
    const r = await refresh(s.url, signed.refreshToken);
    expect(r.status).toBe(200);
    expect(decodeJwt(r.body.access_token).lci_maintenance).toBe(true);
    await setMaintenance(false);
    const r2 = await refresh(s.url, r.body.refresh_token);
    expect(decodeJwt(r2.body.access_token).lci_maintenance).toBe(false);
  });

  test('every change is audited with who made it', async () => {
    await setMaintenance(true, 'audited change');
    await setMaintenance(false);
    const r = await admin.api('GET', '/v3/lciadmin/audit?action=maintenance.on&text=audited%20change');
    expect(r.status).toBe(200);
    expect(r.body.entries[0]).toMatchObject({
      action: 'maintenance.on',
      actorUserId: admin.userId,
      actor: admin.email,
      details: { message: 'audited change', via: 'api' },
    });
    const off = await admin.api('GET', '/v3/lciadmin/audit?action=maintenance.off');
    expect(off.body.entries[0]).toMatchObject({ action: 'maintenance.off', actorUserId: admin.userId });
  });
});

describe('audit log search', () => {
  beforeAll(async () => {
    await s.k.db.withSystem(async (trx) => {
      for (let i = 0; i < 7; i++)
        await s.k.audit.write(trx, {
          tenantId: tenantAdmin.tenantId,
          action: 'test.paging',
          target: `item:${i}`,
          details: { i },
        });
      await trx('audit_log').insert({
        tenant_id: user.tenantId,
        action: 'test.old',
        target: 'old',
        details: JSON.stringify({ note: 'from 2020' }),
        at: new Date('2020-03-04T10:00:00Z'),
      });
    });
  });

  test('by tenant and action, newest first, paged', async () => {
    const p1 = await admin.api(
      'GET',
      `/v3/lciadmin/audit?tenantId=${tenantAdmin.tenantId}&action=test.paging&pageSize=5`,
    );
    expect(p1.status).toBe(200);
    expect(p1.body.total).toBe(7);
    expect(p1.body.entries).toHaveLength(5);
    expect(p1.body.entries[0].target).toBe('item:6');
    const p2 = await admin.api(
      'GET',
      `/v3/lciadmin/audit?tenantId=${tenantAdmin.tenantId}&action=test.paging&pageSize=5&page=2`,
    );
    expect(p2.body.entries.map((e: any) => e.target)).toEqual(['item:1', 'item:0']);
    expect(p2.body.entries[0]).toMatchObject({ tenantName: 'Acme Managed Services', details: { i: 1 } });
  });

  test('by date range and text in the details', async () => {
    const r = await admin.api('GET', '/v3/lciadmin/audit?since=2020-03-04&until=2020-03-04');
    expect(r.body.entries.map((e: any) => e.action)).toEqual(['test.old']);
    expect(
      (await admin.api('GET', '/v3/lciadmin/audit?text=from%202020')).body.entries.map((e: any) => e.target),
    ).toEqual(['old']);
    expect((await admin.api('GET', '/v3/lciadmin/audit?until=2020-03-03')).body.total).toBe(0);
  });

  test('bad filters answer 400 naming the field', async () => {
    const r = await admin.api('GET', '/v3/lciadmin/audit?since=yesterday');
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('query.since');
    const r2 = await admin.api('GET', '/v3/lciadmin/audit?since=2026-02-01&until=2026-01-01');
    expect(r2.status).toBe(400);
    expect(JSON.stringify(r2.body)).toContain('query.until');
  });
});

describe('impersonation', () => {
  afterEach(async () => {
    await admin.api('DELETE', '/v3/lciadmin/impersonation');
  });

  test('the groups of a tenant to pick from', async () => {
    const r = await admin.api('GET', `/v3/lciadmin/impersonation/groups?tenant=${tenantAdmin.tenantId}`);
    expect(r.status).toBe(200);
    expect(r.body.groups).toEqual([
      expect.objectContaining({ securityGroupId: tenantAdmin.securityGroupId, name: 'Administrators' }),
    ]);
    expect((await admin.api('GET', '/v3/lciadmin/impersonation/groups?tenant=999999')).status).toBe(404);
  });

  test('a write under impersonation is audited in the impersonated tenant with both identities', async () => {
    expect((await admin.api('POST', '/v3/lciadmin/impersonation', { tenantId: tenantAdmin.tenantId })).status).toBe(
      200,
    );
    const w = await admin.api('PUT', `/v3/tenant/${tenantAdmin.tenantId}/flags/hook-integration`, { value: true });
    expect(w.status).toBe(200);
    const r = await admin.api('GET', `/v3/lciadmin/audit?tenantId=${tenantAdmin.tenantId}&action=impersonated`);
    // The audit route itself runs as the admin (impersonation changes the tenant, not the internal rights).
    expect(r.body.entries[0]).toMatchObject({
      action: 'impersonated.put',
      actorUserId: admin.userId,
      impersonatorUserId: admin.userId,
      details: { impersonation: { tenantId: tenantAdmin.tenantId }, homeTenantId: admin.tenantId },
    });
    const flagSet = await admin.api('GET', `/v3/lciadmin/audit?tenantId=${tenantAdmin.tenantId}&action=flag.set`);
    expect(flagSet.body.entries[0]).toMatchObject({
      impersonatorUserId: admin.userId,
      details: { impersonation: { tenantId: tenantAdmin.tenantId } },
    });
  });

  test('the scripted-support token impersonates the tenant, is audited, and expires', async () => {
    const t = await impersonationToken(s.k, {
      tenantId: user.tenantId,
      securityGroupId: user.securityGroupId,
      asEmail: admin.email,
      minutes: 0.1,
      by: 'test',
    });
    expect(t.expiresIn).toBe(6);
    const session = await apiCall(s.url, s.k.config.apiKey, t.accessToken, 'GET', '/v3/manager/session');
    expect(session.status).toBe(200);
    expect(session.body.impersonation).toMatchObject({
      tenantId: user.tenantId,
      securityGroupId: user.securityGroupId,
    });
    const audited = await admin.api('GET', `/v3/lciadmin/audit?tenantId=${user.tenantId}&action=impersonation.start`);
    expect(audited.body.entries[0]).toMatchObject({
      actorUserId: admin.userId,
      impersonatorUserId: admin.userId,
      details: { via: 'cli', token: true },
    });
    await new Promise((r) => setTimeout(r, 7000));
    const expired = await apiCall(s.url, s.k.config.apiKey, t.accessToken, 'GET', '/v3/manager/session');
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toBe('The incoming token has expired');
  });

  test('the token is refused to admins without allowImpersonationFlag and for unknown groups', async () => {
    const plain = await makeTenant(s.k, s.url, { lciAdmin: true, allowImpersonation: false });
    await expect(
      impersonationToken(s.k, { tenantId: user.tenantId, asEmail: plain.email, minutes: 1, by: 'test' }),
    ).rejects.toThrow(/allowImpersonationFlag/);
    await expect(
      impersonationToken(s.k, {
        tenantId: user.tenantId,
        securityGroupId: tenantAdmin.securityGroupId,
        asEmail: admin.email,
        minutes: 1,
        by: 'test',
      }),
    ).rejects.toThrow(/not a group of tenant/);
    await expect(
      impersonationToken(s.k, { tenantId: user.tenantId, asEmail: user.email, minutes: 1, by: 'test' }),
    ).rejects.toThrow(/not an internal/);
  });
});
