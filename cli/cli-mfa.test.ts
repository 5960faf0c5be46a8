/** `lci user require-mfa` and `lci user reset-mfa` as a child process: the user's columns change and the audit log records it. */
import type { Knex } from 'knex';
import { openDatabase } from '../kernel/db/connect';
import { cliSandbox, type CliSandbox } from './test-support';

jest.setTimeout(300_000);

let cli: CliSandbox;
beforeAll(async () => {
  cli = await cliSandbox();
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
const user = () =>
  withDb((k) =>
    k('users')
      .where({ username: EMAIL })
      .first('mfa_required', 'mfa_type', 'mfa_secret', 'mfa_setup_secret', 'mfa_last_time_step'),
  );

test('require-mfa sets users.mfa_required (and --off clears it); reset-mfa clears the enrolled factor; both audited', async () => {
  await cli.ok(['db', 'seed']);
  expect((await user()).mfa_required).toBe(false);
  expect((await cli.ok(['user', 'require-mfa', EMAIL])).trim()).toBe(`MFA required for ${EMAIL}.`);
  expect((await user()).mfa_required).toBe(true);

  await withDb((k) =>
    k('users')
      .where({ username: EMAIL })
      .update({ mfa_type: 'SOFTWARE_TOKEN_MFA', mfa_secret: 'v1.sealed', mfa_last_time_step: 42 }),
  );
  expect((await cli.ok(['user', 'reset-mfa', EMAIL.toUpperCase()])).trim()).toBe(
    `MFA of ${EMAIL.toUpperCase()} reset.`,
  );
  expect(await user()).toMatchObject({
    mfa_required: true,
    mfa_type: null,
    mfa_secret: null,
    mfa_setup_secret: null,
    mfa_last_time_step: null,
  });

  expect((await cli.ok(['user', 'require-mfa', EMAIL, '--off'])).trim()).toBe(`MFA no longer required for ${EMAIL}.`);
  expect((await user()).mfa_required).toBe(false);

  const audit = await withDb((k) =>
    k('audit_log')
      .whereIn('action', ['auth.mfa.reset', 'auth.mfa.required'])
      .orderBy('audit_id')
      .select('action', 'tenant_id', 'target', 'details'),
  );
  expect(audit).toEqual([
    expect.objectContaining({
      action: 'auth.mfa.required',
      tenant_id: 0,
      target: EMAIL,
      details: expect.objectContaining({ via: 'cli', required: true }),
    }),
    expect.objectContaining({
      action: 'auth.mfa.reset',
      tenant_id: 0,
      target: EMAIL,
      details: expect.objectContaining({ via: 'cli', mfaType: 'SOFTWARE_TOKEN_MFA' }),
    }),
    expect.objectContaining({
      action: 'auth.mfa.required',
      tenant_id: 0,
      target: EMAIL,
      details: expect.objectContaining({ required: false }),
    }),
  ]);

  const missing = await cli.run(['user', 'reset-mfa', 'nobody@demo-msp.example']);
  expect(missing.code).toBe(1);
  expect(missing.stderr.trim()).toBe('error: no user with the e-mail nobody@demo-msp.example');
});

test('--json: require-mfa and reset-mfa print the user, what changed and the sessions ended', async () => {
  await cli.ok(['db', 'seed']);
  const { user_id: userId } = await withDb((k) => k('users').where({ username: EMAIL }).first('user_id'));
  await withDb((k) => k('users').where({ username: EMAIL }).update({ mfa_required: false, mfa_type: null }));

  expect(await cli.json(['user', 'require-mfa', EMAIL])).toEqual({
    user: { userId: Number(userId), email: EMAIL },
    changed: { mfaRequired: { from: false, to: true } },
  });
  await withDb((k) =>
    k('users').where({ username: EMAIL }).update({ mfa_type: 'SOFTWARE_TOKEN_MFA', mfa_secret: 'v1.sealed' }),
  );
  expect(await cli.json(['user', 'reset-mfa', EMAIL])).toEqual({
    user: { userId: Number(userId), email: EMAIL },
    changed: { mfaType: { from: 'SOFTWARE_TOKEN_MFA', to: null } },
    ended: {
      sessions: expect.any(Number),
      grants: expect.any(Number),
      refreshTokens: expect.any(Number),
      other: expect.any(Number),
    },
  });
  expect(await cli.json(['user', 'require-mfa', EMAIL, '--off'])).toEqual({
    user: { userId: Number(userId), email: EMAIL },
    changed: { mfaRequired: { from: true, to: false } },
  });
  expect((await user()).mfa_required).toBe(false);
});
