/** `lci user unlock|sessions [--revoke]|disable|enable` as a child process: the database changes and the audit log records it. */
import type { Knex } from 'knex';
import { lockoutKeyHash } from '../kernel/auth/login/lockout';
import { openDatabase } from '../kernel/db/connect';
import { cliSandbox, type CliSandbox } from './test-support';

jest.setTimeout(300_000);

let cli: CliSandbox;
beforeAll(async () => {
  cli = await cliSandbox();
  await cli.ok(['db', 'seed']);
});
afterAll(async () => {
  await cli?.cleanup();
});

const EMAIL = 'am@demo-msp.example';

async function withDb<T>(fn: (knex: Knex) => Promise<T>): Promise<T> {
  const db = await openDatabase({ databaseUrl: cli.env.DATABASE_URL, dataDir: cli.dataDir });
  try {
    return await fn(db.knex);
  } finally {
    await db.close();
  }
}
const userId = () =>
  withDb(async (k) => Number((await k('users').where({ username: EMAIL }).first('user_id')).user_id));
const audit = (action: string) =>
  withDb((k) => k('audit_log').where({ action }).orderBy('audit_id').select('tenant_id', 'target', 'details'));

/** Two server sessions' worth of provider rows for the user: a session and a refresh token each. */
async function fakeSessions(id: number): Promise<void> {
  const exp = new Date(Date.now() + 3_600_000);
  await withDb((k) =>
    k('oidc_payloads').insert(
      [1, 2].flatMap((n) => [
        {
          model: 'Session',
          id: `sess-${n}-${id}`,
          payload: JSON.stringify({ accountId: String(id), loginTs: 1_700_000_000 }),
          expires_at: exp,
        },
        {
          model: 'Grant',
          id: `grant-${n}-${id}`,
          payload: JSON.stringify({ accountId: String(id), clientId: 'lci-workspace' }),
          expires_at: exp,
        },
        {
          model: 'RefreshToken',
          id: `rt-${n}-${id}`,
          grant_id: `grant-${n}-${id}`,
          payload: JSON.stringify({ accountId: String(id), clientId: 'lci-workspace', iat: 1_700_000_000 }),
          expires_at: exp,
        },
      ]),
    ),
  );
}

test("unlock clears the e-mail's recorded sign-in failures (audited)", async () => {
  await withDb((k) =>
    k('sign_in_failures').insert([1, 2, 3].map(() => ({ kind: 'email', key_hash: lockoutKeyHash('email', EMAIL) }))),
  );
  expect((await cli.ok(['user', 'unlock', EMAIL.toUpperCase()])).trim()).toBe(
    `Sign-in lockout of ${EMAIL} cleared (3 recent failures).`,
  );
  expect(Number((await withDb((k) => k('sign_in_failures').count({ n: '*' }).first()))!.n)).toBe(0);
  expect((await cli.ok(['user', 'unlock', EMAIL])).trim()).toBe(`${EMAIL} had no recent sign-in failures.`);
  expect(await audit('auth.signin.unlocked')).toEqual([
    expect.objectContaining({
      tenant_id: 0,
      target: EMAIL,
      details: expect.objectContaining({ via: 'cli', failuresCleared: 3 }),
    }),
    expect.objectContaining({ details: expect.objectContaining({ failuresCleared: 0 }) }),
  ]);
});

test("unlock also clears the user's one-time-code lock (audited)", async () => {
  const id = await userId();
  await withDb((k) => k('code_failures').insert([1, 2, 3, 4].map(() => ({ user_id: id, kind: 'mfa' }))));
  const out = (await cli.ok(['user', 'unlock', EMAIL])).trim();
  expect(out).toContain(`One-time-code lock of ${EMAIL} cleared (4 recent wrong codes).`);
  expect(Number((await withDb((k) => k('code_failures').where({ user_id: id }).count({ n: '*' }).first()))!.n)).toBe(0);
  expect(await audit('auth.codes.unlocked')).toEqual([
    expect.objectContaining({
      tenant_id: 0,
      target: EMAIL,
      details: expect.objectContaining({ via: 'cli', codeFailuresCleared: 4 }),
    }),
  ]);
});

test('unlink-social forgets the linked upstream accounts (audited)', async () => {
  const id = await userId();
  await withDb((k) =>
    k('federated_identities').insert({
      user_id: id,
      provider: 'google',
      issuer: 'https://accounts.google.com',
      subject: 'g-123',
    }),
  );
  expect((await cli.ok(['user', 'unlink-social', EMAIL])).trim()).toBe(`${EMAIL}: 1 social sign-in links removed.`);
  expect(await withDb((k) => k('federated_identities').where({ user_id: id }))).toEqual([]);
  expect(await audit('auth.federation.unlinked')).toEqual([
    expect.objectContaining({
      tenant_id: 0,
      target: EMAIL,
      details: expect.objectContaining({ via: 'cli', removed: 1 }),
    }),
  ]);
});

test('a password given on stdin is checked against the common-password list; nothing changes', async () => {
  const before = await withDb((k) => k('users').where({ username: EMAIL }).first('password_hash'));
  const r = await cli.run(['user', 'set-password', EMAIL, '--password-stdin'], { input: 'Password123!\n' });
  expect(r.code).not.toBe(0);
  expect(r.stderr).toContain('This password is too common');
  expect(await withDb((k) => k('users').where({ username: EMAIL }).first('password_hash'))).toEqual(before);
});

test('sessions lists sessions and refresh tokens (no token values); --revoke ends them all (audited)', async () => {
  const id = await userId();
  await fakeSessions(id);
  const listed = await cli.json(['user', 'sessions', EMAIL]);
  expect(listed.userId).toBe(id);
  expect(listed.sessions.map((x: { kind: string }) => x.kind).sort()).toEqual([
    'refresh_token',
    'refresh_token',
    'session',
    'session',
  ]);
  expect(JSON.stringify(listed)).not.toMatch(/rt-1-|sess-1-/);
  const table = await cli.ok(['user', 'sessions', EMAIL]);
  expect(table).toMatch(/KIND\s+REF\s+CLIENT\s+CREATED\s+EXPIRES/);

  const revoked = (await cli.ok(['user', 'sessions', EMAIL, '--revoke'])).trim().split('\n').at(-1);
  expect(revoked).toBe(`Ended 2 sessions, 2 grants and 2 refresh tokens of ${EMAIL}.`);
  expect((await cli.json(['user', 'sessions', EMAIL])).sessions).toEqual([]);
  expect((await cli.ok(['user', 'sessions', EMAIL])).trim()).toBe(`${EMAIL} has no open sessions.`);
  expect(await audit('auth.sessions.revoked')).toEqual([
    expect.objectContaining({
      target: EMAIL,
      details: expect.objectContaining({
        via: 'cli',
        userId: id,
        count: 4,
        ended: { sessions: 2, grants: 2, refreshTokens: 2, other: 0 },
      }),
    }),
  ]);
});

test('disable turns the user off and ends their sessions; enable turns them on; --tenant acts on the membership', async () => {
  const id = await userId();
  await fakeSessions(id);
  expect((await cli.ok(['user', 'disable', EMAIL])).trim()).toBe(
    `${EMAIL} disabled; 2 sessions and 2 refresh tokens ended.`,
  );
  expect((await withDb((k) => k('users').where({ user_id: id }).first('active_flag'))).active_flag).toBe(false);
  expect(
    await withDb((k) =>
      k('oidc_payloads')
        .whereRaw(`payload->>'accountId' = ?`, [String(id)])
        .select('id'),
    ),
  ).toEqual([]);
  expect((await cli.ok(['user', 'enable', EMAIL])).trim()).toBe(`${EMAIL} enabled.`);
  expect((await withDb((k) => k('users').where({ user_id: id }).first('active_flag'))).active_flag).toBe(true);

  const tenantId = await withDb(async (k) =>
    Number((await k('tenant_users').where({ user_id: id }).first('tenant_id')).tenant_id),
  );
  const json = await cli.json(['user', 'disable', EMAIL, '--tenant', String(tenantId)]);
  expect(json).toMatchObject({ email: EMAIL, userId: id, active: false, tenantId });
  expect(
    (await withDb((k) => k('tenant_users').where({ user_id: id, tenant_id: tenantId }).first('active_flag')))
      .active_flag,
  ).toBe(false);
  expect((await withDb((k) => k('users').where({ user_id: id }).first('active_flag'))).active_flag).toBe(true);
  await cli.ok(['user', 'enable', EMAIL, '--tenant', String(tenantId)]);

  expect(
    (await audit('auth.user.disabled')).map((e: { tenant_id: number; details: { scope: string } }) => [
      e.tenant_id,
      e.details.scope,
    ]),
  ).toEqual([
    [0, 'user'],
    [tenantId, 'tenant'],
  ]);
  expect(await audit('auth.user.enabled')).toHaveLength(2);
  const missing = await cli.run(['user', 'disable', 'nobody@demo-msp.example']);
  expect(missing.code).toBe(1);
  expect(missing.stderr.trim()).toBe('error: no user with the e-mail nobody@demo-msp.example');
  const notMember = await cli.run(['user', 'disable', EMAIL, '--tenant', '999999']);
  expect(notMember.stderr.trim()).toBe(`error: ${EMAIL} is not a user of tenant 999999`);
});
