/**
 * The isolation probe and the fuzzer rely on ChangeTracker to see any write to tenant data between two routes:
 * it must report a changed row (and only in the tenants it watches), then nothing until the next change.
 */
import { ChangeTracker, snapshot } from './helpers/snapshot';
import { startTestServer, type TestServer } from './helpers/server';
import { makeTenant, type TestTenant } from './helpers/tenants';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  s = await startTestServer({ plugins: [], jobs: false });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
}, 60_000);
afterAll(async () => s?.stop());

const rename = (t: TestTenant, name: string) =>
  s.k.db.withSystem((trx) => trx('tenants').where({ tenant_id: t.tenantId }).update({ name }));

test('reports the changed table with the row before and after, then nothing', async () => {
  const tracker = await ChangeTracker.start(s.k, [a.tenantId]);
  expect(await tracker.changes()).toEqual([]);
  await rename(a, 'Renamed A');
  const changes = await tracker.changes();
  expect(changes.map((c) => c.table)).toEqual(['tenants']);
  expect(changes[0].removed).toHaveLength(1);
  expect(changes[0].added[0]).toContain('Renamed A');
  expect(await tracker.changes()).toEqual([]);
});

test("another tenant's rows are not watched; the member users are", async () => {
  const tracker = await ChangeTracker.start(s.k, [a.tenantId]);
  await rename(b, 'Renamed B');
  expect(await tracker.changes()).toEqual([]);
  await s.k.db.withSystem((trx) => trx('users').where({ user_id: a.userId }).update({ name_first: 'Changed' }));
  expect((await tracker.changes()).map((c) => c.table)).toEqual(['users(members)']);
});

test('a watcher of every tenant sees the same rows as a snapshot', async () => {
  const tracker = await ChangeTracker.start(s.k);
  await rename(b, 'Renamed B again');
  const [change] = await tracker.changes();
  expect(change.table).toBe('tenants');
  expect((await snapshot(s.k)).tenants).toEqual(expect.arrayContaining(change.added));
});
