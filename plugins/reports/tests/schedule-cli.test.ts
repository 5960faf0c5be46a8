/**
 * `lci reports schedules --tenant N [--json]` and `lci reports run <scheduleId> [--tenant N]`: the commands run in
 * this process on the test server's kernel (a schedule made through the API), their output captured; and once
 * through `lci` itself on a private database (the commands are registered, errors exit 1 with the reason).
 */
import { Command } from 'commander';
import type { Knex } from 'knex';
import type { PluginCliContext } from '../../../kernel/index';
import {
  cliSandbox,
  makeCompany,
  makeContact,
  makeTenant,
  startTestServer,
  type CliSandbox,
  type TestServer,
  type TestTenant,
} from '../../../tests/sdk';
import { reportsCli } from '../cli/commands';
import { runNow } from '../server/schedules/service';
import { schedulePaths } from '../shared/schedule-api';

jest.setTimeout(300_000);

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let scheduleId: number;
let companyId: number;

/** Runs `lci reports ...` in this process on the test server's kernel: exit code and captured output. */
async function lci(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const program = new Command().exitOverride();
  const ctx: PluginCliContext = { kernel: async () => s.k, plugins: [], operator: 'test' };
  reportsCli(program, ctx);
  const out: string[] = [];
  const err: string[] = [];
  const saved = { out: process.stdout.write, err: process.stderr.write };
  process.stdout.write = ((c: string) => out.push(String(c)) > 0) as typeof process.stdout.write;
  process.stderr.write = ((c: string) => err.push(String(c)) > 0) as typeof process.stderr.write;
  let code = 0;
  try {
    await program.parseAsync(['node', 'lci', ...args]);
  } catch (e) {
    code = 1;
    err.push(`error: ${(e as Error).message}`);
  } finally {
    process.stdout.write = saved.out;
    process.stderr.write = saved.err;
  }
  return { code, stdout: out.join(''), stderr: err.join('') };
}

beforeAll(async () => {
  s = await startTestServer({ plugins: ['reports'] });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  companyId = await makeCompany(a, 'Acme Dental');
  const contact = await makeContact(a, companyId, {
    first_name: 'Dana',
    last_name: 'Whitfield',
    email: 'dana@acme.example',
  });
  const templateId = await s.k.db.withTenant(a.tenantId, async (db) => {
    const [row] = await db('report_templates')
      .insert({ tenant_id: a.tenantId, name: 'Client Review', current_vers: 1 })
      .returning('report_template_id');
    await db('report_template_versions').insert({
      tenant_id: a.tenantId,
      report_template_id: row.report_template_id,
      vers: 1,
    });
    return Number(row.report_template_id);
  });
  const r = await a.api('POST', schedulePaths.list(a.tenantId), {
    name: 'Acme monthly',
    templateId,
    companyId,
    frequency: 'monthly',
    monthDay: 1,
    sendTime: '07:30',
    timeZone: 'Europe/London',
    recipients: { contacts: [contact], users: [a.userId] },
  });
  expect(r.status).toBe(200);
  scheduleId = r.body.schedule.report_schedule_id;
}, 400_000);
afterAll(async () => s?.stop());

test('schedules lists id, name, company, frequency, next run and last status; --json the rows', async () => {
  const table = await lci(['reports', 'schedules', '--tenant', String(a.tenantId)]);
  expect(table.code).toBe(0);
  const [header, row] = table.stdout.trim().split('\n');
  expect(header.split(/\s{2,}/)).toEqual(['ID', 'NAME', 'COMPANY', 'FREQUENCY', 'NEXT RUN', 'LAST STATUS']);
  expect(row.split(/\s{2,}/)).toEqual([
    String(scheduleId),
    'Acme monthly',
    'Acme Dental',
    'Monthly on day 1 at 07:30',
    expect.stringMatching(/^\w{3} \d{4}-\d{2}-01 07:30 \(Europe\/London\)$/),
    '-',
  ]);
  const json = JSON.parse((await lci(['reports', 'schedules', '--tenant', String(a.tenantId), '--json'])).stdout);
  expect(json).toEqual([
    expect.objectContaining({ report_schedule_id: scheduleId, name: 'Acme monthly', company_name: 'Acme Dental' }),
  ]);
  const empty = await lci(['reports', 'schedules', '--tenant', String(b.tenantId)]);
  expect(empty.stdout.trim()).toBe(`Tenant ${b.tenantId} has no scheduled reports.`);
});

test('run sends it now: the run and each delivery are printed, the mails are in the outbox, the list shows it', async () => {
  const before = await s.k.db.withSystem((db: Knex) => db('mail_outbox').max('mail_id as m'), { readOnly: true });
  const r = await lci(['reports', 'run', String(scheduleId)]);
  expect(r.code).toBe(0);
  const lines = r.stdout.trim().split('\n');
  expect(lines[0]).toMatch(/^Run \d+ \(manual-\d{4}-\d{2}-\d{2}T[\d:.]+Z\): sent, saved report \d+$/);
  expect(lines[1].split(/\s{2,}/)).toEqual(['RECIPIENT', 'EMAIL', 'MODE', 'STATUS', 'ERROR']);
  expect(lines.slice(2).map((l) => l.split(/\s{2,}/).slice(1))).toEqual([
    ['dana@acme.example', 'attachment', 'sent'],
    [a.email, 'attachment', 'sent'],
  ]);
  const mails = await s.k.db.withSystem(
    (db: Knex) =>
      db('mail_outbox')
        .where('mail_id', '>', Number(before[0].m ?? 0))
        .pluck('to_address'),
    { readOnly: true },
  );
  expect(mails.sort()).toEqual(['dana@acme.example', a.email].sort());
  const listed = await lci(['reports', 'schedules', '--tenant', String(a.tenantId)]);
  expect(listed.stdout).toMatch(/sent \(manual-/);
});

test('a run reports its progress (the bar of `lci reports run`): the report built, then one step per recipient', async () => {
  const steps: [number, number][] = [];
  const run = await s.k.db.withTenant(a.tenantId, (trx) =>
    runNow(s.k, trx, a.tenantId, scheduleId, new Date(), (done, total) => steps.push([done, total])),
  );
  expect(run.status).toBe('sent');
  expect(steps).toEqual([
    [0, 1],
    [1, 3],
    [2, 3],
    [3, 3],
  ]);
});

test("run refuses another tenant's schedule, an unknown one and a bad id, naming the reason", async () => {
  const other = await lci(['reports', 'run', String(scheduleId), '--tenant', String(b.tenantId)]);
  expect(other.code).toBe(1);
  expect(other.stderr).toContain(`No scheduled report ${scheduleId} in tenant ${b.tenantId}.`);
  expect((await lci(['reports', 'run', '99999999'])).stderr).toContain('No scheduled report 99999999.');
  expect((await lci(['reports', 'run', 'abc'])).stderr).toContain('"abc" is not a scheduled report id.');
});

describe('through lci', () => {
  let cli: CliSandbox;
  beforeAll(async () => {
    cli = await cliSandbox();
  }, 300_000);
  afterAll(async () => cli?.cleanup());

  test('the commands are registered: an empty listing, and an unknown schedule exits 1', async () => {
    const tenantId = (await cli.json<{ tenantId: number }>(['tenant', 'create', 'Schedules MSP'])).tenantId;
    expect((await cli.ok(['reports', 'schedules', '--tenant', String(tenantId)])).trim()).toBe(
      `Tenant ${tenantId} has no scheduled reports.`,
    );
    expect(await cli.json(['reports', 'schedules', '--tenant', String(tenantId)])).toEqual([]);
    const r = await cli.run(['reports', 'run', '424242']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('No scheduled report 424242.');
  });
});
