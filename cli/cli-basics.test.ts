/** The real `lci` as a child process: configuration, usage errors, migrations, tenants. */
import { cliSandbox, type CliSandbox } from './test-support';

// Each command is a fresh process that opens the database: seconds each, more on a busy machine.
jest.setTimeout(300_000);

let cli: CliSandbox;
// The real executable in child processes (exit codes, stdout and stderr as a script sees them), on an empty
// database: `db migrate` below runs every migration from the start.
beforeAll(async () => {
  cli = await cliSandbox({ migrated: false, process: 'child' });
});
afterAll(async () => {
  await cli?.cleanup();
});

const oneLine = (s: string) => s.trim().split('\n');

describe('lci config show', () => {
  test('prints the effective configuration with secrets redacted', async () => {
    const env = {
      LCI_SECRET: 'a-very-secret-value-0123456789',
      LCI_SMTP_URL: 'smtp://mailer:hunter22@smtp.example:587',
      LCI_REGION: 'ec1',
    };
    const text = await cli.ok(['config', 'show'], { env });
    expect(text).not.toContain('a-very-secret-value');
    expect(text).not.toContain('hunter22');
    expect(text).toMatch(/LCI_SECRET\s+••••••\s+environment/);
    expect(text).toMatch(/LCI_REGION\s+ec1\s+environment/);
    const rows: { variable: string; value: string; source: string }[] = JSON.parse(
      await cli.ok(['config', 'show', '--json'], { env }),
    );
    const by = Object.fromEntries(rows.map((r) => [r.variable, r]));
    expect(by.LCI_SMTP_URL).toMatchObject({ value: '••••••', source: 'environment' });
    expect(by.LCI_DATA_DIR).toMatchObject({ value: cli.dataDir, source: 'environment' });
    expect(by.PORT).toMatchObject({ value: '3000', source: 'default' });
    expect(by.LCI_LOG_LEVEL).toMatchObject({ value: 'debug', source: 'derived' });
  });

  test('a bad variable: exit 1 and one line naming it', async () => {
    const r = await cli.run(['config', 'show'], { env: { PORT: 'abc' } });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(oneLine(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: .*\bPORT\b/);
  });
});

describe('usage errors', () => {
  test('an unknown command is one line and exit 2 (usage)', async () => {
    const r = await cli.run(['tenants-please']);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toEqual(["error: unknown command 'tenants-please'"]);
  });

  test('a bad option value names the option, exit 2; an unknown option exit 2', async () => {
    const r = await cli.run(['flags', 'get', '--tenant', 'abc']);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: .*--tenant.*positive whole number/);
    const unknown = await cli.run(['tenant', 'list', '--colour', 'blue']);
    expect(unknown.code).toBe(2);
    expect(oneLine(unknown.stderr)).toEqual(["error: unknown option '--colour'"]);
  });
});

describe('lci db migrate and tenants', () => {
  test('db migrate applies kernel then plugin migrations, then has nothing to do', async () => {
    const first = await cli.ok(['db', 'migrate']);
    const applied = first
      .split('\n')
      .filter((l) => l.startsWith('  '))
      .map((l) => l.trim());
    expect(applied[0]).toBe('kernel/0001_roles');
    expect(applied).toContain('kernel/0010_identity');
    const kernelLast = Math.max(...applied.map((n, i) => (n.startsWith('kernel/') ? i : -1)));
    const pluginFirst = applied.findIndex((n) => !n.startsWith('kernel/'));
    expect(applied.some((n) => n.startsWith('companies/'))).toBe(true);
    expect(pluginFirst).toBeGreaterThan(kernelLast);
    expect(await cli.json(['db', 'migrate'])).toEqual({ applied: [] });
    const status: { name: string; applied: boolean }[] = await cli.json(['db', 'status']);
    expect(status.map((s) => s.name)).toEqual(applied);
    expect(status.every((s) => s.applied)).toBe(true);
  });

  test('tenant create then tenant list --json', async () => {
    const created = await cli.json([
      'tenant',
      'create',
      'Northwind MSP',
      '--email-domain',
      'northwind.example',
      '--region',
      'uw2',
      '--modules',
      'Core,Customer Success',
    ]);
    expect(created).toMatchObject({ name: 'Northwind MSP', modules: ['Core', 'Customer Success'], adminUserId: null });
    expect(created.generatedPassword).toBeUndefined();
    const list: any[] = await cli.json(['tenant', 'list']);
    expect(list).toEqual([
      expect.objectContaining({
        tenant_id: created.tenantId,
        name: 'Northwind MSP',
        email_domain: 'northwind.example',
        region_code: 'uw2',
        users: 0,
      }),
    ]);

    const dup = await cli.run(['tenant', 'create', 'northwind msp']);
    expect(dup.code).toBe(1);
    expect(oneLine(dup.stderr)).toHaveLength(1);
    expect(dup.stderr).toMatch(/^error: a tenant named "northwind msp" already exists/);
    expect(await cli.json(['tenant', 'list'])).toHaveLength(1);
  });

  test('tenant create with an admin prints the generated password once', async () => {
    const out = await cli.ok(['tenant', 'create', 'Contoso IT', '--admin-email', 'Owner@Contoso.example']);
    expect(out).toMatch(/Created tenant \d+ "Contoso IT"/);
    expect(out).toMatch(/Tenant admin owner@contoso\.example/);
    expect(out).toMatch(/Password: \S{19}\s+\(shown once\)/);
    const users: any[] = await cli.json(['user', 'list']);
    expect(users).toEqual([
      expect.objectContaining({
        email: 'owner@contoso.example',
        tenant_name: 'Contoso IT',
        security_group: 'Administrators',
        is_tenant_admin: true,
      }),
    ]);
  });
});
