/**
 * npm run bench:stack: the Stack Alignment Overview matrix (TenantCsRptStackMatrix: both pivots with their Total
 * rows and columns) for a tenant with 3,000 companies x 40 stack services, through the real HTTP route (API key,
 * token, access, validation, RLS transaction, the set-based inputs, the shared rules, JSON; the whole body read),
 * against a hand-written SQL query computing the same numbers in the database (applicability, alignment, charges
 * by calcType with seats, opportunity, the totals of both pivots with the type filter) through the pg driver.
 *
 * Seed: 6 tags, 5 categories, 40 services (a third carry tags; products of every calcType, some preferred, some
 * inactive; a few without products charge their defaults), companies with 0-2 stack tags and seats 0-49, stored
 * alignment items for about 40 % of the cells (every alignment, some not applicable, some part of a contract).
 * A second tenant with 1,000 companies shares the tables, so row-level security has rows to leave out.
 *
 * Before timing, both sides must agree on every cell and total of both pivots. Each round runs the SQL, then the
 * route, back to back; the ratio is the median of the rounds' ratios. Two requests: the default (type filter
 * 'mrrGt0') and 'none'. Target: route / SQL <= 1.5 (--strict exits 1 above it). Options: BENCH_ROUNDS (default 15),
 * BENCH_COMPANIES (default 3000), BENCH_SERVICES (default 40), BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres).
 */
import type { Kernel } from '../kernel/kernel';
import {
  addTenantUser,
  createSecurityGroup,
  createTenant,
  createUser,
  grantModules,
} from '../kernel/tenancy/provision';
import { median, pairedRounds, post } from './lib/paired';
import { startBenchServer } from './lib/server';

const ROUNDS = Math.max(3, Math.floor(Number(process.env.BENCH_ROUNDS ?? 15)));
const COMPANIES = Math.max(10, Math.floor(Number(process.env.BENCH_COMPANIES ?? 3000)));
const SERVICES = Math.max(3, Math.floor(Number(process.env.BENCH_SERVICES ?? 40)));
const OTHER_COMPANIES = 1000;
const TARGET = 1.5;
const CALC_TYPES = ['adhoc', 'perSeat', 'perSeatPerMonth', 'perSeatPerYear', 'perMonth', 'perYear'];

/**
 * The hand-written SQL: every cell (company x service) and the aggregates of both pivots, as rows of one result:
 * kind 'cell' (a company, b service), 'crow' / 'srow' (a company's / a service's total over all columns, with
 * `kept` = passes the type filter), 'ctot' (the company pivot's Total row: per service over the kept companies),
 * 'stot' (the service pivot's Total row: per company over the kept services), 'cgrand' / 'sgrand'.
 * halves / napp: weight in halves and applicable count (score = round(50 * halves / napp)); mrr / nmrr: MRR
 * opportunity cents and how many cells have one.
 */
const HAND_SQL = `
  with svc as (
    select s.service_id, s.default_applicable_flag as dap, s.default_alignment as dal, s.default_part_of_contract_flag as dpc,
           s.default_calc_type, round(s.default_charge_estimate * 100)::bigint as dc,
           exists (select 1 from cs_stack_service_tags st join tenant_tags t on t.tenant_id = st.tenant_id and t.tag_id = st.tag_id and t.active_flag
                    where st.tenant_id = s.tenant_id and st.service_id = s.service_id) as has_tags
      from cs_stack_services s where s.tenant_id = $1 and s.active_flag
  ), prod as (
    select p.service_id, p.calc_type, round(p.charge_estimate * 100)::bigint as c, p.preferred_flag,
           bool_or(p.preferred_flag) over (partition by p.service_id) as any_preferred
      from cs_stack_products p where p.tenant_id = $1 and p.active_flag
  ), charging as (
    select service_id, calc_type, c from prod where preferred_flag or not any_preferred
    union all
    select s.service_id, s.default_calc_type, s.dc from svc s where not exists (select 1 from prod p where p.service_id = s.service_id)
  ), basis as (
    select service_id,
           sum(case calc_type when 'perMonth' then 12 * c when 'perYear' then c else 0 end) as mrr12_fixed,
           sum(case calc_type when 'perSeatPerMonth' then 12 * c when 'perSeatPerYear' then c else 0 end) as mrr12_seat
      from charging group by service_id
  ), comp as (
    select tenant_company_id, greatest(seats, 0) as seats from tenant_companies where tenant_id = $1 and is_active
  ), tagged as (
    select distinct x.tenant_company_id, st.service_id
      from cs_company_stack_tags x
      join tenant_tags t on t.tenant_id = x.tenant_id and t.tag_id = x.tag_id and t.active_flag
      join cs_stack_service_tags st on st.tenant_id = x.tenant_id and st.tag_id = x.tag_id
     where x.tenant_id = $1
  ), cell as (
    select c.tenant_company_id as cid, s.service_id as sid,
           coalesce(a.applicable_flag, case when s.has_tags then g.service_id is not null else s.dap end) as app,
           coalesce(a.alignment, s.dal) as al,
           coalesce(a.part_of_contract_flag, s.dpc) as poc,
           b.mrr12_fixed + b.mrr12_seat * c.seats as mrr12
      from comp c cross join svc s
      join basis b on b.service_id = s.service_id
      left join cs_company_stack_alignments a on a.tenant_id = $1 and a.tenant_company_id = c.tenant_company_id and a.service_id = s.service_id
      left join tagged g on g.tenant_company_id = c.tenant_company_id and g.service_id = s.service_id
  ), v as materialized (
    select cid, sid,
           case when app then case al when 'fully' then 2 when 'partial' then 1 else 0 end end as halves,
           case when app and not poc then round(mrr12 * (case al when 'fully' then 0 when 'partial' then 1 else 2 end) / 24.0)::bigint end as mrr
      from cell
  ), crow as (
    select cid, sum(halves) as halves, count(halves) as napp, sum(mrr) as mrr, count(mrr) as nmrr from v group by cid
  ), srow as (
    select sid, sum(halves) as halves, count(halves) as napp, sum(mrr) as mrr, count(mrr) as nmrr from v group by sid
  ), ck as (
    select cid, case $2::text when 'none' then true when 'mrr' then nmrr > 0 else coalesce(mrr, 0) > 0 end as kept from crow
  ), sk as (
    select sid, case $2::text when 'none' then true when 'mrr' then nmrr > 0 else coalesce(mrr, 0) > 0 end as kept from srow
  ), ctot as (
    select v.sid, sum(halves) as halves, count(halves) as napp, sum(mrr) as mrr, count(mrr) as nmrr from v join ck on ck.cid = v.cid and ck.kept group by v.sid
  ), stot as (
    select v.cid, sum(halves) as halves, count(halves) as napp, sum(mrr) as mrr, count(mrr) as nmrr from v join sk on sk.sid = v.sid and sk.kept group by v.cid
  )
  select 'cell' as kind, cid as a, sid as b, halves, 1 as napp, mrr, 1 as nmrr, null::boolean as kept from v
  union all select 'crow', r.cid, null, r.halves, r.napp, r.mrr, r.nmrr, k.kept from crow r join ck k using (cid)
  union all select 'srow', r.sid, null, r.halves, r.napp, r.mrr, r.nmrr, k.kept from srow r join sk k using (sid)
  union all select 'ctot', sid, null, halves, napp, mrr, nmrr, null from ctot
  union all select 'stot', cid, null, halves, napp, mrr, nmrr, null from stot
  union all select 'cgrand', null, null, sum(r.halves), sum(r.napp), sum(r.mrr), sum(r.nmrr), null from crow r join ck k using (cid) where k.kept
  union all select 'sgrand', null, null, sum(r.halves), sum(r.napp), sum(r.mrr), sum(r.nmrr), null from srow r join sk k using (sid) where k.kept`;

interface Row {
  kind: string;
  a: string | null;
  b: string | null;
  halves: string | number | null;
  napp: string | number | null;
  mrr: string | number | null;
  nmrr: string | number | null;
  kept: boolean | null;
}

const score = (halves: number, napp: number): number | null =>
  napp > 0 ? Math.floor((100 * halves + napp) / (2 * napp)) : null;
const money = (cents: number, n: number): number | null => (n > 0 ? cents / 100 : null);

/** The numbers of the SQL rows, keyed as the route's pivots are read by digestOfRoute. */
function digestOfRows(rows: Row[]): Map<string, number | null> {
  const out = new Map<string, number | null>();
  const keptC = new Set<string>();
  const keptS = new Set<string>();
  for (const r of rows) if (r.kept) (r.kind === 'crow' ? keptC : keptS).add(String(r.a));
  const agg = (r: Row) => ({
    s: score(Number(r.halves ?? 0), Number(r.napp ?? 0)),
    m: money(Number(r.mrr ?? 0), Number(r.nmrr ?? 0)),
  });
  for (const r of rows) {
    if (r.kind === 'cell') {
      const s = r.halves === null ? null : Number(r.halves) * 50;
      const m = r.mrr === null ? null : Number(r.mrr) / 100;
      if (keptC.has(String(r.a))) {
        out.set(`C:${r.a}:${r.b}:s`, s);
        out.set(`C:${r.a}:${r.b}:m`, m);
      }
      if (keptS.has(String(r.b))) {
        out.set(`S:${r.b}:${r.a}:s`, s);
        out.set(`S:${r.b}:${r.a}:m`, m);
      }
      continue;
    }
    const { s, m } = agg(r);
    const key = {
      crow: `CT:${r.a}`,
      srow: `ST:${r.a}`,
      ctot: `CR:${r.a}`,
      stot: `SR:${r.a}`,
      cgrand: 'CG',
      sgrand: 'SG',
    }[r.kind]!;
    if ((r.kind === 'crow' && !keptC.has(String(r.a))) || (r.kind === 'srow' && !keptS.has(String(r.a)))) continue;
    out.set(`${key}:s`, s);
    out.set(`${key}:m`, m);
  }
  // Total rows of a pivot whose columns had no kept rows still show (missing) cells.
  return out;
}

interface Pivot {
  index: { id: number | null }[];
  columns: { id: number | null; tag: string }[];
  data: (number | null)[][];
}

function digestOfRoute(body: { stackMatrix: { StackByCompanyPivot: Pivot; StackByServicePivot: Pivot } }): {
  map: Map<string, number | null>;
  rows: number;
} {
  const out = new Map<string, number | null>();
  const read = (p: Pivot, cell: string, rowTotal: string, colTotal: string, grand: string) => {
    p.index.forEach((row, i) => {
      p.columns.forEach((col, j) => {
        const t = col.tag === 'alignmentScore' ? 's' : 'm';
        const v = p.data[i][j];
        if (row.id !== null && col.id !== null) out.set(`${cell}:${row.id}:${col.id}:${t}`, v);
        else if (row.id !== null) out.set(`${rowTotal}:${row.id}:${t}`, v);
        else if (col.id !== null) {
          if (v !== null || p.index.length > 1) out.set(`${colTotal}:${col.id}:${t}`, v);
        } else out.set(`${grand}:${t}`, v);
      });
    });
  };
  read(body.stackMatrix.StackByCompanyPivot, 'C', 'CT', 'CR', 'CG');
  read(body.stackMatrix.StackByServicePivot, 'S', 'ST', 'SR', 'SG');
  return { map: out, rows: body.stackMatrix.StackByCompanyPivot.index.length - 1 };
}

function sameDigest(a: Map<string, number | null>, b: Map<string, number | null>): string | null {
  for (const [k, v] of a)
    if (!b.has(k) || b.get(k) !== v) return `${k}: route ${v}, SQL ${b.has(k) ? b.get(k) : '(absent)'}`;
  for (const k of b.keys()) if (!a.has(k)) return `${k}: absent from the route`;
  return null;
}

async function seed(k: Kernel): Promise<{ tenantId: number; userId: number }> {
  const mk = async (name: string, companies: number) =>
    k.db.withSystem(async (trx) => {
      const tenantId = await createTenant(trx, { name });
      const gid = await createSecurityGroup(trx, tenantId, {
        name: 'Account Managers',
        modules: ['Customer Success'],
        pages: [{ url: '/cs/stackAlignmentOverview', access_level: 'Read Only' }],
      });
      const userId = await createUser(trx, {
        email: `${name.toLowerCase().replace(/\W+/g, '-')}@bench.example`,
        currentTenantId: tenantId,
      });
      await addTenantUser(trx, tenantId, { userId, securityGroupId: gid });
      await grantModules(trx, tenantId, ['Customer Success']);
      await trx.raw(
        `insert into tenant_companies (tenant_id, moniker, seats, is_active) select ?, 'Company ' || lpad(g::text, 5, '0'), g % 50, g % 97 <> 0 from generate_series(1, ?) g`,
        [tenantId, companies],
      );
      const tags = (
        await trx('tenant_tags')
          .insert(
            Array.from({ length: 6 }, (_, i) => ({
              tenant_id: tenantId,
              moniker: `Tag ${i + 1}`,
              color: '#2d72d2',
              active_flag: i !== 5,
            })),
          )
          .returning('tag_id')
      ).map((r: { tag_id: number }) => Number(r.tag_id));
      const cats = (
        await trx('cs_stack_categories')
          .insert(Array.from({ length: 5 }, (_, i) => ({ tenant_id: tenantId, moniker: `Category ${i + 1}`, sort: i })))
          .returning('cs_stack_category_id')
      ).map((r: { cs_stack_category_id: number }) => Number(r.cs_stack_category_id));
      const services = (
        await trx('cs_stack_services')
          .insert(
            Array.from({ length: SERVICES + 2 }, (_, i) => ({
              tenant_id: tenantId,
              moniker: `Service ${String(i + 1).padStart(3, '0')}`,
              sort: (i * 7) % (SERVICES + 2),
              category_id: cats[i % cats.length],
              default_applicable_flag: i % 4 !== 1,
              default_alignment: ['fully', 'partial', 'other'][i % 3],
              default_part_of_contract_flag: i % 9 === 2,
              default_charge_estimate: ((i * 13) % 200) + 0.25,
              default_calc_type: CALC_TYPES[(i * 5) % 6],
              active_flag: i < SERVICES,
            })),
          )
          .returning('service_id')
      ).map((r: { service_id: number }) => Number(r.service_id));
      const products: Record<string, unknown>[] = [];
      services.forEach((sid, i) => {
        if (i % 8 === 7) return; // no products: the defaults charge
        for (let j = 0; j < 1 + (i % 3); j++)
          products.push({
            tenant_id: tenantId,
            service_id: sid,
            moniker: `P${i}-${j}`,
            calc_type: CALC_TYPES[(i + j) % 6],
            charge_estimate: ((i * 31 + j * 17) % 500) / 4 + 0.99,
            preferred_flag: (i + j) % 4 === 0,
            active_flag: (i + j) % 7 !== 3,
            sort: j,
          });
      });
      await trx('cs_stack_products').insert(products);
      const serviceTags = services.flatMap((sid, i) =>
        i % 3 === 0 ? [{ tenant_id: tenantId, service_id: sid, tag_id: tags[i % tags.length] }] : [],
      );
      await trx('cs_stack_service_tags').insert(serviceTags);
      await trx.raw(
        `insert into cs_company_stack_tags (tenant_id, tenant_company_id, tag_id)
      select distinct c.tenant_id, c.tenant_company_id, t.tag_id
        from tenant_companies c cross join generate_series(0, 1) n
        join tenant_tags t on t.tenant_id = c.tenant_id and t.tag_id = (?::bigint[])[1 + ((c.tenant_company_id * 7 + n * 3) % 6)]
       where c.tenant_id = ? and (c.tenant_company_id + n) % 3 <> 0`,
        [tags, tenantId],
      );
      await trx.raw(
        `insert into cs_company_stack_alignments (tenant_id, tenant_company_id, service_id, alignment, applicable_flag, part_of_contract_flag)
      select c.tenant_id, c.tenant_company_id, s.service_id, (array['fully','partial','other'])[1 + ((c.tenant_company_id + s.service_id * 3) % 3)],
             (c.tenant_company_id * 3 + s.service_id) % 11 <> 0, (c.tenant_company_id + s.service_id * 5) % 8 = 0
        from tenant_companies c cross join cs_stack_services s
       where c.tenant_id = ? and s.tenant_id = ? and (c.tenant_company_id * 13 + s.service_id * 7) % 5 < 2`,
        [tenantId, tenantId],
      );
      return { tenantId, userId };
    });
  const a = await mk('Bench MSP', COMPANIES);
  await mk('Other MSP', OTHER_COMPANIES);
  await k.db.withSystem((trx) => trx.raw('analyze'));
  return a;
}

async function main(): Promise<void> {
  const strict = process.argv.includes('--strict');
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  console.log(
    `Benchmark TenantCsRptStackMatrix: ${COMPANIES} companies x ${SERVICES} services; ${ROUNDS} rounds; PostgreSQL ${base.replace(/\/\/[^@]*@/, '//')}`,
  );
  const server = await startBenchServer(base, 'stack');
  const { k, config, pool, port } = server;
  let failed = false;
  try {
    const t0 = Date.now();
    const { tenantId, userId } = await seed(k);
    console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const token = await k.identity.issueAccessToken(userId, { ttlSeconds: 3600 });
    const url = `http://127.0.0.1:${port}/v3/cs/tenant/${tenantId}/csrpt/TenantCsRptStackMatrix`;
    const headers = { 'x-api-key': config.apiKey, authorization: `Bearer ${token}` };
    for (const typeFilter of ['mrrGt0', 'none']) {
      const route = async () => {
        const r = await post(url, headers, { typeFilter });
        if (r.status !== 200) throw new Error(`the route answered ${r.status}: ${r.text.slice(0, 300)}`);
        return r.text;
      };
      const sql = async () => (await pool.query(HAND_SQL, [tenantId, typeFilter])).rows as Row[];
      const routeText = await route();
      const a = digestOfRoute(JSON.parse(routeText));
      const b = digestOfRows(await sql());
      const diff = sameDigest(a.map, b);
      if (diff) throw new Error(`typeFilter ${typeFilter}: the route and the SQL disagree (${diff})`);
      const { baseline: tSql, measured: tRoute, ratio } = await pairedRounds(sql, route, ROUNDS);
      const ok = ratio <= TARGET;
      if (!ok) failed = true;
      console.log(
        `typeFilter '${typeFilter}': ${a.rows} company rows, ${a.map.size} numbers agreed, ${(routeText.length / 1024).toFixed(0)} KB of JSON`,
      );
      console.log(`  hand-written SQL (pg)        median ${median(tSql).toFixed(1).padStart(7)} ms`);
      console.log(`  HTTP route (csrpt)           median ${median(tRoute).toFixed(1).padStart(7)} ms`);
      console.log(
        `  ratio route/SQL (median of rounds): ${ratio.toFixed(2)} (target <= ${TARGET}) ${ok ? 'OK' : 'ABOVE TARGET'}`,
      );
    }
  } finally {
    await server.stop();
  }
  if (failed && strict) process.exit(1);
}

main().catch((e) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
