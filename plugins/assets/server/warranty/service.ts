/**
 * The warranty lookup (issue 17 part C): settings as answered (credentials only as "set"), starting a run, and the
 * run itself (`runWarrantyLookup`, worked by the job `assets.warrantyLookup` or in-process by the CLI).
 *
 * A run takes the assets of its scope, keeps those whose make is a vendor's (Dell, Lenovo, HP) and whose vendor is
 * enabled, and looks them up in batches: through the vendor's service when its credentials are complete and the
 * asset has a serial (at most the vendor's batch size per call, within the tenant's budget of calls a minute per
 * vendor, kept in asset_warranty_budgets and shared by every process working the queue; a 429 holds every process's
 * calls to the vendor for its Retry-After and the batch is tried again, up to 5 times), else by the offline default
 * (purchase date + the vendor's standard term). A serial the service does not know falls back to the offline
 * default too. Each batch is written in one transaction: the dates the overwrite policy allows (shared/warranty.ts
 * decideWarranty), their source in asset_field_sources, a log row per asset, the run's counts and progress. The
 * vendor is called outside any transaction. A rerun finds the same dates and changes nothing.
 *
 * The nightly refresh (`warrantyNightly`, job assets.warrantyNightly at 02:30 UTC) makes and queues a run of each
 * tenant's assets due for it.
 */
import {
  badRequest,
  conflict,
  secretSealer,
  type JobContext,
  type Kernel,
  type SecretSealer,
  type Trx,
} from '../../../../kernel/index';
import {
  MSG_LOOKUP_OFF,
  MSG_RUN_ACTIVE,
  vendorCredentialKind,
  type RunTrigger,
  type WarrantyRun,
  type WarrantyRunBody,
  type WarrantySettings,
} from '../../shared/warranty-api';
import {
  blockCalls,
  chunk,
  decideWarranty,
  NIGHTLY_MAX_ASSETS,
  OFFLINE_SOURCE,
  offlineWarranty,
  RATE_WINDOW_MS,
  takeCall,
  vendorOfMake,
  vendorSource,
  WARRANTY_VENDOR_LABELS,
  WARRANTY_VENDORS,
  type WarrantyDates,
  type WarrantyVendorId,
} from '../../shared/warranty';
import {
  activeRun,
  addRunCounts,
  candidates,
  companyExists,
  currentWarranties,
  getRun,
  insertLookups,
  insertRun,
  missingAssets,
  readSettings,
  updateRun,
  withBudget,
  writeWarranty,
  type Candidate,
  type LogRow,
  type SettingsRows,
} from './store';
import { nightlyDueAssetIds, nightlyTenants } from './nightly-store';
import {
  credentialsComplete,
  vendorClient,
  VendorRateLimited,
  type VendorCredentials,
  type WarrantyVendor,
} from './vendors';

export const WARRANTY_JOB = 'assets.warrantyLookup';
const SEALER_PURPOSE = 'assets/warranty-credentials';
/** Assets per batch of the offline default (no vendor call). */
const OFFLINE_BATCH = 100;
const MAX_ATTEMPTS = 5;

export const sealerOf = (k: Pick<Kernel, 'config'>): SecretSealer =>
  secretSealer(k.config.secret, SEALER_PURPOSE, k.config.formerSecrets);

function credentialsOf(rows: SettingsRows, vendor: WarrantyVendorId, sealer: SecretSealer): VendorCredentials {
  const v = rows.vendors[vendor];
  return {
    clientId: sealer.open(v.client_id_sealed),
    clientSecret: sealer.open(v.client_secret_sealed),
    apiKey: sealer.open(v.api_key_sealed),
  };
}

/** The settings as answered: each credential only as whether it is set (and opens under this server's secret). */
export function settingsView(rows: SettingsRows, sealer: SecretSealer): WarrantySettings {
  return {
    enabled: rows.enabled,
    nightly_refresh: rows.nightly_refresh,
    overwrite_policy: rows.overwrite_policy,
    updated_at: rows.updated_at,
    vendors: WARRANTY_VENDORS.map((vendor) => {
      const v = rows.vendors[vendor];
      const c = credentialsOf(rows, vendor, sealer);
      return {
        vendor,
        label: WARRANTY_VENDOR_LABELS[vendor],
        enabled: v.enabled,
        standard_term_months: v.standard_term_months,
        calls_per_minute: v.calls_per_minute,
        client_id_set: !!c.clientId,
        client_secret_set: !!c.clientSecret,
        api_key_set: !!c.apiKey,
        credentials: vendorCredentialKind(vendor),
        service: credentialsComplete(vendor, c) ? 'vendor_api' : 'offline_default',
      };
    }),
  };
}

/** Checks a run's request and records the run (queued). 400 with the field at fault; 409 when one is running. */
export async function createRun(
  db: Trx,
  tenantId: number,
  body: WarrantyRunBody,
  trigger: Exclude<RunTrigger, 'schedule'>,
  requestedBy: number | null,
): Promise<WarrantyRun> {
  const settings = await readSettings(db);
  if (!settings.enabled) throw badRequest(MSG_LOOKUP_OFF, [{ path: 'enabled', message: MSG_LOOKUP_OFF }]);
  if (body.assetIds) {
    const missing = await missingAssets(db, [...new Set(body.assetIds)]);
    if (missing.length)
      throw badRequest(`No asset of this tenant has the id ${missing.join(', ')}`, [
        { path: 'body.assetIds', message: `Unknown asset ids: ${missing.join(', ')}` },
      ]);
  }
  if (body.tenantCompanyId && !(await companyExists(db, body.tenantCompanyId)))
    throw badRequest(`No company of this tenant has the id ${body.tenantCompanyId}`, [
      { path: 'body.tenantCompanyId', message: 'Unknown company' },
    ]);
  const running = await activeRun(db);
  if (running) throw conflict(`${MSG_RUN_ACTIVE} (run ${running.warranty_run_id})`);
  return insertRun(
    db,
    tenantId,
    trigger,
    { tenantCompanyId: body.tenantCompanyId ?? null, assetIds: body.assetIds ? [...new Set(body.assetIds)] : null },
    requestedBy,
  );
}

// The run.

export interface RunOptions {
  progress?: JobContext['progress'];
  /** Waits (tests shorten nothing: the doubles answer Retry-After: 1). */
  sleep?: (ms: number) => Promise<void>;
  /** Vendor clients by id instead of HTTP ones from config and settings (tests). */
  vendors?: Partial<Record<WarrantyVendorId, WarrantyVendor>>;
  log?: (line: string) => void;
  /** The rate budget's window (calls_per_minute calls within it); a minute unless a test shortens it. */
  rateWindowMs?: number;
}

interface Item extends Candidate {
  vendor: WarrantyVendorId;
}
interface Outcome {
  item: Item;
  /** Dates found by the service, or null (unknown to it: the offline default applies). */
  found?: WarrantyDates | null;
  /** The call failed: nothing changes. */
  error?: string;
  viaApi: boolean;
}

export interface RunCounts {
  total: number;
  looked_up: number;
  updated: number;
  unchanged: number;
  not_found: number;
  failed: number;
  skipped: number;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Works a run to its end (status succeeded or failed) and answers its counts. */
export async function runWarrantyLookup(
  k: Kernel,
  tenantId: number,
  runId: number,
  opts: RunOptions = {},
): Promise<RunCounts> {
  const sleep = opts.sleep ?? defaultSleep;
  const sealer = sealerOf(k);
  const loaded = await k.db.withTenant(tenantId, async (db) => {
    const run = await getRun(db, runId);
    if (!run) return null;
    const settings = await readSettings(db);
    const list = await candidates(db, run.scope);
    await updateRun(db, runId, { status: 'running', started_at: db.fn.now(), message: 'Starting', error: null });
    return { run, settings, list };
  });
  if (!loaded) throw new Error(`warranty lookup run ${runId} of tenant ${tenantId} not found`);
  const { settings, list } = loaded;
  const counts: RunCounts = {
    total: list.length,
    looked_up: 0,
    updated: 0,
    unchanged: 0,
    not_found: 0,
    failed: 0,
    skipped: 0,
  };
  try {
    // Who is looked up, and how.
    const byVendor = new Map<WarrantyVendorId, Item[]>();
    for (const c of list) {
      const vendor = vendorOfMake(c.make);
      if (!vendor || !settings.enabled || !settings.vendors[vendor].enabled) {
        counts.skipped++;
        continue;
      }
      byVendor.set(vendor, [...(byVendor.get(vendor) ?? []), { ...c, vendor }]);
    }
    type Batch = { vendor: WarrantyVendorId; items: Item[]; client: WarrantyVendor | null };
    const batches: Batch[] = [];
    for (const [vendor, items] of byVendor) {
      const creds = credentialsOf(settings, vendor, sealer);
      const client =
        opts.vendors?.[vendor] ??
        (credentialsComplete(vendor, creds) ? vendorClient(vendor, k.config.warrantyUrls[vendor], creds) : null);
      const withSerial = client ? items.filter((i) => i.serial?.trim()) : [];
      const offline = client ? items.filter((i) => !i.serial?.trim()) : items;
      // Without a serial and a purchase date there is nothing to look up.
      const offlineUsable = offline.filter((i) => i.purchase_date);
      counts.skipped += offline.length - offlineUsable.length;
      for (const b of chunk(withSerial, client?.batchLimit ?? 1)) batches.push({ vendor, items: b, client });
      for (const b of chunk(offlineUsable, OFFLINE_BATCH)) batches.push({ vendor, items: b, client: null });
    }
    await k.db.withTenant(tenantId, (db) => updateRun(db, runId, { total: counts.total, skipped: counts.skipped }));
    const work = batches.reduce((n, b) => n + b.items.length, 0);
    let done = 0;
    if (!work) await opts.progress?.(100, 'Nothing to look up');
    for (const batch of batches) {
      const outcomes = batch.client
        ? await callVendor(k, tenantId, batch.client, batch.items, settings.vendors[batch.vendor].calls_per_minute, {
            sleep,
            log: opts.log,
            windowMs: opts.rateWindowMs ?? RATE_WINDOW_MS,
          })
        : batch.items.map((item): Outcome => ({ item, found: null, viaApi: false }));
      const c = await k.db.withTenant(tenantId, (db) => applyBatch(db, tenantId, runId, settings, outcomes));
      done += batch.items.length;
      for (const key of ['looked_up', 'updated', 'unchanged', 'not_found', 'failed'] as const) counts[key] += c[key];
      const percent = Math.floor((done / work) * 100);
      const message = `Looked up ${done} of ${work} assets (${WARRANTY_VENDOR_LABELS[batch.vendor]})`;
      await k.db.withTenant(tenantId, (db) => addRunCounts(db, runId, c, percent, message));
      await opts.progress?.(percent, message);
    }
    const summary = `Looked up ${counts.looked_up}: ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.not_found} not found, ${counts.failed} failed; ${counts.skipped} skipped`;
    await k.db.withTenant(tenantId, (db) =>
      updateRun(db, runId, { status: 'succeeded', progress: 100, message: summary, finished_at: db.fn.now() }),
    );
    return counts;
  } catch (e) {
    const message = (e as Error).message ?? String(e);
    await k.db
      .withTenant(tenantId, (db) =>
        updateRun(db, runId, { status: 'failed', error: message.slice(0, 1000), finished_at: db.fn.now() }),
      )
      .catch(() => undefined);
    throw e;
  }
}

/**
 * Takes one call from the tenant's budget for the vendor (asset_warranty_budgets, shared by every process working
 * the queue): each try is a short transaction holding the budget's row, decided at the database's clock; while the
 * budget is spent or a 429 holds the vendor, waits as told and tries again.
 */
export async function takeBudget(
  k: Kernel,
  tenantId: number,
  vendor: WarrantyVendorId,
  limit: number,
  o: { sleep: (ms: number) => Promise<void>; windowMs?: number },
): Promise<void> {
  for (;;) {
    const { delayMs } = await k.db.withTenant(tenantId, (db) =>
      withBudget(db, tenantId, vendor, (state, now) => takeCall(state, limit, now, o.windowMs ?? RATE_WINDOW_MS)),
    );
    if (delayMs <= 0) return;
    await o.sleep(delayMs);
  }
}

/** A 429: every process's calls of the tenant to the vendor wait until its Retry-After has passed. */
export async function holdBudget(k: Kernel, tenantId: number, vendor: WarrantyVendorId, ms: number): Promise<void> {
  await k.db.withTenant(tenantId, (db) =>
    withBudget(db, tenantId, vendor, (state, now) => ({ state: blockCalls(state, now + ms) })),
  );
}

/** One vendor call for a batch, within the rate budget; a 429 waits its Retry-After and tries again. */
async function callVendor(
  k: Kernel,
  tenantId: number,
  client: WarrantyVendor,
  items: Item[],
  perMinute: number,
  o: { sleep: (ms: number) => Promise<void>; log?: (line: string) => void; windowMs: number },
): Promise<Outcome[]> {
  const serials = items.map((i) => i.serial!.trim());
  for (let attempt = 1; ; attempt++) {
    await takeBudget(k, tenantId, client.id, perMinute, o);
    try {
      const answers = await client.lookup(serials);
      return items.map((item) => ({
        item,
        found: answers.get(item.serial!.trim().toUpperCase()) ?? null,
        viaApi: true,
      }));
    } catch (e) {
      if (e instanceof VendorRateLimited && attempt < MAX_ATTEMPTS) {
        o.log?.(`${client.id}: 429, waiting ${e.retryAfterMs} ms`);
        await holdBudget(k, tenantId, client.id, e.retryAfterMs);
        continue;
      }
      const error = (e as Error).message ?? String(e);
      return items.map((item) => ({ item, error, viaApi: true }));
    }
  }
}

/** Writes one batch's outcomes in the caller's transaction; answers its counts. */
async function applyBatch(
  db: Trx,
  tenantId: number,
  runId: number,
  settings: SettingsRows,
  outcomes: Outcome[],
): Promise<{ looked_up: number; updated: number; unchanged: number; not_found: number; failed: number }> {
  const c = { looked_up: 0, updated: 0, unchanged: 0, not_found: 0, failed: 0 };
  const current = await currentWarranties(
    db,
    outcomes.map((o) => o.item.asset_id),
  );
  const log: LogRow[] = [];
  for (const o of outcomes) {
    const now = current.get(o.item.asset_id);
    if (!now) continue; // deleted meanwhile
    c.looked_up++;
    const vendor = o.item.vendor;
    if (o.error) {
      c.failed++;
      log.push({
        asset_id: now.asset_id,
        vendor,
        source: 'vendor_api',
        result: 'failed',
        warranty_start: null,
        warranty_expiry: null,
        error: o.error,
      });
      continue;
    }
    const fromApi = !!o.found;
    const dates = o.found ?? offlineWarranty(o.item.purchase_date, settings.vendors[vendor].standard_term_months);
    if (!dates) {
      c.not_found++;
      log.push({
        asset_id: now.asset_id,
        vendor,
        source: 'vendor_api',
        result: 'not_found',
        warranty_start: null,
        warranty_expiry: null,
        error: 'Unknown to the vendor, and no purchase date for the offline default',
      });
      continue;
    }
    const source = fromApi ? vendorSource(vendor) : OFFLINE_SOURCE;
    const decision = decideWarranty(now, dates, source, settings.overwrite_policy);
    await writeWarranty(
      db,
      tenantId,
      now.asset_id,
      decision.set,
      decision.seen,
      source,
      fromApi ? o.item.serial : vendor,
    );
    c[decision.result]++;
    log.push({
      asset_id: now.asset_id,
      vendor,
      source: fromApi ? 'vendor_api' : 'offline_default',
      result: decision.result,
      warranty_start: dates.warranty_start,
      warranty_expiry: dates.warranty_expiry,
      error: null,
    });
  }
  await insertLookups(db, tenantId, runId, log);
  return c;
}

export interface WarrantyJobData {
  tenantId: number;
  runId: number;
  userId?: number;
}

/** The job: waits briefly for the run's row (the request that queued it may not have committed yet), then works it. */
export async function warrantyJob(ctx: JobContext<WarrantyJobData>): Promise<unknown> {
  const { tenantId, runId } = ctx.data;
  for (let i = 0; i < 50; i++) {
    const run = await ctx.k.db.withTenant(tenantId, (db) => getRun(db, runId), { readOnly: true });
    if (run?.status === 'succeeded' || run?.status === 'failed') return { skipped: `run already ${run.status}` };
    if (run) return runWarrantyLookup(ctx.k, tenantId, runId, { progress: ctx.progress });
    await defaultSleep(200);
  }
  return { skipped: 'the run was not found' };
}

// The nightly refresh.

export const WARRANTY_NIGHTLY_JOB = 'assets.warrantyNightly';
/** Every night at 02:30 UTC. */
export const WARRANTY_NIGHTLY_CRON = '30 2 * * *';

export interface NightlyOutcome {
  tenantId: number;
  /** The run created and its job; or why none was. */
  runId?: number;
  jobId?: string;
  assets?: number;
  skipped?: string;
  error?: string;
}

/**
 * The nightly refresh (job assets.warrantyNightly, cron): for every active tenant whose lookup and nightly refresh
 * are on and that has no queued or running run, a run (trigger 'schedule') over the assets due for it, chosen in
 * SQL (nightly-store.ts nightlyDueAssetIds, the rule of shared/warranty.ts nightlyScope: never looked up, or last
 * looked up over 30 days ago, 7 for one without an expiry; a vendor's and lookable; oldest first, at most `max`,
 * 1000 by default), queued as the warranty lookup job that a manual run is. Tenants are listed
 * in the system scope, each is handled in its own; one tenant's failure does not stop the others.
 */
export async function warrantyNightly(k: Kernel, o: { max?: number } = {}): Promise<NightlyOutcome[]> {
  const tenants = await k.db.withSystem((db) => nightlyTenants(db), { readOnly: true });
  const sealer = sealerOf(k);
  const out: NightlyOutcome[] = [];
  for (const tenantId of tenants) {
    try {
      const made = await k.db.withTenant(tenantId, async (db): Promise<{ run: WarrantyRun } | { skipped: string }> => {
        const settings = await readSettings(db);
        if (!settings.enabled || !settings.nightly_refresh) return { skipped: 'nightly refresh off' };
        const going = await activeRun(db);
        if (going) return { skipped: `run ${going.warranty_run_id} is ${going.status}` };
        const vendors = Object.fromEntries(
          WARRANTY_VENDORS.map((v) => [
            v,
            {
              enabled: settings.vendors[v].enabled,
              api: credentialsComplete(v, credentialsOf(settings, v, sealer)),
            },
          ]),
        ) as Record<WarrantyVendorId, { enabled: boolean; api: boolean }>;
        const ids = await nightlyDueAssetIds(db, { vendors, now: Date.now(), max: o.max ?? NIGHTLY_MAX_ASSETS });
        if (!ids.length) return { skipped: 'nothing due' };
        return { run: await insertRun(db, tenantId, 'schedule', { tenantCompanyId: null, assetIds: ids }, null) };
      });
      if (!('run' in made)) {
        out.push({ tenantId, skipped: made.skipped });
        continue;
      }
      const runId = made.run.warranty_run_id;
      const assets = made.run.asset_count ?? 0;
      const data: WarrantyJobData = { tenantId, runId };
      let error: string | null = null;
      const jobId = await k.jobs
        .send(WARRANTY_JOB, data as unknown as Record<string, unknown>, { retryLimit: 0 })
        .catch((e: unknown) => {
          error = (e as Error).message ?? String(e);
          return null;
        });
      await k.db.withTenant(tenantId, async (db) => {
        if (!jobId) {
          error ??= 'The warranty lookup could not be queued';
          await updateRun(db, runId, { status: 'failed', error, finished_at: db.fn.now() });
          return;
        }
        await updateRun(db, runId, { job_id: jobId });
        await k.audit.write(db, {
          tenantId,
          actorUserId: null,
          action: 'asset.warranty_lookup.run',
          target: String(runId),
          details: { trigger: 'schedule', asset_count: assets, job_id: jobId },
        });
      });
      out.push(jobId ? { tenantId, runId, jobId, assets } : { tenantId, runId, error: error! });
    } catch (e) {
      const message = (e as Error).message ?? String(e);
      k.log.warn({ err: e, tenantId }, 'assets.warrantyNightly: a tenant failed');
      out.push({ tenantId, error: message });
    }
  }
  return out;
}
