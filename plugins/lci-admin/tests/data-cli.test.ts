/** `lci admin resync`, `lci admin delete-tenant-data` and `lci admin jobs` as the real CLI in a child process. */
import { cliSandbox, type CliSandbox } from '../../../tests/sdk';

jest.setTimeout(600_000);

let cli: CliSandbox;
let demo: number;
let internal: number;
beforeAll(async () => {
  cli = await cliSandbox();
  const seed = await cli.json(['db', 'seed']);
  demo = seed.tenantId;
  internal = seed.internalTenantId;
});
afterAll(async () => {
  await cli?.cleanup();
});

test('resync queues a job and follows it to the end; --no-wait returns at once; unknown steps are refused', async () => {
  const run = await cli.json(['admin', 'resync', '--tenant', String(demo), '--what', 'scores,segments']);
  expect(run).toMatchObject({
    tenantId: demo,
    steps: ['scores', 'segments'],
    state: 'completed',
    progress: 100,
    requestedVia: 'cli',
  });
  expect(run.results.scores.companies).toBeGreaterThan(0);

  const queued = await cli.json(['admin', 'resync', '--tenant', String(demo), '--no-wait']);
  expect(queued).toMatchObject({ state: 'queued', steps: ['scores', 'segments'], jobId: expect.any(String) });

  const bad = await cli.run(['admin', 'resync', '--tenant', String(demo), '--what', 'alignment']);
  expect(bad.code).toBe(1);
  expect(bad.stderr.trim()).toBe('error: Unknown resync step "alignment" (steps: scores, segments, all)');

  const stats = await cli.json(['admin', 'jobs', '--state', 'created']);
  expect(stats.jobs.map((j: any) => j.id)).toContain(queued.jobId);
  const cancelled = await cli.json(['admin', 'jobs', 'cancel', queued.jobId]);
  expect(cancelled).toMatchObject({ id: queued.jobId, state: 'cancelled' });
  const again = await cli.run(['admin', 'jobs', 'cancel', queued.jobId]);
  expect(again.code).toBe(1);
  expect(again.stderr).toMatch(/is cancelled; only queued, retrying or active jobs can be cancelled/);
  const table = await cli.ok(['admin', 'jobs', '--queue', 'lciadmin.dataresync', '--state', 'cancelled']);
  expect(table).toMatch(/^QUEUE\s+CREATED\s+RETRY\s+ACTIVE\s+COMPLETED\s+CANCELLED\s+FAILED/);
  expect(table).toContain(queued.jobId);
});

test('delete-tenant-data: a wrong name refuses and changes nothing; the right name exports and deletes', async () => {
  const dry = await cli.json(['admin', 'delete-tenant-data', '--tenant', String(demo), '--dry-run']);
  expect(dry).toMatchObject({ tenantId: demo, name: 'Demo MSP', blockers: [] });
  expect(dry.totalRows).toBeGreaterThan(20);

  const wrong = await cli.run(['admin', 'delete-tenant-data', '--tenant', String(demo), '--confirm', 'Demo']);
  expect(wrong.code).toBe(1);
  expect(wrong.stderr.trim().split('\n').pop()).toBe('error: The name does not match "Demo MSP"; nothing was deleted.');
  const noConfirm = await cli.run(['admin', 'delete-tenant-data', '--tenant', String(demo)]);
  expect(noConfirm.code).toBe(1);
  expect(noConfirm.stderr).toContain('pass --confirm "Demo MSP"');
  expect(await cli.json(['admin', 'delete-tenant-data', '--tenant', String(demo), '--dry-run'])).toEqual(dry);

  const internalDry = await cli.run([
    'admin',
    'delete-tenant-data',
    '--tenant',
    String(internal),
    '--confirm',
    'Lifecycle Internal',
  ]);
  expect(internalDry.code).toBe(1);
  expect(internalDry.stderr).toMatch(/Internal staff belong to it/);

  const out = await cli.ok(['admin', 'delete-tenant-data', '--tenant', String(demo), '--confirm', 'Demo MSP']);
  expect(out).toMatch(
    new RegExp(
      `Exported to ${cli.dataDir}/storage/lcisupport/tenant-exports/tenant-${demo}-\\S+\\.jsonl\\.gz \\(\\d+ rows, \\d+ bytes gzip, read back and verified\\)\\.`,
    ),
  );
  expect(out).toContain(`Deleted tenant ${demo} "Demo MSP": ${dry.totalRows} rows; 3 users removed, 0 kept.`);
  const tenants = await cli.json(['tenant', 'list']);
  expect(tenants.map((t: any) => t.name)).toEqual(['Lifecycle Internal']);
  const gone = await cli.run(['admin', 'delete-tenant-data', '--tenant', String(demo), '--dry-run']);
  expect(gone.stderr.trim()).toBe(`error: Tenant ${demo} not found.`);
  const audit = await cli.json(['admin', 'audit', '--action', 'lcisupport.deleteTenantData']);
  expect(audit[0]).toMatchObject({ tenantId: 0, target: `tenant:${demo}` });
});
