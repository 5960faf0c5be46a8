/**
 * The tenant side of onboarding on a real server: the checklist (GET and POST /v3/tenant/:tenantId/onboarding) with
 * the seeded links fixed (0045) and items linking to no page hidden; the survey tenants answer
 * (GET and POST /v3/tenant/:tenantId/onboardingsurvey) and the internal answers view that now shows them.
 */
import { makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';

jest.setTimeout(120_000);

let s: TestServer;
let staff: TestTenant;
let admin: TestTenant;
let other: TestTenant;
let user: TestTenant;

beforeAll(async () => {
  // Companies: the checklist's first item links to its page (items linking to no page are hidden).
  s = await startTestServer({ plugins: ['lci-admin', 'companies'], jobs: false });
  staff = await makeTenant(s.k, s.url, { lciAdmin: true, name: 'LCI Staff' });
  admin = await makeTenant(s.k, s.url, { tenantAdmin: true, name: 'Home Tenant' });
  other = await makeTenant(s.k, s.url, { tenantAdmin: true, name: 'Neighbour Tenant' });
  user = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    name: 'Plain User Tenant',
    pages: [{ url: '/dashboard', access_level: 'Read/Write' }],
  });
});
afterAll(async () => {
  await s?.stop();
});

const checklist = (t: TestTenant) => t.api('GET', `/v3/tenant/${t.tenantId}/onboarding`);
const tick = (t: TestTenant, itemId: number, body: unknown) =>
  t.api('POST', `/v3/tenant/${t.tenantId}/onboarding/${itemId}`, body);
const itemId = async (moniker: string) =>
  Number(
    (await s.k.db.withSystem((db) => db('lci_onboarding_items').where({ moniker }).first('lci_onboarding_item_id')))
      .lci_onboarding_item_id,
  );

describe('onboarding checklist', () => {
  test('the seeded items: /integrations hidden (no such page), the companies link fixed to /datamanagercompanies', async () => {
    const r = await checklist(admin);
    expect(r.status).toBe(200);
    const items = r.body.onboarding_items;
    expect(items.map((i: any) => i.moniker)).toEqual([
      'Import your companies',
      'Invite your team',
      'Schedule a business review',
    ]);
    expect(items[0].link_url).toBe('/datamanagercompanies');
    expect(items.every((i: any) => i.completed_flag === false)).toBe(true);
    expect(r.body.percent).toBe(0);
    // Internal staff still see every item, the hidden one included.
    const all = await staff.api('GET', '/v3/lciadmin/onboardingitems');
    expect(all.body.onboarding_items.map((i: any) => i.link_url)).toContain('/integrations');
  });

  test('a tenant admin ticks an item: audited, only its own tenant changes', async () => {
    const id = await itemId('Invite your team');
    const r = await tick(admin, id, { completed_flag: true });
    expect(r.status).toBe(200);
    expect(r.body.onboarding_items.find((i: any) => i.lci_onboarding_item_id === id).completed_flag).toBe(true);
    expect(r.body.percent).toBe(33);
    expect((await checklist(other)).body.onboarding_items.every((i: any) => !i.completed_flag)).toBe(true);
    const audit = await s.k.db.withSystem((db) =>
      db('audit_log').where({ tenant_id: admin.tenantId, action: 'onboarding.item.set' }).select('target'),
    );
    expect(audit.map((a: any) => a.target)).toEqual([String(id)]);
    // Unticking works too.
    expect((await tick(admin, id, { completed_flag: false })).body.percent).toBe(0);
  });

  test('bad input is refused naming the field and changes nothing', async () => {
    const id = await itemId('Invite your team');
    const bad = await tick(admin, id, { completed_flag: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.map((f: any) => f.path)).toEqual(['body.completed_flag']);
    expect((await tick(admin, id, {})).status).toBe(400);
    expect((await checklist(admin)).body.percent).toBe(0);
  });

  test('a hidden item, an unknown item, a plain user and another tenant are refused', async () => {
    expect((await tick(admin, await itemId('Connect your PSA'), { completed_flag: true })).status).toBe(404);
    expect((await tick(admin, 999999, { completed_flag: true })).status).toBe(404);
    expect((await tick(user, await itemId('Invite your team'), { completed_flag: true })).status).toBe(403);
    expect((await user.api('GET', `/v3/tenant/${user.tenantId}/onboarding`)).status).toBe(200);
    expect(
      (
        await other.api('POST', `/v3/tenant/${admin.tenantId}/onboarding/${await itemId('Invite your team')}`, {
          completed_flag: true,
        })
      ).status,
    ).toBe(403);
    expect((await checklist(admin)).body.percent).toBe(0);
  });
});

describe('onboarding survey', () => {
  const survey = (t: TestTenant) => t.api('GET', `/v3/tenant/${t.tenantId}/onboardingsurvey`);
  const answer = (t: TestTenant, body: unknown) => t.api('POST', `/v3/tenant/${t.tenantId}/onboardingsurvey`, body);

  test('a tenant admin answers; the internal answers view shows the answers', async () => {
    const before = await survey(admin);
    expect(before.status).toBe(200);
    expect(before.body.complete).toBe(false);
    const [size, psa, qbr] = before.body.questions;
    expect(size).toMatchObject({ answer_type: 'choice', answer: null });
    expect(qbr.answer_type).toBe('yesno');

    const part = await answer(admin, { answers: [{ question_id: size.question_id, answer: '6-25' }] });
    expect(part.status).toBe(200);
    expect(part.body.complete).toBe(false);
    const done = await answer(admin, {
      answers: [
        { question_id: psa.question_id, answer: 'Autotask' },
        { question_id: qbr.question_id, answer: 'Yes' },
        { question_id: size.question_id, answer: '26-50' }, // replaces the first answer
      ],
    });
    expect(done.status).toBe(200);
    expect(done.body.complete).toBe(true);
    expect(done.body.questions.map((q: any) => q.answer)).toEqual(['26-50', 'Autotask', 'Yes']);

    const list = await staff.api('GET', '/v3/lciadmin/onboardingsurvey');
    expect(list.body.tenants).toEqual([expect.objectContaining({ tenant_id: admin.tenantId, answered: 3 })]);
    const view = await staff.api('GET', `/v3/lciadmin/onboardingsurvey/answers/${admin.tenantId}`);
    expect(view.body.answers.map((a: any) => a.answer)).toEqual(['26-50', 'Autotask', 'Yes']);
    const audit = await s.k.db.withSystem((db) =>
      db('audit_log').where({ tenant_id: admin.tenantId, action: 'onboarding.survey.answer' }).count({ n: '*' }),
    );
    expect(Number(audit[0].n)).toBe(2);
  });

  test('invalid answers are refused naming the field, and nothing is saved', async () => {
    const q = (await survey(other)).body.questions;
    const wrongChoice = await answer(other, {
      answers: [
        { question_id: q[1].question_id, answer: 'Autotask' },
        { question_id: q[0].question_id, answer: 'lots' },
      ],
    });
    expect(wrongChoice.status).toBe(400);
    expect(wrongChoice.body.error.fields).toEqual([
      { path: 'body.answers.1.answer', message: 'Must be one of: 1-5, 6-25, 26-50, 51-100, More than 100' },
    ]);
    const unknown = await answer(other, { answers: [{ question_id: 999999, answer: 'x' }] });
    expect(unknown.body.error.fields[0].path).toBe('body.answers.0.question_id');
    const empty = await answer(other, { answers: [{ question_id: q[2].question_id, answer: '  ' }] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields[0]).toEqual({ path: 'body.answers.0.answer', message: 'Required.' });
    expect((await answer(other, { answers: [] })).status).toBe(400);
    expect((await survey(other)).body.questions.every((x: any) => x.answer === null)).toBe(true);
    // Another tenant's answers stay its own.
    const view = await staff.api('GET', `/v3/lciadmin/onboardingsurvey/answers/${other.tenantId}`);
    expect(view.body.answers.every((a: any) => a.answer === null)).toBe(true);
  });

  test('ordinary users and other tenants are refused', async () => {
    expect((await survey(user)).status).toBe(403);
    const q = (await survey(other)).body.questions;
    expect((await answer(user, { answers: [{ question_id: q[2].question_id, answer: 'No' }] })).status).toBe(403);
    expect(
      (
        await other.api('POST', `/v3/tenant/${admin.tenantId}/onboardingsurvey`, {
          answers: [{ question_id: q[2].question_id, answer: 'No' }],
        })
      ).status,
    ).toBe(403);
  });
});
