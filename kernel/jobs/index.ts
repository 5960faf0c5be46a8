/**
 * kernel/jobs: background work on pg-boss 12. Plugins declare jobs by name
 * (PluginDefinition.jobs); each becomes a queue, worked in this process when
 * opts.work is true. Handlers report progress to the job's tenant room over
 * the realtime bus. Jobs live in the database, so they survive a restart.
 * A job with `cron` is scheduled (pg-boss's schedule table and clock) by the
 * processes that work jobs; the CLI schedules nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PgBoss, type Job, type SendOptions } from 'pg-boss';
import { badRequest, notFound } from '../http/errors';
import type { JobInfo, JobSendOptions, Jobs, Kernel } from '../kernel';
import type { JobContext, JobDef } from '../plugin';
import { openJobsBackend, type JobsBackend } from './backend';
import { moveOldJobs, OLD_SCHEMA, setAsideOldQueue } from './upgrade';

const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
const INTERNAL_QUEUE = /^__pgboss__/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const QUEUE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.\-/]{0,99}$/;

interface JobsOptions {
  /** Start workers for the plugins' queues in this process. */
  work: boolean;
  /** How often an idle worker looks for jobs (a send in this process wakes it at once). */
  pollingIntervalSeconds?: number;
}

export interface FailedJob {
  id: string;
  name: string;
  data: unknown;
  output: unknown;
  error: string | null;
  createdOn: string;
  completedOn: string | null;
  retryCount: number;
}

type Row = Record<string, unknown>;

class PgBossJobs implements Jobs {
  private readonly workers = new Map<string, string>();
  private starting?: Promise<{ boss: PgBoss; backend: JobsBackend }>;
  private closed = false;

  constructor(
    private readonly k: Kernel,
    private readonly defs: Map<string, JobDef<any>>,
    private readonly opts: JobsOptions,
  ) {}

  /** Opens the queue (once): backend, pg-boss schema, the plugins' queues and, when working, their workers. */
  ready(): Promise<{ boss: PgBoss; backend: JobsBackend }> {
    if (this.closed) return Promise.reject(new Error('the job queue is closed'));
    if (!this.starting) {
      // A failed open (the database was down) is tried again on the next use rather than kept for good.
      const opening = this.open();
      this.starting = opening;
      opening.catch(() => {
        if (this.starting === opening) this.starting = undefined;
      });
    }
    return this.starting;
  }

  /** /readyz: the queue's database answers (a queue not opened yet in this process counts as fine). */
  async health(): Promise<{ ok: boolean; detail?: string }> {
    if (this.closed) return { ok: false, detail: 'the job queue is closed' };
    if (!this.starting) return { ok: true };
    try {
      await this.sql('select 1');
      return { ok: true };
    } catch (e) {
      return { ok: false, detail: (e as Error).message };
    }
  }

  private async open(): Promise<{ boss: PgBoss; backend: JobsBackend }> {
    const backend = await openJobsBackend({
      databaseUrl: this.k.config.databaseSystemUrl ?? this.k.config.databaseUrl,
      dataDir: this.k.config.dataDir,
      connectTimeoutMs: this.k.config.dbAcquireTimeoutMs,
    });
    // The clock that sends scheduled jobs runs only where jobs are worked, and only when some job has a cron.
    const schedule = this.opts.work && [...this.defs.values()].some((d) => d.cron);
    // A queue made by pg-boss 10 is set aside (pg-boss 12 cannot migrate it) and its unfinished jobs moved below.
    const old = await backend.session(setAsideOldQueue).catch(async (e) => {
      await backend.close().catch(() => {});
      throw e;
    });
    const boss = new PgBoss({ ...backend.options, schema: 'pgboss', migrate: true, supervise: true, schedule });
    boss.on('error', (e) => this.k.log.warn({ err: e }, 'jobs: pg-boss error'));
    try {
      await boss.start();
      for (const [name, def] of this.defs) {
        const options = {
          name,
          retryLimit: def.retryLimit ?? 2,
          retryDelay: 5,
          retryBackoff: true,
          expireInSeconds: def.expireInSeconds ?? 15 * 60,
        };
        await boss.createQueue(name, options);
        await boss.updateQueue(name, options);
      }
      const sql = async (text: string, values?: unknown[]) =>
        (await boss.getDb().executeSql(text, values)).rows as Row[];
      const moved = await moveOldJobs(boss, sql, new Set(this.defs.keys()));
      if (old.setAside || moved)
        this.k.log.info(
          { moved, oldSchemaVersion: old.version },
          `jobs: the pg-boss 10 queue moved to pg-boss 12: ${moved} unfinished jobs moved, its history kept in schema ${OLD_SCHEMA}`,
        );
      if (this.opts.work) {
        await this.syncSchedules(boss);
        for (const [name, def] of this.defs) {
          const id = await boss.work<Record<string, unknown>>(
            name,
            { batchSize: 1, pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 2 },
            async ([job]) => this.run(name, def, job),
          );
          this.workers.set(name, id);
        }
      }
      this.k.log.debug({ engine: backend.engine, queues: [...this.defs.keys()], work: this.opts.work }, 'jobs ready');
      return { boss, backend };
    } catch (e) {
      await boss.stop({ graceful: false }).catch(() => {});
      await backend.close().catch(() => {});
      throw e;
    }
  }

  /** Registers each cron job's schedule (updated in place when it changed) and drops those whose cron was removed. */
  private async syncSchedules(boss: PgBoss): Promise<void> {
    for (const [name, def] of this.defs)
      if (def.cron) await boss.schedule(name, def.cron, {}, { tz: def.cronTimeZone ?? 'UTC' });
    for (const s of await boss.getSchedules()) {
      const def = this.defs.get(s.name);
      if (def && !def.cron) {
        await boss.unschedule(s.name);
        this.k.log.info({ job: s.name }, 'jobs: schedule removed (the job has no cron any more)');
      }
    }
  }

  async schedules(): Promise<{ name: string; cron: string; timeZone: string }[]> {
    const rows = await this.sql('select name, cron, timezone from pgboss.schedule order by name');
    return rows.map((r) => ({ name: String(r.name), cron: String(r.cron), timeZone: String(r.timezone ?? 'UTC') }));
  }

  private async sql(text: string, values: unknown[] = []): Promise<Row[]> {
    const { boss } = await this.ready();
    const r = await boss.getDb().executeSql(text, values);
    return (r?.rows ?? []) as Row[];
  }

  private async run(name: string, def: JobDef<any>, job: Job<Record<string, unknown>>): Promise<unknown> {
    const data = (job.data ?? {}) as JobContext['data'];
    const log = this.k.log.child({ job: name, jobId: job.id, tenantId: data.tenantId });
    const ctx: JobContext = {
      id: job.id,
      name,
      data,
      k: this.k,
      progress: (percent, message) => this.progress(name, job.id, data, percent, message),
    };
    const started = Date.now();
    log.debug('job started');
    try {
      const output = await def.handler(ctx);
      log.info({ ms: Date.now() - started }, 'job completed');
      return output === undefined || output === null || typeof output === 'object' ? output : { value: output };
    } catch (e) {
      log.error({ err: e, ms: Date.now() - started }, 'job failed');
      throw e;
    }
  }

  /** Records progress on the job row and sends { msg_type: 'job_progress', ... } to the tenant's sockets. */
  private async progress(
    name: string,
    id: string,
    data: JobContext['data'],
    percent: number,
    message?: string,
  ): Promise<void> {
    const p = Math.max(0, Math.min(100, Math.round(Number.isFinite(percent) ? percent : 0)));
    await this.sql('update pgboss.job set output = $3::jsonb where name = $1 and id = $2', [
      name,
      id,
      JSON.stringify({ progress: p, message: message ?? null }),
    ]);
    const userId = (data as { userId?: unknown }).userId;
    const room =
      typeof data.tenantId === 'number'
        ? (`tenant:${data.tenantId}` as const)
        : typeof userId === 'number'
          ? (`user:${userId}` as const)
          : null;
    if (room)
      await this.k.realtime.publish(room, {
        msg_type: 'job_progress',
        msg: message ?? `${p}%`,
        job: name,
        jobId: id,
        percent: p,
        message: message ?? null,
      });
  }

  async send(name: string, data: Record<string, unknown>, opts: JobSendOptions = {}): Promise<string | null> {
    if (!this.defs.has(name)) throw badRequest(`No job queue named ${name}`);
    const tenantId = (data as { tenantId?: unknown }).tenantId;
    if (tenantId !== undefined && !(Number.isSafeInteger(tenantId) && (tenantId as number) > 0))
      throw badRequest('tenantId of a job must be a positive integer');
    const send: SendOptions = {};
    if (opts.singletonKey) send.singletonKey = opts.singletonKey;
    if (opts.startAfterSeconds) send.startAfter = opts.startAfterSeconds;
    if (opts.retryLimit !== undefined) send.retryLimit = opts.retryLimit;
    const { boss } = await this.ready();
    const id = await boss.send(name, data, send);
    const worker = this.workers.get(name);
    if (id && worker && !opts.startAfterSeconds) boss.notifyWorker(worker);
    return id;
  }

  async stats(): Promise<{ queue: string; counts: Record<string, number> }[]> {
    const rows = await this.sql(`select q.name as queue, j.state as state, count(j.id)::int as n
      from pgboss.queue q left join pgboss.job j on j.name = q.name
      group by q.name, j.state order by q.name`);
    const byQueue = new Map<string, Record<string, number>>();
    for (const r of rows) {
      const queue = String(r.queue);
      if (INTERNAL_QUEUE.test(queue)) continue;
      let counts = byQueue.get(queue);
      if (!counts) byQueue.set(queue, (counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0]))));
      if (r.state) counts[String(r.state)] = Number(r.n);
    }
    return [...byQueue].map(([queue, counts]) => ({ queue, counts }));
  }

  async failed(queue?: string, limit = 50): Promise<FailedJob[]> {
    const rows = await this.sql(
      `select id, name, data, output, created_on, completed_on, retry_count from pgboss.job
      where state = 'failed' and ($1::text is null or name = $1) order by completed_on desc nulls last limit $2`,
      [queue ?? null, Math.max(1, Math.min(Math.trunc(limit) || 50, 1000))],
    );
    return rows.map((r) => {
      const output = r.output as { message?: unknown; value?: unknown } | null;
      const error =
        typeof output?.message === 'string' ? output.message : typeof output?.value === 'string' ? output.value : null;
      return {
        id: String(r.id),
        name: String(r.name),
        data: r.data,
        output,
        error,
        createdOn: toIso(r.created_on)!,
        completedOn: toIso(r.completed_on),
        retryCount: Number(r.retry_count ?? 0),
      };
    });
  }

  private checkIds(queue: string, id: string): void {
    if (!QUEUE_NAME.test(queue)) throw badRequest(`"${queue}" is not a queue name`);
    if (!UUID.test(id)) throw badRequest(`"${id}" is not a job id`);
  }

  async retry(queue: string, id: string): Promise<void> {
    this.checkIds(queue, id);
    const { boss } = await this.ready();
    const r = (await boss.retry(queue, id)) as unknown as { affected?: number };
    if (!r?.affected) throw notFound(`No failed job ${id} in queue ${queue}`);
    const worker = this.workers.get(queue);
    if (worker) boss.notifyWorker(worker);
  }

  async cancel(queue: string, id: string): Promise<void> {
    this.checkIds(queue, id);
    const { boss } = await this.ready();
    const r = (await boss.cancel(queue, id)) as unknown as { affected?: number };
    if (!r?.affected) throw notFound(`No pending or active job ${id} in queue ${queue}`);
  }

  async find(id: string): Promise<JobInfo | null> {
    if (!UUID.test(id)) throw badRequest(`"${id}" is not a job id`);
    const rows = await this.sql(`select ${JOB_COLUMNS} from pgboss.job where id = $1 limit 1`, [id]);
    return rows.length ? jobInfo(rows[0]) : null;
  }

  async list(opts: { queue?: string; state?: string; limit?: number } = {}): Promise<JobInfo[]> {
    if (opts.queue !== undefined && !QUEUE_NAME.test(opts.queue))
      throw badRequest(`"${opts.queue}" is not a queue name`);
    if (opts.state !== undefined && !(JOB_STATES as readonly string[]).includes(opts.state))
      throw badRequest(`"${opts.state}" is not a job state (${JOB_STATES.join(', ')})`);
    const rows = await this.sql(
      `select ${JOB_COLUMNS} from pgboss.job
      where name not like '\\_\\_pgboss\\_\\_%' and ($1::text is null or name = $1) and ($2::text is null or state::text = $2)
      order by created_on desc limit $3`,
      [opts.queue ?? null, opts.state ?? null, Math.max(1, Math.min(Math.trunc(opts.limit ?? 50) || 50, 1000))],
    );
    return rows.map(jobInfo);
  }

  async workNext(queue: string): Promise<boolean> {
    const def = this.defs.get(queue);
    if (!def) throw badRequest(`No job queue named ${queue}`);
    const { boss } = await this.ready();
    const [job] = await boss.fetch<Record<string, unknown>>(queue, { batchSize: 1 });
    if (!job) return false;
    try {
      const output = await this.run(queue, def, job);
      await boss.complete(queue, job.id, (output ?? {}) as object);
    } catch (e) {
      await boss.fail(queue, job.id, { message: (e as Error).message ?? String(e) });
    }
    return true;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const starting = this.starting;
    this.closed = true;
    if (!starting) return;
    const opened = await starting.catch(() => null);
    if (!opened) return;
    // Graceful: running handlers get time to finish; jobs never started stay queued for the next start.
    await opened.boss.stop({ graceful: true, timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 50)); // pg-boss completes the last job without awaiting it
    await opened.backend.close();
  }
}

const JOB_COLUMNS = 'id, name, state::text as state, data, output, created_on, started_on, completed_on, retry_count';

function jobInfo(r: Row): JobInfo {
  const output = r.output as { message?: unknown; value?: unknown } | null;
  const error =
    r.state === 'failed' || r.state === 'retry'
      ? typeof output?.message === 'string'
        ? output.message
        : typeof output?.value === 'string'
          ? output.value
          : null
      : null;
  return {
    id: String(r.id),
    name: String(r.name),
    state: String(r.state),
    data: r.data,
    output,
    error,
    createdOn: toIso(r.created_on)!,
    startedOn: toIso(r.started_on),
    completedOn: toIso(r.completed_on),
    retryCount: Number(r.retry_count ?? 0),
  };
}

function toIso(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
}

/** Every job of every plugin, by queue name; two plugins declaring one name is an error. */
export function collectJobDefs(k: Pick<Kernel, 'plugins'>): Map<string, JobDef<any>> {
  const defs = new Map<string, JobDef<any>>();
  const owner = new Map<string, string>();
  for (const p of k.plugins) {
    for (const [name, def] of Object.entries(p.jobs ?? {})) {
      if (!QUEUE_NAME.test(name))
        throw new Error(`plugin ${p.id}: job name "${name}" must use letters, digits, _ . - /`);
      if (defs.has(name)) throw new Error(`plugins ${owner.get(name)} and ${p.id} both declare the job "${name}"`);
      checkCron(p.id, name, def);
      defs.set(name, def);
      owner.set(name, p.id);
    }
  }
  return defs;
}

const CRON_FIELD = /^[0-9A-Za-z*/,?LW#-]+$/;

/** A job's cron is 5 fields and its time zone one the runtime knows (an error at start naming the job otherwise). */
function checkCron(plugin: string, name: string, def: JobDef<any>): void {
  if (def.cron !== undefined) {
    const fields = def.cron.trim().split(/\s+/);
    if (fields.length !== 5 || !fields.every((f) => CRON_FIELD.test(f)))
      throw new Error(
        `plugin ${plugin}: job "${name}" has cron "${def.cron}": use 5 fields (minute hour day-of-month month day-of-week)`,
      );
  }
  if (def.cronTimeZone !== undefined) {
    if (def.cron === undefined) throw new Error(`plugin ${plugin}: job "${name}" has cronTimeZone but no cron`);
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: def.cronTimeZone });
    } catch {
      throw new Error(`plugin ${plugin}: job "${name}" has an unknown cronTimeZone "${def.cronTimeZone}"`);
    }
  }
}

/**
 * Opens the job queue. On PostgreSQL, and on an embedded queue that already
 * exists (it may hold jobs from before a restart), at once. A brand-new
 * embedded queue cannot hold jobs yet, so it is created on first use: creating
 * a PGlite database costs seconds that a process that never queues a job
 * (tests, CLI commands) should not pay; a worker with cron jobs opens it at
 * once, for their schedules.
 */
export async function createJobs(k: Kernel, opts: JobsOptions): Promise<Jobs> {
  const defs = collectJobDefs(k);
  const jobs = new PgBossJobs(k, defs, opts);
  const { databaseUrl, dataDir } = k.config;
  const freshEmbedded = !databaseUrl && (dataDir === 'memory://' || !fs.existsSync(path.resolve(dataDir, 'jobs')));
  const schedules = opts.work && [...defs.values()].some((d) => d.cron);
  if (!freshEmbedded || schedules) await jobs.ready();
  return jobs;
}
