/**
 * The stack catalogue over HTTP: services (CRUD, 400 fields, 409, soft delete and restore), saveStackServices (temporary
 * ids, only changed items, products marked for deletion), categories (Category Manager save), tags (object and tags API),
 * company stack tags, tenant isolation and tenant-admin writes.
 */
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { makeTenant, type TestTenant } from '../../../tests/sdk';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
const cs = (t: TestTenant, rest: string) => `/v3/cs/tenant/${t.tenantId}/cs/${rest}`;
const tagApi = (t: TestTenant) => `/v3/tenantadmin/${t.tenantId}/tenanttag/`;
const fields = (r: { body: any }) => (r.body.error?.fields ?? []).map((f: { path: string }) => f.path);

async function tag(t: TestTenant, moniker: string, color = '#112233'): Promise<number> {
  const r = await t.api('POST', cs(t, 'TenantCsStackTag'), { moniker, color });
  expect(r.status).toBe(200);
  return r.body.tenantCsStackTags[0].tagId;
}

beforeAll(async () => {
  s = await startTestServer({ plugins: ['stack-manager'], jobs: false });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
}, 180_000);
afterAll(async () => s?.stop());

test('create, get, list sorted by sort then moniker, update with version (409 when stale)', async () => {
  const m365 = await tag(a, 'M365 crud');
  const cat = (await a.api('POST', cs(a, 'TenantCsStackCategory'), { moniker: 'Security' })).body
    .tenantCsStackCategories[0].csStackCategoryId;
  const created = await a.api('POST', cs(a, 'TenantCsStackService'), {
    moniker: '  Email Security  ',
    categoryId: cat,
    tagIds: [m365],
    sort: 5,
    products: [
      { moniker: 'Proofpoint', calcType: 'perSeatPerMonth', chargeEstimate: 3.5, preferredFlag: 1 },
      { moniker: 'Mimecast', calcType: 'perSeatPerMonth', chargeEstimate: 4 },
    ],
  });
  expect(created.status).toBe(200);
  expect(created.body.records_updated).toBe(1);
  const svc = created.body.tenantCsStackServices[0];
  expect(svc).toMatchObject({
    moniker: 'Email Security',
    description: '',
    sort: 5,
    categoryId: cat,
    tagIds: [m365],
    defaultApplicableFlag: 1,
    defaultAlignment: 'fully',
    defaultPartOfContractFlag: 0,
    defaultChargeEstimate: 0,
    defaultCalcType: 'adhoc',
    activeFlag: 1,
    version: 1,
    servicesUsed: 0,
    totMrrOpp: 0,
    companyNames: [],
  });
  expect(
    svc.products.map((p: any) => [p.moniker, p.calcType, p.chargeEstimate, p.preferredFlag, p.activeFlag]),
  ).toEqual([
    ['Proofpoint', 'perSeatPerMonth', 3.5, 1, 1],
    ['Mimecast', 'perSeatPerMonth', 4, 0, 1],
  ]);
  expect(svc.preferredProducts).toEqual([svc.products[0].productId]);
  expect(svc.productIds).toEqual(svc.products.map((p: any) => p.productId));

  await a.api('POST', cs(a, 'TenantCsStackService'), { moniker: 'backup', sort: 5 });
  await a.api('POST', cs(a, 'TenantCsStackService'), { moniker: 'Zeta', sort: 1 });
  const list = (await a.api('GET', cs(a, 'TenantCsStackService'))).body.tenantCsStackServices.map(
    (x: any) => x.moniker,
  );
  expect(list.indexOf('Zeta')).toBeLessThan(list.indexOf('backup'));
  expect(list.indexOf('backup')).toBeLessThan(list.indexOf('Email Security'));

  expect(
    (await a.api('GET', cs(a, `TenantCsStackService/${svc.serviceId}`))).body.tenantCsStackServices[0].moniker,
  ).toBe('Email Security');
  const upd = await a.api('PUT', cs(a, `TenantCsStackService/${svc.serviceId}`), {
    description: 'Filtering',
    defaultChargeEstimate: 12.25,
    version: 1,
  });
  expect(upd.status).toBe(200);
  expect(upd.body.tenantCsStackServices[0]).toMatchObject({
    description: 'Filtering',
    defaultChargeEstimate: 12.25,
    version: 2,
    moniker: 'Email Security',
  });
  const stale = await a.api('PUT', cs(a, `TenantCsStackService/${svc.serviceId}`), { description: 'Lost', version: 1 });
  expect(stale.status).toBe(409);
  expect(
    (await a.api('GET', cs(a, `TenantCsStackService/${svc.serviceId}`))).body.tenantCsStackServices[0].description,
  ).toBe('Filtering');
  expect((await a.api('PUT', cs(a, 'TenantCsStackService/999999999'), { description: 'x' })).status).toBe(404);
});

test('bad input answers 400 naming the field and changes nothing', async () => {
  const before = (await a.api('GET', cs(a, 'TenantCsStackService'))).body.tenantCsStackServices.length;
  const otherTag = await tag(b, 'Theirs');
  const cases: [string, string, unknown, string][] = [
    ['POST', 'TenantCsStackService', { moniker: '   ' }, 'body.moniker'],
    ['POST', 'TenantCsStackService', { moniker: 'x'.repeat(201) }, 'body.moniker'],
    ['POST', 'TenantCsStackService', { moniker: 'A', defaultCalcType: 'weekly' }, 'body.defaultCalcType'],
    ['POST', 'TenantCsStackService', { moniker: 'A', defaultChargeEstimate: -1 }, 'body.defaultChargeEstimate'],
    ['POST', 'TenantCsStackService', { moniker: 'A', defaultChargeEstimate: 1.234 }, 'body.defaultChargeEstimate'],
    [
      'POST',
      'TenantCsStackService',
      { moniker: 'A', products: [{ moniker: 'P', calcType: 'perSeat', chargeEstimate: 0.001 }] },
      'body.products.0.chargeEstimate',
    ],
    [
      'POST',
      'TenantCsStackService',
      { moniker: 'A', products: [{ moniker: 'P', calcType: 'monthly', chargeEstimate: 1 }] },
      'body.products.0.calcType',
    ],
    ['POST', 'TenantCsStackService', { moniker: 'A', tagIds: [otherTag] }, 'body.tagIds.0'],
    ['POST', 'TenantCsStackService', { moniker: 'A', categoryId: 987654321 }, 'body.categoryId'],
    ['PUT', 'TenantCsStackService', { services: [{ serviceId: -1 }] }, 'body.services.0.moniker'],
    [
      'PUT',
      'TenantCsStackService',
      { services: [{ serviceId: 987654321, moniker: 'A' }] },
      'body.services.0.serviceId',
    ],
    ['POST', 'TenantCsStackTag', { moniker: 'Red', color: 'red' }, 'body.color'],
    ['POST', 'TenantCsStackTag', { moniker: '', color: '#ff0000' }, 'body.moniker'],
  ];
  for (const [method, path, body, field] of cases) {
    const r = await a.api(method, cs(a, path), body);
    expect([r.status, path, field]).toEqual([400, path, field].map((v, i) => (i === 0 ? 400 : v)));
    expect(fields(r)).toContain(field);
  }
  expect((await a.api('GET', cs(a, 'TenantCsStackService'))).body.tenantCsStackServices.length).toBe(before);
});

test('soft delete lists the service under activeFlag=0; restore brings it back', async () => {
  const id = (await a.api('POST', cs(a, 'TenantCsStackService'), { moniker: 'Deletable' })).body
    .tenantCsStackServices[0].serviceId;
  expect((await a.api('DELETE', cs(a, `TenantCsStackService/${id}`))).body).toEqual({ records_updated: 1 });
  expect(
    (await a.api('GET', cs(a, 'TenantCsStackService'))).body.tenantCsStackServices.map((x: any) => x.serviceId),
  ).not.toContain(id);
  const deleted = (await a.api('GET', `${cs(a, 'TenantCsStackService')}?activeFlag=0`)).body.tenantCsStackServices;
  expect(deleted.find((x: any) => x.serviceId === id)).toMatchObject({ activeFlag: 0 });
  expect((await a.api('DELETE', cs(a, `TenantCsStackService/${id}`))).status).toBe(404);
  const restored = await a.api('POST', cs(a, `TenantCsStackService/${id}`), { action: 'restore' });
  expect(restored.status).toBe(200);
  expect(restored.body.tenantCsStackServices[0]).toMatchObject({ serviceId: id, activeFlag: 1 });
  expect(
    (await a.api('GET', cs(a, 'TenantCsStackService'))).body.tenantCsStackServices.map((x: any) => x.serviceId),
  ).toContain(id);
});

test('save: new items with temporary ids, only the items sent change, removed products are marked inactive', async () => {
  const t1 = await tag(a, 'Save tag');
  const keep = (await a.api('POST', cs(a, 'TenantCsStackService'), { moniker: 'Untouched', sort: 50 })).body
    .tenantCsStackServices[0];
  const edit = (
    await a.api('POST', cs(a, 'TenantCsStackService'), {
      moniker: 'Edited',
      sort: 51,
      products: [
        { moniker: 'Old', calcType: 'perMonth', chargeEstimate: 10 },
        { moniker: 'Kept', calcType: 'perYear', chargeEstimate: 120 },
      ],
    })
  ).body.tenantCsStackServices[0];
  const [old, kept] = edit.products;
  const r = await a.api('PUT', cs(a, 'TenantCsStackService'), {
    services: [
      {
        serviceId: -1,
        moniker: 'Brand new',
        sort: 0,
        order: 0,
        tagIds: [t1],
        products: [
          {
            productId: -5,
            moniker: 'New product',
            calcType: 'adhoc',
            chargeEstimate: 99.99,
            preferredFlag: 1,
            activeFlag: 1,
          },
        ],
      },
      {
        serviceId: edit.serviceId,
        version: edit.version,
        sort: 1,
        order: 1,
        products: [
          {
            productId: old.productId,
            moniker: 'Old',
            calcType: 'perMonth',
            chargeEstimate: 10,
            preferredFlag: 0,
            activeFlag: 0,
          },
          { productId: -6, moniker: 'Added', calcType: 'perSeat', chargeEstimate: 5, preferredFlag: 1, activeFlag: 1 },
        ],
      },
    ],
  });
  expect(r.status).toBe(200);
  expect(r.body.records_updated).toBe(2);
  const newId = r.body.idMap['-1'];
  expect(newId).toBeGreaterThan(0);
  expect(Object.keys(r.body.productIdMap).sort()).toEqual(['-5', '-6']);
  const all = r.body.tenantCsStackServices;
  expect(all.every((x: any) => x.activeFlag === 1)).toBe(true);
  const fresh = all.find((x: any) => x.serviceId === newId);
  expect(fresh).toMatchObject({ moniker: 'Brand new', tagIds: [t1], preferredProducts: [r.body.productIdMap['-5']] });
  const edited = all.find((x: any) => x.serviceId === edit.serviceId);
  expect(edited).toMatchObject({ sort: 1, order: 1, version: edit.version + 1 });
  expect(edited.products.find((p: any) => p.productId === old.productId).activeFlag).toBe(0);
  expect(edited.products.find((p: any) => p.productId === kept.productId).activeFlag).toBe(1);
  expect(edited.productIds).toEqual([kept.productId, r.body.productIdMap['-6']]);
  expect(edited.preferredProducts).toEqual([r.body.productIdMap['-6']]);
  expect(all.find((x: any) => x.serviceId === keep.serviceId)).toMatchObject({ version: keep.version, sort: 50 });

  // productIds: products left out are marked for deletion; the same values again change nothing.
  const again = await a.api('PUT', cs(a, 'TenantCsStackService'), {
    services: [{ serviceId: edit.serviceId, version: edited.version, productIds: [kept.productId] }],
  });
  const after = again.body.tenantCsStackServices.find((x: any) => x.serviceId === edit.serviceId);
  expect(after.productIds).toEqual([kept.productId]);
  const same = await a.api('PUT', cs(a, 'TenantCsStackService'), {
    services: [{ serviceId: edit.serviceId, version: after.version, sort: 1, order: 1 }],
  });
  expect(same.body.records_updated).toBe(0);
  expect(same.body.tenantCsStackServices.find((x: any) => x.serviceId === edit.serviceId).version).toBe(after.version);
  // A stale version refuses the whole save.
  const stale = await a.api('PUT', cs(a, 'TenantCsStackService'), {
    services: [
      { serviceId: -1, moniker: 'Never' },
      { serviceId: edit.serviceId, version: 1, sort: 9 },
    ],
  });
  expect(stale.status).toBe(409);
  expect(
    (await a.api('GET', cs(a, 'TenantCsStackService'))).body.tenantCsStackServices.map((x: any) => x.moniker),
  ).not.toContain('Never');
  // A product of another service is refused.
  const wrong = await a.api('PUT', cs(a, 'TenantCsStackService'), {
    services: [
      {
        serviceId: keep.serviceId,
        products: [{ productId: kept.productId, moniker: 'X', calcType: 'adhoc', chargeEstimate: 1 }],
      },
    ],
  });
  expect(fields(wrong)).toEqual(['body.services.0.products.0.productId']);
});

test('categories: Category Manager save assigns each service to at most one category', async () => {
  const s1 = (await a.api('POST', cs(a, 'TenantCsStackService'), { moniker: 'Cat one' })).body.tenantCsStackServices[0]
    .serviceId;
  const s2 = (await a.api('POST', cs(a, 'TenantCsStackService'), { moniker: 'Cat two' })).body.tenantCsStackServices[0]
    .serviceId;
  const first = await a.api('PUT', cs(a, 'TenantCsStackCategory'), {
    categories: [
      { csStackCategoryId: -1, moniker: 'Productivity', sort: 0, serviceIds: [s1, s2] },
      { moniker: 'Backup', sort: 1, serviceIds: [] },
    ],
  });
  expect(first.status).toBe(200);
  const prod = first.body.idMap['-1'];
  expect(first.body.tenantCsStackCategories.find((c: any) => c.csStackCategoryId === prod)).toMatchObject({
    moniker: 'Productivity',
    serviceIds: [s1, s2],
    activeFlag: 1,
  });
  const backup = first.body.tenantCsStackCategories.find((c: any) => c.moniker === 'Backup').csStackCategoryId;
  const moved = await a.api('PUT', cs(a, 'TenantCsStackCategory'), {
    categories: [
      { csStackCategoryId: prod, moniker: 'Productivity', sort: 0, serviceIds: [s1] },
      { csStackCategoryId: backup, moniker: 'Backup', sort: 1, serviceIds: [s2] },
    ],
  });
  const cats = moved.body.tenantCsStackCategories;
  expect(cats.find((c: any) => c.csStackCategoryId === prod).serviceIds).toEqual([s1]);
  expect(cats.find((c: any) => c.csStackCategoryId === backup).serviceIds).toEqual([s2]);
  expect((await a.api('GET', cs(a, `TenantCsStackService/${s2}`))).body.tenantCsStackServices[0].categoryId).toBe(
    backup,
  );
  const twice = await a.api('PUT', cs(a, 'TenantCsStackCategory'), {
    categories: [
      { csStackCategoryId: prod, moniker: 'P', sort: 0, serviceIds: [s1] },
      { csStackCategoryId: backup, moniker: 'B', sort: 1, serviceIds: [s1] },
    ],
  });
  expect(fields(twice)).toEqual(['body.categories.1.serviceIds.0']);
  expect((await a.api('DELETE', cs(a, `TenantCsStackCategory/${backup}`))).status).toBe(200);
  expect((await a.api('GET', cs(a, `TenantCsStackService/${s2}`))).body.tenantCsStackServices[0].categoryId).toBeNull();
  expect(
    (await a.api('GET', `${cs(a, 'TenantCsStackCategory')}?activeFlag=0`)).body.tenantCsStackCategories.map(
      (c: any) => c.csStackCategoryId,
    ),
  ).toContain(backup);
});

test('tags API: get_tags and save_tag shapes, GET ?typeCode=, 400 fields, tenant admins write', async () => {
  const saved = await a.api('POST', tagApi(a), {
    operation: 'save_tag',
    userId: a.userId,
    payload: { moniker: 'Regulated', color: '#AA0000', type_code: 'cs_stack' },
  });
  expect(saved.status).toBe(200);
  expect(saved.body.records_updated).toBe(1);
  expect(saved.body.tenant_tag_types).toEqual([{ type_code: 'cs_stack', moniker: 'Stack' }]);
  const reg = saved.body.tenant_tags.find((t: any) => t.moniker === 'Regulated');
  expect(reg).toEqual({
    tag_id: expect.any(Number),
    moniker: 'Regulated',
    color: '#aa0000',
    type_code: 'cs_stack',
    active_flag: 1,
  });
  const renamed = await a.api('POST', tagApi(a), {
    operation: 'save_tag',
    payload: { tag_id: reg.tag_id, moniker: 'Regulated industry', color: '#00aa00', type_code: 'cs_stack' },
  });
  expect(renamed.body.tenant_tags.find((t: any) => t.tag_id === reg.tag_id)).toMatchObject({
    moniker: 'Regulated industry',
    color: '#00aa00',
  });
  const got = await a.api('POST', tagApi(a), { operation: 'get_tags', payload: { typeCode: 'cs_stack' } });
  expect(got.body.tenant_tags.map((t: any) => t.tag_id)).toContain(reg.tag_id);
  expect((await a.api('GET', `${tagApi(a)}?typeCode=cs_stack`)).body).toEqual(got.body);
  expect(
    (await a.api('GET', cs(a, 'TenantCsStackTag'))).body.tenantCsStackTags.find((t: any) => t.tagId === reg.tag_id),
  ).toMatchObject({ moniker: 'Regulated industry', color: '#00aa00', typeCode: 'cs_stack' });
  const bad = await a.api('POST', tagApi(a), {
    operation: 'save_tag',
    payload: { moniker: 'X', color: 'green', type_code: 'cs_stack' },
  });
  expect(fields(bad)).toEqual(['body.payload.color']);
  expect(
    fields(
      await a.api('POST', tagApi(a), {
        operation: 'save_tag',
        payload: { moniker: 'Regulated industry', color: '#000000' },
      }),
    ),
  ).toEqual(['body.payload.moniker']);
  expect(fields(await a.api('POST', tagApi(a), { operation: 'drop_tag', payload: {} }))).toEqual(['body.operation']);
  // Deactivating through save_tag hides it.
  const off = await a.api('POST', tagApi(a), {
    operation: 'save_tag',
    payload: {
      tag_id: reg.tag_id,
      moniker: 'Regulated industry',
      color: '#00aa00',
      type_code: 'cs_stack',
      active_flag: 0,
    },
  });
  expect(off.body.tenant_tags.map((t: any) => t.tag_id)).not.toContain(reg.tag_id);
  // Another tenant sees none of it and cannot touch it; a non-admin reads but cannot write.
  expect((await b.api('GET', tagApi(b))).body.tenant_tags.map((t: any) => t.tag_id)).not.toContain(reg.tag_id);
  expect(
    (
      await b.api('POST', tagApi(b), {
        operation: 'save_tag',
        payload: { tag_id: reg.tag_id, moniker: 'Hijack', color: '#000000', type_code: 'cs_stack' },
      })
    ).status,
  ).toBe(404);
  expect((await b.api('GET', tagApi(a))).status).toBe(403);
  const user = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [{ url: '/cs/admin/stackManager', access_level: 'Read/Write' }],
  });
  expect(
    (await user.api('POST', tagApi(user), { operation: 'get_tags', payload: { typeCode: 'cs_stack' } })).status,
  ).toBe(200);
  expect(
    (
      await user.api('POST', tagApi(user), {
        operation: 'save_tag',
        payload: { moniker: 'Mine', color: '#000000', type_code: 'cs_stack' },
      })
    ).status,
  ).toBe(403);
  expect((await user.api('GET', cs(user, 'TenantCsStackService'))).status).toBe(200);
  expect((await user.api('POST', cs(user, 'TenantCsStackService'), { moniker: 'Nope' })).status).toBe(403);
  expect((await user.api('PUT', cs(user, 'TenantCsStackService'), { services: [] })).status).toBe(403);
  expect((await user.api('POST', cs(user, 'TenantCsStackTag'), { moniker: 'Nope', color: '#000000' })).status).toBe(
    403,
  );
});

test('tenant isolation: another tenant cannot read, change, delete or restore our services', async () => {
  const ours = (await a.api('POST', cs(a, 'TenantCsStackService'), { moniker: 'Private' })).body
    .tenantCsStackServices[0].serviceId;
  expect(
    (await b.api('GET', cs(b, 'TenantCsStackService'))).body.tenantCsStackServices.map((x: any) => x.serviceId),
  ).not.toContain(ours);
  expect((await b.api('GET', cs(b, `TenantCsStackService/${ours}`))).status).toBe(404);
  expect((await b.api('PUT', cs(b, `TenantCsStackService/${ours}`), { moniker: 'Hijack' })).status).toBe(404);
  expect(
    fields(await b.api('PUT', cs(b, 'TenantCsStackService'), { services: [{ serviceId: ours, moniker: 'Hijack' }] })),
  ).toEqual(['body.services.0.serviceId']);
  expect((await b.api('DELETE', cs(b, `TenantCsStackService/${ours}`))).status).toBe(404);
  expect((await b.api('POST', cs(b, `TenantCsStackService/${ours}`), { action: 'restore' })).status).toBe(404);
  expect((await a.api('GET', cs(a, `TenantCsStackService/${ours}`))).body.tenantCsStackServices[0]).toMatchObject({
    moniker: 'Private',
    activeFlag: 1,
  });
  expect((await b.api('GET', cs(a, 'TenantCsStackService'))).status).toBe(403);
});
