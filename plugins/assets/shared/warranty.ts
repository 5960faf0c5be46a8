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
 * - Batches (`chunk`) and the rate budget (`RateWindow`: at most N calls a minute per tenant and vendor, a sliding
 *   window); a 429's Retry-After (`retryAfterMs`, seconds or an HTTP date) is waited out, within 1 s .. 5 min.
 */
import { addMonths } from './lifecycle';

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

/** The vendor of a make, or null (any case and punctuation; HP Enterprise is not HP). */
export function vendorOfMake(make: string | null | undefined): WarrantyVendorId | null {
  if (!make) return null;
  const m = make
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  if (!m) return null;
  if (/^dell\b/.test(m) || /^alienware\b/.test(m)) return 'dell';
  if (/^lenovo\b/.test(m) || /^ibm lenovo\b/.test(m)) return 'lenovo';
  if (/\benterprise\b/.test(m) || /^hpe\b/.test(m)) return null;
  if (/^hp\b/.test(m) || /^hewlett packard\b/.test(m) || /^compaq\b/.test(m)) return 'hp';
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
  const d = new Date(`${m[1]}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== m[1] ? null : m[1]!;
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

/**
 * A sliding one-minute window of calls: `delay(now)` is how long the next call must wait (0: it may go now),
 * `take(now)` records a call. Pure (the caller passes the clock).
 */
export class RateWindow {
  private readonly calls: number[] = [];
  constructor(
    readonly limit: number,
    readonly windowMs = 60_000,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('RateWindow: limit must be a positive integer');
  }
  private prune(now: number): void {
    while (this.calls.length && this.calls[0]! <= now - this.windowMs) this.calls.shift();
  }
  delay(now: number): number {
    this.prune(now);
    if (this.calls.length < this.limit) return 0;
    return this.calls[0]! + this.windowMs - now;
  }
  take(now: number): void {
    this.prune(now);
    this.calls.push(now);
  }
  /** Holds every call until `until` (a 429's Retry-After): the window counts as full until then. */
  blockUntil(until: number): void {
    this.calls.length = 0;
    for (let i = 0; i < this.limit; i++) this.calls.push(until - this.windowMs);
  }
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
