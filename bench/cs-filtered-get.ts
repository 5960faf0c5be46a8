/**
 * npm run bench:cs: filteredGet of company health values (CompanyCsHealthMetricValues) for a tenant with 5,000
 * companies and 12 months of history of health values, through the real HTTP route (API key, token, access,
 * validation, filter resolution, RLS transaction, the metrics service, JSON), against a hand-written SQL query for
 * the same rows on the same PostgreSQL database (pg driver, the rows fetched; no HTTP), in the same run.
 *
 * Two requests: no filters (every company) and healthCodes ['danger'] (the companies whose health score lies in the
 * danger band of the default cuts, up to 49). Before timing, both sides must answer the same companies, scores,
 * previous scores and metric values. Each round runs the SQL, then the route, back to back (one request at a time),
 * and the ratio is the median of the rounds' ratios (the machine is noisy: 2 shared cores). A second tenant with
 * 1,000 companies shares the tables, so row-level security has rows to leave out.
 *
 * Target: route / SQL <= 1.5 for each request. Options: BENCH_ROUNDS (default 15), BENCH_COMPANIES (default 5000),
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); --strict exits 1 when a target is missed.
 */
import type { Kernel } from '../kernel/kernel';
import {
  addTenantUser,
  createSecurityGroup,
  createTenant,
  createUser,
  grantModules,
} from '../kernel/tenancy/provision';
import { recalculate } from '../plugins/customer-success/server/metrics/recalculate';
import { median, pairedRounds, post } from './lib/paired';
import { startBenchServer } from './lib/server';

const ROUNDS = Math.max(3, Math.floor(Number(process.env.BENCH_ROUNDS ?? 15)));
const COMPANIES = Math.max(10, Math.floor(Number(process.env.BENCH_COMPANIES ?? 5000)));
const OTHER_COMPANIES = 1000;
const MONTHS = 12;
const TARGET = 1.5;

/** Health metrics of the bench tenant: custom metrics whose values are entered by hand (seeded). */
const METRICS = [
  { name: 'NPS', weight: 30, max: 10 },
  { name: 'QBR attendance', weight: 20, max: 4 },
  { name: 'Executive sponsor', weight: 15, max: 1 },
  { name: 'Adoption', weight: 25, max: 100 },
  { name: 'Renewal risk', weight: 10, max: 5 },
];

/** The hand-written SQL: current score, previous month's score, and every active metric's value, per company. */
const HAND_SQL = `
  with m as (
    select cs_metric_id, sort from cs_metrics where tenant_id = $1 and score_type = 'health' and active_flag = 1
  ), s as (
    select s.tenant_company_id, s.score, s.calculated_at,
           (select h.score from cs_company_score_history h
             where h.tenant_id = $1 and h.score_type = 'health' and h.tenant_company_id = s.tenant_company_id
               and h.month < date_trunc('month', s.calculated_at at time zone 'UTC')::date
             order by h.month desc limit 1) as previous_score
      from cs_company_scores s
     where s.tenant_id = $1 and s.score_type = 'health' and ($2::int is null or s.score <= $2)
  )
  select s.tenant_company_id, s.score, s.previous_score, m.cs_metric_id, v.value, v.score as metric_score
    from s cross join m
    left join cs_metric_values v on v.tenant_id = $1 and v.tenant_company_id = s.tenant_company_id and v.cs_metric_id = m.cs_metric_id
   order by s.tenant_company_id, m.sort, m.cs_metric_id`;

interface Side {
  companies: number;
  digest: string;
}

async function seed(k: Kernel): Promise<{ tenantId: number; userId: number; otherTenantId: number }> {
  const mk = async (name: string, companies: number) =>
    k.db.withSystem(async (trx) => {
      const tenantId = await createTenant(trx, { name });
      const gid = await createSecurityGroup(trx, tenantId, {
        name: 'Account Managers',
        modules: ['Customer Success'],
        pages: [{ url: '/cs/company/detail', access_level: 'Read/Write' }],
      });
      const userId = await createUser(trx, {
        email: `${name.toLowerCase().replace(/\W+/g, '-')}@bench.example`,
        currentTenantId: tenantId,
      });
      await addTenantUser(trx, tenantId, { userId, securityGroupId: gid });
      await grantModules(trx, tenantId, ['Customer Success']);
      await trx.raw(
        `insert into tenant_companies (tenant_id, moniker, seats) select ?, 'Company ' || lpad(g::text, 5, '0'), g % 50 from generate_series(1, ?) g`,
        [tenantId, companies],
      );
      const ids = (await trx('cs_metrics')
        .insert(
          METRICS.map((m, i) => ({
            tenant_id: tenantId,
            score_type: 'health',
            name: m.name,
            calc_code: 'custom',
            weight: m.weight,
            max: m.max,
            sort: i,
          })),
        )
        .returning(['cs_metric_id', 'max'])) as { cs_metric_id: number; max: number }[];
      // Values entered by hand (deterministic, spread over 0..max), as the custom value route stores them.
      for (const m of ids) {
        await trx.raw(
          `insert into cs_metric_values (tenant_id, tenant_company_id, cs_metric_id, value, source, version)
        select ?, c.tenant_company_id, ?, round(((c.tenant_company_id * 7919 + ?::bigint * 104729) % 1000) / 1000.0 * ?::numeric, 1), 'manual', 1
          from tenant_companies c where c.tenant_id = ?`,
          [tenantId, m.cs_metric_id, m.cs_metric_id, m.max, tenantId],
        );
      }
      return { tenantId, userId, metricIds: ids.map((m) => m.cs_metric_id) };
    });
  const a = await mk('Bench MSP', COMPANIES);
  const b = await mk('Other MSP', OTHER_COMPANIES);
  for (const t of [a, b]) {
    const started = Date.now();
    const r = await k.db.withTenant(t.tenantId, (trx) => recalculate(trx, t.tenantId));
    if (t === a)
      console.log(`recalculation of ${r.companies} companies (${r.values} metric values): ${Date.now() - started} ms`);
    // The 11 months before this one: history of every company's score and metric values, drifting month by month.
    await k.db.withSystem(async (trx) => {
      await trx.raw(
        `insert into cs_company_score_history (tenant_id, score_type, tenant_company_id, month, score)
        select s.tenant_id, 'health', s.tenant_company_id, (date_trunc('month', now() at time zone 'UTC') - make_interval(months => g))::date,
               greatest(0, least(100, s.score + ((s.tenant_company_id * 31 + g * 17) % 21) - 10))
          from cs_company_scores s cross join generate_series(1, ?) g where s.tenant_id = ? and s.score_type = 'health'`,
        [MONTHS - 1, t.tenantId],
      );
      await trx.raw(
        `insert into cs_metric_value_history (tenant_id, tenant_company_id, cs_metric_id, month, value, score)
        select v.tenant_id, v.tenant_company_id, v.cs_metric_id, (date_trunc('month', now() at time zone 'UTC') - make_interval(months => g))::date, v.value, v.score
          from cs_metric_values v cross join generate_series(1, ?) g where v.tenant_id = ?`,
        [MONTHS - 1, t.tenantId],
      );
    });
  }
  await k.db.withSystem((trx) => trx.raw('analyze'));
  return { tenantId: a.tenantId, userId: a.userId, otherTenantId: b.tenantId };
}

/** What both sides must agree on: per company its score, previous score and metric values/scores. */
function digestOfRoute(body: {
  companyCsHealthMetricValues: {
    tenantCompanyId: number;
    healthScore: number | null;
    previousHealthScore: number | null;
    metrics: { healthMetricId: number; value: number | null; score: number | null }[];
  }[];
}): Side {
  const parts = body.companyCsHealthMetricValues.map(
    (c) =>
      `${c.tenantCompanyId}:${c.healthScore}:${c.previousHealthScore}:${c.metrics.map((m) => `${m.healthMetricId}=${m.value}/${m.score}`).join(',')}`,
  );
  return { companies: parts.length, digest: parts.join('|') };
}
function digestOfRows(
  rows: {
    tenant_company_id: number;
    score: number | null;
    previous_score: number | null;
    cs_metric_id: number;
    value: number | null;
    metric_score: number | null;
  }[],
): Side {
  const parts: string[] = [];
  let cur = -1;
  let line = '';
  for (const r of rows) {
    if (Number(r.tenant_company_id) !== cur) {
      if (cur !== -1) parts.push(line);
      cur = Number(r.tenant_company_id);
      line = `${cur}:${r.score}:${r.previous_score}:`;
    } else line += ',';
    line += `${r.cs_metric_id}=${r.value === null ? null : Number(r.value)}/${r.metric_score}`;
  }
  if (cur !== -1) parts.push(line);
  return { companies: parts.length, digest: parts.join('|') };
}

async function main(): Promise<void> {
  const strict = process.argv.includes('--strict');
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  console.log(
    `Benchmark filteredGet CompanyCsHealthMetricValues: ${COMPANIES} companies x ${METRICS.length} health metrics, ${MONTHS} months of history; ${ROUNDS} rounds; PostgreSQL ${base.replace(/\/\/[^@]*@/, '//')}`,
  );
  const server = await startBenchServer(base, 'cs');
  const { k, config, pool, port } = server;
  let failed = false;
  try {
    const t0 = Date.now();
    const { tenantId, userId } = await seed(k);
    console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const token = await k.identity.issueAccessToken(userId, { ttlSeconds: 3600 });
    const url = `http://127.0.0.1:${port}/v3/cs/tenant/${tenantId}/cs/CompanyCsHealthMetricValues`;
    const headers = { 'x-api-key': config.apiKey, authorization: `Bearer ${token}` };

    const cases = [
      {
        name: 'no filters (every company)',
        body: { action: 'filteredGet', filters: {} },
        dangerMax: null as number | null,
      },
      {
        name: "healthCodes ['danger']",
        body: { action: 'filteredGet', filters: { healthCodes: ['danger'] } },
        dangerMax: 49,
      },
    ];
    for (const c of cases) {
      const route = async () => {
        const r = await post(url, headers, c.body);
        if (r.status !== 200) throw new Error(`the route answered ${r.status}: ${r.text.slice(0, 300)}`);
        return r.text;
      };
      const sql = async () => (await pool.query(HAND_SQL, [tenantId, c.dangerMax])).rows;
      // Both sides must answer the same data before they are compared.
      const routeText = await route();
      const a = digestOfRoute(JSON.parse(routeText));
      const b = digestOfRows(await sql());
      if (a.companies !== b.companies || a.digest !== b.digest)
        throw new Error(`${c.name}: the route and the SQL disagree (${a.companies} / ${b.companies} companies)`);
      const { baseline: tSql, measured: tRoute, ratio } = await pairedRounds(sql, route, ROUNDS);
      const ok = ratio <= TARGET;
      if (!ok) failed = true;
      console.log(`${c.name}: ${a.companies} companies, ${(routeText.length / 1024).toFixed(0)} KB of JSON`);
      console.log(`  hand-written SQL (pg)        median ${median(tSql).toFixed(1).padStart(7)} ms`);
      console.log(`  HTTP route (filteredGet)     median ${median(tRoute).toFixed(1).padStart(7)} ms`);
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
