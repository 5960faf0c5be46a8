/**
 * Custom fields over HTTP: definitions (tenant admins only), values of companies validated on the server (400 naming
 * the field, nothing changed), the filter, delete with confirmation and its audit, tenant isolation.
 */
import {
  makeCompany,
  makeContact,
  makeTenant,
  startTestServer,
  type TestServer,
  type TestTenant,
} from '../../../tests/sdk';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let member: TestTenant;
let acme: number;
let bright: number;
let bCo: number;

const defs = (t: TestTenant) => `/v3/tenant/${t.tenantId}/customfields`;
const vals = (t: TestTenant) => `/v3/tenant/${t.tenantId}/customfields/values/companies`;
const addField = (t: TestTenant, body: Record<string, unknown>) =>
  t.api('POST', defs(t), { target: 'companies', ...body });
const paths = (r: { body: any }) => (r.body.error?.fields ?? []).map((f: { path: string }) => f.path);

beforeAll(async () => {
  // Contacts: a second target of custom fields (companies.customFieldTargets).
  s = await startTestServer({ plugins: ['contacts'] });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  member = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [{ url: '/datamanagercompanies', access_level: 'Read/Write' }],
  });
  acme = await makeCompany(a, 'Acme');
  bright = await makeCompany(a, 'Brightwater');
  bCo = await makeCompany(b, 'B Co');
}, 180_000);
afterAll(async () => s?.stop());

describe('definitions', () => {
  test('add, list with targets, change with a version, stale version 409', async () => {
    const r = await addField(a, {
      field_key: 'tier',
      label: 'Tier',
      field_type: 'choice',
      options: ['Gold', 'Silver'],
    });
    expect(r.status).toBe(200);
    expect(r.body.field).toEqual({
      custom_field_id: expect.any(Number),
      target: 'companies',
      field_key: 'tier',
      label: 'Tier',
      field_type: 'choice',
      required: false,
      options: ['Gold', 'Silver'],
      sort_order: 10,
      is_active: true,
      version: 1,
      value_count: 0,
    });
    const list = await a.api('GET', defs(a));
    expect(list.body.targets).toContainEqual({
      target: 'companies',
      title: 'Companies',
      page: '/datamanagercompanies',
    });
    expect(list.body.fields.map((f: { field_key: string }) => f.field_key)).toEqual(['tier']);

    const id = r.body.field.custom_field_id;
    const up = await a.api('PUT', `${defs(a)}/${id}`, {
      label: 'Service tier',
      options: ['Gold', 'Silver', 'Bronze'],
      version: 1,
    });
    expect(up.body.field).toMatchObject({ label: 'Service tier', options: ['Gold', 'Silver', 'Bronze'], version: 2 });
    const stale = await a.api('PUT', `${defs(a)}/${id}`, { label: 'Stale', version: 1 });
    expect(stale.status).toBe(409);
    expect((await a.api('GET', defs(a))).body.fields[0].label).toBe('Service tier');
  });

  test('bad definitions answer 400 naming the field and add nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ field_key: 'x', label: '', field_type: 'text' }, 'body.label'],
      [{ field_key: 'Bad Key', label: 'X', field_type: 'text' }, 'body.field_key'],
      [{ field_key: 'x', label: 'X', field_type: 'colour' }, 'body.field_type'],
      [{ field_key: 'x', label: 'X', field_type: 'choice', options: [] }, 'body.options'],
      [{ field_key: 'x', label: 'X', field_type: 'number', options: ['1'] }, 'body.options'],
      [{ field_key: 'tier', label: 'Again', field_type: 'text' }, 'body.field_key'],
      [{ field_key: 'x', label: 'X', field_type: 'text', target: 'spaceships' }, 'body.target'],
    ];
    for (const [body, path] of cases) {
      const r = await addField(a, body);
      expect({ body, status: r.status, paths: paths(r) }).toEqual({ body, status: 400, paths: [path] });
    }
    expect((await a.api('GET', defs(a))).body.fields).toHaveLength(1);
  });

  test('a member who is not a tenant admin may not read or change definitions (403)', async () => {
    expect((await member.api('GET', defs(member))).status).toBe(403);
    const r = await member.api('POST', defs(member), {
      target: 'companies',
      field_key: 'x',
      label: 'X',
      field_type: 'text',
    });
    expect(r.status).toBe(403);
    // ...but reads and writes values of the companies it may edit (none defined in its tenant: an empty list).
    expect((await member.api('GET', vals(member))).body).toEqual({ fields: [], records: [] });
  });
});

describe('values', () => {
  let owner: number;
  beforeAll(async () => {
    await addField(a, { field_key: 'owner', label: 'Account manager', field_type: 'text', required: true });
    await addField(a, { field_key: 'renewal', label: 'Renewal', field_type: 'date' });
    owner = (await addField(a, { field_key: 'spend', label: 'Spend', field_type: 'number' })).body.field
      .custom_field_id;
  });
  const put = (t: TestTenant, id: number, values: Record<string, unknown>) =>
    t.api('PUT', `${vals(t)}/${id}`, { values });

  test('values are checked per type; a refusal names body.values.<key> and stores nothing', async () => {
    const bad = await put(a, acme, { tier: 'Platinum', renewal: '2024-02-30', spend: 'lots', nope: 'x' });
    expect(bad.status).toBe(400);
    expect(paths(bad).sort()).toEqual(
      ['body.values.nope', 'body.values.owner', 'body.values.renewal', 'body.values.spend', 'body.values.tier'].sort(),
    );
    expect(bad.body.error.fields).toContainEqual({ path: 'body.values.owner', message: 'Account manager: Required.' });
    expect(bad.body.error.fields).toContainEqual({
      path: 'body.values.tier',
      message: 'Service tier: Must be one of: Gold, Silver, Bronze',
    });
    expect((await a.api('GET', vals(a))).body.records).toEqual([]);
  });

  test('saved values come back typed; empty removes a value; the record must be the tenant’s', async () => {
    const ok = await put(a, acme, { tier: 'Gold', owner: 'Dana Whitfield', renewal: '2025-03-01', spend: '1200.5' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      record_id: acme,
      values: { tier: 'Gold', owner: 'Dana Whitfield', renewal: '2025-03-01', spend: 1200.5 },
      records_updated: 4,
    });
    expect((await put(a, bright, { tier: 'Silver', owner: 'Luis Ortega' })).status).toBe(200);
    const cleared = await put(a, acme, { renewal: '' });
    expect(cleared.body.values).toEqual({ tier: 'Gold', owner: 'Dana Whitfield', spend: 1200.5 });
    expect((await put(a, acme, { owner: null })).status).toBe(400);
    // Another tenant's company, and a company of no tenant: 404, nothing written.
    expect((await put(a, bCo, { owner: 'x' })).status).toBe(404);
    expect((await put(b, acme, { owner: 'x' })).status).toBe(404);
    expect((await put(a, 999999, { owner: 'x' })).status).toBe(404);
  });

  test('the filter: text contains, choice and number equal; bad filters 400 naming the query field', async () => {
    const ids = async (q: string) =>
      ((await a.api('GET', `${vals(a)}?${q}`)).body.records as { record_id: number }[]).map((r) => r.record_id);
    expect(await ids('field=owner&value=ORTEGA')).toEqual([bright]);
    expect(await ids('field=tier&value=Gold')).toEqual([acme]);
    expect(await ids('field=spend&value=1200.5')).toEqual([acme]);
    expect(await ids('field=tier&value=Bronze')).toEqual([]);
    expect(paths(await a.api('GET', `${vals(a)}?field=nope&value=1`))).toEqual(['query.field']);
    expect(paths(await a.api('GET', `${vals(a)}?field=spend&value=abc`))).toEqual(['query.value']);
  });

  test('an option in use cannot be removed; a field with values is deleted only when confirmed, and audited', async () => {
    const tier = (await a.api('GET', defs(a))).body.fields.find((f: { field_key: string }) => f.field_key === 'tier');
    expect(tier.value_count).toBe(2);
    const drop = await a.api('PUT', `${defs(a)}/${tier.custom_field_id}`, {
      options: ['Silver'],
      version: tier.version,
    });
    expect(drop.status).toBe(400);
    expect(drop.body.error.fields).toEqual([
      { path: 'body.options', message: '"Gold" is set on 1 record: change them first' },
    ]);

    const first = await a.api('DELETE', `${defs(a)}/${owner}`);
    expect(first.status).toBe(409);
    expect(first.body.error).toMatchObject({ code: 'has_values', value_count: 1 });
    expect((await a.api('GET', `${vals(a)}?field=spend&value=1200.5`)).body.records).toHaveLength(1);
    const done = await a.api('DELETE', `${defs(a)}/${owner}?confirm=true`);
    expect(done.body).toEqual({ records_updated: 1, values_deleted: 1 });
    expect((await a.api('GET', vals(a))).body.fields.map((f: { field_key: string }) => f.field_key)).not.toContain(
      'spend',
    );
    const audit = await s.k.db.withSystem((trx) =>
      trx('audit_log').where({ tenant_id: a.tenantId, action: 'customfield.delete' }).select('details'),
    );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0].details)).toContain('"values_deleted":1');
  });

  test('inactive fields leave the lists and refuse values; another tenant sees none of it', async () => {
    const list = (await a.api('GET', defs(a))).body.fields as {
      field_key: string;
      custom_field_id: number;
      version: number;
    }[];
    const renewal = list.find((f) => f.field_key === 'renewal')!;
    await a.api('PUT', `${defs(a)}/${renewal.custom_field_id}`, { is_active: false, version: renewal.version });
    expect((await a.api('GET', vals(a))).body.fields.map((f: { field_key: string }) => f.field_key)).not.toContain(
      'renewal',
    );
    expect(paths(await put(a, acme, { renewal: '2025-01-01' }))).toEqual(['body.values.renewal']);

    expect((await b.api('GET', defs(b))).body.fields).toEqual([]);
    expect((await b.api('GET', vals(b))).body).toEqual({ fields: [], records: [] });
    expect((await b.api('PUT', `${defs(b)}/${renewal.custom_field_id}`, { label: 'x', version: 2 })).status).toBe(404);
    expect((await b.api('DELETE', `${defs(b)}/${renewal.custom_field_id}?confirm=true`)).status).toBe(404);
  });
});

describe('other record types (companies.customFieldTargets)', () => {
  test('contacts are a target: their fields and values live apart from the companies’', async () => {
    const targets = (await a.api('GET', defs(a))).body.targets.map((t: { target: string }) => t.target);
    expect(targets).toEqual(expect.arrayContaining(['companies', 'contacts']));
    const contactId = await makeContact(a, acme, { first_name: 'Ada', last_name: 'Lovelace' });
    const f = await addField(a, { target: 'contacts', field_key: 'birthday', label: 'Birthday', field_type: 'date' });
    expect(f.status).toBe(200);
    const contactValues = `/v3/tenant/${a.tenantId}/customfields/values/contacts`;
    expect(paths(await a.api('PUT', `${contactValues}/${contactId}`, { values: { birthday: 'soon' } }))).toEqual([
      'body.values.birthday',
    ]);
    const ok = await a.api('PUT', `${contactValues}/${contactId}`, { values: { birthday: '1815-12-10' } });
    expect(ok.body.values).toEqual({ birthday: '1815-12-10' });
    // A company's id is no contact (404), and the companies' fields do not apply to contacts.
    expect((await a.api('PUT', `${contactValues}/${bright}`, { values: { birthday: '1815-12-10' } })).status).toBe(404);
    expect(paths(await a.api('PUT', `${contactValues}/${contactId}`, { values: { tier: 'Gold' } }))).toEqual([
      'body.values.tier',
    ]);
    expect((await a.api('GET', contactValues)).body.records).toEqual([
      { record_id: contactId, values: { birthday: '1815-12-10' } },
    ]);
  });
});
