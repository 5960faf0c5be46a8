/**
 * `lci db roles` and `lci` with separate PostgreSQL logins (kernel/db/privileges.ts):
 * the roles come out as logins without superuser, BYPASSRLS or memberships, a
 * second run changes nothing, and `lci` then works as lci_system with the
 * owner's login needed only to migrate. On the embedded database the command
 * refuses with a clear message.
 */
import { APP_ROLE, SYSTEM_ROLE } from '../kernel/db/roles';
import { cliSandbox, type CliSandbox } from './test-support';

jest.setTimeout(300_000);

let cli: CliSandbox;
beforeAll(async () => {
  cli = await cliSandbox();
});
afterAll(async () => {
  await cli?.cleanup();
});

const as = (url: string, role: string) => {
  const u = new URL(url);
  u.username = role;
  u.password = '';
  return u.toString();
};

test('db roles makes the logins, idempotently; lci then runs as lci_system and migrates only with the owner login', async () => {
  const owner = cli.env.DATABASE_URL;
  if (!owner) {
    const r = await cli.run(['db', 'roles']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('PostgreSQL only');
    return;
  }
  const first = await cli.json(['db', 'roles']);
  const expected = { login: true, superuser: false, bypassrls: false, memberOf: [], ownsTables: 0 };
  expect(first.roles).toEqual([
    { role: APP_ROLE, exists: true, ...expected },
    { role: SYSTEM_ROLE, exists: true, ...expected },
  ]);
  expect(first.migrated).toBe(true);
  const again = await cli.json(['db', 'roles']);
  expect(again).toEqual({ ...first, generatedPasswords: {} });

  const split = { DATABASE_URL: as(owner, APP_ROLE), DATABASE_SYSTEM_URL: as(owner, SYSTEM_ROLE) };
  const json = async (args: string[]) => JSON.parse(await cli.ok([...args, '--json'], { env: split }));
  const made = await json(['tenant', 'create', 'Split Logins MSP']);
  expect(made.tenantId).toEqual(expect.any(Number));
  expect((await json(['tenant', 'list'])).map((t: { name: string }) => t.name)).toContain('Split Logins MSP');
  const refused = await cli.run(['db', 'migrate'], { env: split });
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain('DATABASE_OWNER_URL');
  expect(await cli.ok(['db', 'migrate'], { env: { ...split, DATABASE_OWNER_URL: owner } })).toContain(
    'Nothing to migrate',
  );
  const status = (await json(['db', 'status'])) as { name: string; applied: boolean }[];
  expect(status.map((m) => m.name)).toContain('kernel/0060_privilege_boundary');
  expect(status.filter((m) => !m.applied)).toEqual([]);
  // The application role's login alone cannot run the system scope: a clear refusal, not a silent empty answer.
  const appOnly = await cli.run(['tenant', 'list'], { env: { DATABASE_URL: split.DATABASE_URL } });
  expect(appOnly.code).not.toBe(0);
  expect(appOnly.stderr).toContain('DATABASE_SYSTEM_URL');
});
