/**
 * The demo assets (issue 17 part E) after companies' demo data: a few hundred assets across the demo companies in
 * every lifecycle state as of today (each asset in the state its dates were made for, as the list's SQL computes
 * it), unique serials, PSA and RMM sources with ids, gaps for data quality, field sources recorded; deterministic,
 * idempotent (a second run adds nothing) and written in bulk.
 */
import { makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { demoAssets } from '../server/fixtures';
import { selectLifecycleStates } from '../server/store';
import { tenantTodayOf } from '../../settings/public';
import { LIFECYCLE_STATES } from '../shared/lifecycle';

let s: TestServer;
let t: TestTenant;
const logs: string[] = [];
const run = (plugin: string) =>
  s.k.plugins.find((p) => p.id === plugin)!.fixtures!({
    db: s.k.db,
    k: s.k,
    tenantId: t.tenantId,
    log: (line) => logs.push(line),
  });

beforeAll(async () => {
  s = await startTestServer({ plugins: ['assets'], jobs: false });
  t = await makeTenant(s.k, s.url);
  await run('companies');
}, 400_000);
afterAll(async () => s?.stop());

test('demo assets: every lifecycle state as of today, realistic and varied, sources recorded; once', async () => {
  const started = Date.now();
  await run('assets');
  const took = Date.now() - started;
  expect(logs).toContain('assets: 360 demo assets');
  // One bulk insert, not a round trip per asset (generous under a loaded machine).
  expect(took).toBeLessThan(20_000);

  const today = await s.k.db.withTenant(t.tenantId, (trx) => tenantTodayOf(trx, t.tenantId));
  const { rows, states, sources } = await s.k.db.withTenant(t.tenantId, async (trx) => ({
    rows: (await trx('assets as a')
      .join('tenant_companies as c', 'c.tenant_company_id', 'a.tenant_company_id')
      .leftJoin('tenant_asset_types as ty', 'ty.asset_type_id', 'a.asset_type_id')
      .select('a.*', 'c.moniker', 'ty.asset_type_moniker')) as Record<string, any>[],
    states: await selectLifecycleStates(trx, today),
    sources: (await trx('asset_field_sources').select('asset_id', 'field', 'source', 'source_id')) as Record<
      string,
      any
    >[],
  }));
  expect(rows).toHaveLength(360);

  // Every state is there, each asset in the state its dates were made for (the SQL agrees with the generator).
  const counts = new Map<string, number>();
  for (const st of states.values()) counts.set(st, (counts.get(st) ?? 0) + 1);
  const atLeast10 = (st: string) => [st, (counts.get(st) ?? 0) >= 10];
  expect(Object.fromEntries(LIFECYCLE_STATES.map(atLeast10))).toEqual(
    Object.fromEntries(LIFECYCLE_STATES.map((st) => [st, true])),
  );
  // The tenant's settings are companies' demo settings.
  const targets = new Map(demoAssets(today, settingsOf).map((d) => [`${d.company}|${d.values.name}`, d.target]));
  const wrong = rows.filter((r) => states.get(Number(r.asset_id)) !== targets.get(`${r.moniker}|${r.name}`));
  expect(wrong.map((r) => [r.name, states.get(Number(r.asset_id)), targets.get(`${r.moniker}|${r.name}`)])).toEqual([]);

  // Across the five demo companies and the types, with real makes and unique serials.
  expect(new Set(rows.map((r) => r.moniker)).size).toBe(5);
  expect(new Set(rows.map((r) => r.asset_type_moniker))).toEqual(
    new Set(['Laptop', 'Workstation', 'Server', 'Network Device', 'Printer', null]),
  );
  for (const make of ['Dell', 'Lenovo', 'HP', 'Cisco Meraki', 'Ubiquiti', 'Synology'])
    expect(rows.some((r) => r.make === make)).toBe(true);
  expect(rows.some((r) => /^Latitude|^OptiPlex/.test(r.model ?? ''))).toBe(true);
  const keys = rows.filter((r) => r.serial).map((r) => `${(r.make ?? '').toLowerCase()}|${r.serial.toLowerCase()}`);
  expect(new Set(keys).size).toBe(keys.length);

  // Sources: some from the PSA and the RMM with ids and a last seen time; gaps for data quality. The generator is
  // seeded and these counts do not depend on the day (only the dates do).
  const psa = rows.filter((r) => r.source === 'psa');
  expect(psa).toHaveLength(60);
  expect(psa.every((r) => /^CW-\d+$/.test(r.source_id) && r.last_seen_at !== null)).toBe(true);
  expect(rows.filter((r) => r.source === 'rmm')).toHaveLength(32);
  expect(rows.filter((r) => r.serial === null)).toHaveLength(17);
  expect(rows.filter((r) => r.make === null)).toHaveLength(19);
  expect(rows.filter((r) => r.cost === null)).toHaveLength(73);
  expect(rows.filter((r) => r.warranty_expiry === null)).toHaveLength(40);
  // Each field an asset has names its source.
  const named = rows.find((r) => r.source === 'psa')!;
  expect(sources.filter((x) => Number(x.asset_id) === Number(named.asset_id))).toEqual(
    expect.arrayContaining([
      { asset_id: named.asset_id, field: 'name', source: 'psa', source_id: named.source_id },
      { asset_id: named.asset_id, field: 'last_seen_at', source: 'psa', source_id: named.source_id },
    ]),
  );
  expect(new Set(sources.map((x) => Number(x.asset_id))).size).toBe(360);

  // Again: nothing added (by name within the company, or make + serial).
  logs.length = 0;
  await run('assets');
  expect(logs).toEqual([]);
  const again = await s.k.db.withTenant(t.tenantId, (trx) => trx('assets').count({ n: '*' }));
  expect(Number(again[0].n)).toBe(360);
});

test('the demo is deterministic: the same assets, names and serials on every run', () => {
  const one = demoAssets('2026-01-15', settingsOf);
  const two = demoAssets('2026-01-15', settingsOf);
  expect(two).toEqual(one);
  // Names and serials do not depend on the day or the settings, only the dates do.
  const later = demoAssets('2027-03-01', () => null);
  expect(later.map((d) => [d.values.name, d.values.serial])).toEqual(one.map((d) => [d.values.name, d.values.serial]));
  expect(later.filter((d, i) => d.values.purchase_date !== one[i].values.purchase_date)).toHaveLength(354);
});

/** Companies' demo settings of the types (plugins/companies/server/fixtures.ts). */
function settingsOf(type: string) {
  const table: Record<string, [number, number, number, number]> = {
    Workstation: [1200, 48, 6, 3],
    Laptop: [1500, 36, 6, 3],
    Server: [8000, 60, 12, 6],
    'Network Device': [900, 60, 6, 3],
    Printer: [600, 60, 6, 0],
  };
  const [cost, life, eol, warranty] = table[type];
  return {
    default_replacement_cost: cost,
    default_life_in_months: life,
    approaching_duration_in_months_eol: eol,
    approaching_duration_in_months_warranty: warranty,
  };
}
