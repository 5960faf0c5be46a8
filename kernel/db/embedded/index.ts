/**
 * One process on an embedded data directory (LCI_DATA_DIR). Whoever opens the
 * PGlite files takes the directory's lock (lock.ts). A serving process then
 * offers its databases (application and job queue) on loopback ports and its
 * realtime bus on a small local endpoint, all behind the lock file's secret;
 * an `lci` command that finds a running server uses them instead of opening
 * the files (one database, and its changes reach the server's users as the
 * same change made in the workspace). A process that cannot share refuses,
 * naming the holder.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import type { Logger } from '../../log';
import { Database } from '../database';
import { SessionGate } from './gate';
import { currentHolder, DataDirInUse, DataDirLock, describeHolder, type Endpoint, type LockRecord } from './lock';
import { hostPglite, type WireHost } from './wire-host';

export { currentHolder, describeHolder, LOCK_FILE, type LockRecord } from './lock';
export { SessionGate } from './gate';

/** What a process does when a live process holds the data directory: refuse (a server), or use what a running server offers (`lci`). */
export type WhenInUse = 'refuse' | 'share';
interface EmbeddedOptions {
  holder?: string;
  whenInUse?: WhenInUse;
}

interface Held {
  lock: DataDirLock;
  app: { pglite: () => PGlite; gate: SessionGate };
  jobs?: { pglite: PGlite; gate: SessionGate };
  offering?: { token: string; log: Logger; hosts: WireHost[] };
}
/** Data directories this process holds, by resolved path. */
const held = new Map<string, Held>();
/** Data directories whose running server this process uses, by resolved path. */
const using = new Map<string, LockRecord>();

/** The refusal when the holder offers nothing this process can use. */
export class DataDirBusy extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockRecord,
    hint: string,
  ) {
    super(`${describeHolder(dataDir, holder)}; ${hint}`);
    this.name = 'DataDirBusy';
  }
}

function wireUrl(e: Endpoint, token: string): Knex.PgConnectionConfig {
  return {
    host: e.host,
    port: e.port,
    user: 'postgres',
    database: 'postgres',
    password: token,
    application_name: 'lci',
  };
}

/** The running server's database as a client (one connection: the session is one, as with PGlite itself). */
async function openThroughServer(dir: string, holder: LockRecord): Promise<Database> {
  const knex = knexFactory({
    client: 'pg',
    connection: wireUrl(holder.offers!.db!, holder.token!),
    pool: { min: 0, max: 1 },
  });
  try {
    await knex.raw('select 1');
  } catch (e) {
    await knex.destroy().catch(() => {});
    throw new DataDirBusy(
      dir,
      holder,
      `its database at ${holder.offers!.db!.host}:${holder.offers!.db!.port} did not answer (${(e as Error).message}); the files were not opened`,
    );
  }
  using.set(dir, holder);
  return new Database(knex, 'pglite', async () => {
    using.delete(dir);
  });
}

/**
 * Opens the embedded database in `dataDir`: takes the lock and opens the files
 * (`open` makes the PGlite knex, whose client carries the session gate), or,
 * when a running server holds it and `whenInUse` is 'share', connects to the
 * database that server offers. Otherwise refuses with DataDirBusy.
 */
export async function openEmbedded(
  dataDir: string,
  opts: EmbeddedOptions,
  open: (filename: string) => Promise<Knex>,
): Promise<Database> {
  const dir = path.resolve(dataDir);
  let lock: DataDirLock;
  try {
    lock = DataDirLock.acquire(dir, opts.holder ?? 'an lci process');
  } catch (e) {
    if (!(e instanceof DataDirInUse)) throw e;
    const h = e.holder;
    if (opts.whenInUse === 'share' && h.offers?.db && h.token) return openThroughServer(dir, h);
    const hint =
      opts.whenInUse === 'share'
        ? 'it does not offer its database to other processes: wait for it to finish (or stop it) and run the command again'
        : h.http
          ? 'stop it first, or run lci commands beside it (they use its database)'
          : 'wait for it to finish and start again';
    throw new DataDirBusy(dir, h, hint);
  }
  let knex: Knex;
  try {
    knex = await open(path.join(dir, 'pg'));
  } catch (e) {
    lock.release();
    throw e;
  }
  const client = knex.client as unknown as { gate: SessionGate; pglite: PGlite };
  const entry: Held = { lock, app: { pglite: () => client.pglite, gate: client.gate } };
  held.set(dir, entry);
  return new Database(knex, 'pglite', async () => {
    await stopOffering(dir);
    held.delete(dir);
    lock.release();
  });
}

/** The running server whose databases this process uses for `dataDir`, if any. */
export function serverInUse(dataDir: string): LockRecord | undefined {
  return using.get(path.resolve(dataDir));
}

/** The server's local endpoint (beside its bus) that opens its job queue when a command needs it and the server has not yet. */
export const OPEN_JOBS_PATH = '/jobs/open';

/**
 * Connection settings of the running server's job queue, when this process
 * uses that server (kernel/jobs/backend.ts). A server opens its queue on first
 * use: a command that needs it first asks the server to open it.
 */
export async function sharedJobsConnection(
  dataDir: string,
): Promise<{ connection: Knex.PgConnectionConfig } | { refused: string } | undefined> {
  const dir = path.resolve(dataDir);
  let h = using.get(dir);
  // A process that holds the folder opens its own queue (a command in the same process, as in tests, may use it meanwhile).
  if (!h || held.has(dir)) return undefined;
  if (!h.offers?.jobs && h.offers?.bus && h.token) {
    const asked = await fetch(`http://${h.offers.bus.host}:${h.offers.bus.port}${OPEN_JOBS_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.token}` },
      signal: AbortSignal.timeout(60_000),
    }).catch(() => null);
    const now = asked?.ok ? currentHolder(dir) : null;
    if (now && now.nonce === h.nonce) using.set(dir, (h = now));
  }
  if (!h.offers?.jobs || !h.token)
    return {
      refused: `${describeHolder(dir, h)}; it has not opened its job queue, so this command cannot use it now (the files were not opened)`,
    };
  return { connection: wireUrl(h.offers.jobs, h.token) };
}

/**
 * The job queue's PGlite of a data directory this process holds: its own
 * gate (pg-boss's statements run one at a time through it), offered to `lci`
 * like the application database once the process serves.
 */
export async function registerJobsDatabase(dataDir: string, pglite: PGlite): Promise<SessionGate> {
  const gate = new SessionGate();
  const entry = held.get(path.resolve(dataDir));
  if (!entry) return gate;
  entry.jobs = { pglite, gate };
  if (entry.offering) {
    const host = await hostPglite({ pglite, gate, token: entry.offering.token, log: entry.offering.log });
    entry.offering.hosts.push(host);
    entry.lock.update({ offers: { jobs: host.endpoint } });
  }
  return gate;
}

/**
 * A serving process offers its databases (and, through `bus`, its realtime
 * bus) to `lci` commands on the same data directory. Returns the function that
 * stops offering (before the database closes).
 */
export async function offerEmbedded(
  dataDir: string,
  o: {
    httpPort: number;
    log: Logger;
    bus?: (token: string) => Promise<{ endpoint: Endpoint; close(): Promise<void> }>;
  },
): Promise<() => Promise<void>> {
  const dir = path.resolve(dataDir);
  const entry = held.get(dir);
  if (!entry || entry.offering) return async () => {};
  const token = crypto.randomBytes(32).toString('base64url');
  const hosts: WireHost[] = [];
  entry.offering = { token, log: o.log, hosts };
  const app = await hostPglite({ pglite: entry.app.pglite(), gate: entry.app.gate, token, log: o.log });
  hosts.push(app);
  const jobs = entry.jobs
    ? await hostPglite({ pglite: entry.jobs.pglite, gate: entry.jobs.gate, token, log: o.log })
    : undefined;
  if (jobs) hosts.push(jobs);
  const bus = o.bus ? await o.bus(token) : undefined;
  if (bus) hosts.push(bus);
  entry.lock.update({
    http: { port: o.httpPort },
    token,
    offers: { db: app.endpoint, ...(jobs ? { jobs: jobs.endpoint } : {}), ...(bus ? { bus: bus.endpoint } : {}) },
  });
  o.log.debug({ offers: entry.lock.holder.offers }, 'embedded database offered to lci commands');
  return () => stopOffering(dir);
}

async function stopOffering(dir: string): Promise<void> {
  const entry = held.get(dir);
  const offering = entry?.offering;
  if (!entry || !offering) return;
  entry.offering = undefined;
  await Promise.allSettled(offering.hosts.map((h) => h.close()));
}
