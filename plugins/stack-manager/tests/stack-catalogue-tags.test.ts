/**
 * Stack tags of companies (TenantCompanyCsStackTagManager) and the tag-deletion treatments of saveStackServices:
 * what removeAllApplicable, removeOnlyWithoutData and leaveAsIs (the default) store in cs_company_stack_alignments,
 * and deleting a tag (leaveAsIs for every service carrying it).
 */
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
const cs = (t: TestTenant, rest: string) => `/v3/cs/tenant/${t.tenantId}/cs/${rest}`;
const fields = (r: { body: any }) => (r.body.error?.fields ?? []).map((f: { path: string }) => f.path);
let X: number;
let Y: number;
/** c1 X only; c2 X and Y; c3 X with a stored item; c4 X with a note; c5 X with a recommendation; c6 no tags. */
let c: Record<'c1' | 'c2' | 'c3' | 'c4' | 'c5' | 'c6', number>;

async function tag(t: TestTenant, moniker: string): Promise<number> {
  return (await t.api('POST', cs(t, 'TenantCsStackTag'), { moniker, color: '#336699' })).body.tenantCsStackTags[0]
    .tagId;
}
async function setTags(companyId: number, tagIds: number[]) {
  const r = await a.api('PUT', `${cs(a, 'TenantCompanyCsStackTagManager')}?tenantCompanyId=${companyId}`, { tagIds });
  expect(r.status).toBe(200);
  return r.body.tenantCompanyCsStackTags;
}
/** A service tagged X and Y where c3 has a stored partial item, c4 a note and c5 a recommendation. */
async function service(moniker: string) {
  const svc = (
    await a.api('POST', cs(a, 'TenantCsStackService'), { moniker, tagIds: [X, Y], defaultAlignment: 'other' })
  ).body.tenantCsStackServices[0];
  await s.k.db.withTenant(a.tenantId, async (trx) => {
    await trx('cs_company_stack_alignments').insert({
      tenant_id: a.tenantId,
      tenant_company_id: c.c3,
      service_id: svc.serviceId,
      alignment: 'partial',
      applicable_flag: true,
    });
    await trx('cs_stack_alignment_notes').insert({
      tenant_id: a.tenantId,
      tenant_company_id: c.c4,
      type_ref_id: svc.serviceId,
      note: 'Asked about it',
    });
    await trx('cs_stack_alignment_recommendations').insert({
      tenant_id: a.tenantId,
      tenant_company_id: c.c5,
      service_id: svc.serviceId,
      tenant_company_project_id: 42,
    });
  });
  return svc;
}
/** The stored items of a service: company key -> 'alignment:applicable'. */
async function items(serviceId: number): Promise<Record<string, string>> {
  const rows = await s.k.db.withTenant(a.tenantId, (trx) =>
    trx('cs_company_stack_alignments')
      .where({ service_id: serviceId })
      .select('tenant_company_id', 'alignment', 'applicable_flag'),
  );
  const name = new Map(Object.entries(c).map(([k, v]) => [v, k]));
  return Object.fromEntries(
    rows.map((r: any) => [name.get(Number(r.tenant_company_id)), `${r.alignment}:${r.applicable_flag ? 1 : 0}`]),
  );
}

beforeAll(async () => {
  s = await startTestServer({ plugins: ['stack-manager'], jobs: false });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  c = {
    c1: await makeCompany(a, 'One'),
    c2: await makeCompany(a, 'Two'),
    c3: await makeCompany(a, 'Three'),
    c4: await makeCompany(a, 'Four'),
    c5: await makeCompany(a, 'Five'),
    c6: await makeCompany(a, 'Six'),
  };
  X = await tag(a, 'Microsoft 365');
  Y = await tag(a, 'On-prem');
}, 180_000);
afterAll(async () => s?.stop());

test('company stack tags: GET, PUT replaces, filteredGet, 400 fields, Must select a customer, isolation', async () => {
  expect(await setTags(c.c1, [X])).toEqual([
    { tenantCompanyId: c.c1, tagId: X, moniker: 'Microsoft 365', color: '#336699' },
  ]);
  expect((await setTags(c.c2, [Y, X])).map((t: any) => t.moniker)).toEqual(['Microsoft 365', 'On-prem']);
  for (const k of ['c3', 'c4', 'c5'] as const) await setTags(c[k], [X]);
  expect(
    (
      await a.api('GET', `${cs(a, 'TenantCompanyCsStackTagManager')}?tenantCompanyId=${c.c2}`)
    ).body.tenantCompanyCsStackTags
      .map((t: any) => t.tagId)
      .sort(),
  ).toEqual([X, Y].sort());
  expect((await a.api('GET', cs(a, 'TenantCompanyCsStackTagManager'))).body.error.message).toBe(
    'Must select a customer',
  );
  const many = await a.api('POST', cs(a, 'TenantCompanyCsStackTagManager'), {
    action: 'filteredGet',
    filters: { tenantCompanyIds: [c.c1, c.c2] },
  });
  expect(many.body.tenantCompanyCsStackTags.map((t: any) => t.tenantCompanyId).sort()).toEqual(
    [c.c1, c.c2, c.c2].sort(),
  );
  expect(
    (await a.api('POST', cs(a, 'TenantCompanyCsStackTagManager'), { action: 'filteredGet' })).body
      .tenantCompanyCsStackTags,
  ).toHaveLength(6);

  const theirs = await tag(b, 'Theirs');
  const bad = await a.api('PUT', `${cs(a, 'TenantCompanyCsStackTagManager')}?tenantCompanyId=${c.c6}`, {
    tagIds: [X, theirs],
  });
  expect(fields(bad)).toEqual(['body.tagIds.1']);
  const otherCompany = await makeCompany(b, 'Elsewhere');
  expect(
    fields(
      await a.api('PUT', `${cs(a, 'TenantCompanyCsStackTagManager')}?tenantCompanyId=${otherCompany}`, { tagIds: [X] }),
    ),
  ).toEqual(['query.tenantCompanyId']);
  expect(
    (await a.api('GET', `${cs(a, 'TenantCompanyCsStackTagManager')}?tenantCompanyId=${c.c6}`)).body
      .tenantCompanyCsStackTags,
  ).toEqual([]);
  expect(
    (await b.api('POST', cs(b, 'TenantCompanyCsStackTagManager'), { action: 'filteredGet' })).body
      .tenantCompanyCsStackTags,
  ).toEqual([]);
  // Company tags are written with Read/Write on company detail; a tenant admin is not required.
  const reader = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [{ url: '/cs/company/detail', access_level: 'Read Only' }],
  });
  const readerCompany = await makeCompany(a, 'Reader co');
  expect(
    (
      await reader.api('PUT', `${cs(reader, 'TenantCompanyCsStackTagManager')}?tenantCompanyId=${readerCompany}`, {
        tagIds: [],
      })
    ).status,
  ).toBe(403);
});

test('removeAllApplicable: every affected company is stored not applicable; companies keeping another tag are untouched', async () => {
  const svc = await service('Treatment all');
  const r = await a.api('PUT', cs(a, 'TenantCsStackService'), {
    services: [{ serviceId: svc.serviceId, version: svc.version, tagIds: [Y] }],
    tagDeletions: [{ serviceId: svc.serviceId, tagId: X, treatment: 'removeAllApplicable' }],
  });
  expect(r.status).toBe(200);
  expect(r.body.tenantCsStackServices.find((x: any) => x.serviceId === svc.serviceId).tagIds).toEqual([Y]);
  expect(await items(svc.serviceId)).toEqual({ c1: 'other:0', c3: 'partial:0', c4: 'other:0', c5: 'other:0' });
});

test('removeOnlyWithoutData: companies with a stored item, a note or a recommendation keep it applicable', async () => {
  const svc = await service('Treatment without data');
  // A tag-deletion request on its own takes the tag off the service too.
  const r = await a.api('PUT', cs(a, 'TenantCsStackService'), {
    tagDeletions: [{ serviceId: svc.serviceId, tagId: X, treatment: 'removeOnlyWithoutData' }],
  });
  expect(r.status).toBe(200);
  expect(r.body.records_updated).toBe(1);
  expect(r.body.tenantCsStackServices.find((x: any) => x.serviceId === svc.serviceId)).toMatchObject({
    tagIds: [Y],
    version: svc.version + 1,
  });
  expect(await items(svc.serviceId)).toEqual({ c1: 'other:0', c3: 'partial:1', c4: 'other:1', c5: 'other:1' });
});

test('leaveAsIs is the default: affected companies without a stored item get one storing applicable true', async () => {
  const svc = await service('Treatment default');
  const r = await a.api('PUT', cs(a, 'TenantCsStackService'), {
    services: [{ serviceId: svc.serviceId, tagIds: [Y] }],
  });
  expect(r.status).toBe(200);
  expect(await items(svc.serviceId)).toEqual({ c1: 'other:1', c3: 'partial:1', c4: 'other:1', c5: 'other:1' });
});

test('deleting a tag takes it off services and companies and leaves their alignments as they were', async () => {
  const svc = await service('Tag deleted');
  const del = await a.api('DELETE', cs(a, `TenantCsStackTag/${X}`));
  expect(del.body).toEqual({ records_updated: 1 });
  expect(
    (await a.api('GET', cs(a, `TenantCsStackService/${svc.serviceId}`))).body.tenantCsStackServices[0].tagIds,
  ).toEqual([Y]);
  expect(
    (await a.api('GET', `${cs(a, 'TenantCompanyCsStackTagManager')}?tenantCompanyId=${c.c1}`)).body
      .tenantCompanyCsStackTags,
  ).toEqual([]);
  expect(await items(svc.serviceId)).toEqual({ c1: 'other:1', c3: 'partial:1', c4: 'other:1', c5: 'other:1' });
  expect(
    (await a.api('GET', `${cs(a, 'TenantCsStackTag')}?activeFlag=0`)).body.tenantCsStackTags.map((t: any) => t.tagId),
  ).toContain(X);
  expect(
    fields(
      await a.api('PUT', cs(a, 'TenantCsStackService'), { services: [{ serviceId: svc.serviceId, tagIds: [X] }] }),
    ),
  ).toEqual(['body.services.0.tagIds.0']);
});
