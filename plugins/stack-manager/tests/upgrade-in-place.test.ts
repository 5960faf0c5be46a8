/**
 * Upgrading in place a database migrated before the stack area left customer-success: its migration records
 * customer-success/0060..0062 and its stack tables with rows. The kernel started with today's layout (the files in
 * plugins/stack-manager/migrations, `adoptsMigrations` in its plugin.ts) moves the records to stack-manager without
 * running anything, and every row of every stack table is as it was.
 */
import fs from 'node:fs';
import { makeCompany, makeTenant, startTestServer, type TestServer } from '../../../tests/sdk';
import { alignmentFixtures } from '../server/alignment/fixtures';
import { stackFixtures } from '../server/stack/fixtures';
import { contract, cs } from './cs-helpers';

const MOVED = ['0060_cs_stack', '0061_cs_stack_alignment', '0062_cs_contract_excludes'];
const STACK_TABLES = [
  'cs_stack_categories',
  'cs_stack_services',
  'cs_stack_products',
  'tenant_tags',
  'cs_stack_service_tags',
  'cs_company_stack_tags',
  'cs_company_stack_alignments',
  'cs_stack_alignment_notes',
  'cs_stack_alignment_recommendations',
  'cs_contract_excludes',
];

interface MigrationRow {
  id: number;
  name: string;
  batch: number;
  migration_time: unknown;
}
const records = (s: TestServer): Promise<MigrationRow[]> =>
  s.k.db.knex('knex_migrations').select('id', 'name', 'batch', 'migration_time').orderBy('id');

let dataDir: string | undefined;
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.k.stop().catch(() => undefined);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a database of the old layout upgrades in place: records move to stack-manager, nothing re-runs, no row changes', async () => {
  // The old layout: a migrated database with stack data whose stack migrations are recorded as customer-success's.
  const old = await startTestServer({ plugins: ['stack-manager'], engine: 'pglite', jobs: false, http: true });
  servers.push(old);
  dataDir = old.dataDir;
  const t = await makeTenant(old.k, old.url);
  const ids = [await makeCompany(t, 'Alpha'), await makeCompany(t, 'Bravo')];
  await contract(t, ids[0], { vendor: 'Acme Backup', account: 'A-1', cost: 100, billing_cycle: 'Monthly' });
  const fixture = { db: old.k.db, k: old.k, tenantId: t.tenantId, log: () => {} };
  await stackFixtures(fixture);
  await alignmentFixtures(fixture);
  expect(
    (await t.api('PUT', cs(t, 'TenantCsContractExclude'), { excludes: [{ excludeVendor: 'Acme Backup' }] })).status,
  ).toBe(200);
  const services = await old.k.db.withTenant(t.tenantId, (trx) =>
    trx('cs_stack_services').select('service_id').orderBy('service_id'),
  );
  await old.k.db.withTenant(t.tenantId, (trx) =>
    trx('cs_stack_alignment_recommendations').insert({
      tenant_id: t.tenantId,
      tenant_company_id: ids[0],
      service_id: services[0].service_id,
      tenant_company_project_id: 1,
    }),
  );
  await old.k.db
    .knex('knex_migrations')
    .whereIn(
      'name',
      MOVED.map((n) => `stack-manager/${n}`),
    )
    .update({ name: old.k.db.knex.raw(`replace(name, 'stack-manager/', 'customer-success/')`) });

  const before = await records(old);
  expect(before.filter((r) => r.name.startsWith('customer-success/006')).map((r) => r.name)).toEqual(
    MOVED.map((n) => `customer-success/${n}`),
  );
  const snapshot = async (s: TestServer) =>
    Object.fromEntries(
      await Promise.all(
        STACK_TABLES.map(
          async (table) =>
            [
              table,
              await s.k.db.withTenant(t.tenantId, (trx) => trx(table).select('*').orderByRaw('1, 2, 3')),
            ] as const,
        ),
      ),
    );
  const rowsBefore = await snapshot(old);
  // Every stack table holds rows (the demo stack and alignment of two companies, an exclusion, a recommendation).
  expect(Object.fromEntries(STACK_TABLES.map((table) => [table, rowsBefore[table].length]))).toEqual({
    cs_stack_categories: 5,
    cs_stack_services: 12,
    cs_stack_products: 20,
    tenant_tags: 4,
    cs_stack_service_tags: 8,
    cs_company_stack_tags: 3,
    cs_company_stack_alignments: 12,
    cs_stack_alignment_notes: 2,
    cs_stack_alignment_recommendations: 1,
    cs_contract_excludes: 1,
  });
  await old.k.stop();
  servers.pop();

  // Today's layout on the same data folder: migrations run at start.
  const upgraded = await startTestServer({
    plugins: ['stack-manager'],
    engine: 'pglite',
    jobs: false,
    http: false,
    migrated: false,
    env: { LCI_DATA_DIR: dataDir! },
  });
  servers.push(upgraded);
  const after = await records(upgraded);
  // Nothing ran: the same records (ids, batches, times), the moved ones under their new owner, none added.
  expect(after).toEqual(
    before.map((r) => ({ ...r, name: r.name.replace(/^customer-success\/(006[0-2]_)/, 'stack-manager/$1') })),
  );
  expect(after.filter((r) => r.name.startsWith('customer-success/006'))).toEqual([]);
  expect(await snapshot(upgraded)).toEqual(rowsBefore);

  // A second start changes nothing more.
  await upgraded.k.stop();
  servers.pop();
  const again = await startTestServer({
    plugins: ['stack-manager'],
    engine: 'pglite',
    jobs: false,
    http: false,
    migrated: false,
    env: { LCI_DATA_DIR: dataDir! },
  });
  servers.push(again);
  expect(await records(again)).toEqual(after);
}, 240_000);
