/**
 * `lci admin` commands of part "pages" (cli/pages.ts) as the real CLI in a child process, against a
 * seeded sandbox database: currency, primary-integration, initial-sync, etl, import-templates, affiliate,
 * notify/notifications and marketing-export (one process per call: each test keeps to the calls that matter).
 */
import fs from 'node:fs';
import path from 'node:path';
import { cliSandbox, type CliSandbox } from '../../../tests/sdk';

jest.setTimeout(600_000);

let cli: CliSandbox;
let demo: number;
beforeAll(async () => {
  cli = await cliSandbox();
  demo = (await cli.json(['db', 'seed'])).tenantId;
});
afterAll(async () => {
  await cli?.cleanup();
});

const fails = async (args: string[], message: RegExp) => {
  const r = await cli.run(args);
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(message);
};

test('currency: shows, changes (audited with the operator), a no-op changes nothing, refuses a currency outside the list', async () => {
  const before = await cli.json(['admin', 'currency', '--tenant', String(demo)]);
  expect(before).toMatchObject({ tenant_id: demo, name: 'Demo MSP' });
  const to = before.currency === 'GBP' ? 'ZAR' : 'GBP';
  expect((await cli.ok(['admin', 'currency', '--tenant', String(demo), '--set', to.toLowerCase()])).trim()).toBe(
    `Tenant ${demo} "Demo MSP": currency ${before.currency} -> ${to}.`,
  );
  expect(await cli.json(['admin', 'currency', '--tenant', String(demo), '--set', to])).toMatchObject({
    changed: false,
    currency: to,
  });
  await fails(
    ['admin', 'currency', '--tenant', String(demo), '--set', 'EUR'],
    /--set must be one of CAD, USD, ZAR, AUD, GBP, not "EUR"/,
  );
  const audit = await cli.json([
    'admin',
    'audit',
    '--tenant',
    String(demo),
    '--action',
    'lcisupport.currency.change',
    '--since',
    '2020-01-01',
  ]);
  expect(audit).toHaveLength(1);
  expect(audit[0].details).toMatchObject({ from: before.currency, to, via: 'cli' });
});

test('primary-integration: lists, refuses a wrong confirmation or integration, changes with the tenant name', async () => {
  const shown = await cli.json(['admin', 'primary-integration', '--tenant', String(demo)]);
  expect(shown.integrations.find((i: any) => i.is_primary).integration_name).toBe('CW Manage');
  await fails(
    ['admin', 'primary-integration', '--tenant', String(demo), '--set', 'Autotask', '--confirm', 'Demo'],
    /Does not match the tenant's name "Demo MSP"/,
  );
  await fails(
    ['admin', 'primary-integration', '--tenant', String(demo), '--set', 'Salesforce', '--confirm', 'Demo MSP'],
    /--set: Must be one of CW Manage/,
  );

  const after = await cli.json([
    'admin',
    'primary-integration',
    '--tenant',
    String(demo),
    '--set',
    'Autotask',
    '--status',
    'active',
    '--confirm',
    'demo msp',
  ]);
  expect(
    after.integrations.filter((i: any) => i.is_primary).map((i: any) => [i.integration_name, i.integration_status]),
  ).toEqual([['Autotask', 'active']]);
  expect(after.integrations.map((i: any) => i.integration_name)).toContain('CW Manage');
});

test('initial-sync: lists the sync in progress, marks it done; an unknown integration is refused', async () => {
  const rows = await cli.json(['admin', 'initial-sync']);
  expect(rows.map((r: any) => [r.tenant_id, r.integration_name])).toEqual([[demo, 'ITGlue']]);
  await fails(['admin', 'initial-sync', '--done', '999999'], /Integration 999999 not found/);
  expect((await cli.ok(['admin', 'initial-sync', '--done', String(rows[0].tenant_integration_id)])).trim()).toBe(
    `ITGlue of tenant ${demo}: initial sync marked done.`,
  );
  expect(await cli.ok(['admin', 'initial-sync'])).toContain('(no initial sync in progress)');
});

test('etl: schedules and runs; disable and run now (a queued run with a job)', async () => {
  const all = await cli.json(['admin', 'etl', '--tenant', String(demo)]);
  expect(all.runs.length).toBeGreaterThanOrEqual(4);
  expect(all.totals).toMatchObject({ failed: 1 });
  const cw = all.schedules.find((s: any) => s.integration_name === 'CW Manage');
  expect(cw.enabled_flag).toBe(true);

  expect((await cli.ok(['admin', 'etl', '--disable', String(cw.tenant_integration_id)])).trim()).toBe(
    `CW Manage of tenant ${demo}: schedule disabled.`,
  );
  expect(
    (await cli.json(['admin', 'etl', '--tenant', String(demo)])).schedules.find(
      (s: any) => s.integration_name === 'CW Manage',
    ).enabled_flag,
  ).toBe(false);
  const run = await cli.json(['admin', 'etl', '--run', String(cw.tenant_integration_id)]);
  expect(run).toMatchObject({ status: 'queued', etl_run_id: expect.any(Number), job_id: expect.any(String) });
  const runs = (await cli.json(['admin', 'etl', '--tenant', String(demo)])).runs;
  expect(runs.find((r: any) => r.etl_run_id === run.etl_run_id)).toMatchObject({ trigger: 'manual' });
});

test('import-templates: a bad file lists every problem and writes nothing; dry run, import, replace', async () => {
  const bad = path.join(cli.dataDir, 'bad.json');
  fs.writeFileSync(bad, JSON.stringify([{ name: '', questions: [{ text: 'Backups tested?', type: 'maybe' }] }]));
  const r = await cli.run(['admin', 'import-templates', '--file', bad, '--tenant', String(demo)]);
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/problem\(s\); nothing was imported/);

  const good = path.join(cli.dataDir, 'templates.csv');
  fs.writeFileSync(
    good,
    'template_name,template_description,question,question_type\r\nSecurity Baseline,Yearly,"MFA everywhere?",yesno\r\nSecurity Baseline,Yearly,Backup restore tested (1-5),scale\r\n',
  );
  const dry = await cli.json(['admin', 'import-templates', '--file', good, '--tenant', String(demo), '--dry-run']);
  expect(dry).toMatchObject({ dryRun: true, templates: 1, totals: { created: 1, replaced: 0, skipped: 0 } });
  expect(await cli.ok(['admin', 'import-templates', '--file', good, '--tenant', String(demo)])).toContain(
    'Imported 1 template(s): 1 created, 0 replaced, 0 skipped.',
  );
  expect(
    (await cli.json(['admin', 'import-templates', '--file', good, '--tenant', String(demo), '--replace'])).totals,
  ).toEqual({ created: 0, replaced: 1, skipped: 0 });
});

test('affiliate: sets, refuses a bad code, clears', async () => {
  expect((await cli.ok(['admin', 'affiliate', '--tenant', String(demo), '--set', 'PARTNER-7'])).trim()).toBe(
    `Tenant ${demo} "Demo MSP": affiliate code PARTNER-7.`,
  );
  await fails(['admin', 'affiliate', '--tenant', String(demo), '--set', 'x'], /--set: 2 to 40 letters/);
  expect(await cli.json(['admin', 'affiliate', '--tenant', String(demo), '--clear'])).toMatchObject({
    affiliate_code: null,
    previous: 'PARTNER-7',
  });
});

test('notify and notifications; marketing export to a file', async () => {
  await fails(
    ['admin', 'notify', '--title', 'T', '--message', 'M'],
    /Choose exactly one of --all, --tenant and --user/,
  );
  const sent = await cli.json([
    'admin',
    'notify',
    '--title',
    'Upgrade tonight',
    '--message',
    'Short downtime at 22:00 UTC',
    '--tenant',
    String(demo),
    '--type',
    'warning',
  ]);
  expect(sent.notification).toMatchObject({ title: 'Upgrade tonight', target: 'tenant' });
  expect(sent.users).toBeGreaterThan(0);
  const list = await cli.json(['admin', 'notifications']);
  expect(list[0]).toMatchObject({ notification_id: sent.notification.notification_id, active_flag: true });

  const file = path.join(cli.dataDir, 'users.csv');
  expect(await cli.ok(['admin', 'marketing-export', '--kind', 'users', '--out', file])).toMatch(
    /^Wrote \d+ row\(s\) to /,
  );
  const csv = fs.readFileSync(file, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'user_id,email,first_name,last_name,tenant_id,tenant_name,tenant_admin,region,created_at,last_sign_in_at',
  );
  expect(csv).toContain('Demo MSP');
  expect(csv).not.toContain('support@lifecycle.example');
});
