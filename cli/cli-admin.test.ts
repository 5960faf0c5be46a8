/** The real `lci` as a child process: demo seed, users with security groups, flags, the mail outbox. */
import { openDatabase } from '../kernel/db/connect';
import { Mailer } from '../kernel/mail';
import { createLogger } from '../kernel/log';
import { cliSandbox, type CliSandbox } from './test-support';

jest.setTimeout(300_000);

let cli: CliSandbox;
let demoTenantId: number;
beforeAll(async () => {
  cli = await cliSandbox();
});
afterAll(async () => {
  await cli?.cleanup();
});

const lines = (s: string) => s.trim().split('\n');

test('db seed loads the demo tenant once; a second run duplicates nothing', async () => {
  const first = await cli.json(['db', 'seed']);
  expect(first.tenantCreated).toBe(true);
  expect(first.changes).toEqual(
    expect.arrayContaining([
      'tenant Demo MSP (1)',
      'security group Administrators',
      'security group Account Managers',
      'user admin@demo-msp.example (admin)',
    ]),
  );
  expect(first.passwordSource).toBe('generated');
  expect(first.generatedPassword).toMatch(/^\S{19}$/);
  demoTenantId = first.tenantId;
  const tenants = await cli.json(['tenant', 'list']);
  const users = await cli.json(['user', 'list']);

  const again = await cli.ok(['db', 'seed']);
  expect(again).toContain('Demo data already present; nothing added.');
  expect(again).not.toMatch(/password/i);
  expect(await cli.json(['tenant', 'list'])).toEqual(tenants);
  expect(await cli.json(['user', 'list'])).toEqual(users);
  expect(tenants.map((t: any) => t.name)).toEqual(['Demo MSP', 'Lifecycle Internal']);
  expect(users.find((u: any) => u.email === 'support@lifecycle.example')).toMatchObject({
    is_lci_admin: true,
    is_internal: true,
    allow_impersonation_flag: true,
  });
  expect(users.find((u: any) => u.email === 'am@demo-msp.example')).toMatchObject({
    tenant_id: demoTenantId,
    security_group: 'Account Managers',
    is_tenant_admin: false,
  });
});

test('user create with a security group; a supplied password is never printed', async () => {
  const out = await cli.ok(
    [
      'user',
      'create',
      'Casey@Demo-MSP.example',
      '--tenant',
      String(demoTenantId),
      '--security-group',
      'account managers',
      '--first-name',
      'Casey',
      '--password-stdin',
    ],
    { input: 'Sup3r-Secret-Pass\n' },
  );
  expect(out).toMatch(
    /Created user \d+ casey@demo-msp\.example to tenant \d+ "Demo MSP", security group Account Managers\./,
  );
  expect(out).not.toContain('Sup3r-Secret-Pass');
  expect(out).not.toMatch(/password/i);

  const gen = await cli.json([
    'user',
    'create',
    'riley@demo-msp.example',
    '--tenant',
    String(demoTenantId),
    '--tenant-admin',
    '--generate-password',
  ]);
  expect(gen).toMatchObject({ securityGroup: 'Administrators', tenantAdmin: true, created: true });
  expect(gen.generatedPassword).toMatch(/^\S{19}$/);

  const list: any[] = await cli.json(['user', 'list', '--tenant', String(demoTenantId)]);
  expect(list.find((u) => u.email === 'casey@demo-msp.example')).toMatchObject({
    name: 'Casey',
    security_group: 'Account Managers',
    is_tenant_admin: false,
  });
  expect(list.find((u) => u.email === 'riley@demo-msp.example')).toMatchObject({
    security_group: 'Administrators',
    is_tenant_admin: true,
  });

  const bad = await cli.run([
    'user',
    'create',
    'nobody@demo-msp.example',
    '--tenant',
    String(demoTenantId),
    '--security-group',
    'Wizards',
  ]);
  expect(bad.code).toBe(1);
  expect(lines(bad.stderr)).toHaveLength(1);
  expect(bad.stderr).toMatch(
    /^error: security group "Wizards" not found in tenant \d+ \(groups: Administrators \(\d+\), Account Managers \(\d+\)\)/,
  );
  const dup = await cli.run([
    'user',
    'create',
    'casey@demo-msp.example',
    '--tenant',
    String(demoTenantId),
    '--security-group',
    'Administrators',
  ]);
  expect(dup.stderr.trim()).toBe(`error: casey@demo-msp.example is already a user of tenant ${demoTenantId}`);
  expect(await cli.json(['user', 'list', '--tenant', String(demoTenantId)])).toEqual(list);
});

test('flags set and get, for the tenant and for one user', async () => {
  const t = String(demoTenantId);
  expect((await cli.ok(['flags', 'get', 'hook-integration', '--tenant', t])).trim()).toBe('false');
  expect(await cli.ok(['flags', 'set', 'hook-integration', 'on', '--tenant', t])).toContain(
    'hook-integration is on for tenant',
  );
  const all: { key: string; value: boolean }[] = await cli.json(['flags', 'get', '--tenant', t]);
  expect(all).toEqual([
    { key: 'hook-integration', value: true },
    { key: 'infima-integration', value: false },
    { key: 'lci-darkly-test', value: false },
    { key: 'sp-auth-lci-2121', value: false },
    { key: 'user-manager-changes', value: false },
  ]);
  const users: any[] = await cli.json(['user', 'list', '--tenant', t]);
  const am = users.find((u) => u.email === 'am@demo-msp.example');
  await cli.ok(['flags', 'set', 'user-manager-changes', 'true', '--tenant', t, '--user', String(am.user_id)]);
  expect(await cli.json(['flags', 'get', 'user-manager-changes', '--tenant', t, '--user', String(am.user_id)])).toEqual(
    { key: 'user-manager-changes', value: true },
  );
  expect((await cli.ok(['flags', 'get', 'user-manager-changes', '--tenant', t])).trim()).toBe('false');

  const unknown = await cli.run(['flags', 'set', 'no-such-flag', 'on', '--tenant', t]);
  expect(unknown.code).toBe(1);
  expect(lines(unknown.stderr)).toEqual([
    expect.stringMatching(/^error: unknown flag "no-such-flag" \(flags: hook-integration, /),
  ]);
});

test('mail outbox --json lists kept messages, newest first; mail show prints one', async () => {
  expect(await cli.json(['mail', 'outbox'])).toEqual([]);
  const db = await openDatabase({ databaseUrl: cli.env.DATABASE_URL, dataDir: cli.dataDir });
  try {
    const mailer = new Mailer({ from: 'Lifecycle <no-reply@lifecycle.local>', log: createLogger('silent') });
    await mailer.send(db.knex, {
      to: 'admin@demo-msp.example',
      subject: 'Welcome to Lifecycle',
      text: 'Hello Jordan',
      attachments: [
        {
          fileName: 'Getting started.pdf',
          contentType: 'application/pdf',
          storageKey: 'mail/1/start.pdf',
          bytes: 2048,
        },
      ],
    });
    await mailer.sms(db.knex, { to: '+15550100', text: 'Your code is 123456' });
  } finally {
    await db.close();
  }
  const out: any[] = await cli.json(['mail', 'outbox']);
  expect(out).toEqual([
    expect.objectContaining({ kind: 'sms', to_address: '+15550100', text_body: 'Your code is 123456', status: 'kept' }),
    expect.objectContaining({
      kind: 'email',
      to_address: 'admin@demo-msp.example',
      subject: 'Welcome to Lifecycle',
      status: 'kept',
    }),
  ]);
  expect(out[1].attachments).toEqual([
    { fileName: 'Getting started.pdf', contentType: 'application/pdf', storageKey: 'mail/1/start.pdf', bytes: 2048 },
  ]);
  expect(await cli.ok(['mail', 'outbox'])).toMatch(/ATTACHMENTS[\s\S]*Getting started\.pdf \(2\.0 KB\)/);
  expect(await cli.json(['mail', 'outbox', '--limit', '1'])).toHaveLength(1);
  const shown = await cli.ok(['mail', 'show', String(out[1].mail_id)]);
  expect(shown).toContain('Subject: Welcome to Lifecycle');
  expect(shown).toContain('Hello Jordan');
  expect(shown).toContain('Files:   Getting started.pdf (2.0 KB)');
  const missing = await cli.run(['mail', 'show', '9999']);
  expect(missing.code).toBe(1);
  expect(missing.stderr.trim()).toBe('error: no message 9999 in the outbox');
});

test('lci plugin list: each loaded plugin with its dependencies, module and the points it declares and registers into', async () => {
  const rows: {
    id: string;
    dependsOn: string[];
    declares: string[];
    contributes: { point: string; count: number }[];
  }[] = await cli.json(['plugin', 'list']);
  const ids = rows.map((r) => r.id);
  // Load order: a plugin comes after what it depends on.
  for (const r of rows) for (const d of r.dependsOn) expect(ids.indexOf(d)).toBeLessThan(ids.indexOf(r.id));
  const companies = rows.find((r) => r.id === 'companies')!;
  expect(companies.declares).toEqual(expect.arrayContaining(['companies.csvImports', 'companies.customFieldTargets']));
  const contacts = rows.find((r) => r.id === 'contacts')!;
  expect(contacts.dependsOn).toEqual(['companies']);
  expect(contacts.contributes).toEqual(
    expect.arrayContaining([
      { point: 'companies.csvImports', count: 1 },
      { point: 'companies.customFieldTargets', count: 1 },
    ]),
  );
  const table = await cli.ok(['plugin', 'list']);
  expect(table.split('\n')[0]).toMatch(/^ID\s+DEPENDS ON\s+MODULE\s+DECLARES\s+CONTRIBUTES TO$/);
  expect(table).toMatch(/^contacts\s+companies\s/m);
});

test('a refusal (a well-formed id of no tenant) exits 1, a usage error 2', async () => {
  const refused = await cli.run(['flags', 'get', '--tenant', '987654']);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/^error: tenant 987654 does not exist/);
  const usage = await cli.run(['flags', 'get', '--tenant', '-4']);
  expect(usage.code).toBe(2);
});
