/**
 * Warranty lookup rules (issue 17 part C; pure, server and browser; unit-tested in tests/warranty-rules.test.ts).
 *
 * - Vendors: Dell, Lenovo and HP, recognised from an asset's make (`vendorOfMake`: "Dell Inc.", "LENOVO",
 *   "Hewlett-Packard", "HP Inc." ...; HP Enterprise is not HP's PC warranty service and is not matched).
 * - Offline default (`offlineWarranty`): when a vendor's service is not configured, or the service does not know the
 *   serial, warranty_start = purchase_date and warranty_expiry = purchase_date + the vendor's standard term in months
 *   (Dell, Lenovo and HP 36 by default, editable per tenant). No purchase date: nothing can be derived.
 * - Vendor answers (`entitlementDates`): a device's warranty starts with its earliest entitlement and expires with its
 *   latest (extended and on-site services included), as vendors' own portals show the coverage end.
 * - Overwrite policy (`decideWarranty`), per field (warranty_start, warranty_expiry):
 *   - an empty field is filled;
 *   - a value a lookup set before (its source starts with `warranty:`) is refreshed by any lookup of the vendor's
 *     service, and an offline default is refreshed only by another offline default or a service answer;
 *   - a value from another source (manual, csv, psa, rmm) is replaced only under the policy `replace`, and only by
 *     the vendor's service: an offline default is a guess and never replaces a known value;
 *   - equal values change nothing (the source of a value a lookup set is seen again).
 * - Batches (`chunk`) and the rate budget (`takeCall`, `blockCalls`: at most N calls a minute per tenant and vendor,
 *   a sliding window kept in the database and shared by every process); a 429's Retry-After (`retryAfterMs`, seconds
 *   or an HTTP date) holds every call of the tenant to the vendor, within 1 s .. 5 min.
 * - Nightly refresh (`nightlyScope`): the assets a vendor can look up whose warranty is due (never looked up, last
 *   looked up over 30 days ago, or 7 days for one still without an expiry), oldest lookups first, at most 1000 a
 *   tenant a night. The job selects them in SQL by the same rule (server/warranty/nightly-store.ts).
 */
import { addMonths, isCalendarDay } from '../../../common/dates';

export const WARRANTY_VENDORS = ['dell', 'lenovo', 'hp'] as const;
export type WarrantyVendorId = (typeof WARRANTY_VENDORS)[number];
export const WARRANTY_VENDOR_LABELS: Record<WarrantyVendorId, string> = { dell: 'Dell', lenovo: 'Lenovo', hp: 'HP' };

/** The standard term of a new device's base warranty, in months (the offline default; editable per tenant). */
export const DEFAULT_TERM_MONTHS: Record<WarrantyVendorId, number> = { dell: 36, lenovo: 36, hp: 36 };
export const TERM_MONTHS_MAX = 240;
/** Serials per vendor call: Dell's asset-entitlements takes up to 100 service tags; Lenovo and HP fewer per call. */
export const VENDOR_BATCH_LIMITS: Record<WarrantyVendorId, number> = { dell: 100, lenovo: 50, hp: 20 };
/** Default rate budget: calls a minute per tenant and vendor (Dell's documented limit is 60 a minute). */
export const DEFAULT_CALLS_PER_MINUTE = 60;
export const CALLS_PER_MINUTE_MAX = 600;

export const OVERWRITE_POLICIES = ['fill_missing', 'replace'] as const;
export type OverwritePolicy = (typeof OVERWRITE_POLICIES)[number];
export const OVERWRITE_POLICY_LABELS: Record<OverwritePolicy, string> = {
  fill_missing: 'Only fill missing dates (and refresh dates a lookup set)',
  replace: "Replace dates with the vendor's",
};

/** Source names recorded in asset_field_sources and the lookup log. */
export const OFFLINE_SOURCE = 'warranty:offline';
export const vendorSource = (v: WarrantyVendorId) => `warranty:${v}`;
export const isLookupSource = (s: string | null | undefined) => typeof s === 'string' && s.startsWith('warranty:');

export const WARRANTY_FIELDS = ['warranty_start', 'warranty_expiry'] as const;
export type WarrantyField = (typeof WARRANTY_FIELDS)[number];

/**
 * Which vendor a make is, as rules tried in order: a make is its words (runs of ASCII letters and digits, lower-cased;
 * anything else separates them), and a rule matches when the make starts with one of its word sequences
 * (`startsWith`) or has one of its words anywhere (`hasWord`). A rule of vendor null answers "none": HP Enterprise
 * (the word "enterprise", or a make starting with "hpe") is not HP's PC warranty service. The one statement of the
 * rule: `vendorOfMake` reads it here and the nightly refresh's SQL reads it (server/warranty/nightly-store.ts
 * makeVendorSql; tests/warranty-nightly-sql.test.ts holds the two to the same answers).
 */
export interface MakeRule {
  vendor: WarrantyVendorId | null;
  /** Word sequences (words of a-z and 0-9, one space between) a make starts with. */
  startsWith: readonly string[];
  /** Words (a-z and 0-9) found anywhere in a make. */
  hasWord?: readonly string[];
}
export const MAKE_RULES: readonly MakeRule[] = [
  { vendor: 'dell', startsWith: ['dell', 'alienware'] },
  { vendor: 'lenovo', startsWith: ['lenovo', 'ibm lenovo'] },
  { vendor: null, startsWith: ['hpe'], hasWord: ['enterprise'] },
  { vendor: 'hp', startsWith: ['hp', 'hewlett packard', 'compaq'] },
];

/** A make's words, lower-cased, one space between ("Hewlett-Packard Co." -> "hewlett packard co"); ASCII only. */
function makeWords(make: string): string {
  return make
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The vendor of a make, or null (any case and punctuation; HP Enterprise is not HP): the first of MAKE_RULES that matches. */
export function vendorOfMake(make: string | null | undefined): WarrantyVendorId | null {
  if (!make) return null;
  const m = ` ${makeWords(make)} `;
  for (const r of MAKE_RULES)
    if (r.startsWith.some((p) => m.startsWith(` ${p} `)) || r.hasWord?.some((w) => m.includes(` ${w} `)))
      return r.vendor;
  return null;
}

export interface WarrantyDates {
  warranty_start: string | null;
  warranty_expiry: string | null;
}

/** The offline default: start = purchase date, expiry = purchase date + the term; null without a purchase date. */
export function offlineWarranty(purchaseDate: string | null | undefined, termMonths: number): WarrantyDates | null {
  if (!purchaseDate || !/^\d{4}-\d{2}-\d{2}$/.test(purchaseDate)) return null;
  if (!Number.isInteger(termMonths) || termMonths < 1) return null;
  return { warranty_start: purchaseDate, warranty_expiry: addMonths(purchaseDate, termMonths) };
}

/** A vendor's date (ISO date or date-time, any zone) as YYYY-MM-DD, or null. */
export function isoDay(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(v.trim());
  if (!m) return null;
  return isCalendarDay(m[1]!) ? m[1]! : null;
}

/** Earliest start and latest end of a device's entitlements (undated ones ignored); null when none is dated. */
export function entitlementDates(list: { start?: unknown; end?: unknown }[]): WarrantyDates | null {
  let start: string | null = null;
  let end: string | null = null;
  for (const e of list) {
    const s = isoDay(e.start);
    const x = isoDay(e.end);
    if (s && (!start || s < start)) start = s;
    if (x && (!end || x > end)) end = x;
  }
  return start || end ? { warranty_start: start, warranty_expiry: end } : null;
}

export interface CurrentWarranty extends WarrantyDates {
  /** The source recorded for each field (asset_field_sources), if any. */
  sources: Partial<Record<WarrantyField, string>>;
}

export interface WarrantyDecision {
  /** The fields to write, with their new values. */
  set: Partial<Record<WarrantyField, string>>;
  /** Fields whose value stays and whose recorded source is this lookup's: seen again. */
  seen: WarrantyField[];
  result: 'updated' | 'unchanged';
}

/** What a lookup's dates change on an asset under the policy (see the rules at the top). */
export function decideWarranty(
  current: CurrentWarranty,
  found: WarrantyDates,
  source: string,
  policy: OverwritePolicy,
): WarrantyDecision {
  const offline = source === OFFLINE_SOURCE;
  const set: WarrantyDecision['set'] = {};
  const seen: WarrantyField[] = [];
  for (const f of WARRANTY_FIELDS) {
    const v = found[f];
    if (!v) continue;
    const have = current[f];
    const had = current.sources[f];
    if (have === v) {
      if (had === source) seen.push(f);
      continue;
    }
    let write: boolean;
    if (!have) write = true;
    else if (offline) write = had === OFFLINE_SOURCE;
    else write = isLookupSource(had) || policy === 'replace';
    if (write) set[f] = v;
  }
  return { set, seen, result: Object.keys(set).length ? 'updated' : 'unchanged' };
}

export function chunk<T>(list: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new Error('chunk: size must be a positive integer');
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The rate budget's window: calls a minute. */
export const RATE_WINDOW_MS = 60_000;

/**
 * A tenant's budget of calls to one vendor, as kept in asset_warranty_budgets (shared by every process): the times
 * of the calls made (ms since the epoch, the database's clock) and the end of a 429's hold, if any.
 */
export interface RateState {
  calls: number[];
  blockedUntil: number | null;
}

/**
 * Takes a call from the budget at `now` (a sliding window of `windowMs` holding at most `limit` calls; a 429's hold
 * stops every call until it ends): `delayMs` 0 and the state with the call recorded, or how long to wait before
 * trying again and the state unchanged but for calls that left the window and an ended hold. Pure.
 */
export function takeCall(
  state: RateState,
  limit: number,
  now: number,
  windowMs = RATE_WINDOW_MS,
): { delayMs: number; state: RateState } {
  if (!Number.isInteger(limit) || limit < 1) throw new Error('takeCall: limit must be a positive integer');
  const calls = state.calls.filter((t) => t > now - windowMs).sort((x, y) => x - y);
  const blockedUntil = state.blockedUntil !== null && state.blockedUntil > now ? state.blockedUntil : null;
  if (blockedUntil !== null) return { delayMs: blockedUntil - now, state: { calls, blockedUntil } };
  // Full: wait until enough of the oldest calls have left the window for one more.
  if (calls.length >= limit)
    return { delayMs: calls[calls.length - limit]! + windowMs - now, state: { calls, blockedUntil } };
  return { delayMs: 0, state: { calls: [...calls, now], blockedUntil: null } };
}

/**
 * A 429's Retry-After: every call waits until `until` (a later hold already set stays), and the budget starts
 * afresh then (the vendor counted its window anew). Pure.
 */
export function blockCalls(state: RateState, until: number): RateState {
  return {
    calls: [],
    blockedUntil: state.blockedUntil !== null && state.blockedUntil > until ? state.blockedUntil : until,
  };
}

/** The nightly refresh: a lookup older than this is looked up again. */
export const REFRESH_AFTER_DAYS = 30;
/** Days before an asset a lookup left without an expiry is tried again. */
export const RETRY_UNKNOWN_AFTER_DAYS = 7;
/** The nightly refresh: at most this many assets a tenant a night (the vendors' budgets are not burned). */
export const NIGHTLY_MAX_ASSETS = 1000;

export interface RefreshCandidate {
  asset_id: number;
  make: string | null;
  serial: string | null;
  purchase_date: string | null;
  warranty_expiry: string | null;
  /** The last lookup that did not fail (ms since the epoch), or null: never looked up. */
  last_looked_up: number | null;
}

/**
 * Due for the nightly refresh: never looked up, or last looked up more than 30 days before `now`; one still without
 * an expiry (a serial the vendor does not know, no purchase date) more than 7 days before, so an unknown asset is
 * retried weekly rather than spending the vendor's budget every night.
 */
export function refreshDue(c: Pick<RefreshCandidate, 'warranty_expiry' | 'last_looked_up'>, now: number): boolean {
  const days = c.warranty_expiry ? REFRESH_AFTER_DAYS : RETRY_UNKNOWN_AFTER_DAYS;
  return c.last_looked_up === null || c.last_looked_up < now - days * 86_400_000;
}

/**
 * The assets of a tenant's nightly refresh: due ones (`refreshDue`) that a run would look up (make of an enabled
 * vendor; a serial and the vendor's service set up, or a purchase date for the offline default), the oldest lookups
 * first (never looked up first of all, then by id), at most `max`. Pure: the rule's model. The nightly job chooses
 * in SQL by the same rule (server/warranty/nightly-store.ts nightlyDueAssetIds, held to this function by
 * tests/warranty-nightly-sql.test.ts) rather than reading every asset of a tenant.
 */
export function nightlyScope(
  list: readonly RefreshCandidate[],
  vendors: Record<WarrantyVendorId, { enabled: boolean; api: boolean }>,
  now: number,
  max = NIGHTLY_MAX_ASSETS,
): number[] {
  const usable = (c: RefreshCandidate) => {
    const v = vendorOfMake(c.make);
    if (!v || !vendors[v].enabled) return false;
    return (vendors[v].api && !!c.serial?.trim()) || !!c.purchase_date;
  };
  return list
    .filter((c) => refreshDue(c, now) && usable(c))
    .sort((x, y) => (x.last_looked_up ?? -Infinity) - (y.last_looked_up ?? -Infinity) || x.asset_id - y.asset_id)
    .slice(0, Math.max(0, max))
    .map((c) => c.asset_id);
}

export const RETRY_AFTER_MIN_MS = 1_000;
export const RETRY_AFTER_MAX_MS = 5 * 60_000;

/** A Retry-After header (seconds, or an HTTP date) in ms from now, within 1 s .. 5 min; 60 s when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number): number {
  const clamp = (ms: number) => Math.max(RETRY_AFTER_MIN_MS, Math.min(RETRY_AFTER_MAX_MS, ms));
  const h = header?.trim();
  if (!h) return 60_000;
  if (/^\d+(\.\d+)?$/.test(h)) return clamp(Math.round(Number(h) * 1000));
  const at = Date.parse(h);
  return Number.isNaN(at) ? 60_000 : clamp(at - now);
}
