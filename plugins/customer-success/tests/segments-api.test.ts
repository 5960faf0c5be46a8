/**
 * Segments through the API: TenantCsSegmentSettings (defaults, 400 fields, 409 on a stale version), company segments
 * with stale_data, the realtime function customerSegments (HTTP fallback path) and the refresh action, the
 * segmentIds filter, automatic calculation, and tenant isolation.
 */
import {
  makeCompany,
  makeTenant,
  openSocket,
  startTestServer,
  type TestServer,
  type TestSocket,
  type TestTenant,
} from '../../../tests/sdk';
import { contract, cs, customMetric, invokeHttp, setScore } from './segments-helpers';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let acme: number;
let beta: number;
let sock: TestSocket;
let effortMetric: number;

/** customerSegments over the realtime channel: the answer's data (throws on ok:false). */
async function invokeWs(payload: unknown = {}) {
  const r = await sock.invoke('customerSegments', payload);
  if (!r.ok) throw Object.assign(new Error(r.error?.message), { status: r.error?.status });
  return r.data;
}

const segOf = (list: { tenantCompanyId: number; segmentId: number }[], id: number) =>
  list.find((x) => x.tenantCompanyId === id)?.segmentId;

beforeAll(async () => {
  s = await startTestServer({ plugins: ['customer-success'], jobs: false });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  acme = await makeCompany(a, 'Acme');
  beta = await makeCompany(a, 'Beta');
  await contract(a, acme, { cost: 900, billing_cycle: 'Monthly', contract_status: 'Active' });
  await contract(a, acme, { cost: 50, billing_cycle: 'Monthly', end_date: '2001-01-01' });
  await contract(a, beta, { cost: 1440, billing_cycle: 'Annually' });
  effortMetric = await customMetric(a, 'effort');
  await setScore(a, 'effort', effortMetric, acme, 70);
  await setScore(a, 'effort', effortMetric, beta, 20);
  sock = openSocket(s.url, a.token);
  await sock.ready;
}, 90_000);
afterAll(async () => {
  await sock?.close();
  await s?.stop();
});

test('settings start at the defaults of section 3', async () => {
  const r = await a.api('GET', cs(a, 'TenantCsSegmentSettings'));
  expect(r.status).toBe(200);
  expect(r.body.tenantCsSegmentSettings).toMatchObject({
    colorBy: 'health',
    segAutoCalc: false,
    minSegValue: 0,
    cutSegValue: 500,
    maxSegValue: 1000,
    minSegEffort: 0,
    cutSegEffort: 50,
    maxSegEffort: 100,
    showValueSliders: true,
    showEffortSliders: true,
    version: 0,
  });
  expect(r.body.tenantCsSegmentSettings.segmentNames).toHaveLength(4);
});

test('stale segments are computed fresh by customerSegments; companies are placed by value and effort', async () => {
  const before = await a.api('GET', cs(a, 'TenantCompanySegment'));
  expect(before.status).toBe(200);
  expect(before.body.stale_data).toBe(true);
  expect(before.body.segments.every((x: { stale_data: boolean }) => x.stale_data)).toBe(true);

  // The HTTP fallback of apiinvoke runs the write function in a writing transaction: fresh and stored, as the socket.
  const http = await invokeHttp(a, 'customerSegments', {});
  expect(http.status).toBe(200);
  expect(http.body.data.stale_data).toBe(false);
  expect(segOf(http.body.data.segments, acme)).toBe(2);
  expect((await a.api('GET', cs(a, 'TenantCompanySegment'))).body.stale_data).toBe(false);

  const data = await invokeWs();
  expect(data.stale_data).toBe(false);
  const acmeRow = data.segments.find((x: { tenantCompanyId: number }) => x.tenantCompanyId === acme);
  // 900 a month (the expired contract does not count), effort 70: high value, high effort.
  expect(acmeRow).toMatchObject({
    companyName: 'Acme',
    monthlyValue: 900,
    effortScore: 70,
    segmentId: 2,
    segmentName: 'High Maintenance',
    stale_data: false,
  });
  // 1440 a year = 120 a month, effort 20: low value, low effort.
  expect(segOf(data.segments, beta)).toBe(3);

  const after = await a.api('GET', cs(a, 'TenantCompanySegment'));
  expect(after.body.stale_data).toBe(false);
  expect(segOf(after.body.segments, acme)).toBe(2);
});

test('saving settings checks bounds and version, marks segments stale, and a refresh moves companies', async () => {
  const bad = await a.api('PUT', cs(a, 'TenantCsSegmentSettings'), { cutSegValue: 2000, colorBy: 'nope', version: 0 });
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields.map((f: { path: string }) => f.path)).toEqual(['body.colorBy']);
  const badBounds = await a.api('PUT', cs(a, 'TenantCsSegmentSettings'), { cutSegValue: 2000, version: 0 });
  expect(badBounds.status).toBe(400);
  expect(badBounds.body.error.fields.map((f: { path: string }) => f.path)).toEqual(['body.cutSegValue']);
  expect((await a.api('GET', cs(a, 'TenantCsSegmentSettings'))).body.tenantCsSegmentSettings.version).toBe(0);

  const ok = await a.api('PUT', cs(a, 'TenantCsSegmentSettings'), { cutSegValue: 950, version: 0 });
  expect(ok.status).toBe(200);
  expect(ok.body.tenantCsSegmentSettings).toMatchObject({ cutSegValue: 950, version: 1, maxSegValue: 1000 });
  const stale = await a.api('PUT', cs(a, 'TenantCsSegmentSettings'), { cutSegValue: 100, version: 0 });
  expect(stale.status).toBe(409);

  const listed = await a.api('GET', cs(a, 'TenantCompanySegment'));
  expect(listed.body.stale_data).toBe(true);
  const refreshed = await a.api('POST', cs(a, 'TenantCompanySegment'), { action: 'refresh' });
  expect(refreshed.status).toBe(200);
  expect(refreshed.body.stale_data).toBe(false);
  expect(segOf(refreshed.body.segments, acme)).toBe(4);
  expect(segOf(refreshed.body.segments, beta)).toBe(3);
});

test('the segmentIds filter selects the companies of a segment', async () => {
  const r = await a.api('POST', cs(a, 'TenantCompanySegment'), { action: 'filteredGet', filters: { segmentIds: [4] } });
  expect(r.status).toBe(200);
  expect(r.body.segments.map((x: { tenantCompanyId: number }) => x.tenantCompanyId)).toEqual([acme]);
  const viaRealtime = await invokeWs({ filters: { segmentIds: [3] } });
  expect(viaRealtime.segments.map((x: { tenantCompanyId: number }) => x.tenantCompanyId)).toEqual([beta]);
  const bad = await sock.invoke('customerSegments', { filters: { segmentIds: ['x'] } });
  expect(bad).toMatchObject({ ok: false, error: { status: 400 } });
  const badHttp = await invokeHttp(a, 'customerSegments', { filters: { segmentIds: ['x'] } });
  expect(badHttp.status).toBe(400);
  expect(badHttp.body.error.fields.map((f: { path: string }) => f.path)).toEqual(['payload.filters.segmentIds.0']);
});

test('one company segment needs a company', async () => {
  const r = await a.api('GET', cs(a, 'TenantCompanyCsSegment'));
  expect(r.status).toBe(400);
  expect(r.body.error.message).toBe('Must select a customer');
  const one = await a.api('GET', cs(a, `TenantCompanyCsSegment?tenantCompanyId=${beta}`));
  expect(one.body.segments.map((x: { tenantCompanyId: number }) => x.tenantCompanyId)).toEqual([beta]);
});

test('automatic calculation sets the bounds from the data', async () => {
  const cur = (await a.api('GET', cs(a, 'TenantCsSegmentSettings'))).body.tenantCsSegmentSettings;
  const on = await a.api('PUT', cs(a, 'TenantCsSegmentSettings'), { segAutoCalc: true, version: cur.version });
  expect(on.status).toBe(200);
  const data = await invokeWs();
  const st = (await a.api('GET', cs(a, 'TenantCsSegmentSettings'))).body.tenantCsSegmentSettings;
  // values 900 and 120: min 120, median 510, max 900; efforts 70 and 20: 20 / 45 / 70.
  expect(st).toMatchObject({
    segAutoCalc: true,
    minSegValue: 120,
    cutSegValue: 510,
    maxSegValue: 900,
    minSegEffort: 20,
    cutSegEffort: 45,
    maxSegEffort: 70,
  });
  expect(segOf(data.segments, acme)).toBe(2);
  expect(segOf(data.segments, beta)).toBe(3);
});

test('a changed effort score or contract makes that company stale', async () => {
  await invokeWs();
  const staleOf = async () =>
    Object.fromEntries(
      (await a.api('GET', cs(a, 'TenantCompanySegment'))).body.segments.map(
        (x: { tenantCompanyId: number; stale_data: boolean }) => [x.tenantCompanyId, x.stale_data],
      ),
    );
  expect(await staleOf()).toEqual({ [acme]: false, [beta]: false });
  await setScore(a, 'effort', effortMetric, beta, 90);
  expect(await staleOf()).toEqual({ [acme]: false, [beta]: true });
  await contract(a, acme, { cost: 10, billing_cycle: 'Monthly' });
  expect(await staleOf()).toEqual({ [acme]: true, [beta]: true });
  const fresh = await invokeWs();
  expect(fresh.segments.find((x: { tenantCompanyId: number }) => x.tenantCompanyId === acme).monthlyValue).toBe(910);
  expect(await staleOf()).toEqual({ [acme]: false, [beta]: false });
});

test('tenants are isolated', async () => {
  const seen = await invokeHttp(b, 'customerSegments', {});
  expect(seen.status).toBe(200);
  expect(seen.body.data.segments).toEqual([]);
  const settings = await b.api('GET', cs(b, 'TenantCsSegmentSettings'));
  expect(settings.body.tenantCsSegmentSettings).toMatchObject({ version: 0, cutSegValue: 500, segAutoCalc: false });
  const other = await b.api('GET', cs(b, `TenantCompanyCsSegment?tenantCompanyId=${acme}`));
  expect(other.body.segments).toEqual([]);
  const filtered = await b.api('POST', cs(b, 'TenantCompanySegment'), {
    action: 'filteredGet',
    filters: { tenantCompanyIds: [acme] },
  });
  expect(filtered.body.segments).toEqual([]);
  // B's writes never touch A's rows.
  const before = (await a.api('GET', cs(a, 'TenantCsSegmentSettings'))).body.tenantCsSegmentSettings;
  expect((await b.api('PUT', cs(b, 'TenantCsSegmentSettings'), { cutSegValue: 1, version: 0 })).status).toBe(200);
  expect((await a.api('GET', cs(a, 'TenantCsSegmentSettings'))).body.tenantCsSegmentSettings).toEqual(before);
  // Another tenant's path is refused.
  expect((await b.api('GET', cs(a, 'TenantCompanySegment'))).status).toBe(403);
});
