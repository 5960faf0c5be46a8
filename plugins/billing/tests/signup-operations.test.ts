/**
 * The sign-up wizard's operations of POST /v3/manager/account/signup on a real
 * server and database: insertUserAndTenant (tenant, Administrators group with
 * the admin pages, tenant admin, region and currency from userGeo; once: a
 * retry answers the same ids, anything else for a user with a tenant is
 * refused), dupTenantCheck, dupUserCheck and checktenantforrecoveryurl with
 * billing's subscription facts (complimentary access, an open checkout);
 * validation, throttles, audit; and the whole sign-up ending in a signed-in
 * tenant admin. The kernel's own operation of the path (userRegistration) is
 * tested in kernel/auth/signup/signup.test.ts.
 */
import crypto from 'node:crypto';
import { createUser, grantModules } from '../../../kernel/index';
import { apiCall, makeTenant, signInThroughProvider, startTestServer, type TestServer } from '../../../tests/sdk';

let s: TestServer;
const PUBLIC_KEY = 'lci-public-key';
const PASSWORD = 'Wizard#Signup1';
let seq = 0;
let ipSeq = 0;

beforeAll(async () => {
  s = await startTestServer({ plugins: ['billing'], jobs: false, env: { LCI_TRUSTED_PROXIES: 'loopback' } }); // the test acts as a proxy: X-Forwarded-For picks the address
});
afterAll(async () => {
  await s?.stop();
});

/** A tenant without a subscription (a grant of Core, AIR or Customer Success would count as complimentary access). */
const unsubscribedTenant = () => makeTenant(s.k, s.url, { modules: ['Assessment', 'Admin'] });
/** Billing's facts: complimentary access (a Core grant) counts as a subscription; removing it ends it. */
const subscribe = (tenantId: number) => sys((trx) => grantModules(trx, tenantId, ['Core'], 'test'));
const unsubscribe = (tenantId: number) =>
  sys((trx) => trx('tenant_module_grants').where({ tenant_id: tenantId, module: 'Core' }).delete());
/** An open checkout of the tenant: its URL is the recovery URL while the tenant has no active subscription. */
const openCheckout = (tenantId: number, url: string) =>
  sys((trx) =>
    trx('billing_checkout_sessions').insert({
      tenant_id: tenantId,
      session_id: `cs_test_${crypto.randomBytes(6).toString('hex')}`,
      provider: 'embedded',
      customer_id: 'cus_test',
      url,
      mode: 'subscription',
      expires_at: new Date(Date.now() + 3_600_000),
    }),
  );

const freshIp = () => `10.2.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const op = (operation: string, payload: unknown, opts: { ip?: string; token?: string } = {}) =>
  apiCall(
    s.url,
    PUBLIC_KEY,
    null,
    'POST',
    '/v3/manager/account/signup',
    { operation, payload },
    { 'x-forwarded-for': opts.ip ?? freshIp(), ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
  );
const tag = () => `${Date.now().toString(36)}${++seq}`;

/** An identity sign-up as the wizard's Finish does it first. */
async function identity(email: string, password = PASSWORD) {
  const r = await apiCall(
    s.url,
    PUBLIC_KEY,
    null,
    'POST',
    '/v3/manager/identity/signup',
    {
      username: email.toLowerCase(),
      password,
      attributes: { name: 'Grace Hopper', email, 'custom:company_name': 'Compilers Inc' },
    },
    { 'x-forwarded-for': freshIp() },
  );
  expect(r.status).toBe(200);
}
function tenantPayload(t: string, over: Record<string, unknown> = {}) {
  return {
    email: `grace-${t}@msp-${t}.example.com`,
    firstName: 'Grace',
    lastName: 'Hopper',
    fullName: 'Grace Hopper',
    tenantName: `Hopper MSP ${t}`,
    tenantEmailDomain: `msp-${t}.example.com`,
    tenantUrl: `https://msp-${t}.example.com`,
    affiliate: null,
    userGeo: { currency_code: 'CAD', time_zone: 'America/Toronto', country: 'CA', continent: 'NA', in_eu: false },
    signupSource: 'signUpWithTenant',
    ...over,
  };
}
const sys = <T>(fn: Parameters<typeof s.k.db.withSystem<T>>[0]) => s.k.db.withSystem(fn);
const tenantCount = async () => Number((await sys((trx) => trx('tenants').count({ n: '*' })))[0].n);
const auditOf = async (email: string) =>
  (
    await sys((trx) =>
      trx('audit_log').where({ target: email.toLowerCase() }).orderBy('audit_id').select('action', 'tenant_id'),
    )
  ).map((a: { action: string; tenant_id: string | number }) => ({ action: a.action, tenant_id: Number(a.tenant_id) }));

describe('insertUserAndTenant', () => {
  test('creates the tenant, its Administrators group with every non-internal page, and the user as its tenant admin', async () => {
    const t = tag();
    const p = tenantPayload(t);
    await identity(p.email);
    const r = await op('insertUserAndTenant', p);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ userId: expect.any(Number), tenantId: expect.any(Number) });
    const { userId, tenantId } = r.body;

    const tenant = await sys((trx) => trx('tenants').where({ tenant_id: tenantId }).first());
    expect(tenant).toMatchObject({
      name: p.tenantName,
      email_domain: p.tenantEmailDomain,
      url: p.tenantUrl,
      currency: 'CAD',
      region_code: 'ue1',
      is_sandbox: false,
      active_flag: true,
    });
    const group = await sys((trx) => trx('security_groups').where({ tenant_id: tenantId }).first());
    expect(group).toMatchObject({ name: 'Administrators', is_admin_group: true });
    expect([...group.included_modules].sort()).toEqual([
      'AIR',
      'Admin',
      'Assessment',
      'Breach Secure Now',
      'Core',
      'Customer Success',
      'Phin Preview',
    ]);
    const pages = await sys((trx) =>
      trx('security_group_pages').where({ tenant_id: tenantId }).orderBy('url').select('url', 'access_level'),
    );
    const catalogue = await sys((trx) => trx('nav_items').where({ internal_only: false }).orderBy('url').pluck('url'));
    expect(pages.map((x: { url: string }) => x.url)).toEqual(catalogue);
    expect(pages.every((x: { access_level: string }) => x.access_level === 'Read/Write')).toBe(true);
    expect(pages.some((x: { url: string }) => x.url.startsWith('/lciadmin'))).toBe(false);
    const grants = await sys((trx) =>
      trx('tenant_module_grants').where({ tenant_id: tenantId }).orderBy('module').pluck('module'),
    );
    expect(grants).toEqual(['Admin', 'Assessment']);

    const tu = await sys((trx) => trx('tenant_users').where({ tenant_id: tenantId, user_id: userId }).first());
    expect(tu).toMatchObject({
      tenant_admin_flag: true,
      active_flag: true,
      external_flag: false,
      accept_timestamp: null,
    });
    expect(Number(tu.security_group_id)).toBe(Number(group.security_group_id));
    const user = await sys((trx) => trx('users').where({ user_id: userId }).first());
    expect(user).toMatchObject({
      username: p.email,
      name_first: 'Grace',
      name_last: 'Hopper',
      company_name: p.tenantName,
      confirmed_flag: false,
    });
    expect(Number(user.current_tenant_id)).toBe(tenantId);
    const signup = await sys((trx) => trx('tenant_signups').where({ tenant_id: tenantId }).first());
    expect(signup).toMatchObject({
      email: p.email,
      affiliate: null,
      signup_source: 'signUpWithTenant',
      user_geo: {
        currency_code: 'CAD',
        time_zone: 'America/Toronto',
        country: 'CA',
        continent: 'NA',
        in_eu: false,
        user_selected_region: null,
      },
    });
    expect(await auditOf(p.email)).toContainEqual({ action: 'signup.tenant.created', tenant_id: tenantId });
  });

  test('a retry with the same payload answers the same ids and creates nothing; a different payload is refused', async () => {
    const t = tag();
    const p = tenantPayload(t, { affiliate: 'SevenFigureMSP' });
    await identity(p.email);
    const first = await op('insertUserAndTenant', p);
    expect(first.status).toBe(200);
    const count = await tenantCount();
    const again = await op('insertUserAndTenant', { ...p, userGeo: { time_zone: 'Europe/Paris' } });
    expect(again).toEqual({ status: 200, body: first.body });
    expect(await tenantCount()).toBe(count);
    expect(
      (await sys((trx) => trx('tenant_signups').where({ user_id: first.body.userId }).first('affiliate'))).affiliate,
    ).toBe('sevenfiguremsp');

    const other = await op('insertUserAndTenant', {
      ...p,
      tenantName: `Other ${t}`,
      tenantEmailDomain: `other-${t}.example.com`,
    });
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({
      code: 'UserHasTenantException',
      message: 'This e-mail address already belongs to an account. Please sign in instead.',
    });
    expect(await tenantCount()).toBe(count);
    const actions = (await auditOf(p.email)).map((a: { action: string }) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['signup.tenant.created', 'signup.tenant.replayed', 'signup.tenant.refused']),
    );
  });

  test('refused: a user who already belongs to a tenant, an unknown e-mail, a duplicate domain or company name', async () => {
    const member = await makeTenant(s.k, s.url);
    const t = tag();
    const mine = await op('insertUserAndTenant', tenantPayload(t, { email: member.email }));
    expect(mine.status).toBe(409);
    expect(mine.body.error.code).toBe('UserHasTenantException');

    const unknown = await op('insertUserAndTenant', tenantPayload(tag()));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({
      code: 'UserNotFoundException',
      message: 'No sign-up was found for this e-mail address. Please start the sign-up again.',
    });

    const existing = await sys((trx) =>
      trx('tenants').where({ tenant_id: member.tenantId }).first('name', 'email_domain'),
    );
    const t2 = tag();
    const p2 = tenantPayload(t2, { tenantEmailDomain: existing.email_domain.toUpperCase() });
    await identity(p2.email);
    const count = await tenantCount();
    const dupDomain = await op('insertUserAndTenant', p2);
    expect(dupDomain.status).toBe(409);
    expect(dupDomain.body.error).toMatchObject({
      code: 'TenantExistsException',
      message: 'Email Domain Already Exists.',
      countEmailDomain: 1,
      countCompanyName: 0,
    });
    const dupName = await op('insertUserAndTenant', {
      ...p2,
      tenantEmailDomain: `fresh-${t2}.example.com`,
      tenantName: existing.name.toLowerCase(),
    });
    expect(dupName.status).toBe(409);
    expect(dupName.body.error).toMatchObject({
      message: 'Company Name Already Exists.',
      countEmailDomain: 0,
      countCompanyName: 1,
    });
    expect(await tenantCount()).toBe(count);
    const u2 = await sys((trx) => trx('users').where({ username: p2.email }).first('user_id'));
    expect(await sys((trx) => trx('tenant_users').where({ user_id: u2.user_id }).first())).toBeUndefined();
  });

  test('region: the hidden selector wins, then EU 1 for the EU, else US 1; a missing currency comes from the country (USD fallback)', async () => {
    const cases: [Record<string, unknown> | undefined, string, string][] = [
      [
        { user_selected_region: 'uw2', currency_code: 'USD', country: 'US', time_zone: 'America/Los_Angeles' },
        'uw2',
        'USD',
      ],
      [{ in_eu: true, country: 'DE', currency_code: 'EUR', time_zone: 'Europe/Berlin' }, 'ec1', 'EUR'],
      [{ time_zone: 'Europe/Dublin' }, 'ec1', 'EUR'],
      [{ time_zone: 'America/Vancouver' }, 'ue1', 'CAD'],
      [{ country: 'GB' }, 'ec1', 'GBP'],
      [undefined, 'ue1', 'USD'],
    ];
    for (const [userGeo, region, currency] of cases) {
      const p = tenantPayload(tag(), { userGeo });
      await identity(p.email);
      const r = await op('insertUserAndTenant', p);
      expect(r.status).toBe(200);
      const row = await sys((trx) =>
        trx('tenants').where({ tenant_id: r.body.tenantId }).first('region_code', 'currency'),
      );
      expect({ geo: userGeo, ...row }).toEqual({ geo: userGeo, region_code: region, currency });
    }
  });

  test('an external-identity user (no password, confirmed, no tenant) gets a tenant without the identity sign-up', async () => {
    const p = tenantPayload(tag());
    await sys((trx) => createUser(trx, { email: p.email, passwordHash: null, confirmed: true }));
    const r = await op('insertUserAndTenant', p);
    expect(r.status).toBe(200);
    expect(
      (await sys((trx) => trx('tenant_users').where({ user_id: r.body.userId }).first('tenant_admin_flag')))
        .tenant_admin_flag,
    ).toBe(true);
  });

  test('bad input: 400 naming the fields, nothing created', async () => {
    const count = await tenantCount();
    const r = await op(
      'insertUserAndTenant',
      tenantPayload(tag(), {
        firstName: 'x'.repeat(80),
        tenantName: '',
        tenantEmailDomain: 'not a domain',
        tenantUrl: 'ftp://x.example.com',
        userGeo: { user_selected_region: 'xx1' },
      }),
    );
    expect(r.status).toBe(400);
    const paths = r.body.error.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.payload.firstName',
        'body.payload.tenantName',
        'body.payload.tenantEmailDomain',
        'body.payload.tenantUrl',
        'body.payload.userGeo.user_selected_region',
      ]),
    );
    expect(r.body.error.fields.find((f: { path: string }) => f.path === 'body.payload.firstName').message).toBe(
      'Must be less than 80 characters',
    );
    expect(await tenantCount()).toBe(count);
  });
});

describe('dupTenantCheck', () => {
  test('counts tenants with the e-mail domain and the company name, case-insensitively, as 0 or 1', async () => {
    const a = await makeTenant(s.k, s.url);
    const row = await sys((trx) => trx('tenants').where({ tenant_id: a.tenantId }).first('name', 'email_domain'));
    expect(
      (
        await op('dupTenantCheck', {
          emailDomain: row.email_domain.toUpperCase(),
          companyName: ` ${row.name.toUpperCase()} `,
        })
      ).body,
    ).toEqual({ countEmailDomain: 1, countCompanyName: 1 });
    expect((await op('dupTenantCheck', { emailDomain: row.email_domain, companyName: `New ${tag()}` })).body).toEqual({
      countEmailDomain: 1,
      countCompanyName: 0,
    });
    expect(
      (await op('dupTenantCheck', { emailDomain: `new-${tag()}.example.com`, companyName: row.name })).body,
    ).toEqual({ countEmailDomain: 0, countCompanyName: 1 });
    expect(
      (await op('dupTenantCheck', { emailDomain: `new-${tag()}.example.com`, companyName: `New ${tag()}` })).body,
    ).toEqual({ countEmailDomain: 0, countCompanyName: 0 });
    // Two tenants with one domain: the answer says that one exists, not how many.
    await sys((trx) => trx('tenants').insert({ name: `Twin ${tag()}`, email_domain: row.email_domain }));
    expect(
      (await op('dupTenantCheck', { emailDomain: row.email_domain, companyName: 'x' })).body.countEmailDomain,
    ).toBe(1);
    const bad = await op('dupTenantCheck', { emailDomain: '', companyName: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      'body.payload.companyName',
      'body.payload.emailDomain',
    ]);
  });
});

describe('dupUserCheck and checktenantforrecoveryurl', () => {
  test('an unknown e-mail does not exist', async () => {
    expect((await op('dupUserCheck', { userEmail: `nobody-${tag()}@example.com` })).body).toEqual({
      recoveryUrl: null,
      userExists: false,
      userHasSubscriptionUser: false,
    });
    expect((await op('dupUserCheck', { userEmail: 'not an e-mail' })).status).toBe(400);
  });

  test('a user of a subscribed tenant exists with a subscription user; without a subscription, without', async () => {
    const a = await unsubscribedTenant();
    await subscribe(a.tenantId);
    expect((await op('dupUserCheck', { userEmail: a.email.toUpperCase() })).body).toEqual({
      recoveryUrl: null,
      userExists: true,
      userHasSubscriptionUser: true,
    });
    await unsubscribe(a.tenantId);
    await openCheckout(a.tenantId, 'http://checkout.example/confirmed-user');
    // Confirmed users sign in to resume: no recovery URL to anyone who knows the e-mail.
    expect((await op('dupUserCheck', { userEmail: a.email })).body).toEqual({
      recoveryUrl: null,
      userExists: true,
      userHasSubscriptionUser: false,
    });
    expect((await op('checktenantforrecoveryurl', { tenantId: a.tenantId })).body).toEqual({ recoveryUrl: null });
    // ...but a signed-in member of the tenant gets it.
    expect((await op('checktenantforrecoveryurl', { tenantId: a.tenantId }, { token: a.token })).body).toEqual({
      recoveryUrl: 'http://checkout.example/confirmed-user',
    });
    const b = await makeTenant(s.k, s.url);
    expect((await op('checktenantforrecoveryurl', { tenantId: a.tenantId }, { token: b.token })).body).toEqual({
      recoveryUrl: null,
    });
    expect((await op('checktenantforrecoveryurl', { tenantId: a.tenantId }, { token: 'not-a-token' })).body).toEqual({
      recoveryUrl: null,
    });
  });

  test('a sign-up in progress (unconfirmed, open checkout) gets its recovery URL; once subscribed or confirmed, not', async () => {
    const p = tenantPayload(tag());
    await identity(p.email);
    const { tenantId } = (await op('insertUserAndTenant', p)).body;
    expect((await op('dupUserCheck', { userEmail: p.email })).body).toEqual({
      recoveryUrl: null,
      userExists: true,
      userHasSubscriptionUser: false,
    });
    await openCheckout(tenantId, `http://checkout.example/session/${tenantId}`);
    expect((await op('dupUserCheck', { userEmail: p.email })).body).toEqual({
      recoveryUrl: `http://checkout.example/session/${tenantId}`,
      userExists: true,
      userHasSubscriptionUser: false,
    });
    expect((await op('checktenantforrecoveryurl', { tenantId })).body).toEqual({
      recoveryUrl: `http://checkout.example/session/${tenantId}`,
    });
    expect((await op('checktenantforrecoveryurl', { tenantId: String(tenantId) })).body).toEqual({
      recoveryUrl: `http://checkout.example/session/${tenantId}`,
    });

    await subscribe(tenantId);
    expect((await op('dupUserCheck', { userEmail: p.email })).body).toEqual({
      recoveryUrl: null,
      userExists: true,
      userHasSubscriptionUser: true,
    });
    await unsubscribe(tenantId);
    await sys((trx) => trx('users').where({ username: p.email }).update({ confirmed_flag: true }));
    expect((await op('dupUserCheck', { userEmail: p.email })).body.recoveryUrl).toBeNull();
    expect((await op('checktenantforrecoveryurl', { tenantId })).body).toEqual({ recoveryUrl: null });
    expect((await op('checktenantforrecoveryurl', { tenantId: 0 })).status).toBe(400);
    expect((await op('checktenantforrecoveryurl', { tenantId: 'abc' })).status).toBe(400);
  });
});

describe('throttles (per client address, 15 minutes)', () => {
  test.each([
    ['dupUserCheck', { userEmail: 'someone@example.com' }, 30],
    ['dupTenantCheck', { emailDomain: 'example.com', companyName: 'Example' }, 30],
    ['checktenantforrecoveryurl', { tenantId: 1 }, 60],
    ['insertUserAndTenant', { ...tenantPayload('throttle') }, 10],
  ] as [string, unknown, number][])('%s: 429 once the limit is reached', async (operation, payload, limit) => {
    const ip = `10.77.${ipSeq++ % 250}.9`;
    for (let i = 0; i < limit; i++) expect((await op(operation, payload, { ip })).status).toBeLessThan(429);
    const r = await op(operation, payload, { ip });
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe('LimitExceededException');
    expect((await op(operation, payload)).status).toBeLessThan(429); // another address is not held back
  });
});

test('the whole sign-up: identity, tenant, confirmation code, then the user signs in as the admin of the new tenant', async () => {
  const p = tenantPayload(tag());
  await identity(p.email);
  const { userId, tenantId } = (await op('insertUserAndTenant', p)).body;
  await (s.k.identity as unknown as { deliveries: { drain(): Promise<void> } }).deliveries.drain();
  const mail = await sys((trx) =>
    trx('mail_outbox').where({ to_address: p.email }).orderBy('mail_id', 'desc').first('text_body'),
  );
  const code = /code is (\d{6})/.exec(mail.text_body)![1];
  expect(
    (await apiCall(s.url, PUBLIC_KEY, null, 'POST', '/v3/manager/identity/signup/confirm', { username: p.email, code }))
      .status,
  ).toBe(200);
  const signed = await signInThroughProvider(s.url, p.email, PASSWORD);
  const session = await apiCall(s.url, s.k.config.apiKey, signed.accessToken, 'GET', '/v3/manager/session');
  expect(session.status).toBe(200);
  expect(session.body.user).toMatchObject({
    authenticatedUserId: userId,
    currentTenantId: tenantId,
    isTenantAdmin: true,
    firstName: 'Grace',
    lastName: 'Hopper',
  });
  expect(session.body.tenant).toMatchObject({ tenantId, name: p.tenantName, currency: 'CAD' });
  expect(session.body.tacAcceptance).toBe(false);
  expect(session.body.modules).toEqual(expect.arrayContaining(['Assessment', 'Admin']));
});
