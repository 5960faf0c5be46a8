/**
 * `lci user create` with an existing user of another tenant (issue 13 part 1): the CLI invites them
 * like the user manager does (mail through the outbox, no membership until they accept, audited);
 * `--add-directly` adds the membership at once for support acting on the user's own request, audited
 * with the other tenant named. `lci user disable --tenant` of such a membership keeps the user's sessions.
 */
import { cliSandbox, type CliSandbox } from './test-support';

jest.setTimeout(300_000);

let cli: CliSandbox;
beforeAll(async () => {
  cli = await cliSandbox();
});
afterAll(async () => {
  await cli?.cleanup();
});

test('an existing user of another tenant is invited; --add-directly adds them, audited', async () => {
  const a = await cli.json(['tenant', 'create', 'Home Co', '--admin-email', 'kim@home.example', '--json']);
  const b = await cli.json(['tenant', 'create', 'Other Co', '--json']);
  const out = await cli.ok(['user', 'create', 'Kim@Home.example', '--tenant', String(b.tenantId), '--tenant-admin']);
  expect(out).toMatch(
    /^Invited existing user \d+ kim@home\.example \(a user of another tenant\) to tenant \d+ "Other Co", security group Administrators, tenant admin: they join once they accept the e-mailed invitation/,
  );
  expect(await cli.json(['user', 'list', '--tenant', String(b.tenantId)])).toEqual([]);
  const mails: { to_address: string; subject: string; text_body: string }[] = await cli.json([
    'mail',
    'outbox',
    '--json',
  ]);
  const mail = mails.find(
    (m) => m.to_address === 'kim@home.example' && m.subject === 'You are invited to join Other Co on Lifecycle',
  );
  expect(mail?.text_body).toMatch(/\/acceptInvitation\?invitationKey=[A-Za-z0-9_-]{43}/);
  // A second invitation while the first waits: refused, clearly.
  const again = await cli.run(['user', 'create', 'kim@home.example', '--tenant', String(b.tenantId), '--tenant-admin']);
  expect(again.code).toBe(1);
  expect(again.stderr.trim()).toBe('error: An invitation to kim@home.example is already waiting for an answer.');

  const direct = await cli.json([
    'user',
    'create',
    'kim@home.example',
    '--tenant',
    String(b.tenantId),
    '--tenant-admin',
    '--add-directly',
    '--json',
  ]);
  expect(direct).toMatchObject({ created: false, tenantId: b.tenantId, tenantAdmin: true });
  expect(
    (await cli.json(['user', 'list', '--tenant', String(b.tenantId)])).map((u: { email: string }) => u.email),
  ).toEqual(['kim@home.example']);
  const audit: { action: string; details: Record<string, unknown> }[] = await cli.json([
    'admin',
    'audit',
    '--tenant',
    String(b.tenantId),
    '--json',
  ]);
  expect(audit.find((e) => e.action === 'user_manager.invitation.sent')?.details).toMatchObject({
    via: 'cli',
    email: 'kim@home.example',
  });
  expect(audit.find((e) => e.action === 'user.add-to-tenant')?.details).toMatchObject({
    via: 'cli',
    direct: true,
    memberElsewhere: a.tenantId,
  });

  // Disabling that membership ends Other Co's access only: the sessions belong to the home tenant.
  expect((await cli.ok(['user', 'disable', 'kim@home.example', '--tenant', String(b.tenantId)])).trim()).toBe(
    `kim@home.example disabled in tenant ${b.tenantId} (not their home tenant); their sessions are kept.`,
  );
  expect((await cli.ok(['user', 'disable', 'kim@home.example', '--tenant', String(a.tenantId)])).trim()).toMatch(
    new RegExp(`^kim@home\\.example disabled in tenant ${a.tenantId}; \\d+ sessions and \\d+ refresh tokens ended\\.$`),
  );
});

test('a new user without a password gets the user manager invitation by mail (registration link); --generate-password prints one instead', async () => {
  const t = await cli.json(['tenant', 'create', 'Invite Co', '--json']);
  const out = await cli.ok([
    'user',
    'create',
    'Lee@Invite.example',
    '--tenant',
    String(t.tenantId),
    '--tenant-admin',
    '--first-name',
    'Lee',
  ]);
  expect(out).toMatch(
    /^Created user \d+ lee@invite\.example to tenant \d+ "Invite Co", security group Administrators, tenant admin\./,
  );
  expect(out).toContain("Mailed lee@invite.example the invitation 'You are invited to Lifecycle'");
  expect(out).not.toMatch(/Password:/);
  const mails: { to_address: string; subject: string; text_body: string }[] = await cli.json([
    'mail',
    'outbox',
    '--json',
  ]);
  const mail = mails.find((m) => m.to_address === 'Lee@Invite.example' && m.subject === 'You are invited to Lifecycle');
  expect(mail?.text_body).toMatch(/Invite Co has invited you to Lifecycle/);
  expect(mail?.text_body).toMatch(/\/signUpRegisteredUser\?registrationKey=[A-Za-z0-9_-]{43}/);
  // The user manager shows the registration as pending (no password, not confirmed).
  const users: { email: string }[] = await cli.json(['user', 'list', '--tenant', String(t.tenantId)]);
  expect(users.map((u) => u.email)).toEqual(['lee@invite.example']);
  const audit: { action: string; details: Record<string, unknown> }[] = await cli.json([
    'admin',
    'audit',
    '--tenant',
    String(t.tenantId),
    '--json',
  ]);
  expect(audit.find((e) => e.action === 'user.create')?.details).toMatchObject({ via: 'cli', registrationEmail: true });

  const gen = await cli.json([
    'user',
    'create',
    'sam@invite.example',
    '--tenant',
    String(t.tenantId),
    '--tenant-admin',
    '--generate-password',
    '--json',
  ]);
  expect(gen.generatedPassword).toMatch(/^\S{19}$/);
  expect(gen.invitationSent).toBeUndefined();
  const after: { to_address: string }[] = await cli.json(['mail', 'outbox', '--json']);
  expect(after.filter((m) => m.to_address === 'sam@invite.example')).toEqual([]);
});
