/**
 * The upgrade from pg-boss 10 (the queue every database made before 2026-11 holds) to pg-boss 12, in place, on
 * the real engine (embedded PGlite; PostgreSQL with TEST_DATABASE_URL): pg-boss 12 has no migration from 10's schema,
 * so kernel/jobs/upgrade.ts sets it aside as pgboss_v10 and moves the unfinished jobs into the new queue.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PgBoss10 from 'pg-boss-10';
import { loadConfig } from '../../config';
import { createPostgresDatabase, postgresUrl } from '../../tests/helpers/server';
import type { Jobs, Kernel } from '../kernel';
import { createLogger } from '../log';
import type { LoadedPlugin } from '../plugin';
import { openJobsBackend } from './backend';
import { createJobs } from './index';

const runs: Record<string, unknown>[] = [];
const plugin: LoadedPlugin = {
  id: 'jobs-upgrade-probe',
  jobs: {
    'probe.echo': {
      retryLimit: 0,
      async handler(ctx) {
        runs.push({ id: ctx.id, ...ctx.data });
        return { echoed: ctx.data.value };
      },
    },
  },
  dir: __dirname,
  hasWorkspace: false,
};

async function waitFor<T>(fn: () => Promise<T | undefined | false> | T | undefined | false, ms = 30000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe(`the pg-boss 10 queue upgrades in place on ${postgresUrl() ? 'PostgreSQL' : 'embedded PGlite'}`, () => {
  let dataDir: string;
  let pg: { url: string; drop: () => Promise<void> } | undefined;
  let current: Jobs | undefined;
  const start = async (work: boolean) => {
    const config = loadConfig({ NODE_ENV: 'test', LCI_DATA_DIR: dataDir, ...(pg ? { DATABASE_URL: pg.url } : {}) });
    const k = { config, log: createLogger('silent'), plugins: [plugin], realtime: { publish: async () => {} } };
    return (current = await createJobs(k as unknown as Kernel, { work, pollingIntervalSeconds: 0.5 }));
  };
  const backendOpts = () => ({ databaseUrl: pg?.url, dataDir });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-jobs-upgrade-'));
    const base = postgresUrl();
    if (base) pg = await createPostgresDatabase(base);
  });
  afterAll(async () => {
    await current?.close();
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('unfinished jobs run on pg-boss 12 with their ids; the finished ones stay in schema pgboss_v10', async () => {
    // The queue as the previous release left it: pg-boss 10's schema, a finished job and three waiting.
    const backend = await openJobsBackend(backendOpts());
    const options = { ...backend.options, schema: 'pgboss', migrate: true, supervise: false, schedule: false };
    const old = new PgBoss10(options as PgBoss10.ConstructorOptions);
    old.on('error', () => {});
    await old.start();
    await old.createQueue('probe.echo', { name: 'probe.echo', retryLimit: 2 });
    await old.createQueue('probe.gone', { name: 'probe.gone' });
    const done = (await old.send('probe.echo', { value: 'finished before' }))!;
    const [fetched] = await old.fetch('probe.echo', { batchSize: 1 });
    expect(fetched.id).toBe(done);
    await old.complete('probe.echo', done, { echoed: 'finished before' });
    const waiting = (await old.send('probe.echo', { tenantId: 4, value: 'queued before the upgrade' }))!;
    const later = (await old.send('probe.echo', { value: 'tomorrow' }, { startAfter: 86_400 }))!;
    const orphan = (await old.send('probe.gone', { value: 'no plugin declares this queue now' }))!;
    await old.stop({ graceful: false, wait: true });
    await backend.close();

    // The new release starts on it.
    const j = await start(true);
    await waitFor(() => runs.some((r) => r.id === waiting));
    expect(runs.find((r) => r.id === waiting)).toMatchObject({ tenantId: 4, value: 'queued before the upgrade' });
    expect(runs.some((r) => r.id === done)).toBe(false);
    const ran = await waitFor(async () => {
      const found = await j.find(waiting);
      return found?.state === 'completed' && found;
    });
    expect(ran.output).toEqual({ echoed: 'queued before the upgrade' });
    expect(await j.find(later)).toMatchObject({ id: later, state: 'created', data: { value: 'tomorrow' } });
    expect(await j.find(done)).toBeNull();
    await j.close();

    // A second start finds nothing more to do; the moved jobs left pgboss_v10, the rest stayed there.
    await (await start(false)).close();
    const check = await openJobsBackend(backendOpts());
    const left = await check.session((sql) =>
      sql(`select id::text as id, state::text as state from pgboss_v10.job order by created_on`),
    );
    const version = await check.session((sql) => sql('select version from pgboss.version'));
    await check.close();
    expect(left).toEqual([
      { id: done, state: 'completed' },
      { id: orphan, state: 'created' },
    ]);
    expect(Number(version[0].version)).toBeGreaterThan(24);
  }, 180000);
});
