/**
 * The warranty lookup's tables (migrations/0003_warranty_lookup.ts): settings and vendors (credentials sealed), runs,
 * the lookup log, and the per-batch write of found dates with their sources (asset_field_sources). Every function
 * takes the caller's tenant-scoped transaction (RLS).
 */
import type { SecretSealer, Trx } from '../../../../kernel/index';
import type {
  RunTrigger,
  VendorSettingsBody,
  WarrantyLookupEntry,
  WarrantyRun,
  WarrantySettingsBody,
} from '../../shared/warranty-api';
import {
  DEFAULT_CALLS_PER_MINUTE,
  DEFAULT_TERM_MONTHS,
  WARRANTY_FIELDS,
  WARRANTY_VENDORS,
  type OverwritePolicy,
  type RateState,
  type WarrantyField,
  type WarrantyVendorId,
} from '../../shared/warranty';

const iso = (v: Date | string | null | undefined) => (v == null ? null : new Date(v).toISOString());
const day = (col: string) => `to_char(${col}, 'YYYY-MM-DD')`;

interface VendorRow {
  vendor: WarrantyVendorId;
  enabled: boolean;
  standard_term_months: number;
  calls_per_minute: number;
  client_id_sealed: string | null;
  client_secret_sealed: string | null;
  api_key_sealed: string | null;
}
export interface SettingsRows {
  enabled: boolean;
  nightly_refresh: boolean;
  overwrite_policy: OverwritePolicy;
  updated_at: string | null;
  vendors: Record<WarrantyVendorId, VendorRow>;
}

const defaultVendor = (vendor: WarrantyVendorId): VendorRow => ({
  vendor,
  enabled: true,
  standard_term_months: DEFAULT_TERM_MONTHS[vendor],
  calls_per_minute: DEFAULT_CALLS_PER_MINUTE,
  client_id_sealed: null,
  client_secret_sealed: null,
  api_key_sealed: null,
});

/** The tenant's settings, with the defaults for what was never saved. */
export async function readSettings(db: Trx): Promise<SettingsRows> {
  const s = await db('asset_warranty_settings').first('enabled', 'nightly_refresh', 'overwrite_policy', 'updated_at');
  const rows = (await db('asset_warranty_vendors').select(
    'vendor',
    'enabled',
    'standard_term_months',
    'calls_per_minute',
    'client_id_sealed',
    'client_secret_sealed',
    'api_key_sealed',
    'updated_at',
  )) as (VendorRow & { updated_at: Date | string })[];
  const vendors = Object.fromEntries(WARRANTY_VENDORS.map((v) => [v, defaultVendor(v)])) as Record<
    WarrantyVendorId,
    VendorRow
  >;
  let updated: string | null = iso(s?.updated_at);
  for (const r of rows) {
    const { updated_at, ...row } = r;
    vendors[r.vendor] = { ...row, standard_term_months: Number(row.standard_term_months) };
    const u = iso(updated_at);
    if (u && (!updated || u > updated)) updated = u;
  }
  return {
    enabled: s ? Boolean(s.enabled) : true,
    nightly_refresh: s ? Boolean(s.nightly_refresh) : true,
    overwrite_policy: (s?.overwrite_policy as OverwritePolicy) ?? 'fill_missing',
    updated_at: updated,
    vendors,
  };
}

const CREDENTIALS = [
  ['client_id', 'client_id_sealed'],
  ['client_secret', 'client_secret_sealed'],
  ['api_key', 'api_key_sealed'],
] as const;

/** Saves the changed settings; a credential is sealed, null clears it, absent keeps it. Answers what changed. */
export async function saveSettings(
  db: Trx,
  tenantId: number,
  body: WarrantySettingsBody,
  sealer: SecretSealer,
): Promise<{ changed: string[] }> {
  const changed: string[] = [];
  const general: Record<string, unknown> = {};
  if (body.enabled !== undefined) general.enabled = body.enabled;
  if (body.nightly_refresh !== undefined) general.nightly_refresh = body.nightly_refresh;
  if (body.overwrite_policy !== undefined) general.overwrite_policy = body.overwrite_policy;
  if (Object.keys(general).length || body.vendors) {
    await db('asset_warranty_settings')
      .insert({ tenant_id: tenantId, ...general, updated_at: db.fn.now() })
      .onConflict(['tenant_id'])
      .merge({ ...general, updated_at: db.fn.now() });
    changed.push(...Object.keys(general));
  }
  for (const vendor of WARRANTY_VENDORS) {
    const v: VendorSettingsBody | undefined = body.vendors?.[vendor];
    if (!v) continue;
    const patch: Record<string, unknown> = {};
    if (v.enabled !== undefined) patch.enabled = v.enabled;
    if (v.standard_term_months !== undefined) patch.standard_term_months = v.standard_term_months;
    if (v.calls_per_minute !== undefined) patch.calls_per_minute = v.calls_per_minute;
    for (const [field, col] of CREDENTIALS) {
      const value = v[field];
      if (value === undefined) continue;
      patch[col] = value === null ? null : sealer.seal(value);
    }
    if (!Object.keys(patch).length) continue;
    await db('asset_warranty_vendors')
      .insert({ ...defaultVendor(vendor), tenant_id: tenantId, ...patch, updated_at: db.fn.now() })
      .onConflict(['tenant_id', 'vendor'])
      .merge({ ...patch, updated_at: db.fn.now() });
    // The names of credential fields only, never their values.
    changed.push(...Object.keys(patch).map((k) => `${vendor}.${k.replace(/_sealed$/, '')}`));
  }
  return { changed };
}

// Runs.

interface RunRow {
  warranty_run_id: string | number;
  job_id: string | null;
  trigger: RunTrigger;
  status: WarrantyRun['status'];
  tenant_company_id: string | number | null;
  asset_ids: (string | number)[] | null;
  progress: number;
  message: string | null;
  total: number;
  looked_up: number;
  updated: number;
  unchanged: number;
  not_found: number;
  failed: number;
  skipped: number;
  error: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

function runOf(r: RunRow): WarrantyRun {
  return {
    warranty_run_id: Number(r.warranty_run_id),
    job_id: r.job_id,
    trigger: r.trigger,
    status: r.status,
    tenant_company_id: r.tenant_company_id == null ? null : Number(r.tenant_company_id),
    asset_count: r.asset_ids ? r.asset_ids.length : null,
    progress: Number(r.progress),
    message: r.message,
    total: Number(r.total),
    looked_up: Number(r.looked_up),
    updated: Number(r.updated),
    unchanged: Number(r.unchanged),
    not_found: Number(r.not_found),
    failed: Number(r.failed),
    skipped: Number(r.skipped),
    error: r.error,
    created_at: iso(r.created_at)!,
    started_at: iso(r.started_at),
    finished_at: iso(r.finished_at),
  };
}

interface RunScope {
  tenantCompanyId?: number | null;
  assetIds?: number[] | null;
}

export async function insertRun(
  db: Trx,
  tenantId: number,
  trigger: RunTrigger,
  scope: RunScope,
  requestedBy: number | null,
): Promise<WarrantyRun> {
  const [row] = (await db('asset_warranty_runs')
    .insert({
      tenant_id: tenantId,
      trigger,
      status: 'queued',
      tenant_company_id: scope.tenantCompanyId ?? null,
      asset_ids: scope.assetIds?.length ? scope.assetIds : null,
      requested_by: requestedBy,
    })
    .returning('*')) as RunRow[];
  return runOf(row!);
}

export async function getRun(db: Trx, runId: number): Promise<(WarrantyRun & { scope: RunScope }) | null> {
  const r = (await db('asset_warranty_runs').where({ warranty_run_id: runId }).first()) as RunRow | undefined;
  if (!r) return null;
  return {
    ...runOf(r),
    scope: {
      tenantCompanyId: r.tenant_company_id == null ? null : Number(r.tenant_company_id),
      assetIds: r.asset_ids ? r.asset_ids.map(Number) : null,
    },
  };
}

export async function listRuns(db: Trx, limit = 20): Promise<WarrantyRun[]> {
  const rows = (await db('asset_warranty_runs').orderBy('warranty_run_id', 'desc').limit(limit)) as RunRow[];
  return rows.map(runOf);
}

/** A run queued or running, started within the last hour (an older one is taken as dead: its process stopped). */
export async function activeRun(db: Trx): Promise<WarrantyRun | null> {
  const r = (await db('asset_warranty_runs')
    .whereIn('status', ['queued', 'running'])
    .where('created_at', '>', db.raw("now() - interval '1 hour'"))
    .orderBy('warranty_run_id', 'desc')
    .first()) as RunRow | undefined;
  return r ? runOf(r) : null;
}

export async function updateRun(db: Trx, runId: number, patch: Partial<Record<string, unknown>>): Promise<void> {
  await db('asset_warranty_runs').where({ warranty_run_id: runId }).update(patch);
}

/** Adds a batch's counts to the run and sets its progress. */
export async function addRunCounts(
  db: Trx,
  runId: number,
  counts: { looked_up: number; updated: number; unchanged: number; not_found: number; failed: number },
  progress: number,
  message: string,
): Promise<void> {
  await db('asset_warranty_runs')
    .where({ warranty_run_id: runId })
    .update({
      looked_up: db.raw('looked_up + ?', [counts.looked_up]),
      updated: db.raw('updated + ?', [counts.updated]),
      unchanged: db.raw('unchanged + ?', [counts.unchanged]),
      not_found: db.raw('not_found + ?', [counts.not_found]),
      failed: db.raw('failed + ?', [counts.failed]),
      progress,
      message,
    });
}

// Assets.

export interface Candidate {
  asset_id: number;
  make: string | null;
  serial: string | null;
  purchase_date: string | null;
}

/** The assets of a run's scope (all the tenant's, one company's, or the ones named), by id. */
export async function candidates(db: Trx, scope: RunScope): Promise<Candidate[]> {
  const q = db('assets')
    .select('asset_id', 'make', 'serial', db.raw(`${day('purchase_date')} as purchase_date`))
    .orderBy('asset_id');
  if (scope.tenantCompanyId) q.where('tenant_company_id', scope.tenantCompanyId);
  if (scope.assetIds?.length) q.whereIn('asset_id', scope.assetIds);
  const rows = (await q) as (Candidate & { asset_id: string | number })[];
  return rows.map((r) => ({ ...r, asset_id: Number(r.asset_id) }));
}

/** The ids of the list that are not the tenant's assets. */
export async function missingAssets(db: Trx, ids: number[]): Promise<number[]> {
  const found = new Set(
    ((await db('assets').whereIn('asset_id', ids).select('asset_id')) as { asset_id: string | number }[]).map((r) =>
      Number(r.asset_id),
    ),
  );
  return ids.filter((id) => !found.has(id));
}

export async function companyExists(db: Trx, tenantCompanyId: number): Promise<boolean> {
  return !!(await db('tenant_companies').where({ tenant_company_id: tenantCompanyId }).first('tenant_company_id'));
}

interface CurrentRow {
  asset_id: number;
  warranty_start: string | null;
  warranty_expiry: string | null;
  sources: Partial<Record<WarrantyField, string>>;
}

/** The assets' warranty dates and their sources now, rows locked for the batch's transaction. */
export async function currentWarranties(db: Trx, ids: number[]): Promise<Map<number, CurrentRow>> {
  const rows = (await db('assets')
    .whereIn('asset_id', ids)
    .select(
      'asset_id',
      db.raw(`${day('warranty_start')} as warranty_start`),
      db.raw(`${day('warranty_expiry')} as warranty_expiry`),
    )
    .forUpdate()) as { asset_id: string | number; warranty_start: string | null; warranty_expiry: string | null }[];
  const out = new Map<number, CurrentRow>(
    rows.map((r) => [
      Number(r.asset_id),
      {
        asset_id: Number(r.asset_id),
        warranty_start: r.warranty_start,
        warranty_expiry: r.warranty_expiry,
        sources: {},
      },
    ]),
  );
  const sources = (await db('asset_field_sources')
    .whereIn('asset_id', ids)
    .whereIn('field', [...WARRANTY_FIELDS])
    .select('asset_id', 'field', 'source')) as { asset_id: string | number; field: WarrantyField; source: string }[];
  for (const s of sources) {
    const c = out.get(Number(s.asset_id));
    if (c) c.sources[s.field] = s.source;
  }
  return out;
}

export async function writeWarranty(
  db: Trx,
  tenantId: number,
  assetId: number,
  set: Partial<Record<WarrantyField, string>>,
  seen: WarrantyField[],
  source: string,
  sourceId: string | null,
): Promise<void> {
  const fields = Object.keys(set) as WarrantyField[];
  if (fields.length)
    await db('assets')
      .where({ asset_id: assetId })
      .update({ ...set, version: db.raw('version + 1'), updated_at: db.fn.now() });
  const rows = [...fields, ...seen].map((field) => ({
    tenant_id: tenantId,
    asset_id: assetId,
    field,
    source,
    source_id: sourceId,
    seen_at: db.fn.now(),
  }));
  if (rows.length)
    await db('asset_field_sources')
      .insert(rows)
      .onConflict(['tenant_id', 'asset_id', 'field'])
      .merge(['source', 'source_id', 'seen_at']);
}

export interface LogRow {
  asset_id: number;
  vendor: WarrantyVendorId;
  source: 'vendor_api' | 'offline_default';
  result: WarrantyLookupEntry['result'];
  warranty_start: string | null;
  warranty_expiry: string | null;
  error: string | null;
}

export async function insertLookups(db: Trx, tenantId: number, runId: number | null, rows: LogRow[]): Promise<void> {
  if (!rows.length) return;
  await db('asset_warranty_lookups').insert(
    rows.map((r) => ({ ...r, tenant_id: tenantId, warranty_run_id: runId, error: r.error?.slice(0, 1000) ?? null })),
  );
}

export async function listLookups(
  db: Trx,
  q: { assetId?: number; runId?: number; limit: number },
): Promise<WarrantyLookupEntry[]> {
  const query = db('asset_warranty_lookups')
    .select(
      'warranty_lookup_id',
      'asset_id',
      'warranty_run_id',
      'vendor',
      'source',
      'looked_up_at',
      'result',
      db.raw(`${day('warranty_start')} as warranty_start`),
      db.raw(`${day('warranty_expiry')} as warranty_expiry`),
      'error',
    )
    .orderBy('warranty_lookup_id', 'desc')
    .limit(q.limit);
  if (q.assetId) query.where('asset_id', q.assetId);
  if (q.runId) query.where('warranty_run_id', q.runId);
  const rows = (await query) as (Omit<WarrantyLookupEntry, 'looked_up_at'> & { looked_up_at: Date | string })[];
  return rows.map((r) => ({
    ...r,
    warranty_lookup_id: Number(r.warranty_lookup_id),
    asset_id: Number(r.asset_id),
    warranty_run_id: r.warranty_run_id == null ? null : Number(r.warranty_run_id),
    looked_up_at: iso(r.looked_up_at)!,
  }));
}

// The rate budget (asset_warranty_budgets, migrations/0007): one row per tenant and vendor, shared by every process.

/**
 * Holds the tenant's budget row for the vendor (created when missing, then locked: select ... for update) and
 * applies `decide` to it at the database's clock (clock_timestamp(), the same for every process); writes back the
 * state it answers and answers the rest. Call in a short transaction of its own.
 */
export async function withBudget<T>(
  db: Trx,
  tenantId: number,
  vendor: WarrantyVendorId,
  decide: (state: RateState, now: number) => { state: RateState } & T,
): Promise<T> {
  await db('asset_warranty_budgets')
    .insert({ tenant_id: tenantId, vendor })
    .onConflict(['tenant_id', 'vendor'])
    .ignore();
  const row = (await db('asset_warranty_budgets')
    .where({ vendor })
    .forUpdate()
    .first(
      db.raw('array(select (extract(epoch from c) * 1000)::float8 from unnest(calls) c) as calls'),
      db.raw('(extract(epoch from blocked_until) * 1000)::float8 as blocked_until'),
    )) as { calls: (number | string)[] | string; blocked_until: number | string | null } | undefined;
  if (!row) throw new Error(`the warranty budget of ${vendor} could not be read`);
  // Read after the row is held: a process that waited for the lock sees the time it got it.
  const clock = await db.raw(`select (extract(epoch from clock_timestamp()) * 1000)::float8 as now`);
  const now = Number(((clock.rows ?? clock) as { now: number | string }[])[0]!.now);
  const calls = (typeof row.calls === 'string' ? parseFloatArray(row.calls) : row.calls).map(Number);
  const state: RateState = { calls, blockedUntil: row.blocked_until == null ? null : Number(row.blocked_until) };
  const out = decide(state, now);
  await db('asset_warranty_budgets')
    .where({ vendor })
    .update({
      calls: db.raw(
        '(select coalesce(array_agg(to_timestamp(x / 1000.0) order by x), ?::timestamptz[]) from unnest(?::float8[]) x)',
        ['{}', `{${out.state.calls.join(',')}}`],
      ),
      blocked_until:
        out.state.blockedUntil == null ? null : db.raw('to_timestamp(? / 1000.0)', [out.state.blockedUntil]),
    });
  return out;
}

/** A float8[] as text ('{1.5,2}'), for a driver that answers arrays as text. */
function parseFloatArray(text: string): number[] {
  const inner = text.replace(/^\{|\}$/g, '').trim();
  return inner ? inner.split(',').map(Number) : [];
}
