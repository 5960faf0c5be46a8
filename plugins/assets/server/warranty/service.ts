/**
 * The warranty lookup (issue 17 part C): settings as answered (credentials only as "set"), starting a run, and the
 * run itself (`runWarrantyLookup`, worked by the job `assets.warrantyLookup` or in-process by the CLI).
 *
 * A run takes the assets of its scope, keeps those whose make is a vendor's (Dell, Lenovo, HP) and whose vendor is
 * enabled, and looks them up in batches: through the vendor's service when its credentials are complete and the
 * asset has a serial (at most the vendor's batch size per call, within the tenant's budget of calls a minute per
 * vendor; a 429 waits out its Retry-After and tries the batch again, up to 5 times), else by the offline default
 * (purchase date + the vendor's standard term). A serial the service does not know falls back to the offline
 * default too. Each batch is written in one transaction: the dates the overwrite policy allows (shared/warranty.ts
 * decideWarranty), their source in asset_field_sources, a log row per asset, the run's counts and progress. The
 * vendor is called outside any transaction. A rerun finds the same dates and changes nothing.
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
  type WarrantyRun,
  type WarrantyRunBody,
  type WarrantySettings,
} from '../../shared/warranty-api';
import {
  chunk,
  decideWarranty,
  OFFLINE_SOURCE,
  offlineWarranty,
  RateWindow,
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
  writeWarranty,
  type Candidate,
  type LogRow,
  type SettingsRows,
} from './store';
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

export const sealerOf = (k: Pick<Kernel, 'config'>): SecretSealer => secretSealer(k.config.secret, SEALER_PURPOSE);

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
  trigger: 'manual' | 'cli',
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

/** The per-minute call budgets, per tenant and vendor, in this process. */
const windows = new Map<string, RateWindow>();
function windowOf(tenantId: number, vendor: WarrantyVendorId, limit: number): RateWindow {
  const key = `${tenantId}:${vendor}`;
  let w = windows.get(key);
  if (!w || w.limit !== limit) windows.set(key, (w = new RateWindow(limit)));
  return w;
}

export interface RunOptions {
  progress?: JobContext['progress'];
  /** Waits (tests shorten nothing: the doubles answer Retry-After: 1). */
  sleep?: (ms: number) => Promise<void>;
  /** Vendor clients by id instead of HTTP ones from config and settings (tests). */
  vendors?: Partial<Record<WarrantyVendorId, WarrantyVendor>>;
  log?: (line: string) => void;
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
        ? await callVendor(tenantId, batch.client, batch.items, settings.vendors[batch.vendor].calls_per_minute, {
            sleep,
            log: opts.log,
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

/** One vendor call for a batch, within the rate budget; a 429 waits its Retry-After and tries again. */
async function callVendor(
  tenantId: number,
  client: WarrantyVendor,
  items: Item[],
  perMinute: number,
  o: { sleep: (ms: number) => Promise<void>; log?: (line: string) => void },
): Promise<Outcome[]> {
  const window = windowOf(tenantId, client.id, perMinute);
  const serials = items.map((i) => i.serial!.trim());
  for (let attempt = 1; ; attempt++) {
    for (let wait = window.delay(Date.now()); wait > 0; wait = window.delay(Date.now())) await o.sleep(wait);
    window.take(Date.now());
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
        window.blockUntil(Date.now() + e.retryAfterMs);
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
