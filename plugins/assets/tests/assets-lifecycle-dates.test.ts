/**
 * The lifecycle dates kept on the asset (migration 0005) against the TS rule (shared/lifecycle.ts) on a grid of
 * month-end cases: purchase, warranty and end-of-life dates around the ends of short and long months, windows of 0,
 * 1, 3, 6 and 13 months, a company's own settings; for each of several days, every asset's SQL state equals the TS
 * state, and the list's filter by each state answers exactly the assets the TS rule puts in it. Then settings
 * change in companies' tables (the tenant's type, a company's override added and removed): the states follow, and
 * the assets' versions do not move.
 */
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import type { Trx } from '../../../kernel/index';
import { selectAssetChunks, selectLifecycleStates } from '../server/store';
import { assetListQuery } from '../shared/api';
import { LIFECYCLE_STATES, lifecycleOf } from '../shared/lifecycle';

let s: TestServer;
let a: TestTenant;
let acme: number;
let types: number[];

const DAYS = ['2024-01-31', '2024-02-28', '2024-02-29', '2024-03-30', '2024-03-31', '2024-04-30', '2025-02-28'];

beforeAll(async () => {
  s = await startTestServer({ plugins: ['assets'] });
  a = await makeTenant(s.k, s.url);
  acme = await makeCompany(a, 'Acme');
  const bravo = await makeCompany(a, 'Bravo');
  await s.k.db.withTenant(a.tenantId, async (trx) => {
    types = (
      await trx('tenant_asset_types')
        .insert(
          [
            ['One', 1, 1, 1],
            ['Thirteen', 13, 3, 6],
            ['Long', 25, 13, 0],
          ].map(([moniker, life, eol, warranty]) => ({
            tenant_id: a.tenantId,
            asset_type_moniker: moniker,
            default_replacement_cost: 100,
            default_life_in_months: life,
            approaching_duration_in_months_eol: eol,
            approaching_duration_in_months_warranty: warranty,
          })),
        )
        .returning('asset_type_id')
    ).map((r: { asset_type_id: number }) => Number(r.asset_type_id));
    // Bravo's own settings of "Thirteen": a 2-month life, windows of 1 month.
    await trx('tenant_company_asset_types').insert({
      tenant_id: a.tenantId,
      tenant_company_id: bravo,
      asset_type_id: types[1],
      default_replacement_cost: 50,
      default_life_in_months: 2,
      approaching_duration_in_months_eol: 1,
      approaching_duration_in_months_warranty: 1,
    });
    // Days around month ends, every type (and none), both companies; the warranty ends some days after purchase.
    await trx.raw(
      `insert into assets (tenant_id, tenant_company_id, asset_type_id, name, purchase_date, warranty_expiry, eol_date)
       select ?, case when i % 2 = 0 then ?::bigint else ?::bigint end, (array[?, ?, ?, null]::bigint[])[1 + ty],
              'GRID-' || d || '-' || ty || '-' || i,
              case when i = 4 then null else d end,
              case when i in (4, 6) then null else d + (i * 9) end,
              case when i = 5 then d + 400 end
         from generate_series(date '2023-12-25', date '2024-04-03', interval '1 day') d0
         cross join lateral (select d0::date as d) dd
         cross join generate_series(0, 3) ty
         cross join generate_series(0, 6) i
        where (extract(day from d)::int >= 27 or extract(day from d)::int <= 2)`,
      [a.tenantId, acme, bravo, ...types],
    );
  });
}, 400_000);
afterAll(async () => s?.stop());

/** Every asset of the tenant with its TS state as of the day, and the SQL's. */
async function compare(trx: Trx, asOf: string) {
  const q = assetListQuery.parse({ sort: 'name', asOf });
  const ts = new Map<number, string>();
  for await (const rows of selectAssetChunks(trx, q, asOf, 2000))
    for (const r of rows)
      ts.set(
        r.asset_id,
        lifecycleOf({ ...r, cost: r.cost === null ? null : Number(r.cost) }, r.settings, asOf).lifecycle_state,
      );
  return { ts, sql: await selectLifecycleStates(trx, asOf) };
}

test('on every day, the SQL state and each state filter agree with the TS rule', async () => {
  await s.k.db.withTenant(a.tenantId, async (trx) => {
    const seen = new Set<string>();
    for (const asOf of DAYS) {
      const { ts, sql } = await compare(trx, asOf);
      expect(ts.size).toBe(728); // the grid: 26 days around month ends x (3 types and none) x 7 variants
      const differ = [...ts]
        .filter(([id, st]) => sql.get(id) !== st)
        .map(([id, st]) => ({ id, asOf, ts: st, sql: sql.get(id) }));
      expect(differ).toEqual([]);
      for (const state of LIFECYCLE_STATES) {
        const q = assetListQuery.parse({ sort: 'warranty_expiry', asOf, lifecycleStates: state });
        const got: number[] = [];
        for await (const rows of selectAssetChunks(trx, q, asOf, 2000)) got.push(...rows.map((r) => r.asset_id));
        const want = [...ts].filter(([, st]) => st === state).map(([id]) => id);
        expect({ asOf, state, ids: got.sort((x, y) => x - y) }).toEqual({
          asOf,
          state,
          ids: want.sort((x, y) => x - y),
        });
        if (want.length) seen.add(state);
      }
    }
    expect([...seen].sort()).toEqual([...LIFECYCLE_STATES].sort());
  });
});

test("a change of settings in companies' tables moves the states; the assets' versions do not move", async () => {
  const check = async (asOf: string) =>
    s.k.db.withTenant(a.tenantId, async (trx) => {
      const { ts, sql } = await compare(trx, asOf);
      expect([...ts].filter(([id, st]) => sql.get(id) !== st)).toEqual([]);
      return ts;
    });
  const asOf = '2024-03-31';
  const before = await check(asOf);
  const versions = async () => s.k.db.withTenant(a.tenantId, (trx) => trx('assets').sum({ v: 'version' }).first());
  const v0 = await versions();
  // The tenant's type: a longer life and windows.
  await s.k.db.withTenant(a.tenantId, (trx) =>
    trx('tenant_asset_types').where({ asset_type_id: types[0] }).update({
      default_life_in_months: 3,
      approaching_duration_in_months_eol: 2,
      approaching_duration_in_months_warranty: 2,
    }),
  );
  const after = await check(asOf);
  // The grid fixes how many assets move (the TS rule agrees with the SQL on each, above).
  expect([...after].filter(([id, st]) => before.get(id) !== st)).toHaveLength(90);
  // A company's override added for "Long", then removed (the tenant's settings apply again).
  await s.k.db.withTenant(a.tenantId, (trx) =>
    trx('tenant_company_asset_types').insert({
      tenant_id: a.tenantId,
      tenant_company_id: acme,
      asset_type_id: types[2],
      default_replacement_cost: 1,
      default_life_in_months: 1,
      approaching_duration_in_months_eol: 1,
      approaching_duration_in_months_warranty: 1,
    }),
  );
  const overridden = await check(asOf);
  expect([...overridden].filter(([id, st]) => after.get(id) !== st)).toHaveLength(68);
  await s.k.db.withTenant(a.tenantId, (trx) =>
    trx('tenant_company_asset_types').where({ tenant_company_id: acme, asset_type_id: types[2] }).delete(),
  );
  expect(await check(asOf)).toEqual(after);
  // An asset's type removed: no derived end of life any more.
  await s.k.db.withTenant(a.tenantId, (trx) => trx('tenant_asset_types').where({ asset_type_id: types[0] }).delete());
  await check(asOf);
  expect(await versions()).toEqual(v0);
});
