/** Contracts over HTTP: insert, update, delete, copy, notice date, optimistic concurrency, tenant isolation, read-only. */
import { linkedGoalsPoint } from '../public';
import { contribute } from '../../../kernel/index';
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let acme: number;
let beta: number;
let gamma: number;
let mainOffice: number;
let bCompany: number;

const base = (t: TestTenant) => `/v3/tenant/${t.tenantId}`;
const contractsUrl = (t: TestTenant, company: number) => `${base(t)}/company/${company}/contracts`;
const post = (t: TestTenant, company: number, operation: string, payload: unknown) =>
  t.api('POST', contractsUrl(t, company), { operation, payload });
const list = async (t: TestTenant, company: number) =>
  (await t.api('GET', contractsUrl(t, company))).body.contracts as any[];

beforeAll(async () => {
  s = await startTestServer({ plugins: ['companies'] });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  acme = await makeCompany(a, 'Acme');
  beta = await makeCompany(a, 'Beta');
  gamma = await makeCompany(a, 'Gamma');
  bCompany = await makeCompany(b, 'B Corp');
  mainOffice = (await a.api('POST', `${base(a)}/company/${acme}/locations`, { location_name: 'Main Office' })).body
    .tenant_company_location_id;
});
afterAll(async () => s?.stop());

const full = {
  vendor: 'Microsoft',
  account: 'M365 E3',
  business_impact: 'High',
  description: 'Licences',
  contract_status: 'Active',
  billing_cycle: 'Annually',
  cost: 12000.5,
  auto_renew_flag: true,
  next_due_date: '2025-01-01',
  end_date: '2025-06-30',
  notice_to_terminate_in_days: 30,
  budget_past_end_date_flag: true,
  alert_trigger: 'Notice Date',
  lead_time_to_alert_in_days: 14,
};

test('insert answers records_updated 1 and the new id; the contract carries every field and its notice date', async () => {
  const r = await post(a, acme, 'insert', { ...full, tenant_company_location_id: mainOffice });
  expect(r.status).toBe(200);
  expect(r.body.records_updated).toBe(1);
  expect(r.body.tenant_company_contract_id).toEqual(expect.any(Number));
  const [c] = await list(a, acme);
  expect(c).toEqual({
    ...full,
    tenant_company_contract_id: r.body.tenant_company_contract_id,
    tenant_company_id: acme,
    company_moniker: 'Acme',
    tenant_company_location_id: mainOffice,
    location_moniker: 'Main Office',
    is_auto_renew: true,
    notice_date: '2025-05-31',
    linked_goals: [],
    version: 1,
    updated_at: expect.any(String),
  });
  const all = (await a.api('GET', `${base(a)}/tenantcontracts/`)).body.contracts;
  expect(all.map((x: any) => x.tenant_company_contract_id)).toEqual([c.tenant_company_contract_id]);
});

test('a contract without an end date has no notice date; empty texts are stored as null', async () => {
  const r = await post(a, beta, 'insert', {
    vendor: 'Datto',
    account: '',
    end_date: '',
    notice_to_terminate_in_days: 10,
  });
  expect(r.status).toBe(200);
  const [c] = await list(a, beta);
  expect(c).toMatchObject({
    vendor: 'Datto',
    account: null,
    end_date: null,
    notice_date: null,
    notice_to_terminate_in_days: 10,
    auto_renew_flag: false,
  });
});

test('bad input: 400 naming the fields, nothing stored', async () => {
  const before = (await list(a, gamma)).length;
  const r = await post(a, gamma, 'insert', {
    vendor: ' ',
    end_date: '2025-02-30',
    notice_to_terminate_in_days: -1,
    contract_status: 'Sleeping',
  });
  expect(r.status).toBe(400);
  const paths = r.body.error.fields.map((f: { path: string }) => f.path);
  expect(paths).toEqual(
    expect.arrayContaining([
      'body.payload.vendor',
      'body.payload.end_date',
      'body.payload.notice_to_terminate_in_days',
      'body.payload.contract_status',
    ]),
  );
  expect(r.body.error.fields.find((f: { path: string }) => f.path === 'body.payload.vendor').message).toBe('Required.');
  const op = await a.api('POST', contractsUrl(a, gamma), { operation: 'archive', payload: {} });
  expect(op.status).toBe(400);
  expect((await list(a, gamma)).length).toBe(before);
});

test('a location of another company answers 404 and stores nothing', async () => {
  const r = await post(a, gamma, 'insert', { vendor: 'X', tenant_company_location_id: mainOffice });
  expect(r.status).toBe(404);
  expect(await list(a, gamma)).toEqual([]);
});

test('update with the current version saves and recomputes the notice date; a stale version answers 409 and changes nothing', async () => {
  const [c] = await list(a, acme);
  const r = await post(a, acme, 'update', { ...c, end_date: '2025-12-31', notice_to_terminate_in_days: 60 });
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ records_updated: 1, tenant_company_contract_id: c.tenant_company_contract_id });
  expect(r.body.contract).toMatchObject({ end_date: '2025-12-31', notice_date: '2025-11-01', version: 2 });
  const stale = await post(a, acme, 'update', { ...c, vendor: 'Overwritten' });
  expect(stale.status).toBe(409);
  const [after] = await list(a, acme);
  expect(after).toMatchObject({ vendor: 'Microsoft', end_date: '2025-12-31', version: 2 });
  const noVersion = await post(a, acme, 'update', { ...after, version: undefined });
  expect(noVersion.status).toBe(400);
});

test('copy puts the contract into the other companies and answers how many; the source company is unchanged', async () => {
  const [c] = await list(a, acme);
  const r = await post(a, acme, 'copy', {
    tenant_company_contract_id: c.tenant_company_contract_id,
    target_tenant_company_ids: [beta, gamma],
  });
  expect(r.status).toBe(200);
  expect(r.body.records_updated).toBe(2);
  expect(r.body.tenant_company_contract_ids).toHaveLength(2);
  expect(await list(a, acme)).toHaveLength(1);
  const [copy] = await list(a, gamma);
  expect(copy).toMatchObject({
    vendor: 'Microsoft',
    end_date: '2025-12-31',
    notice_date: '2025-11-01',
    cost: 12000.5,
    tenant_company_location_id: null,
    location_moniker: null,
    version: 1,
  });
  expect((await list(a, beta)).map((x) => x.vendor).sort()).toEqual(['Datto', 'Microsoft']);
});

test('delete answers records_updated 1; deleting it again answers 404', async () => {
  const [copy] = await list(a, gamma);
  const r = await post(a, gamma, 'delete', {
    tenant_company_contract_id: copy.tenant_company_contract_id,
    version: copy.version,
  });
  expect(r.status).toBe(200);
  expect(r.body.records_updated).toBe(1);
  expect(await list(a, gamma)).toEqual([]);
  const again = await post(a, gamma, 'delete', { tenant_company_contract_id: copy.tenant_company_contract_id });
  expect(again.status).toBe(404);
});

test('a contract of another company of the tenant is not reachable through this company', async () => {
  const [c] = await list(a, acme);
  expect((await post(a, beta, 'update', { ...c })).status).toBe(404);
  expect((await post(a, beta, 'delete', { tenant_company_contract_id: c.tenant_company_contract_id })).status).toBe(
    404,
  );
  expect(await list(a, acme)).toHaveLength(1);
});

test("another tenant's ids answer 404 and change nothing", async () => {
  const [c] = await list(a, acme);
  const snapshot = JSON.stringify(await list(a, acme));
  // A's company in B's tenant path.
  expect((await b.api('GET', contractsUrl(b, acme))).status).toBe(404);
  expect((await post(b, acme, 'insert', { vendor: 'Intruder' })).status).toBe(404);
  // A's contract through B's own company.
  expect((await post(b, bCompany, 'update', { ...c, vendor: 'Stolen' })).status).toBe(404);
  expect((await post(b, bCompany, 'delete', { tenant_company_contract_id: c.tenant_company_contract_id })).status).toBe(
    404,
  );
  expect(
    (
      await post(b, bCompany, 'copy', {
        tenant_company_contract_id: c.tenant_company_contract_id,
        target_tenant_company_ids: [bCompany],
      })
    ).status,
  ).toBe(404);
  // B copying its own contract into A's company.
  const own = await post(b, bCompany, 'insert', { vendor: 'Own' });
  expect(
    (
      await post(b, bCompany, 'copy', {
        tenant_company_contract_id: own.body.tenant_company_contract_id,
        target_tenant_company_ids: [acme],
      })
    ).status,
  ).toBe(404);
  // A's location on B's contract.
  expect((await post(b, bCompany, 'insert', { vendor: 'Loc', tenant_company_location_id: mainOffice })).status).toBe(
    404,
  );
  expect(JSON.stringify(await list(a, acme))).toBe(snapshot);
  expect((await b.api('GET', `${base(b)}/tenantcontracts`)).body.contracts.map((x: any) => x.vendor)).toEqual(['Own']);
  expect((await b.api('GET', `${base(b)}/tenantcontracts?tenantCompanyId=${acme}`)).status).toBe(404);
  expect((await a.api('GET', `${base(a)}/tenantcontracts?tenantCompanyId=${acme}`)).body.contracts).toHaveLength(1);
  // A's tenant id in B's path.
  expect((await b.api('GET', `${base(a)}/tenantcontracts`)).status).toBe(403);
});

test('a Read Only contract manager reads contracts but cannot write them', async () => {
  const ro = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [{ url: '/contractManager', access_level: 'Read Only' }],
  });
  const own = await s.k.db.withTenant(
    ro.tenantId,
    async (trx) =>
      (
        await trx('tenant_companies')
          .insert({ tenant_id: ro.tenantId, moniker: 'RO Co' })
          .returning('tenant_company_id')
      )[0].tenant_company_id,
  );
  expect((await ro.api('GET', contractsUrl(ro, Number(own)))).status).toBe(200);
  const w = await post(ro, Number(own), 'insert', { vendor: 'No' });
  expect(w.status).toBe(403);
  expect(w.body.error.message).toBe('You only have Read Only Access to This Page.');
});

test('linked_goals come from the sources registered at companies.linkedGoals in this kernel', async () => {
  const [c] = await list(a, acme);
  expect(c.linked_goals).toEqual([]);
  // A registration as a plugin depending on companies makes it (the kernel checks the dependency).
  expect(() =>
    s.k.points.add('goals-test', [contribute(linkedGoalsPoint, async () => new Map())], () => false),
  ).toThrow('goals-test: registers into "companies.linkedGoals" but does not depend on "companies"');
  s.k.points.add(
    'goals-test',
    [
      contribute(
        linkedGoalsPoint,
        async (_trx, ids) => new Map(ids.map((id) => [id, [{ tenant_company_goal_id: 77, moniker: `Goal of ${id}` }]])),
      ),
    ],
    (o) => o === 'companies',
  );
  const [withGoals] = await list(a, acme);
  expect(withGoals.linked_goals).toEqual([
    { tenant_company_goal_id: 77, moniker: `Goal of ${c.tenant_company_contract_id}` },
  ]);
});
