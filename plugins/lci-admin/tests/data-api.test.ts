/**
 * Part "data" over HTTP on a real database: every route refuses non-internal callers; the dry run counts every
 * tenant table of the catalogue; the export holds the tenant's rows; deleting a tenant leaves no row of it in any
 * tenant table, removes its own users, keeps shared users and leaves the other tenant untouched; a wrong name changes
 * nothing; a resync runs as a job with progress; failed jobs are listed, retried and cancelled.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { addTenantUser } from '../../../kernel/index';
import { deleteTenantData } from '../server/data/delete/delete';
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { makeTenant, type TestTenant } from '../../../tests/sdk';
import { expectInternalOnly } from './refuses-non-internal';
import { exportTenant, verifyExport } from '../server/data/delete/export';
import { planDeletion } from '../server/data/delete/plan';

jest.setTimeout(240_000);

let server: TestServer;
let support: TestTenant;
let a: TestTenant;
let b: TestTenant;
const published: { room: string; message: Record<string, unknown> }[] = [];

/** Every table with a tenant_id column, found independently of the code under test. */
async function tenantCounts(tenantId: number): Promise<Record<string, number>> {
  return server.k.db.withSystem(async (db) => {
    const r = await db.raw(`select c.table_name as name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.column_name = 'tenant_id' and c.table_schema = current_schema() and t.table_type = 'BASE TABLE' order by 1`);
    const tables: string[] = r.rows.map((x: any) => x.name);
    const out: Record<string, number> = {};
    for (const t of tables) out[t] = Number((await db(t).where('tenant_id', tenantId).count({ n: '*' }))[0].n);
    return out;
  });
}

async function seedTenant(t: TestTenant): Promise<void> {
  for (const p of server.k.plugins) {
    if (p.fixtures) await p.fixtures({ db: server.k.db, k: server.k, tenantId: t.tenantId, log: () => {} });
  }
  await server.k.db.withTenant(t.tenantId, (db) =>
    server.k.audit.write(db, { tenantId: t.tenantId, action: 'test.entry', actorUserId: t.userId }),
  );
}

async function waitFor<T>(fn: () => Promise<T | undefined | false>, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  server = await startTestServer();
  const publish = server.k.realtime.publish.bind(server.k.realtime);
  server.k.realtime.publish = async (room, message) => {
    published.push({ room, message });
    return publish(room, message);
  };
  support = await makeTenant(server.k, server.url, { lciAdmin: true, name: 'Lifecycle Support' });
  a = await makeTenant(server.k, server.url, { name: 'Alpha MSP' });
  b = await makeTenant(server.k, server.url, { name: 'Beta MSP' });
  await seedTenant(a);
  await seedTenant(b);
});
afterAll(async () => {
  await server?.stop();
});

test('every data route refuses a tenant admin and an ordinary user', async () => {
  const routes = await expectInternalOnly(server, [
    '/v3/lcisupport/data/',
    '/v3/lcisupport/dataresync',
    '/v3/lcisupport/deleteTenantData',
    '/v3/lcisupport/jobQueueStats',
  ]);
  expect(routes.length).toBeGreaterThanOrEqual(10);
});

test('the tenant picker lists tenants', async () => {
  const r = await support.api('GET', '/v3/lcisupport/data/tenants');
  expect(r.status).toBe(200);
  expect(r.body).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ tenantId: a.tenantId, name: 'Alpha MSP' }),
      expect.objectContaining({ tenantId: b.tenantId, name: 'Beta MSP' }),
    ]),
  );
});

test('the dry run counts every tenant table of the catalogue and changes nothing', async () => {
  const before = await tenantCounts(a.tenantId);
  const r = await support.api('GET', `/v3/lcisupport/deleteTenantData/${a.tenantId}`);
  expect(r.status).toBe(200);
  expect(Object.fromEntries(r.body.tables.map((t: any) => [t.table, t.rows]))).toEqual(before);
  expect(before.tenants).toBe(1);
  expect(before.tenant_users).toBe(1); // the tenant's admin (the demo data adds no user)
  // Every plugin's demo data: the tables it fills (a new plugin's fixtures change this count).
  expect(Object.values(before).filter((n) => n > 0)).toHaveLength(61);
  expect(r.body.totalRows).toBe(Object.values(before).reduce((x, y) => x + y, 0));
  expect(r.body.usersRemoved.map((u: any) => u.userId)).toContain(a.userId);
  expect(r.body.blockers).toEqual([]);
  expect(await tenantCounts(a.tenantId)).toEqual(before);

  expect((await support.api('GET', '/v3/lcisupport/deleteTenantData/999999')).status).toBe(404);
  expect((await support.api('GET', '/v3/lcisupport/deleteTenantData/abc')).status).toBe(400);
  const own = await support.api('GET', `/v3/lcisupport/deleteTenantData/${support.tenantId}`);
  expect(own.body.blockers).toEqual([expect.stringMatching(/Internal staff belong to it/)]);
});

test('the export holds every row of the tenant, and the users without secrets', async () => {
  const counts = await tenantCounts(b.tenantId);
  const r = await support.api('POST', `/v3/lcisupport/deleteTenantData/${b.tenantId}/export`, {});
  expect(r.status).toBe(200);
  expect(r.body.path).toContain(server.dataDir);
  expect(r.body.path).toMatch(/\.jsonl\.gz$/);
  const lines = gunzipSync(fs.readFileSync(r.body.path))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(lines[0]).toMatchObject({
    format: 'lci-tenant-export/1',
    tenantId: b.tenantId,
    tenantName: 'Beta MSP',
    tables: counts,
  });
  const perTable: Record<string, number> = {};
  for (const l of lines.slice(1).filter((x) => x.table !== 'users')) {
    expect(Number(l.row.tenant_id)).toBe(b.tenantId);
    perTable[l.table] = (perTable[l.table] ?? 0) + 1;
  }
  expect(perTable).toEqual(Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0)));
  const users = lines.filter((l) => l.table === 'users');
  expect(users.map((u) => Number(u.row.user_id))).toContain(b.userId);
  for (const u of users) {
    expect(u.row).not.toHaveProperty('password_hash');
    expect(u.row).not.toHaveProperty('mfa_secret');
    expect(u.row).not.toHaveProperty('mfa_setup_secret');
  }
  // The download link works without a token (signed).
  const dl = await fetch(r.body.url);
  expect(dl.status).toBe(200);
  expect(
    gunzipSync(Buffer.from(await dl.arrayBuffer()))
      .toString('utf8')
      .split('\n')[0],
  ).toContain('"tenantName":"Beta MSP"');
});

test("the streamed export is complete and restorable: batches through a cursor, rows per table as counted, each line a row with its table's columns", async () => {
  const counts = await tenantCounts(b.tenantId);
  // Batches of 3 rows, so every table of some size takes several fetches of its cursor.
  const exported = await server.k.db.withSystem(async (db) =>
    exportTenant(server.k, db, (await planDeletion(db, b.tenantId))!, new Date(), 3),
  );
  expect(exported.tables).toEqual(counts);
  expect(exported.rows).toBe(Object.values(counts).reduce((x, y) => x + y, 0));
  const raw = fs.readFileSync(exported.path);
  expect(exported.bytes).toBe(raw.length);
  expect(exported.sha256).toBe(crypto.createHash('sha256').update(raw).digest('hex'));

  const lines = gunzipSync(raw)
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const columns = await server.k.db.withSystem(async (db) => {
    const r = await db.raw(
      `select table_name, column_name from information_schema.columns where table_schema = current_schema()`,
    );
    const out: Record<string, string[]> = {};
    for (const c of r.rows) (out[c.table_name] ??= []).push(c.column_name);
    return out;
  });
  const perTable: Record<string, number> = {};
  for (const l of lines.slice(1)) {
    expect(Object.keys(l)).toEqual(['table', 'row']);
    if (l.table === 'users') continue;
    // Every column of the table, nothing else: enough to insert the row back.
    expect(Object.keys(l.row).sort()).toEqual([...columns[l.table]].sort());
    perTable[l.table] = (perTable[l.table] ?? 0) + 1;
  }
  expect(perTable).toEqual(Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0)));

  // Restorable: the exported rows of a table, inserted into a table of the same columns, are the rows themselves.
  const table = 'tenant_companies';
  expect(perTable[table]).toBeGreaterThan(3);
  const rows = lines.filter((l) => l.table === table).map((l) => l.row);
  await server.k.db.withSystem(async (db) => {
    const before = await db(table).where('tenant_id', b.tenantId).orderBy('tenant_company_id').select();
    await db.raw(`create temp table restore_probe (like ${table}) on commit drop`);
    await db('restore_probe').insert(rows);
    const restored = await db('restore_probe').orderBy('tenant_company_id').select();
    expect(JSON.parse(JSON.stringify(restored))).toEqual(JSON.parse(JSON.stringify(before)));
  });

  // The check reading a file back refuses a file that lost a line.
  const body = gunzipSync(raw).toString('utf8').split('\n');
  body.splice(2, 1);
  await server.k.storage.put(exported.key, gzipSync(body.join('\n')), 'application/gzip');
  await expect(verifyExport(server.k, exported.key, b.tenantId)).rejects.toThrow(
    /holds \d+ rows of \w+, its header \d+/,
  );
});

test('a wrong name is refused and changes nothing', async () => {
  const before = await tenantCounts(a.tenantId);
  for (const confirm of ['alpha msp', 'Beta MSP', '']) {
    const r = await support.api('POST', `/v3/lcisupport/deleteTenantData/${a.tenantId}`, { confirm });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('body.confirm');
  }
  expect((await support.api('POST', `/v3/lcisupport/deleteTenantData/${a.tenantId}`, {})).status).toBe(400);
  expect(await tenantCounts(a.tenantId)).toEqual(before);
});

test('deleting a tenant leaves none of its rows, removes its own users, keeps shared users and the other tenant', async () => {
  // A user of both tenants, currently in Alpha: keeps Beta.
  await server.k.db.withSystem(async (db) => {
    await addTenantUser(db, a.tenantId, {
      userId: b.userId,
      securityGroupId: a.securityGroupId,
      tenantAdmin: false,
      acceptTerms: true,
    });
    await db('users').where({ user_id: b.userId }).update({ current_tenant_id: a.tenantId });
  });
  const otherBefore = await tenantCounts(b.tenantId);
  const r = await support.api('POST', `/v3/lcisupport/deleteTenantData/${a.tenantId}`, { confirm: ' Alpha MSP ' });
  expect(r.status).toBe(200);
  expect(r.body.usersRemoved.map((u: any) => u.userId)).toEqual([a.userId]);
  expect(r.body.usersKept.map((u: any) => u.userId)).toEqual([b.userId]);
  expect(fs.existsSync(r.body.export.path)).toBe(true);

  const after = await tenantCounts(a.tenantId);
  expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
  expect(await tenantCounts(b.tenantId)).toEqual(otherBefore);
  const users = await server.k.db.withSystem((db) =>
    db('users').whereIn('user_id', [a.userId, b.userId]).select('user_id', 'current_tenant_id'),
  );
  expect(users).toEqual([{ user_id: expect.anything(), current_tenant_id: expect.anything() }]);
  expect(Number(users[0].user_id)).toBe(b.userId);
  expect(Number(users[0].current_tenant_id)).toBe(b.tenantId);
  // The removed user's token no longer works; the shared user still signs in to Beta.
  expect((await a.api('GET', '/v3/lcisupport/data/tenants')).status).toBe(401);
  const audit = await server.k.db.withSystem((db) =>
    db('audit_log').where({ action: 'lcisupport.deleteTenantData' }).first(),
  );
  expect(audit).toMatchObject({
    tenant_id: expect.anything(),
    actor_user_id: expect.anything(),
    target: `tenant:${a.tenantId}`,
  });
  expect(Number(audit.tenant_id)).toBe(0);
  expect(audit.details).toMatchObject({ tenantName: 'Alpha MSP', totalRows: r.body.totalRows });
  expect((await support.api('GET', `/v3/lcisupport/deleteTenantData/${a.tenantId}`)).status).toBe(404);
});

test('a resync runs as a job and reports progress', async () => {
  const steps = await support.api('GET', '/v3/lcisupport/dataresync/steps');
  expect(steps.body.map((s: any) => s.name)).toEqual(expect.arrayContaining(['scores', 'segments']));
  const bad = await support.api('POST', '/v3/lcisupport/dataresync', { tenantId: b.tenantId, what: ['nonsense'] });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toContain('body.what');

  const started = await support.api('POST', '/v3/lcisupport/dataresync', { tenantId: b.tenantId, what: ['all'] });
  expect(started.status).toBe(202);
  const runId = started.body.resyncRunId;
  expect(started.body).toMatchObject({
    tenantId: b.tenantId,
    steps: ['scores', 'segments'],
    state: 'queued',
    jobId: expect.any(String),
  });
  const done = await waitFor(async () => {
    const r = await support.api('GET', `/v3/lcisupport/dataresync/runs/${runId}`);
    return ['completed', 'failed'].includes(r.body.state) && r.body;
  });
  expect(done).toMatchObject({ state: 'completed', progress: 100, error: null });
  expect(done.results.scores).toMatchObject({ companies: expect.any(Number) });
  expect(done.results.segments).toMatchObject({ companies: expect.any(Number) });
  const progress = published.filter(
    (p) => p.message.msg_type === 'job_progress' && p.message.jobId === started.body.jobId,
  );
  expect(progress.some((p) => p.room === `tenant:${b.tenantId}`)).toBe(true);
  expect(progress.some((p) => p.room === `user:${support.userId}`)).toBe(true);
  expect(progress.map((p) => p.message.percent)).toContain(100);
  const history = await support.api('GET', '/v3/lcisupport/dataresync/runs', undefined);
  expect(history.body[0]).toMatchObject({ resyncRunId: runId, tenantName: 'Beta MSP' });
});

test('job queue stats list failed jobs with their error; retry and cancel', async () => {
  // A run with a step no plugin offers fails in the job.
  const runId = await server.k.db.withTenant(b.tenantId, async (db) =>
    Number(
      (
        await db('lci_admin_resync_runs')
          .insert({ tenant_id: b.tenantId, steps: ['vanished'] })
          .returning('resync_run_id')
      )[0].resync_run_id,
    ),
  );
  const failedId = (await server.k.jobs.send('lciadmin.dataresync', { tenantId: b.tenantId, runId }))!;
  const stats = await waitFor(async () => {
    const r = await support.api('GET', '/v3/lcisupport/jobQueueStats', undefined);
    return r.body.jobs?.some((j: any) => j.id === failedId) && r.body;
  });
  expect(stats.state).toBe('failed');
  expect(stats.jobs.find((j: any) => j.id === failedId).error).toMatch(/Unknown resync step "vanished"/);
  expect(stats.queues.find((q: any) => q.queue === 'lciadmin.dataresync').counts.failed).toBeGreaterThanOrEqual(1);

  const retried = await support.api('POST', `/v3/lcisupport/jobQueueStats/jobs/${failedId}/retry`, {});
  expect(retried.status).toBe(200);
  expect(retried.body.state).not.toBe('failed');

  const later = (await server.k.jobs.send(
    'lciadmin.dataresync',
    { tenantId: b.tenantId, runId },
    { startAfterSeconds: 3600 },
  ))!;
  const cancelled = await support.api('POST', `/v3/lcisupport/jobQueueStats/jobs/${later}/cancel`, {});
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.state).toBe('cancelled');
  expect((await support.api('POST', `/v3/lcisupport/jobQueueStats/jobs/${later}/cancel`, {})).status).toBe(409);
  expect((await support.api('POST', `/v3/lcisupport/jobQueueStats/jobs/${later}/retry`, {})).status).toBe(409);
  expect(
    (await support.api('POST', '/v3/lcisupport/jobQueueStats/jobs/00000000-0000-4000-8000-000000000000/retry', {}))
      .status,
  ).toBe(404);
  expect((await support.api('POST', '/v3/lcisupport/jobQueueStats/jobs/not-a-uuid/retry', {})).status).toBe(400);
  expect((await support.api('GET', '/v3/lcisupport/jobQueueStats?state=nope')).status).toBe(400);
  const listed = await support.api('GET', '/v3/lcisupport/jobQueueStats?state=cancelled&queue=lciadmin.dataresync');
  expect(listed.body.jobs.map((j: any) => j.id)).toContain(later);
});

test('a deletion reports its progress (the bar of `lci admin delete-tenant-data`): the export, then one step per tenant table', async () => {
  const c = await makeTenant(server.k, server.url, { name: 'Gamma MSP' });
  const steps: [number, number, string][] = [];
  const r = await server.k.db.withSystem((db) =>
    deleteTenantData(server.k, db, c.tenantId, 'Gamma MSP', (done, total, label) => steps.push([done, total, label])),
  );
  expect(r.tenantId).toBe(c.tenantId);
  const total = steps[0][1];
  expect(steps.map(([done, t]) => [done, t])).toEqual(Array.from({ length: total + 1 }, (_, i) => [i, total]));
  expect(steps.slice(0, 2).map(([, , label]) => label)).toEqual(['exporting', 'exported']);
  const tables = steps.slice(2).map(([, , label]) => label);
  expect(tables).toHaveLength(total - 1);
  expect(new Set(tables).size).toBe(tables.length);
  expect(tables).toEqual(expect.arrayContaining(['tenant_users', 'audit_log']));
});
