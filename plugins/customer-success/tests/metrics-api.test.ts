/**
 * Health and effort through the CS object API: metric definitions (create, update with version, 400 with
 * fields, soft delete and the deleted list, admin writes), custom values and the recalculated scores,
 * filteredGet, history with the delta, effort display info, and tenant isolation of every object type.
 */
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { recalculate } from '../server/metrics/recalculate';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let reader: TestTenant;
const cs = (t: TestTenant, rest: string) => `/v3/cs/tenant/${t.tenantId}/cs/${rest}`;

const company = (t: TestTenant, moniker: string, seats = 0) => makeCompany(t, moniker, { seats });

async function metric(t: TestTenant, type: 'Health' | 'Effort', body: Record<string, unknown>) {
  const r = await t.api('POST', cs(t, `TenantCs${type}Metric`), body);
  expect(r.status).toBe(200);
  return r.body[`tenantCs${type}Metrics`][0];
}

beforeAll(async () => {
  s = await startTestServer({ plugins: ['customer-success'], jobs: false });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  reader = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [{ url: '/cs/company/detail', access_level: 'Read/Write' }],
  });
}, 60_000);
afterAll(async () => s?.stop());

describe.each(['Health', 'Effort'] as const)('TenantCs%sMetric', (type) => {
  const key = `tenantCs${type}Metrics`;
  const idKey = `tenantCs${type}MetricId`;

  test('create, list, get, update with the current version; a stale version answers 409', async () => {
    const m = await metric(a, type, { name: ' Tickets ', calcCode: 'number-of-tickets', weight: 40, max: 20 });
    expect(m).toMatchObject({
      name: 'Tickets',
      calcCode: 'number-of-tickets',
      weight: 40,
      max: 20,
      activeFlag: 1,
      version: 1,
    });
    expect(m[`${type.toLowerCase()}MetricId`]).toBe(m[idKey]);
    const list = await a.api('GET', cs(a, `TenantCs${type}Metric`));
    expect(list.body[key].map((x: Record<string, unknown>) => x[idKey])).toContain(m[idKey]);
    const one = await a.api('GET', cs(a, `TenantCs${type}Metric/${m[idKey]}`));
    expect(one.body[key][0]).toMatchObject({ name: 'Tickets' });

    const up = await a.api('PUT', cs(a, `TenantCs${type}Metric/${m[idKey]}`), { weight: 50, version: 1 });
    expect(up.status).toBe(200);
    expect(up.body[key][0]).toMatchObject({ weight: 50, max: 20, version: 2 });
    const stale = await a.api('PUT', cs(a, `TenantCs${type}Metric/${m[idKey]}`), { weight: 10, version: 1 });
    expect(stale.status).toBe(409);
    expect((await a.api('GET', cs(a, `TenantCs${type}Metric/${m[idKey]}`))).body[key][0].weight).toBe(50);
  });

  test('bad input answers 400 naming the fields, and nothing is stored', async () => {
    const before = (await a.api('GET', cs(a, `TenantCs${type}Metric`))).body[key].length;
    const r = await a.api('POST', cs(a, `TenantCs${type}Metric`), {
      name: '',
      calcCode: 'made-up',
      weight: 0,
      max: -1,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      'body.calcCode',
      'body.max',
      'body.name',
      'body.weight',
    ]);
    const noVersion = await a.api('PUT', cs(a, `TenantCs${type}Metric/1`), { weight: 5 });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.error.fields[0].path).toBe('body.version');
    expect((await a.api('GET', cs(a, `TenantCs${type}Metric`))).body[key].length).toBe(before);
  });

  test('delete is soft: the metric leaves the list and is listed with activeFlag 0; it can be restored', async () => {
    const m = await metric(a, type, { name: 'Gone soon', calcCode: 'custom', weight: 5, max: 5 });
    const del = await a.api('DELETE', cs(a, `TenantCs${type}Metric/${m[idKey]}`));
    expect(del.status).toBe(200);
    expect(del.body.records_updated).toBe(1);
    const active = (await a.api('GET', cs(a, `TenantCs${type}Metric`))).body[key];
    expect(active.find((x: Record<string, unknown>) => x[idKey] === m[idKey])).toBeUndefined();
    const deleted = (await a.api('GET', cs(a, `TenantCs${type}Metric?activeFlag=0`))).body[key];
    expect(deleted.find((x: Record<string, unknown>) => x[idKey] === m[idKey])).toMatchObject({
      activeFlag: 0,
      version: 2,
    });
    expect((await a.api('DELETE', cs(a, `TenantCs${type}Metric/${m[idKey]}`))).status).toBe(404);
    const restored = await a.api('PUT', cs(a, `TenantCs${type}Metric/${m[idKey]}`), { activeFlag: 1, version: 2 });
    expect(restored.body[key][0].activeFlag).toBe(1);
  });

  test('another tenant neither sees nor changes the metric; a user who is not a tenant admin cannot write', async () => {
    const m = await metric(a, type, { name: 'Private', calcCode: 'custom', weight: 5, max: 5 });
    expect((await b.api('GET', cs(b, `TenantCs${type}Metric`))).body[key]).toEqual([]);
    expect((await b.api('GET', cs(b, `TenantCs${type}Metric/${m[idKey]}`))).status).toBe(404);
    expect(
      (await b.api('PUT', cs(b, `TenantCs${type}Metric/${m[idKey]}`), { name: 'Stolen', version: 1 })).status,
    ).toBe(404);
    expect((await b.api('DELETE', cs(b, `TenantCs${type}Metric/${m[idKey]}`))).status).toBe(404);
    const ro = await reader.api('POST', cs(reader, `TenantCs${type}Metric`), {
      name: 'X',
      calcCode: 'custom',
      weight: 1,
      max: 1,
    });
    expect(ro.status).toBe(403);
    expect((await a.api('GET', cs(a, `TenantCs${type}Metric/${m[idKey]}`))).body[key][0].name).toBe('Private');
  });
});

describe('custom values and company scores', () => {
  let t: TestTenant;
  let acme: number;
  let beta: number;
  let nps: number;
  let qbr: number;

  beforeAll(async () => {
    t = await makeTenant(s.k, s.url);
    acme = await company(t, 'Acme');
    beta = await company(t, 'Beta');
    nps = (await metric(t, 'Health', { name: 'NPS', calcCode: 'custom', weight: 60, max: 10 })).tenantCsHealthMetricId;
    qbr = (await metric(t, 'Health', { name: 'QBR attendance', calcCode: 'custom', weight: 40, max: 4 }))
      .tenantCsHealthMetricId;
  });

  test('a company-level GET without a company answers Must select a customer', async () => {
    const r = await t.api('GET', cs(t, 'CompanyCsHealthMetricValues'));
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('Must select a customer');
    const p = await t.api('PUT', cs(t, `CompanyCsHealthMetricValues/${nps}`), { value: 3 });
    expect(p.status).toBe(400);
    expect(p.body.error.message).toBe('Must select a customer');
  });

  test('entering values recalculates the metric scores (weight x value / max) and the health score', async () => {
    const first = await t.api('PUT', cs(t, `CompanyCsHealthMetricValues/${nps}?tenantCompanyId=${acme}`), { value: 5 });
    expect(first.status).toBe(200);
    const v = first.body.companyCsHealthMetricValues[0];
    expect(v).toMatchObject({ tenantCompanyId: acme, healthScore: 50 });
    expect(v.metrics.find((m: { healthMetricId: number }) => m.healthMetricId === nps)).toMatchObject({
      calcCode: 'custom',
      weight: 60,
      max: 10,
      value: 5,
      score: 30,
      source: 'manual',
      version: 1,
    });
    expect(v.metrics.find((m: { healthMetricId: number }) => m.healthMetricId === qbr)).toMatchObject({
      value: null,
      score: null,
    });

    const second = await t.api('PUT', cs(t, `CompanyCsHealthMetricValues/${qbr}`), { tenantCompanyId: acme, value: 3 });
    expect(second.body.companyCsHealthMetricValues[0].healthScore).toBe(60); // 30 + 40 x 3/4
    const got = await t.api('GET', cs(t, `CompanyCsHealthMetricValues?tenantCompanyId=${acme}`));
    expect(got.body.companyCsHealthMetricValues[0].healthScore).toBe(60);
    expect(got.body.tenantCsHealthMetrics.map((m: { name: string }) => m.name)).toEqual(['NPS', 'QBR attendance']);
  });

  test('a value outside 0..max, or for a metric that is not custom, is refused and nothing changes', async () => {
    const tooHigh = await t.api('PUT', cs(t, `CompanyCsHealthMetricValues/${nps}?tenantCompanyId=${acme}`), {
      value: 11,
    });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.error.fields).toEqual([{ path: 'body.value', message: 'Must be between 0 and 10' }]);
    const locations = (
      await metric(t, 'Effort', { name: 'Sites', calcCode: 'number-of-locations', weight: 10, max: 10 })
    ).tenantCsEffortMetricId;
    const notCustom = await t.api('PUT', cs(t, `CompanyCsEffortMetricValues/${locations}?tenantCompanyId=${acme}`), {
      value: 1,
    });
    expect(notCustom.status).toBe(400);
    expect(notCustom.body.error.message).toBe('Only a custom metric takes a value entered by hand.');
    const wrongType = await t.api('PUT', cs(t, `CompanyCsEffortMetricValues/${nps}?tenantCompanyId=${acme}`), {
      value: 1,
    });
    expect(wrongType.status).toBe(404);
    const notNumber = await t.api('PUT', cs(t, `CompanyCsHealthMetricValues/${nps}?tenantCompanyId=${acme}`), {
      value: 'x',
    });
    expect(notNumber.status).toBe(400);
    expect(notNumber.body.error.fields[0].path).toBe('body.value');
    const got = await t.api('GET', cs(t, `CompanyCsHealthMetricValues?tenantCompanyId=${acme}`));
    expect(got.body.companyCsHealthMetricValues[0].healthScore).toBe(60);
  });

  test('the version read with the values is the one to send with the first entry and the next ones', async () => {
    const read = async () =>
      (
        await t.api('GET', cs(t, `CompanyCsHealthMetricValues?tenantCompanyId=${beta}`))
      ).body.companyCsHealthMetricValues[0].metrics.find((m: { healthMetricId: number }) => m.healthMetricId === qbr);
    const before = await read();
    expect(before).toMatchObject({ value: null, source: 'calculated', version: 0 });
    const first = await t.api('PUT', cs(t, `CompanyCsHealthMetricValues/${qbr}?tenantCompanyId=${beta}`), {
      value: 2,
      version: before.version,
    });
    expect(first.status).toBe(200);
    const after = await read();
    expect(after).toMatchObject({ value: 2, source: 'manual', version: 1 });
    expect(
      (
        await t.api('PUT', cs(t, `CompanyCsHealthMetricValues/${qbr}?tenantCompanyId=${beta}`), {
          value: null,
          version: after.version,
        })
      ).status,
    ).toBe(200);
    expect(await read()).toMatchObject({ value: null, source: 'manual', version: 2 });
  });

  test('a stale value version answers 409 and keeps the value', async () => {
    const cur = (
      await t.api('GET', cs(t, `CompanyCsHealthMetricValues?tenantCompanyId=${acme}`))
    ).body.companyCsHealthMetricValues[0].metrics.find((m: { healthMetricId: number }) => m.healthMetricId === nps);
    const ok = await t.api('PUT', cs(t, `CompanyCsHealthMetricValues/${nps}?tenantCompanyId=${acme}`), {
      value: 6,
      version: cur.version,
    });
    expect(ok.status).toBe(200);
    const stale = await t.api('PUT', cs(t, `CompanyCsHealthMetricValues/${nps}?tenantCompanyId=${acme}`), {
      value: 9,
      version: cur.version,
    });
    expect(stale.status).toBe(409);
    const after = (await t.api('GET', cs(t, `CompanyCsHealthMetricValues?tenantCompanyId=${acme}`))).body
      .companyCsHealthMetricValues[0];
    expect(after.metrics.find((m: { healthMetricId: number }) => m.healthMetricId === nps).value).toBe(6);
    expect(after.healthScore).toBe(66);
  });

  test('changing a metric definition recalculates every company; deleting one drops it from the score', async () => {
    await t.api('PUT', cs(t, `CompanyCsHealthMetricValues/${nps}?tenantCompanyId=${beta}`), { value: 10 });
    const list = await t.api('GET', cs(t, 'TenantCsHealthMetric'));
    const q = list.body.tenantCsHealthMetrics.find(
      (m: { tenantCsHealthMetricId: number }) => m.tenantCsHealthMetricId === qbr,
    );
    await t.api('PUT', cs(t, `TenantCsHealthMetric/${qbr}`), { max: 3, version: q.version }); // acme: 36 + 40 x 3/3 = 76
    const acmeNow = (await t.api('GET', cs(t, `CompanyCsHealthMetricValues?tenantCompanyId=${acme}`))).body
      .companyCsHealthMetricValues[0];
    expect(acmeNow.healthScore).toBe(76);
    await t.api('DELETE', cs(t, `TenantCsHealthMetric/${qbr}`));
    const acmeAfter = (await t.api('GET', cs(t, `CompanyCsHealthMetricValues?tenantCompanyId=${acme}`))).body
      .companyCsHealthMetricValues[0];
    expect(acmeAfter.healthScore).toBe(60); // NPS alone: 6 / 10
    expect(acmeAfter.metrics.map((m: { healthMetricId: number }) => m.healthMetricId)).toEqual([nps]);
  });

  test('filteredGet answers the selected companies (all without filters)', async () => {
    const all = await t.api('POST', cs(t, 'CompanyCsHealthMetricValues'), { action: 'filteredGet', filters: {} });
    expect(all.status).toBe(200);
    expect(
      all.body.companyCsHealthMetricValues.map((c: { tenantCompanyId: number }) => c.tenantCompanyId).sort(),
    ).toEqual([acme, beta].sort());
    const one = await t.api('POST', cs(t, 'CompanyCsHealthMetricValues'), {
      action: 'filteredGet',
      filters: { tenantCompanyIds: [beta] },
    });
    expect(one.body.companyCsHealthMetricValues).toHaveLength(1);
    expect(one.body.companyCsHealthMetricValues[0]).toMatchObject({ tenantCompanyId: beta, healthScore: 100 });
  });

  test('healthCodes select companies by the cut variant of their health score (default cuts: 60 warning, 100 success)', async () => {
    const ids = async (filters: Record<string, unknown>) =>
      (
        await t.api('POST', cs(t, 'CompanyCsHealthMetricValues'), { action: 'filteredGet', filters })
      ).body.companyCsHealthMetricValues
        .map((c: { tenantCompanyId: number }) => c.tenantCompanyId)
        .sort();
    expect(await ids({ healthCodes: ['success'] })).toEqual([beta]);
    expect(await ids({ healthCodes: ['warning'] })).toEqual([acme]);
    expect(await ids({ healthCodes: ['warning', 'success'] })).toEqual([acme, beta].sort());
    expect(await ids({ healthCodes: ['danger'] })).toEqual([]);
    expect(await ids({ healthCodes: ['success'], tenantCompanyIds: [acme] })).toEqual([]);
    expect(await ids({ effortCodes: ['success'] })).toEqual([acme, beta].sort()); // effort metric Sites: no locations, effort 0
    expect(await ids({ effortCodes: ['danger'], healthCodes: ['success'] })).toEqual([]);
  });

  test('another tenant sees none of these values and cannot enter one for our company', async () => {
    const other = await b.api('POST', cs(b, 'CompanyCsHealthMetricValues'), {
      action: 'filteredGet',
      filters: { tenantCompanyIds: [acme] },
    });
    expect(other.body.companyCsHealthMetricValues).toEqual([]);
    const single = await b.api('GET', cs(b, `CompanyCsHealthMetricValues?tenantCompanyId=${acme}`));
    expect(single.body.companyCsHealthMetricValues[0]).toMatchObject({ healthScore: null, metrics: [] });
    const forged = await b.api('PUT', cs(b, `CompanyCsHealthMetricValues/${nps}?tenantCompanyId=${acme}`), {
      value: 1,
    });
    expect(forged.status).toBe(404);
    const hist = await b.api('GET', cs(b, `CompanyCsHealthMetricHistoricValues?tenantCompanyId=${acme}`));
    expect(hist.body.companyCsHealthMetricHistoricValues).toEqual([]);
  });

  test('a company added since the last calculation is listed without scores; a deactivated one drops out', async () => {
    const list = async () =>
      (await t.api('POST', cs(t, 'CompanyCsHealthMetricValues'), { action: 'filteredGet', filters: {} })).body
        .companyCsHealthMetricValues as { tenantCompanyId: number; healthScore: number | null }[];
    const gamma = await company(t, 'Gamma Newcomer');
    const withGamma = await list();
    expect(withGamma.map((c) => c.tenantCompanyId).sort()).toEqual([acme, beta, gamma].sort());
    expect(withGamma.find((c) => c.tenantCompanyId === gamma)).toMatchObject({ healthScore: null });
    expect((await t.api('PUT', `/v3/tenant/${t.tenantId}/companies/${gamma}`, { is_active: false })).status).toBe(200);
    expect((await list()).map((c) => c.tenantCompanyId).sort()).toEqual([acme, beta].sort());
  });
});

describe('history and the health delta', () => {
  test('one history row per month; the delta compares with the latest earlier month', async () => {
    const t = await makeTenant(s.k, s.url);
    const acme = await company(t, 'Acme');
    const m = (await metric(t, 'Health', { name: 'Sentiment', calcCode: 'custom', weight: 100, max: 100 }))
      .tenantCsHealthMetricId;
    const now = new Date();
    const day = (monthsAgo: number, d: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, d, 12));
    const key = (monthsAgo: number) => day(monthsAgo, 1).toISOString().slice(0, 7);
    const at = (d: Date) => s.k.db.withTenant(t.tenantId, (trx) => recalculate(trx, t.tenantId, { asOf: d }));
    const enter = (value: number) =>
      t.api('PUT', cs(t, `CompanyCsHealthMetricValues/${m}?tenantCompanyId=${acme}`), { value });
    await enter(40);
    await at(day(3, 10));
    await enter(50);
    await at(day(2, 5));
    await at(day(2, 25)); // same month: replaces, no second row
    const latest = await enter(45); // this month

    const hist = await t.api('GET', cs(t, `CompanyCsHealthMetricHistoricValues?tenantCompanyId=${acme}`));
    expect(hist.status).toBe(200);
    const rows = hist.body.companyCsHealthMetricHistoricValues[0].history;
    expect(rows.map((h: { month: string; healthScore: number }) => [h.month, h.healthScore])).toEqual([
      [key(3), 40],
      [key(2), 50],
      [key(0), 45],
    ]);
    expect(rows[1].metrics).toEqual([{ healthMetricId: m, value: 50, score: 50 }]);
    expect(hist.body.tenantCsHealthMetrics.map((x: { name: string }) => x.name)).toEqual(['Sentiment']);
    const short = await t.api('GET', cs(t, `CompanyCsHealthMetricHistoricValues?tenantCompanyId=${acme}&months=3`));
    expect(short.body.companyCsHealthMetricHistoricValues[0].history.map((h: { month: string }) => h.month)).toEqual([
      key(2),
      key(0),
    ]);

    expect(latest.body.companyCsHealthMetricValues[0]).toMatchObject({
      healthScore: 45,
      previousHealthScore: 50,
      healthDelta: { percent: -10, direction: 'down', color: 'red' },
    });
    await enter(60);
    const up = (await t.api('GET', cs(t, `CompanyCsHealthMetricValues?tenantCompanyId=${acme}`))).body
      .companyCsHealthMetricValues[0];
    expect(up).toMatchObject({
      healthScore: 60,
      previousHealthScore: 50,
      healthDelta: { percent: 20, direction: 'up', color: 'green' },
    });

    const bad = await t.api('GET', cs(t, `CompanyCsHealthMetricHistoricValues?tenantCompanyId=${acme}&months=0`));
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0].path).toBe('query.months');
  });
});

describe('recalculation progress (the bar of `lci cs recalc`)', () => {
  test('one step per active company, then the saving; the last step is the total', async () => {
    const t = await makeTenant(s.k, s.url);
    const ids = [await company(t, 'Acme'), await company(t, 'Beta'), await company(t, 'Gamma')];
    const steps: [number, number, string][] = [];
    const r = await s.k.db.withTenant(t.tenantId, (trx) =>
      recalculate(trx, t.tenantId, { onProgress: (done, total, label) => steps.push([done, total, label]) }),
    );
    expect(r.companies).toBe(3);
    expect(steps.map(([done, total]) => [done, total])).toEqual([
      [0, 4],
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
    expect(
      steps
        .slice(1, 4)
        .map(([, , label]) => label)
        .sort(),
    ).toEqual(ids.map((id) => `company ${id}`).sort());
    expect(steps[4][2]).toBe('saved');
  });
});

describe('demo data', () => {
  test('the fixtures add metrics, tickets, CSAT and six months of history once (idempotent)', async () => {
    const t = await makeTenant(s.k, s.url);
    for (const moniker of ['Acme Dental', 'Brightwater', 'Cedar Ridge']) await company(t, moniker);
    const { metricsFixtures } = await import('../server/metrics/fixtures');
    const run = () => metricsFixtures({ db: s.k.db, k: s.k, tenantId: t.tenantId, log: () => {} });
    await run();
    await run();
    const health = (await t.api('GET', cs(t, 'TenantCsHealthMetric'))).body.tenantCsHealthMetrics;
    expect(health.map((m: { name: string; calcCode: string }) => [m.name, m.calcCode])).toEqual([
      ['Client sentiment', 'custom'],
      ['QBR attendance', 'custom'],
      ['CSAT', 'smileback-csat'],
      ['Assessment score', 'assessment-template'],
    ]);
    expect((await t.api('GET', cs(t, 'TenantCsEffortMetric'))).body.tenantCsEffortMetrics).toHaveLength(2);
    const values = (await t.api('POST', cs(t, 'CompanyCsHealthMetricValues'), { action: 'filteredGet', filters: {} }))
      .body.companyCsHealthMetricValues;
    expect(values).toHaveLength(3);
    for (const v of values) {
      expect(typeof v.healthScore).toBe('number');
      expect(typeof v.previousHealthScore).toBe('number');
      expect(['green', 'red', 'grey']).toContain(v.healthDelta.color);
    }
    const effort = (await t.api('POST', cs(t, 'CompanyCsEffortMetricValues'), { action: 'filteredGet', filters: {} }))
      .body.companyCsEffortMetricValues;
    expect(effort.map((v: { metrics: { value: number }[] }) => v.metrics[0].value)).toEqual([6, 34, 14]);
    const hist = (
      await t.api('POST', cs(t, 'CompanyCsHealthMetricHistoricValues'), { action: 'filteredGet', filters: {} })
    ).body.companyCsHealthMetricHistoricValues;
    expect(hist.map((h: { history: unknown[] }) => h.history.length)).toEqual([7, 7, 7]);
  });
});
