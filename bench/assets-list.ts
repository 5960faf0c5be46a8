/**
 * npm run bench:assets-list: the asset list (issue 17) on PostgreSQL with a tenant of 100,000 assets (BENCH_ASSETS)
 * and a second tenant of 50,000 sharing the tables (row-level security has rows to leave out): ~200 companies each,
 * 8 asset types with their settings and per-company overrides for some companies, 4 statuses, and dates spread so
 * that every lifecycle state occurs.
 *
 * 1. assetList's first page (pageSize 100) sorted by warranty expiry with the lifecycle filter warranty_expiring,
 *    through the real HTTP route (API key, signed-in token, access, validation, RLS, the service's lifecycle per
 *    row, JSON) against the same query by hand through node-postgres (the total and the page's rows, the same
 *    columns; no HTTP, no RLS). Before timing, both must answer the same total and asset ids. BENCH_WARMUP (default
 *    200) unmeasured pairs first: a server answers the list many times a day, so what counts is the steady state (the
 *    JIT has compiled the route's code, PostgreSQL has settled the plans of its prepared statements); with two, the
 *    first compilations fell in the measured rounds. Then paired rounds (SQL, then the route, back to back); the
 *    ratio is the median of the rounds' ratios. Targets: ratio <= 1.3, route median < 100 ms.
 * 2. The CSV export of all 100,000 assets through the route (assetList/csv), read as it streams: time, rows, bytes,
 *    and the peak RSS and heap above the figures just before it (sampled every 5 ms; server and client share this
 *    process, so the figures are both's). V8 collects lazily, so the peak heap holds garbage not yet collected: under
 *    NODE_OPTIONS=--max-old-space-size=160 the export completes with the peak heap ~60 MB above the start (measured),
 *    which shows it streams.
 *
 * 3. The AIR charts (assetCharts), the data quality scores (assetDataQuality) and the fix list's first page
 *    (assetDataQuality/fixList), each through the route against the same SQL by hand (paired rounds, medians; the
 *    two must agree on a total first).
 *
 * Options: BENCH_ROUNDS (default 31), BENCH_WARMUP (default 200), BENCH_ASSETS (default 100000), BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres); --strict exits 1 when a target is missed; --explain prints the
 * plans (EXPLAIN ANALYZE) of the hand-written statements; --no-csv skips the export, --only-csv times the export only.
 */
import http from 'node:http';
import os from 'node:os';
import type { Kernel } from '../kernel/kernel';
import {
  addTenantUser,
  createSecurityGroup,
  createTenant,
  createUser,
  grantModules,
} from '../kernel/tenancy/provision';
import { listAssets } from '../plugins/assets/server/service';
import { assetListStatements } from '../plugins/assets/server/store';
import { assetListQuery } from '../plugins/assets/shared/api';
import { median, pairedRounds } from './lib/paired';
import { startBenchServer } from './lib/server';

const ROUNDS = Math.max(3, Math.floor(Number(process.env.BENCH_ROUNDS ?? 31)));
const WARMUP = Math.max(2, Math.floor(Number(process.env.BENCH_WARMUP ?? 200)));
const ASSETS = Math.max(1000, Math.floor(Number(process.env.BENCH_ASSETS ?? 100_000)));
const OTHER_ASSETS = Math.floor(ASSETS / 2);
const COMPANIES = 200;
const RATIO_TARGET = 1.3;
const ROUTE_TARGET_MS = 100;
const MB = 1024 * 1024;

/** moniker, replacement cost, life (months), EOL approaching (months), warranty approaching (months), warranty years. */
const TYPES: [string, number, number, number, number, number][] = [
  ['Laptop', 1400, 48, 6, 3, 3],
  ['Desktop', 1100, 60, 6, 3, 3],
  ['Server', 9000, 60, 12, 6, 5],
  ['Firewall', 2500, 60, 6, 3, 1],
  ['Switch', 1800, 84, 12, 3, 5],
  ['Printer', 600, 60, 6, 2, 1],
  ['Phone', 800, 36, 3, 2, 2],
  ['Tablet', 700, 36, 3, 0, 1],
];
const STATUSES = ['In use', 'In stock', 'In repair', 'Retired'];

/** The day the lifecycle is computed for: fixed, so the spread of states does not depend on the day of the run. */
const AS_OF = '2026-06-15';

async function seedTenant(k: Kernel, name: string, assets: number): Promise<{ tenantId: number; userId: number }> {
  return k.db.withSystem(async (trx) => {
    const tenantId = await createTenant(trx, { name });
    const gid = await createSecurityGroup(trx, tenantId, {
      name: 'Technicians',
      modules: ['Core'],
      pages: ['/assetList', '/airdashboard', '/mspdataquality'].map((url) => ({ url, access_level: 'Read Only' })),
    });
    const userId = await createUser(trx, {
      email: `${name.toLowerCase().replace(/\W+/g, '-')}@bench.example`,
      currentTenantId: tenantId,
    });
    await addTenantUser(trx, tenantId, { userId, securityGroupId: gid });
    await grantModules(trx, tenantId, ['Core']);
    await trx.raw(
      `insert into tenant_companies (tenant_id, moniker) select ?, 'Company ' || lpad(g::text, 3, '0') from generate_series(1, ?) g`,
      [tenantId, COMPANIES],
    );
    await trx('tenant_asset_types').insert(
      TYPES.map(([moniker, cost, life, eol, warranty], i) => ({
        tenant_id: tenantId,
        asset_type_moniker: moniker,
        default_replacement_cost: cost,
        default_life_in_months: life,
        approaching_duration_in_months_eol: eol,
        approaching_duration_in_months_warranty: warranty,
        // Data quality: the first six types count every gap, Phone and Tablet none of the five the type governs.
        ...Object.fromEntries(
          ['eol', 'warranty', 'make', 'serial', 'model'].map((f) => [`include_${f}_in_missing_flag`, i < 6]),
        ),
      })),
    );
    await trx('tenant_asset_statuses').insert(
      STATUSES.map((moniker, i) => ({ tenant_id: tenantId, moniker, sort: i })),
    );
    // Every 10th company has its own settings for Laptop and Server: a longer life, a longer warranty window.
    await trx.raw(
      `insert into tenant_company_asset_types (tenant_id, tenant_company_id, asset_type_id, default_replacement_cost,
              default_life_in_months, approaching_duration_in_months_eol, approaching_duration_in_months_warranty)
       select c.tenant_id, c.tenant_company_id, t.asset_type_id, t.default_replacement_cost * 1.1,
              t.default_life_in_months + 12, t.approaching_duration_in_months_eol, t.approaching_duration_in_months_warranty + 3
         from tenant_companies c join tenant_asset_types t on t.tenant_id = c.tenant_id
        where c.tenant_id = ? and c.tenant_company_id % 10 = 0 and t.asset_type_moniker in ('Laptop', 'Server')`,
      [tenantId],
    );
    // Assets in batches of 25,000 rows (one insert ... select each): purchase dates over the last 8 years, the
    // warranty the type's years (some unknown), an own end-of-life date on some, no type on some.
    for (let from = 1; from <= assets; from += 25_000) {
      const to = Math.min(assets, from + 24_999);
      await trx.raw(
        `with c as (select array_agg(tenant_company_id order by tenant_company_id) ids from tenant_companies where tenant_id = :t),
              ty as (select array_agg(asset_type_id order by asset_type_id) ids from tenant_asset_types where tenant_id = :t),
              st as (select array_agg(tenant_asset_status_id order by sort) ids from tenant_asset_statuses where tenant_id = :t),
              g as (select g, (g * 2654435761::bigint) % 1000003 as h from generate_series(:from::int, :to::int) g)
         insert into assets (tenant_id, tenant_company_id, asset_type_id, tenant_asset_status_id, name, serial, make, model,
                             purchase_date, warranty_expiry, eol_date, operating_system, assigned_to, cost, source)
         select :t, c.ids[1 + g.h % ${COMPANIES}],
                case when g.h % 31 = 0 then null else ty.ids[1 + (g.h / 7) % ${TYPES.length}] end,
                st.ids[1 + (g.h / 11) % ${STATUSES.length}],
                'ASSET-' || lpad(g.g::text, 6, '0'), case when g.h % 43 = 0 then null else 'SN' || g.g end,
                (array['Dell','Lenovo','HP','Apple','Cisco','Fortinet'])[1 + (g.h / 13) % 6],
                'Model ' || ((g.h / 17) % 40),
                p.purchase,
                case when g.h % 19 = 0 then null
                     else (p.purchase + make_interval(years => (array[${TYPES.map((t) => t[5]).join(',')}])[1 + (g.h / 7) % ${TYPES.length}]))::date end,
                case when g.h % 23 = 0 then (p.purchase + make_interval(months => 30 + (g.h % 40)::int))::date end,
                (array['Windows 11','Windows 10','macOS 14','Ubuntu 22.04', null])[1 + (g.h / 3) % 5],
                case when g.h % 4 = 0 then null else 'User ' || (g.h % 5000) end,
                case when g.h % 5 = 0 then null else 300 + (g.h % 2000) end,
                (array['manual','csv','psa','rmm'])[1 + (g.h / 29) % 4]
           from g cross join c cross join ty cross join st
           cross join lateral (select case when g.h % 37 = 0 then null
                                           else date '${AS_OF}' - ((g.h % 2920)::int) end as purchase) p`,
        { t: tenantId, from, to },
      );
    }
    return { tenantId, userId };
  });
}

function get(url: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: keepAlive, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Reads a streamed download, counting lines and bytes without keeping it. */
function download(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; lines: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        let lines = 0;
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          for (let i = c.indexOf(10); i >= 0; i = c.indexOf(10, i + 1)) lines++;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, lines, bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The longest warranty window of the tenant's settings, its own or its companies' (months). */
const LONGEST = `(select coalesce(max(m), 0) from (
    select max(approaching_duration_in_months_warranty) as m from tenant_asset_types where tenant_id = $1
    union all select max(approaching_duration_in_months_warranty) from tenant_company_asset_types where tenant_id = $1) w)`;
/**
 * The tenant's rows in the lifecycle state warranty_expiring as of $2 (the rule of store.ts, written out): the warranty
 * ends between $2 and $2 + the longest window, its own window has begun, end of life neither reached nor approaching.
 */
const EXPIRING = `a.tenant_id = $1
   and a.warranty_expiry >= $2::date
   and a.warranty_expiry <= (select ($2::date + make_interval(months => ${LONGEST}))::date)
   and a.warranty_expiring_from <= $2::date
   and (a.eol_effective is null or a.eol_effective > $2::date)
   and (a.eol_approaching_from is null or a.eol_approaching_from > $2::date)`;

/**
 * The same query by hand: the total of the filter, then page 1 (100 rows) with the columns the route reads: the
 * page's ids from the assets table, then their names and settings (the form the route's SQL takes, store.ts).
 */
const HAND_COUNT_SQL = `select count(*)::int as n from assets a where ${EXPIRING}`;
const setting = (c: string) =>
  `case when a.asset_type_id is null then null else coalesce(ct.${c}, t.${c}, 0) end as ${c}`;
const HAND_PAGE_SQL = `
  select a.asset_id, a.tenant_company_id, co.moniker as company_moniker, a.asset_type_id, t.asset_type_moniker,
         a.tenant_asset_status_id, st.moniker as status_moniker, a.name, a.serial, a.make, a.model,
         to_char(a.purchase_date, 'YYYY-MM-DD') as purchase_date, to_char(a.warranty_start, 'YYYY-MM-DD') as warranty_start,
         to_char(a.warranty_expiry, 'YYYY-MM-DD') as warranty_expiry, to_char(a.eol_date, 'YYYY-MM-DD') as eol_date,
         a.operating_system, a.assigned_to, a.location_id, a.cost, a.notes, a.source, a.source_id, a.last_seen_at,
         a.version, a.created_at, a.updated_at,
         ${['default_replacement_cost', 'default_life_in_months', 'approaching_duration_in_months_eol', 'approaching_duration_in_months_warranty'].map(setting).join(', ')}
    from assets a
    join (select a.asset_id from assets a where ${EXPIRING}
           order by a.warranty_expiry asc nulls last, a.asset_id asc limit 100) p on p.asset_id = a.asset_id
    join tenant_companies co on co.tenant_id = a.tenant_id and co.tenant_company_id = a.tenant_company_id
    left join tenant_asset_types t on t.tenant_id = a.tenant_id and t.asset_type_id = a.asset_type_id
    left join tenant_company_asset_types ct on ct.tenant_id = a.tenant_id and ct.tenant_company_id = a.tenant_company_id
         and ct.asset_type_id = a.asset_type_id
    left join tenant_asset_statuses st on st.tenant_id = a.tenant_id and st.tenant_asset_status_id = a.tenant_asset_status_id
   where a.tenant_id = $1
   order by a.warranty_expiry asc nulls last, a.asset_id asc`;

/**
 * The AIR charts by hand (server/charts/store.ts written out for the tenant $1 as of AS_OF, 8 quarters): the stored
 * lifecycle dates of migration 0005 per asset, the states and indexes, one aggregate by every key, then the
 * GROUPING SETS over its groups.
 */
const [Y, M] = AS_OF.split('-').map(Number);
const monthDiff = (c: string) => `((date_part('year', ${c})::int - ${Y}) * 12 + date_part('month', ${c})::int - ${M})`;
const quarterDiff = (c: string) =>
  `((date_part('year', ${c})::int * 4 + (date_part('month', ${c})::int - 1) / 3) - ${Y * 4 + Math.floor((M - 1) / 3)})`;
const SOON = [90, 120, 180, 365];
const HAND_CHARTS_SQL = `
  with x as materialized (
    select a.asset_type_id as type_id, t.asset_type_moniker as type_name, a.warranty_expiry,
           ${monthDiff('a.warranty_expiry')} as warranty_diff,
           case when a.purchase_date is null then null when a.purchase_date >= $2::date then 0
                else (${Y} - date_part('year', a.purchase_date)::int) * 12 + (${M} - date_part('month', a.purchase_date)::int)
                     - case when least(date_part('day', a.purchase_date)::int, 30) > ${Number(AS_OF.slice(8))} then 1 else 0 end end as age_months,
           a.eol_effective as due, a.replacement_cost_effective as cost, a.warranty_expiring_from, a.eol_approaching_from
      from assets a left join tenant_asset_types t on t.tenant_id = a.tenant_id and t.asset_type_id = a.asset_type_id
     where a.tenant_id = $1),
  y as (
    select type_id, type_name, age_months, due, cost,
           case when warranty_expiry >= $2::date and warranty_diff < 12 then warranty_diff end as expiry_idx,
           case when warranty_expiry is null then 'unknown' when warranty_expiry < $2::date then 'expired'
                when warranty_expiring_from <= $2::date then 'expiring' else 'in_warranty' end as w,
           case when due is null then 'unknown' when due <= $2::date then 'reached'
                when eol_approaching_from <= $2::date then 'approaching' else 'ok' end as e,
           case when due is null then null when due <= $2::date then -1 when ${quarterDiff('due')} < 8 then ${quarterDiff('due')} end as due_idx
      from x),
  z as (
    select type_id, type_name, age_months, due, cost, expiry_idx, due_idx,
           case when e = 'reached' then 'eol_reached' when w = 'expired' then 'out_of_warranty'
                when e = 'approaching' then 'eol_approaching' when w = 'expiring' then 'warranty_expiring'
                when w = 'unknown' and e = 'unknown' then 'unknown' else 'healthy' end as state,
           case when age_months is null then 'unknown'
                else (array['0-1','1-2','2-3','3-4','4-5','5+'])[least(age_months / 12, 5) + 1] end as age_bucket
      from y)
  , g as (
    select state, expiry_idx, type_id, age_bucket, due_idx, max(type_name) as type_name, count(*) as n,
           coalesce(sum(coalesce(cost, 0)), 0) as cost_sum, count(cost) as cost_n, sum(age_months) as age_sum,
           count(age_months) as age_n,
           ${SOON.map((d) => `count(*) filter (where due > $2::date and due <= $2::date + ${d}) as soon_${d}, coalesce(sum(coalesce(cost, 0)) filter (where due > $2::date and due <= $2::date + ${d}), 0) as soon_cost_${d}`).join(',\n           ')}
      from z group by state, expiry_idx, type_id, age_bucket, due_idx)
  select state, expiry_idx, type_id, max(type_name) as type_name, age_bucket, due_idx, sum(n) as n,
         sum(cost_sum) as cost_sum, sum(cost_n) as cost_n, sum(age_sum) / nullif(sum(age_n), 0) as avg_age,
         ${SOON.map((d) => `sum(soon_${d}) as soon_${d}, sum(soon_cost_${d}) as soon_cost_${d}`).join(', ')}
    from g group by grouping sets ((state), (expiry_idx), (type_id, age_bucket), (due_idx), (type_id), ())`;

/**
 * Data quality by hand (server/quality/store.ts with the default settings: asset type, make, model, serial, warranty,
 * end of life, not seen for 30 days): the gaps bitmask of migration 0006 masked with the enabled checks (bits 0-5).
 */
const STALE = `(a.last_seen_at is not null and a.last_seen_at < now() - make_interval(days => 30))`;
const GAPS = `((a.dq_missing & 63) <> 0 or ${STALE})`;
const GAP_COUNT = `(${[0, 1, 2, 3, 4, 5].map((b) => `((a.dq_missing >> ${b}) & 1)`).join(' + ')} + ${STALE}::int)`;
const HAND_DQ_SQL = `
  select g.*, co.moniker from (
    select a.tenant_id, a.tenant_company_id, count(*) as assets, count(*) filter (where not ${GAPS}) as complete,
           ${[0, 1, 2, 3, 4, 5].map((b) => `count(*) filter (where (a.dq_missing & ${1 << b}) <> 0) as n${b}`).join(', ')},
           count(*) filter (where ${STALE}) as n_stale
      from assets a where a.tenant_id = $1 group by a.tenant_id, a.tenant_company_id) g
  join tenant_companies co on co.tenant_id = g.tenant_id and co.tenant_company_id = g.tenant_company_id`;
const HAND_FIX_IDS_SQL = `select a.asset_id from assets a where a.tenant_id = $1 and ${GAPS}
  order by ${GAP_COUNT} desc, lower(a.name), a.asset_id limit 50`;
const HAND_FIX_COUNT_SQL = `select count(*)::int as n from assets a where a.tenant_id = $1 and ${GAPS}`;
const HAND_FIX_ROWS_SQL = `
  select a.asset_id, a.tenant_company_id, co.moniker as company_moniker, a.asset_type_id, t.asset_type_moniker, a.name,
         a.serial, a.make, a.model, to_char(a.purchase_date, 'YYYY-MM-DD') as purchase_date,
         to_char(a.warranty_expiry, 'YYYY-MM-DD') as warranty_expiry, to_char(a.eol_date, 'YYYY-MM-DD') as eol_date,
         a.assigned_to, a.last_seen_at, a.version, a.updated_at, a.dq_missing
    from assets a
    join tenant_companies co on co.tenant_id = a.tenant_id and co.tenant_company_id = a.tenant_company_id
    left join tenant_asset_types t on t.tenant_id = a.tenant_id and t.asset_type_id = a.asset_type_id
   where a.asset_id = any($1::bigint[])`;

/** Each asset's lifecycle state as of $2 (store.ts lifecycleSql), to print the spread. */
const HAND_STATES_SQL = `
  select case when a.eol_effective <= $2::date then 'eol_reached'
              when a.warranty_expiry < $2::date then 'out_of_warranty'
              when a.eol_approaching_from <= $2::date then 'eol_approaching'
              when a.warranty_expiring_from <= $2::date then 'warranty_expiring'
              when a.warranty_expiry is null and a.eol_effective is null then 'unknown'
              else 'healthy' end as state
    from assets a where a.tenant_id = $1`;

async function main(): Promise<void> {
  const strict = process.argv.includes('--strict');
  const explain = process.argv.includes('--explain');
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  console.log(
    `Benchmark assetList: ${ASSETS} assets (+ ${OTHER_ASSETS} of another tenant), ${COMPANIES} companies, ${TYPES.length} types; ${ROUNDS} rounds after ${WARMUP} warm-up pairs; PostgreSQL ${base.replace(/\/\/[^@]*@/, '//')}`,
  );
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const server = await startBenchServer(base, 'assets');
  const { k, config, pool, port } = server;
  let failed = false;
  try {
    const t0 = Date.now();
    const { tenantId, userId } = await seedTenant(k, 'Bench Assets MSP', ASSETS);
    await seedTenant(k, 'Other Assets MSP', OTHER_ASSETS);
    // What autovacuum does on a live database after a bulk load: statistics and the visibility map (index-only scans).
    await pool.query('vacuum analyze');
    console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const spread = await pool.query(
      `select state, count(*)::int n from (${HAND_STATES_SQL}) x group by state order by state`,
      [tenantId, AS_OF],
    );
    console.log(
      `lifecycle states: ${spread.rows.map((r: { state: string; n: number }) => `${r.state} ${r.n}`).join(', ')}`,
    );

    const token = await k.identity.issueAccessToken(userId, { ttlSeconds: 3600 });
    const headers = { 'x-api-key': config.apiKey, authorization: `Bearer ${token}` };
    const query = `asOf=${AS_OF}&lifecycleStates=warranty_expiring&sort=warranty_expiry&dir=asc&page=1&pageSize=100`;
    const url = `http://127.0.0.1:${port}/v3/tenant/${tenantId}/assetList?${query}`;
    const route = async () => {
      const r = await get(url, headers);
      if (r.status !== 200) throw new Error(`the route answered ${r.status}: ${r.text.slice(0, 300)}`);
      return JSON.parse(r.text) as { total: number; assets: { asset_id: number }[] };
    };
    const sql = async () => {
      const total = (await pool.query(HAND_COUNT_SQL, [tenantId, AS_OF])).rows[0].n as number;
      const rows = (await pool.query(HAND_PAGE_SQL, [tenantId, AS_OF])).rows as { asset_id: string }[];
      return { total: Number(total), ids: rows.map((r) => Number(r.asset_id)) };
    };
    const a = await route();
    const b = await sql();
    const ids = a.assets.map((x) => x.asset_id);
    if (a.total !== b.total || ids.join() !== b.ids.join())
      throw new Error(
        `the route and the SQL disagree: totals ${a.total} / ${b.total}, ids ${ids.slice(0, 5)} / ${b.ids.slice(0, 5)}`,
      );
    if (explain) {
      for (const s of [HAND_COUNT_SQL, HAND_PAGE_SQL]) {
        const plan = await pool.query(`explain (analyze, buffers) ${s}`, [tenantId, AS_OF]);
        console.log(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
      }
      // The route's own statements, in the tenant's scope (row-level security on), and the service without HTTP.
      const q = assetListQuery.parse(Object.fromEntries(new URLSearchParams(query)));
      await k.db.withTenant(tenantId, async (trx) => {
        for (const st of Object.values(assetListStatements(trx, q, AS_OF, tenantId))) {
          const { sql: text, bindings } = st.toSQL();
          const plan = await trx.raw(`explain (analyze, buffers) ${text}`, bindings as never);
          console.log((plan.rows ?? plan).map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
        }
      });
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        await k.db.withTenant(tenantId, (trx) => listAssets(trx, q, tenantId), { readOnly: true, userId });
        console.log(`  service listAssets in the tenant scope (no HTTP): ${(performance.now() - t).toFixed(1)} ms`);
      }
    }
    if (!process.argv.includes('--only-csv')) {
      const { baseline: tSql, measured: tRoute, ratio } = await pairedRounds(sql, route, ROUNDS, WARMUP);
      const routeMs = median(tRoute);
      const ok = ratio <= RATIO_TARGET && routeMs < ROUTE_TARGET_MS;
      if (!ok) failed = true;
      console.log(`assetList page 1 of ${a.total} warranty_expiring assets, sorted by warranty expiry (pageSize 100)`);
      console.log(`  hand-written SQL (pg, count + page)  median ${median(tSql).toFixed(1).padStart(7)} ms`);
      console.log(
        `  HTTP route (assetList)               median ${routeMs.toFixed(1).padStart(7)} ms (target < ${ROUTE_TARGET_MS})`,
      );
      console.log(
        `  ratio route/SQL (median of rounds): ${ratio.toFixed(2)} (target <= ${RATIO_TARGET}) ${ok ? 'OK' : 'ABOVE TARGET'}`,
      );
      console.log(
        `  load average: ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );

      // The AIR charts, the data quality scores and the fix list's first page: the route against the same SQL by hand.
      const timed = async (
        name: string,
        path: string,
        hand: () => Promise<number>,
        routeTotal: (body: Record<string, unknown>) => number,
      ) => {
        const u = `http://127.0.0.1:${port}/v3/tenant/${tenantId}/${path}`;
        const viaRoute = async () => {
          const r = await get(u, headers);
          if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${r.text.slice(0, 300)}`);
          return routeTotal(JSON.parse(r.text) as Record<string, unknown>);
        };
        const [ra, hb] = [await viaRoute(), await hand()];
        if (ra !== hb) throw new Error(`${name}: the route and the SQL disagree (${ra} / ${hb})`);
        const r = await pairedRounds(hand, viaRoute, ROUNDS);
        console.log(`${name} (${ra})`);
        console.log(`  hand-written SQL (pg)                median ${median(r.baseline).toFixed(1).padStart(7)} ms`);
        console.log(`  HTTP route                           median ${median(r.measured).toFixed(1).padStart(7)} ms`);
      };
      await timed(
        'AIR charts of the whole tenant (assetCharts, 8 quarters; total assets)',
        `assetCharts?asOf=${AS_OF}`,
        async () => {
          const rows = (await pool.query(HAND_CHARTS_SQL, [tenantId, AS_OF])).rows as Record<string, unknown>[];
          return Number(
            rows.find(
              (r) =>
                r.state === null &&
                r.type_id === null &&
                r.age_bucket === null &&
                r.expiry_idx === null &&
                r.due_idx === null,
            )!.n,
          );
        },
        (b) => Number(b.total),
      );
      await timed(
        'Data quality scores (assetDataQuality; complete assets of the tenant)',
        'assetDataQuality',
        async () => {
          const rows = (await pool.query(HAND_DQ_SQL, [tenantId])).rows as { complete: string }[];
          return rows.reduce((n, r) => n + Number(r.complete), 0);
        },
        (b) => Number((b.tenant as { complete: number }).complete),
      );
      await timed(
        'Data quality fix list page 1 (assetDataQuality/fixList, most gaps first, 50; total incomplete)',
        'assetDataQuality/fixList?pageSize=50',
        async () => {
          const ids = (await pool.query(HAND_FIX_IDS_SQL, [tenantId])).rows.map(
            (r: { asset_id: string }) => r.asset_id,
          );
          const n = (await pool.query(HAND_FIX_COUNT_SQL, [tenantId])).rows[0].n as number;
          await pool.query(HAND_FIX_ROWS_SQL, [ids]);
          return n;
        },
        (b) => Number(b.total),
      );
      console.log(
        `  load average: ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
    }
    // The CSV of every asset of the tenant, as it streams.
    if (process.argv.includes('--no-csv')) return;
    const csvUrl = `http://127.0.0.1:${port}/v3/tenant/${tenantId}/assetList/csv?asOf=${AS_OF}&sort=warranty_expiry`;
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const before = process.memoryUsage();
    let rss = before.rss;
    let heap = before.heapUsed;
    const timer = setInterval(() => {
      const m = process.memoryUsage();
      rss = Math.max(rss, m.rss);
      heap = Math.max(heap, m.heapUsed);
    }, 5);
    const started = performance.now();
    const csv = await download(csvUrl, headers);
    const ms = performance.now() - started;
    clearInterval(timer);
    if (csv.status !== 200) throw new Error(`the CSV route answered ${csv.status}`);
    const rows = csv.lines - 1;
    if (rows !== ASSETS) failed = true;
    console.log(`CSV export of every asset (assetList/csv, sorted by warranty expiry)`);
    console.log(
      `  ${rows} rows${rows === ASSETS ? '' : ` (EXPECTED ${ASSETS})`}, ${(csv.bytes / MB).toFixed(1)} MB in ${(ms / 1000).toFixed(2)} s (${Math.round(rows / (ms / 1000))} rows/s)`,
    );
    console.log(
      `  peak RSS ${(rss / MB).toFixed(0)} MB (+${((rss - before.rss) / MB).toFixed(0)} MB), peak heap ${(heap / MB).toFixed(0)} MB (+${((heap - before.heapUsed) / MB).toFixed(0)} MB)${gc ? '' : ' (run with --expose-gc for a GC before)'}`,
    );
    console.log(
      `  load average: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    keepAlive.destroy();
    await server.stop();
  }
  if (failed && strict) process.exit(1);
}

main().catch((e) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
