/**
 * The warranty lookup's shared rate budget and nightly refresh (issue 17 part 4), on the real server and database:
 *
 * - two "processes" (two copies of the service module, as two servers working the queue would be: nothing shared in
 *   memory) running lookups of one tenant's Dell assets at once never go over the tenant's calls in a window; a 429
 *   seen by one holds the other's calls;
 * - the nightly job (its handler called directly, no waiting for the cron) makes a run with trigger 'schedule' over
 *   the due assets only, for tenants whose lookup and nightly refresh are on and that have no run going, and the
 *   job works it; a second night finds nothing due; the setting round trips; the queue holds the job's schedule
 *   (02:30 UTC) and works the job that schedule sends into a run.
 */
import {
  makeAsset,
  makeCompany,
  makeTenant,
  startTestServer,
  type TestServer,
  type TestTenant,
} from '../../../tests/sdk';
import { assetPaths } from '../shared/api';
import { warrantyPaths as W, type WarrantyRun } from '../shared/warranty-api';
import { warrantyJobs } from '../server/warranty/job';
import * as service from '../server/warranty/service';
import { insertRun } from '../server/warranty/store';
import type { WarrantyVendor } from '../server/warranty/vendors';

jest.setTimeout(120_000);

let s: TestServer;
/** The service as a second process loads it: its own module state. */
let other: typeof service;

const DAY = 86_400_000;

const companies = new Map<number, number>();
const addAsset = async (t: TestTenant, body: Record<string, unknown>): Promise<number> => {
  let company = companies.get(t.tenantId);
  if (!company) companies.set(t.tenantId, (company = await makeCompany(t, 'Front Office')));
  return makeAsset(t, company, body);
};

async function waitForRun(t: TestTenant, runId: number): Promise<WarrantyRun> {
  const until = Date.now() + 60_000;
  for (;;) {
    const g = await t.api('GET', W.oneRun(t.tenantId, runId));
    expect(g.status).toBe(200);
    if (g.body.run.status === 'succeeded' || g.body.run.status === 'failed') return g.body.run;
    if (Date.now() > until) throw new Error(`run ${runId} did not end: ${JSON.stringify(g.body.run)}`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

beforeAll(async () => {
  s = await startTestServer({ plugins: ['assets'] });
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    other = require('../server/warranty/service') as typeof service;
  });
  expect(other).not.toBe(service);
});
afterAll(async () => {
  await s?.stop();
});

test("two processes sharing a tenant's Dell budget never make more calls in a window than it allows", async () => {
  const t = await makeTenant(s.k, s.url);
  const LIMIT = 2;
  const WINDOW = 600;
  expect((await t.api('PUT', W.settings(t.tenantId), { vendors: { dell: { calls_per_minute: LIMIT } } })).status).toBe(
    200,
  );
  const ids: number[] = [];
  for (let i = 0; i < 8; i++) ids.push(await addAsset(t, { name: `PC ${i}`, make: 'Dell', serial: `SHARE${i}` }));
  // Two runs, as two servers would work them (the one-at-a-time rule is the route's; the budget must hold anyway).
  const [r1, r2] = await s.k.db.withTenant(t.tenantId, async (db) => [
    await insertRun(db, t.tenantId, 'manual', { assetIds: ids.slice(0, 4) }, null),
    await insertRun(db, t.tenantId, 'cli', { assetIds: ids.slice(4) }, null),
  ]);
  const calls: number[] = [];
  const dell = (): WarrantyVendor => ({
    id: 'dell',
    batchLimit: 1,
    matches: () => true,
    lookup: async () => {
      calls.push(Date.now());
      return new Map();
    },
  });
  const started = Date.now();
  const [c1, c2] = await Promise.all([
    service.runWarrantyLookup(s.k, t.tenantId, r1!.warranty_run_id, {
      vendors: { dell: dell() },
      rateWindowMs: WINDOW,
    }),
    other.runWarrantyLookup(s.k, t.tenantId, r2!.warranty_run_id, { vendors: { dell: dell() }, rateWindowMs: WINDOW }),
  ]);
  expect(c1.looked_up + c2.looked_up).toBe(8);
  expect(calls).toHaveLength(8);
  calls.sort((x, y) => x - y);
  // Any LIMIT + 1 calls in a row span a whole window (less a margin for the time between taking a call and making it).
  const SLACK = 200;
  for (let i = 0; i + LIMIT < calls.length; i++)
    expect(calls[i + LIMIT]! - calls[i]!).toBeGreaterThanOrEqual(WINDOW - SLACK);
  // 8 calls at 2 a window take at least 3 windows.
  expect(Date.now() - started).toBeGreaterThanOrEqual(3 * WINDOW - SLACK);
});

test("a 429 seen by one process holds the other's calls to that vendor until its Retry-After", async () => {
  const t = await makeTenant(s.k, s.url);
  await service.holdBudget(s.k, t.tenantId, 'lenovo', 700);
  const waits: number[] = [];
  const sleep = (ms: number) => {
    waits.push(ms);
    return new Promise<void>((r) => setTimeout(r, ms));
  };
  await other.takeBudget(s.k, t.tenantId, 'lenovo', 60, { sleep });
  expect(waits.length).toBeGreaterThanOrEqual(1);
  expect(waits[0]).toBeGreaterThan(300);
  expect(waits[0]).toBeLessThanOrEqual(700);
  // Another vendor, or another tenant, is not held.
  const none: number[] = [];
  await other.takeBudget(s.k, t.tenantId, 'dell', 60, { sleep: async (ms) => void none.push(ms) });
  const u = await makeTenant(s.k, s.url);
  await other.takeBudget(s.k, u.tenantId, 'lenovo', 60, { sleep: async (ms) => void none.push(ms) });
  expect(none).toEqual([]);
});

describe('nightly refresh', () => {
  let on: TestTenant;
  let quiet: TestTenant;
  let off: TestTenant;
  let busy: TestTenant;
  const a: Record<string, number> = {};
  let busyRun: number;

  const lookedUp = (t: TestTenant, assetId: number, ago: number, result = 'unchanged') =>
    s.k.db.withTenant(t.tenantId, (db) =>
      db('asset_warranty_lookups').insert({
        tenant_id: t.tenantId,
        asset_id: assetId,
        vendor: 'dell',
        source: 'offline_default',
        result,
        looked_up_at: new Date(Date.now() - ago),
      }),
    );
  const runsOf = async (t: TestTenant): Promise<WarrantyRun[]> => {
    const r = await t.api('GET', W.runs(t.tenantId));
    expect(r.status).toBe(200);
    return r.body.runs;
  };
  const scopeOf = async (t: TestTenant, runId: number): Promise<number[]> => {
    const row = await s.k.db.withTenant(t.tenantId, (db) =>
      db('asset_warranty_runs').where({ warranty_run_id: runId }).first('asset_ids'),
    );
    return (row.asset_ids as (string | number)[]).map(Number).sort((x, y) => x - y);
  };
  const nightly = () =>
    warrantyJobs[service.WARRANTY_NIGHTLY_JOB]!.handler({
      id: 'test',
      name: service.WARRANTY_NIGHTLY_JOB,
      data: {},
      k: s.k,
      progress: async () => undefined,
    }) as Promise<{ tenants: service.NightlyOutcome[] }>;

  beforeAll(async () => {
    [on, quiet, off, busy] = await Promise.all([1, 2, 3, 4].map(() => makeTenant(s.k, s.url)));
    const dell = { make: 'Dell Inc.', purchase_date: '2024-02-01' };
    a.never = await addAsset(on, { ...dell, name: 'Never looked up', serial: 'N1' });
    a.yesterday = await addAsset(on, { ...dell, name: 'Yesterday', serial: 'N2', warranty_expiry: '2027-02-01' });
    a.stale = await addAsset(on, { ...dell, name: 'Stale', serial: 'N3', warranty_expiry: '2027-02-01' });
    a.noExpiry = await addAsset(on, { ...dell, name: 'No expiry', serial: 'N4' });
    a.unknownRecent = await addAsset(on, { ...dell, name: 'Unknown, tried yesterday', serial: 'N6' });
    a.failed = await addAsset(on, { ...dell, name: 'Failed', serial: 'N5', warranty_expiry: '2027-02-01' });
    a.apple = await addAsset(on, { name: 'Mac', make: 'Apple', serial: 'C02', purchase_date: '2024-01-01' });
    await lookedUp(on, a.yesterday, DAY);
    await lookedUp(on, a.stale, 40 * DAY);
    await lookedUp(on, a.noExpiry, 8 * DAY); // still no expiry a week on: tried again
    await lookedUp(on, a.unknownRecent, DAY); // still no expiry, tried yesterday: waits for the week
    await lookedUp(on, a.failed, 40 * DAY);
    await lookedUp(on, a.failed, DAY, 'failed'); // a failed lookup is tried again
    for (const t of [quiet, off, busy]) await addAsset(t, { ...dell, name: 'Due', serial: 'X1' });

    const put = await quiet.api('PUT', W.settings(quiet.tenantId), { nightly_refresh: false });
    expect(put.status).toBe(200);
    expect(put.body.settings).toMatchObject({ enabled: true, nightly_refresh: false });
    expect((await quiet.api('GET', W.settings(quiet.tenantId))).body.settings.nightly_refresh).toBe(false);
    expect((await on.api('GET', W.settings(on.tenantId))).body.settings.nightly_refresh).toBe(true);
    expect((await off.api('PUT', W.settings(off.tenantId), { enabled: false })).status).toBe(200);
    expect((await off.api('PUT', W.settings(off.tenantId), { nightly_refresh: 'yes' })).status).toBe(400);
    [{ warranty_run_id: busyRun }] = await s.k.db.withTenant(busy.tenantId, (db) =>
      db('asset_warranty_runs').insert({ tenant_id: busy.tenantId, status: 'running' }).returning('warranty_run_id'),
    );
  });

  test("makes a 'schedule' run of the due assets only, for the tenants it is on for, and the job works it", async () => {
    const { tenants } = await nightly();
    const mine = (t: TestTenant) => tenants.find((x) => x.tenantId === t.tenantId);
    expect(mine(on)).toMatchObject({ runId: expect.any(Number), jobId: expect.any(String), assets: 4 });

    const [run] = await runsOf(on);
    expect(run).toMatchObject({ trigger: 'schedule', asset_count: 4, job_id: mine(on)!.jobId });
    expect(await scopeOf(on, run!.warranty_run_id)).toEqual(
      [a.never!, a.stale!, a.noExpiry!, a.failed!].sort((x, y) => x - y),
    );
    // Nightly refresh off, lookup off, a run going: no run.
    expect(await runsOf(quiet)).toEqual([]);
    expect(await runsOf(off)).toEqual([]);
    expect((await runsOf(busy)).map((r) => r.warranty_run_id)).toEqual([busyRun]);
    expect(mine(busy)).toMatchObject({ skipped: expect.stringContaining(`run ${busyRun}`) });

    // The queued job works the run (offline default: purchase date + 36 months).
    const done = await waitForRun(on, run!.warranty_run_id);
    expect(done).toMatchObject({ status: 'succeeded', looked_up: 4, failed: 0 });
    const noExpiry = (await on.api('GET', assetPaths.one(on.tenantId, a.noExpiry!))).body.asset;
    expect(noExpiry.warranty_expiry).toBe('2027-02-01');
    const log = (await on.api('GET', `${W.log(on.tenantId)}?runId=${run!.warranty_run_id}`)).body.lookups;
    expect(log.map((l: { asset_id: number }) => l.asset_id)).not.toContain(a.yesterday);
    expect(log.map((l: { asset_id: number }) => l.asset_id)).not.toContain(a.unknownRecent);

    // The next night: everything was just looked up and has an expiry, nothing is due.
    const second = await nightly();
    expect(second.tenants.find((x) => x.tenantId === on.tenantId)).toEqual({
      tenantId: on.tenantId,
      skipped: 'nothing due',
    });
    expect(await runsOf(on)).toHaveLength(1);
  });

  test('the queue holds the schedule, 02:30 UTC every night, and the job it sends is worked into runs', async () => {
    // What pg-boss fires (its schedule table), not the job's definition.
    const schedules = await s.k.jobs.schedules!();
    expect(schedules.filter((x) => x.name === service.WARRANTY_NIGHTLY_JOB)).toEqual([
      { name: 'assets.warrantyNightly', cron: '30 2 * * *', timeZone: 'UTC' },
    ]);
    // At 02:30 the schedule sends an empty job to that queue: this server works it with the nightly handler, which
    // makes a 'schedule' run for a tenant with a due asset.
    const t = await makeTenant(s.k, s.url);
    const due = await addAsset(t, { name: 'Due tonight', make: 'Dell', serial: 'CRON1', purchase_date: '2024-02-01' });
    const jobId = await s.k.jobs.send(service.WARRANTY_NIGHTLY_JOB, {});
    expect(jobId).toEqual(expect.any(String));
    const until = Date.now() + 60_000;
    while ((await s.k.jobs.find(jobId!))?.state !== 'completed') {
      if (Date.now() > until) throw new Error(`nightly job ${jobId}: ${JSON.stringify(await s.k.jobs.find(jobId!))}`);
      await new Promise((res) => setTimeout(res, 200));
    }
    const [run] = await runsOf(t);
    expect(run).toMatchObject({ trigger: 'schedule', asset_count: 1 });
    expect(await scopeOf(t, run!.warranty_run_id)).toEqual([due]);
    expect(await waitForRun(t, run!.warranty_run_id)).toMatchObject({ status: 'succeeded', looked_up: 1 });
  });
});
