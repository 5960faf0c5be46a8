/**
 * The job queue on its real engine: the embedded PGlite queue by default, the
 * PostgreSQL one when TEST_DATABASE_URL (or DATABASE_URL) is set. Plugins'
 * jobs are worked, progress goes to the tenant's room, jobs survive a
 * restart, failures keep their error and can be retried; cron jobs are
 * scheduled by workers only, and unscheduled when their cron goes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config';
import { createPostgresDatabase, postgresUrl } from '../../tests/helpers/server';
import type { Jobs, Kernel } from '../kernel';
import { createLogger } from '../log';
import type { JobDef, LoadedPlugin } from '../plugin';
import { collectJobDefs, createJobs, type FailedJob } from './index';

const published: { room: string; message: Record<string, unknown> }[] = [];
/** What pg-boss reported through its 'error' event (logged as warnings): nothing, on either engine. */
const warnings: unknown[] = [];
const runs: Record<string, unknown>[] = [];
let failNext = true;

const jobs: Record<string, JobDef<any>> = {
  'probe.echo': {
    retryLimit: 0,
    async handler(ctx) {
      await ctx.progress(40, 'Halfway there');
      await ctx.progress(250);
      runs.push({ id: ctx.id, name: ctx.name, ...ctx.data });
      return { echoed: ctx.data.value };
    },
  },
  'probe.flaky': {
    retryLimit: 0,
    async handler(ctx) {
      if (failNext) {
        failNext = false;
        throw new Error(`Import of ${String(ctx.data.file)} failed: no header row`);
      }
      runs.push({ id: ctx.id, name: ctx.name, ...ctx.data });
    },
  },
};

const plugin: LoadedPlugin = { id: 'jobs-probe', jobs, dir: __dirname, hasWorkspace: false };

async function waitFor<T>(fn: () => Promise<T | undefined | false> | T | undefined | false, ms = 30000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe(`jobs on ${postgresUrl() ? 'PostgreSQL' : 'embedded PGlite'}`, () => {
  let dataDir: string;
  let pg: { url: string; drop: () => Promise<void> } | undefined;
  let current: Jobs | undefined;

  const fakeKernel = (plugins: LoadedPlugin[] = [plugin]): Kernel => {
    const config = loadConfig({ NODE_ENV: 'test', LCI_DATA_DIR: dataDir, ...(pg ? { DATABASE_URL: pg.url } : {}) });
    return {
      config,
      log: Object.assign(createLogger('silent'), { warn: (...args: unknown[]) => warnings.push(args) }),
      plugins,
      realtime: {
        publish: async (room: string, message: Record<string, unknown>) => {
          published.push({ room, message });
        },
      },
    } as unknown as Kernel;
  };
  const start = async (work: boolean) =>
    (current = await createJobs(fakeKernel(), { work, pollingIntervalSeconds: 0.5 }));

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-jobs-'));
    const base = postgresUrl();
    if (base) pg = await createPostgresDatabase(base);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  afterAll(async () => {
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('works a queued job, records its output and reports progress to the tenant room', async () => {
    const j = await start(true);
    // A brand-new embedded queue is created on first use, not at start.
    if (!pg) expect(fs.existsSync(path.join(dataDir, 'jobs'))).toBe(false);
    const id = await j.send('probe.echo', { tenantId: 7, value: 'hello' });
    if (!pg) expect(fs.existsSync(path.join(dataDir, 'jobs'))).toBe(true);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => runs.some((r) => r.id === id));
    expect(runs.find((r) => r.id === id)).toMatchObject({ name: 'probe.echo', tenantId: 7, value: 'hello' });
    const progress = published.filter((p) => p.message.jobId === id);
    expect(progress).toEqual([
      {
        room: 'tenant:7',
        message: expect.objectContaining({
          msg_type: 'job_progress',
          job: 'probe.echo',
          percent: 40,
          message: 'Halfway there',
        }),
      },
      {
        room: 'tenant:7',
        message: expect.objectContaining({ msg_type: 'job_progress', job: 'probe.echo', percent: 100, message: null }),
      },
    ]);
    const stats = await waitFor(async () => {
      const s = await j.stats();
      return s.find((q) => q.queue === 'probe.echo' && q.counts.completed === 1) && s;
    });
    expect(stats.map((s) => s.queue).sort()).toEqual(['probe.echo', 'probe.flaky']);
    expect(stats.find((s) => s.queue === 'probe.flaky')!.counts).toEqual({
      created: 0,
      retry: 0,
      active: 0,
      completed: 0,
      cancelled: 0,
      failed: 0,
    });
  }, 120000); // the first use creates the embedded queue database

  it('refuses unknown queues and malformed tenant ids', async () => {
    const j = await start(false);
    await expect(j.send('probe.nope', {})).rejects.toThrow('No job queue named probe.nope');
    await expect(j.send('probe.echo', { tenantId: 'abc' })).rejects.toThrow(
      'tenantId of a job must be a positive integer',
    );
  });

  it('keeps a queued job across a restart and runs it on the next start', async () => {
    const j1 = await start(false);
    const id = await j1.send('probe.echo', { tenantId: 3, value: 'after restart' });
    await new Promise((r) => setTimeout(r, 600));
    expect(runs.some((r) => r.id === id)).toBe(false);
    expect((await j1.stats()).find((s) => s.queue === 'probe.echo')!.counts.created).toBeGreaterThanOrEqual(1);
    await j1.close();

    await start(true);
    await waitFor(() => runs.some((r) => r.id === id));
    expect(runs.find((r) => r.id === id)).toMatchObject({ value: 'after restart', tenantId: 3 });
  });

  it('lists a failed job with its error, retries it, and cancels pending jobs', async () => {
    const j = await start(true);
    const id = (await j.send('probe.flaky', { tenantId: 5, file: 'companies.csv' }))!;
    const failed = await waitFor(async () => (await j.failed('probe.flaky')).find((f) => f.id === id));
    expect(failed).toMatchObject<Partial<FailedJob>>({
      id,
      name: 'probe.flaky',
      data: { tenantId: 5, file: 'companies.csv' },
      error: 'Import of companies.csv failed: no header row',
    });
    expect((await j.failed()).map((f) => f.id)).toContain(id);
    expect((await j.stats()).find((s) => s.queue === 'probe.flaky')!.counts.failed).toBe(1);

    await j.retry('probe.flaky', id);
    await waitFor(() => runs.some((r) => r.id === id));
    await waitFor(async () => !(await j.failed('probe.flaky')).some((f) => f.id === id));
    await expect(j.retry('probe.flaky', id)).rejects.toThrow(`No failed job ${id} in queue probe.flaky`);
    await expect(j.retry('probe.flaky', 'not-a-uuid')).rejects.toThrow('is not a job id');

    const later = (await j.send('probe.echo', { tenantId: 5, value: 'later' }, { startAfterSeconds: 3600 }))!;
    await j.cancel('probe.echo', later);
    expect((await j.stats()).find((s) => s.queue === 'probe.echo')!.counts.cancelled).toBe(1);
    await expect(j.cancel('probe.echo', later)).rejects.toThrow('No pending or active job');
  });

  it('schedules a cron job where jobs are worked (not from the CLI) and unschedules it when its cron goes', async () => {
    const nightly = (def: Partial<JobDef>): LoadedPlugin => ({
      id: 'jobs-cron-probe',
      jobs: { ...jobs, 'probe.nightly': { handler: async () => undefined, ...def } },
      dir: __dirname,
      hasWorkspace: false,
    });
    const startWith = async (p: LoadedPlugin, work: boolean) =>
      (current = await createJobs(fakeKernel([p]), { work, pollingIntervalSeconds: 0.5 }));

    const cli = await startWith(nightly({ cron: '0 6 * * 1' }), false);
    await cli.send('probe.echo', { value: 'opens the queue' });
    expect(await cli.schedules!()).toEqual([]);
    await cli.close();

    const server = await startWith(nightly({ cron: '0 6 * * 1', cronTimeZone: 'Europe/Berlin' }), true);
    expect(await server.schedules!()).toEqual([
      { name: 'probe.nightly', cron: '0 6 * * 1', timeZone: 'Europe/Berlin' },
    ]);
    await server.close();

    // A changed cron replaces the schedule; the time zone defaults to UTC.
    const changed = await startWith(nightly({ cron: '30 2 1 * *' }), true);
    expect(await changed.schedules!()).toEqual([{ name: 'probe.nightly', cron: '30 2 1 * *', timeZone: 'UTC' }]);
    await changed.close();

    const removed = await startWith(nightly({}), true);
    expect(await removed.schedules!()).toEqual([]);
  }, 120000);

  it('pg-boss reported no error meanwhile (its maintenance runs on the embedded adapter as on PostgreSQL)', () => {
    expect(warnings).toEqual([]);
  });

  it('refuses a cron that is not 5 fields, and an unknown time zone, naming the job', () => {
    const withDef = (def: Partial<JobDef>) =>
      collectJobDefs({
        plugins: [{ ...plugin, jobs: { 'probe.nightly': { handler: async () => undefined, ...def } } }],
      });
    expect(withDef({ cron: '0 6 * * 1' }).get('probe.nightly')?.cron).toBe('0 6 * * 1');
    expect(() => withDef({ cron: '0 0 6 * * 1' })).toThrow(
      'plugin jobs-probe: job "probe.nightly" has cron "0 0 6 * * 1": use 5 fields',
    );
    expect(() => withDef({ cron: 'daily' })).toThrow('use 5 fields');
    expect(() => withDef({ cron: '0 6 * * 1', cronTimeZone: 'Mars/Olympus' })).toThrow(
      'job "probe.nightly" has an unknown cronTimeZone "Mars/Olympus"',
    );
  });
});
