/**
 * The contact and userList routes on the real server and database: CRUD with field messages (400 naming the field,
 * nothing changed), optimistic concurrency (409, nothing lost), filters, sort, pages and the total, tenant isolation
 * (another tenant's company or contact is a 404), Read Only refused writes, and the public read helper.
 */
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { activeContactsWithEmail } from '../public';
import { contactPaths } from '../shared/api';
import { CONTACTS_PAGE } from '../shared/pages';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let acme: number;
let bravo: number;
let other: number;

const list = async (t: TestTenant, query = '', companyId?: number) =>
  (
    await t.api(
      'GET',
      `${companyId ? contactPaths.companyList(t.tenantId, companyId) : contactPaths.list(t.tenantId)}${query}`,
    )
  ).body;
const add = (t: TestTenant, companyId: number, body: Record<string, unknown>) =>
  t.api('POST', contactPaths.create(t.tenantId, companyId), body);

beforeAll(async () => {
  s = await startTestServer({ plugins: ['contacts'] });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  acme = await makeCompany(a, 'Acme Dental');
  bravo = await makeCompany(a, 'Bravo Freight');
  other = await makeCompany(b, 'Other Tenant Co');
}, 400_000);
afterAll(async () => s?.stop());

test('a contact is added with trimmed fields, defaults and source manual, and read back', async () => {
  const r = await add(a, acme, {
    first_name: '  Dana ',
    last_name: 'Whitfield',
    email: 'Dana@Acme.example',
    phone: '+1 (555) 010-2000 x12',
    title: 'Owner',
    review_role: 'decisionMaker',
  });
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({
    records_updated: 1,
    contact: {
      tenant_company_id: acme,
      company_moniker: 'Acme Dental',
      first_name: 'Dana',
      name: 'Dana Whitfield',
      email: 'Dana@Acme.example',
      review_role: 'decisionMaker',
      is_active: true,
      source: 'manual',
      version: 1,
    },
  });
  const one = await a.api('GET', contactPaths.one(a.tenantId, acme, r.body.contact.contact_id));
  expect(one.status).toBe(200);
  expect(one.body.contact).toEqual(r.body.contact);
});

test('bad input is refused with each field named and its message; nothing is stored', async () => {
  const before = (await list(a)).total;
  const r = await add(a, acme, { first_name: '  ', email: 'not-an-email', phone: 'call me', title: 'x'.repeat(121) });
  expect(r.status).toBe(400);
  expect(r.body.error.fields).toEqual(
    expect.arrayContaining([
      { path: 'body.first_name', message: 'Required.' },
      { path: 'body.email', message: 'Invalid e-mail.' },
      {
        path: 'body.phone',
        message: 'Invalid phone number: digits, spaces and + ( ) - . only, with an optional extension (x123).',
      },
      { path: 'body.title', message: 'Max 120 characters' },
    ]),
  );
  const role = await add(a, acme, { first_name: 'X', review_role: 'boss' });
  expect(role.status).toBe(400);
  expect(role.body.error.fields[0].path).toBe('body.review_role');
  expect((await list(a)).total).toBe(before);
});

test('an e-mail is unique within a company in any case (400 on body.email); another company may use it', async () => {
  const dup = await add(a, acme, { first_name: 'Other', email: 'dana@ACME.example' });
  expect(dup.status).toBe(400);
  expect(dup.body.error.fields).toEqual([
    { path: 'body.email', message: 'Another contact of this company has this e-mail.' },
  ]);
  expect((await add(a, bravo, { first_name: 'Dana', email: 'dana@acme.example' })).status).toBe(200);
});

test('an edit needs the version read: a stale one answers 409 and changes nothing; the fresh one bumps it', async () => {
  const c = (await add(a, acme, { first_name: 'Miguel', last_name: 'Ortega', title: 'Office Manager' })).body.contact;
  const path = contactPaths.one(a.tenantId, acme, c.contact_id);
  const first = await a.api('PUT', path, { version: 1, title: 'Practice Manager', review_role: 'billingContact' });
  expect(first.status).toBe(200);
  expect(first.body.contact).toMatchObject({ title: 'Practice Manager', review_role: 'billingContact', version: 2 });
  const stale = await a.api('PUT', path, { version: 1, title: 'Overwritten' });
  expect(stale.status).toBe(409);
  expect(stale.body.error.message).toBe('This contact was changed by someone else; reload it and try again.');
  const missing = await a.api('PUT', path, { title: 'No version' });
  expect(missing.status).toBe(400);
  expect(missing.body.error.fields[0].path).toBe('body.version');
  const now = (await a.api('GET', path)).body.contact;
  expect(now).toMatchObject({ title: 'Practice Manager', version: 2 });
  // Clearing an optional field with null; deactivating.
  const cleared = await a.api('PUT', path, { version: 2, title: null, is_active: false });
  expect(cleared.body.contact).toMatchObject({ title: null, is_active: false, version: 3 });
  // A stale delete is refused too; the current one deletes.
  expect((await a.api('DELETE', `${path}?version=2`)).status).toBe(409);
  expect((await a.api('DELETE', `${path}?version=3`)).body).toEqual({ records_updated: 1, contact_id: c.contact_id });
  expect((await a.api('GET', path)).status).toBe(404);
});

test('a contact is reached only through its own company', async () => {
  const c = (await add(a, acme, { first_name: 'Priya' })).body.contact;
  expect((await a.api('GET', contactPaths.one(a.tenantId, bravo, c.contact_id))).status).toBe(404);
  expect((await a.api('PUT', contactPaths.one(a.tenantId, bravo, c.contact_id), { version: 1 })).status).toBe(404);
});

test('userList filters, sorts and pages with the total; the company list is one company', async () => {
  for (const [first, last, role] of [
    ['Zed', 'Adams', 'technicalContact'],
    ['Amy', 'Young', 'technicalContact'],
    ['Bob', 'Young', 'other'],
  ])
    await add(a, bravo, { first_name: first, last_name: last, review_role: role });
  const bravoAll = await list(a, '?sort=name', bravo);
  expect(bravoAll.contacts.map((c: { name: string }) => c.name)).toEqual([
    'Zed Adams',
    'Dana',
    'Amy Young',
    'Bob Young',
  ]);
  expect(bravoAll.total).toBe(4);
  const paged = await list(a, '?sort=name&dir=desc&pageSize=2&page=2', bravo);
  expect(paged).toMatchObject({ total: 4, page: 2, pageSize: 2 });
  expect(paged.contacts.map((c: { name: string }) => c.name)).toEqual(['Dana', 'Zed Adams']);
  const tech = await list(a, '?review_role=technicalContact&search=young');
  expect(tech.contacts.map((c: { name: string }) => c.name)).toEqual(['Amy Young']);
  expect(tech.total).toBe(1);
  const byCompany = await list(a, `?tenantCompanyId=${acme}&active=true`);
  expect(byCompany.contacts.every((c: { tenant_company_id: number }) => c.tenant_company_id === acme)).toBe(true);
  const sortedByCompany = await list(a, '?sort=company&pageSize=200');
  const monikers = sortedByCompany.contacts.map((c: { company_moniker: string }) => c.company_moniker);
  expect(monikers).toEqual([...monikers].sort());
  const bad = await a.api('GET', `${contactPaths.list(a.tenantId)}?sort=shoe&pageSize=1000`);
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual(['query.pageSize', 'query.sort']);
});

test("another tenant's company and contacts are not found and stay unchanged", async () => {
  const mine = (await list(a, '?pageSize=200')).contacts[0];
  expect((await list(b)).total).toBe(0);
  expect((await b.api('GET', contactPaths.companyList(b.tenantId, acme))).status).toBe(404);
  expect((await b.api('GET', `${contactPaths.list(b.tenantId)}?tenantCompanyId=${acme}`)).status).toBe(404);
  expect((await b.api('POST', contactPaths.create(b.tenantId, acme), { first_name: 'Intruder' })).status).toBe(404);
  const forged = await b.api('PUT', contactPaths.one(b.tenantId, acme, mine.contact_id), {
    version: mine.version,
    first_name: 'Hacked',
  });
  expect(forged.status).toBe(404);
  expect((await b.api('DELETE', contactPaths.one(b.tenantId, other, mine.contact_id))).status).toBe(404);
  expect((await b.api('GET', contactPaths.list(a.tenantId))).status).toBe(403);
  const after = (await a.api('GET', contactPaths.one(a.tenantId, mine.tenant_company_id, mine.contact_id))).body;
  expect(after.contact).toEqual(mine);
});

test('a Read Only page lists contacts but cannot add, edit or delete them', async () => {
  const reader = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [
      { url: CONTACTS_PAGE, access_level: 'Read Only' },
      { url: '/datamanagercompanies', access_level: 'Read/Write' },
    ],
  });
  const company = await makeCompany(reader, 'Reader Co');
  expect((await reader.api('GET', contactPaths.list(reader.tenantId))).status).toBe(200);
  const refused = await add(reader, company, { first_name: 'Nope' });
  expect(refused.status).toBe(403);
  expect((await list(reader)).total).toBe(0);
  const none = await makeTenant(s.k, s.url, { tenantAdmin: false, pages: [] });
  expect((await none.api('GET', contactPaths.list(none.tenantId))).status).toBe(403);
});

test('activeContactsWithEmail: the active contacts of a company that have an e-mail, by name', async () => {
  await add(a, acme, { first_name: 'Ina', last_name: 'Active', email: 'ina@acme.example' });
  await add(a, acme, { first_name: 'Olaf', last_name: 'Gone', email: 'olaf@acme.example', is_active: false });
  const got = await s.k.db.withTenant(a.tenantId, (trx) => activeContactsWithEmail(trx, acme));
  expect(got.map((c) => c.email)).toEqual(['ina@acme.example', 'Dana@Acme.example']);
  expect(got.every((c) => c.is_active && c.email)).toBe(true);
});

test('blank titles and e-mails sort last in both directions', async () => {
  const charlie = await makeCompany(a, 'Charlie Blanks');
  await add(a, charlie, { first_name: 'Una', title: 'CFO', email: 'una@charlie.example' });
  await add(a, charlie, { first_name: 'Vic' });
  await add(a, charlie, { first_name: 'Wes', title: 'Analyst', email: 'wes@charlie.example' });
  const titles = async (q: string) =>
    (await list(a, q, charlie)).contacts.map((c: { title: string | null }) => c.title ?? null);
  expect(await titles('?sort=title&dir=asc')).toEqual(['Analyst', 'CFO', null]);
  expect(await titles('?sort=title&dir=desc')).toEqual(['CFO', 'Analyst', null]);
  const emails = async (q: string) =>
    (await list(a, q, charlie)).contacts.map((c: { email: string | null }) => c.email ?? null);
  expect(await emails('?sort=email&dir=desc')).toEqual(['wes@charlie.example', 'una@charlie.example', null]);
});
