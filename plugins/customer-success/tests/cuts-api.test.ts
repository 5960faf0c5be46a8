/** Cut scores over HTTP: defaults, get_cuts, save (whole set), delete, 400 fields, 409, admin writes, isolation. */
import { makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
const cs = (t: TestTenant, rest: string) => `/v3/cs/tenant/${t.tenantId}/cs/${rest}`;
const getCuts = (t: TestTenant, cutsType: string) =>
  t.api('POST', `/v3/tenant/${t.tenantId}/cutscores`, { operation: 'get_cuts', payload: { cutsType } });
const bands = (rows: { max: number; variant: string }[]) => rows.map((r) => `${r.max}:${r.variant}`);

beforeAll(async () => {
  s = await startTestServer({ plugins: ['customer-success'], jobs: false });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
}, 60_000);
afterAll(async () => s?.stop());

test('a tenant without cuts has the defaults: health 49 danger / 79 warning / 100 success, effort reversed', async () => {
  const h = await getCuts(a, 'health');
  expect(h.status).toBe(200);
  expect(bands(h.body.cut_scores)).toEqual(['49:danger', '79:warning', '100:success']);
  expect(h.body.cut_scores[0]).toEqual({
    tenantCsHealthCutId: null,
    max_score: 49,
    max: 49,
    variant: 'danger',
    color: '#dc3545',
  });
  expect(bands((await getCuts(a, 'effort')).body.cut_scores)).toEqual(['49:success', '79:warning', '100:danger']);
  const list = await a.api('GET', cs(a, 'TenantCsEffortCut'));
  expect(list.body).toMatchObject({ isDefault: true, cutsVersion: 'default' });
  expect(bands(list.body.tenantCsEffortCuts)).toEqual(['49:success', '79:warning', '100:danger']);
  const bad = await getCuts(a, 'value');
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields[0].path).toBe('body.payload.cutsType');
});

test('saving replaces the set; a stale version answers 409; delete removes a band; deleting all brings the defaults back', async () => {
  const v0 = (await a.api('GET', cs(a, 'TenantCsHealthCut'))).body.cutsVersion;
  const saved = await a.api('PUT', cs(a, 'TenantCsHealthCut'), {
    cuts: [
      { max: 100, variant: 'success' },
      { max: 30, variant: 'danger' },
      { max_score: 70, variant: 'warning' },
    ],
    cutsVersion: v0,
  });
  expect(saved.status).toBe(200);
  expect(saved.body.records_updated).toBe(1);
  expect(bands(saved.body.tenantCsHealthCuts)).toEqual(['30:danger', '70:warning', '100:success']);
  expect(bands((await getCuts(a, 'health')).body.cut_scores)).toEqual(['30:danger', '70:warning', '100:success']);
  expect(bands((await getCuts(a, 'effort')).body.cut_scores)).toEqual(['49:success', '79:warning', '100:danger']);

  const stale = await a.api('PUT', cs(a, 'TenantCsHealthCut'), {
    cuts: [{ max: 100, variant: 'info' }],
    cutsVersion: v0,
  });
  expect(stale.status).toBe(409);
  expect(bands((await getCuts(a, 'health')).body.cut_scores)).toEqual(['30:danger', '70:warning', '100:success']);

  const warning = saved.body.tenantCsHealthCuts.find((c: { variant: string }) => c.variant === 'warning');
  expect((await a.api('DELETE', cs(a, `TenantCsHealthCut/${warning.tenantCsHealthCutId}`))).body).toEqual({
    records_updated: 1,
  });
  expect(bands((await getCuts(a, 'health')).body.cut_scores)).toEqual(['30:danger', '100:success']);
  expect((await a.api('DELETE', cs(a, `TenantCsHealthCut/${warning.tenantCsHealthCutId}`))).status).toBe(404);
  for (const c of (await a.api('GET', cs(a, 'TenantCsHealthCut'))).body.tenantCsHealthCuts)
    await a.api('DELETE', cs(a, `TenantCsHealthCut/${c.tenantCsHealthCutId}`));
  expect((await getCuts(a, 'health')).body).toMatchObject({ isDefault: true });
});

test('an invalid set answers 400 with the fields named and changes nothing', async () => {
  await a.api('PUT', cs(a, 'TenantCsEffortCut'), {
    cuts: [
      { max: 60, variant: 'success' },
      { max: 100, variant: 'danger' },
    ],
  });
  const cases: [unknown, string][] = [
    [
      {
        cuts: [
          { max: 50, variant: 'success' },
          { max: 50, variant: 'danger' },
          { max: 100, variant: 'info' },
        ],
      },
      'body.cuts.1.max',
    ],
    [{ cuts: [{ max: 40, variant: 'success' }] }, 'body.cuts.0.max'],
    [{ cuts: [{ max: 100, variant: 'pink' }] }, 'body.cuts.0.variant'],
    [{ cuts: [{ max: 100.5, variant: 'danger' }] }, 'body.cuts.0.max'],
    [{ cuts: [] }, 'body.cuts'],
  ];
  for (const [body, field] of cases) {
    const r = await a.api('PUT', cs(a, 'TenantCsEffortCut'), body);
    expect(r.status).toBe(400);
    expect(r.body.error.fields.map((f: { path: string }) => f.path)).toContain(field);
  }
  expect(bands((await getCuts(a, 'effort')).body.cut_scores)).toEqual(['60:success', '100:danger']);
});

test('cuts are per tenant; another tenant cannot delete ours; non-admins cannot save', async () => {
  const ours = (await a.api('GET', cs(a, 'TenantCsEffortCut'))).body.tenantCsEffortCuts[0];
  expect(bands((await getCuts(b, 'effort')).body.cut_scores)).toEqual(['49:success', '79:warning', '100:danger']);
  expect((await b.api('DELETE', cs(b, `TenantCsEffortCut/${ours.tenantCsEffortCutId}`))).status).toBe(404);
  expect((await getCuts(b, 'effort')).body.isDefault).toBe(true);
  expect(bands((await getCuts(a, 'effort')).body.cut_scores)).toEqual(['60:success', '100:danger']);
  const user = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [{ url: '/cs/admin/csAccountSettings', access_level: 'Read/Write' }],
  });
  expect((await getCuts(user, 'health')).status).toBe(200);
  expect(
    (await user.api('PUT', cs(user, 'TenantCsHealthCut'), { cuts: [{ max: 100, variant: 'success' }] })).status,
  ).toBe(403);
});
