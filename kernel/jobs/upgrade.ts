/**
 * From pg-boss 10 to 12. pg-boss 11 rewrote its schema with no migration from 10's (schema version 24; its release
 * notes say to move the jobs across with INSERT ... SELECT), so a queue made before this upgrade is set aside as
 * schema pgboss_v10 before pg-boss starts, pg-boss makes its new schema, and the jobs pg-boss 10 had not finished
 * (created, retry, active) move into it with their ids, data, start time, singleton key and the retries they have
 * left. Completed, failed and cancelled jobs stay in pgboss_v10 as history (drop it when no longer needed:
 * `drop schema pgboss_v10 cascade`).
 */
import type { JobInsert, PgBoss } from 'pg-boss';

export const OLD_SCHEMA = 'pgboss_v10';
/** The first schema version of pg-boss 11 and later. */
const NEW_SCHEMA_VERSION = 25;

type Row = Record<string, unknown>;
type Sql = (text: string, values?: unknown[]) => Promise<Row[]>;

/** Before pg-boss starts: a pg-boss 10 queue (schema pgboss at version 24 or older) becomes schema pgboss_v10. */
export async function setAsideOldQueue(sql: Sql): Promise<{ setAside: boolean; version?: number }> {
  const [has] = await sql(`select to_regclass('pgboss.version') is not null as has`);
  if (!has?.has) return { setAside: false };
  const version = Number((await sql('select version from pgboss.version'))[0]?.version);
  if (!(version < NEW_SCHEMA_VERSION)) return { setAside: false, version };
  const [taken] = await sql(`select to_regnamespace('${OLD_SCHEMA}') is not null as taken`);
  if (taken?.taken)
    throw new Error(
      `jobs: the pg-boss 10 queue (schema pgboss, version ${version}) cannot be set aside: schema ${OLD_SCHEMA} exists already`,
    );
  await sql(`alter schema pgboss rename to ${OLD_SCHEMA}`);
  return { setAside: true, version };
}

/**
 * Once pg-boss runs and the queues exist: moves pgboss_v10's unfinished jobs of these queues into them (same ids;
 * inserting one again is a no-op, so a move cut short is finished on the next start) and deletes them there.
 * Jobs of a queue no plugin declares any more stay behind. Returns how many moved.
 */
export async function moveOldJobs(boss: PgBoss, sql: Sql, queues: ReadonlySet<string>): Promise<number> {
  const [has] = await sql(`select to_regclass('${OLD_SCHEMA}.job') is not null as has`);
  if (!has?.has) return 0;
  const rows = await sql(
    `select id::text as id, name, data, priority, state::text as state, retry_limit, retry_count, retry_delay,
       retry_backoff, start_after, singleton_key, extract(epoch from expire_in)::int as expire_seconds
     from ${OLD_SCHEMA}.job where state in ('created', 'retry', 'active') and name = any($1::text[]) order by created_on`,
    [[...queues]],
  );
  const byQueue = new Map<string, JobInsert[]>();
  for (const r of rows) {
    const job: JobInsert = {
      id: String(r.id),
      data: (r.data ?? {}) as object,
      priority: Number(r.priority ?? 0),
      // The retries it had left (an active job, cut off by the stop before the upgrade, runs again at once).
      retryLimit: Math.max(0, Number(r.retry_limit ?? 0) - Number(r.retry_count ?? 0)),
      retryDelay: Number(r.retry_delay ?? 0),
      retryBackoff: r.retry_backoff === true,
      expireInSeconds: Math.max(1, Number(r.expire_seconds ?? 900)),
      ...(r.state === 'active' ? {} : { startAfter: new Date(String(r.start_after)) }),
      ...(r.singleton_key ? { singletonKey: String(r.singleton_key) } : {}),
    };
    const list = byQueue.get(String(r.name)) ?? [];
    list.push(job);
    byQueue.set(String(r.name), list);
  }
  for (const [name, jobs] of byQueue) {
    await boss.insert(name, jobs);
    await sql(`delete from ${OLD_SCHEMA}.job where name = $1 and id = any($2::uuid[])`, [name, jobs.map((j) => j.id)]);
  }
  return rows.length;
}
