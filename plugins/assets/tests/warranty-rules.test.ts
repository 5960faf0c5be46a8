/**
 * The warranty lookup rules (shared/warranty.ts): vendor of a make, the offline default, a vendor's entitlement
 * dates, the overwrite policy per field and source, batches, the per-minute rate budget (takeCall, blockCalls),
 * Retry-After and the nightly refresh's scope.
 */
import {
  blockCalls,
  chunk,
  decideWarranty,
  entitlementDates,
  isoDay,
  nightlyScope,
  OFFLINE_SOURCE,
  offlineWarranty,
  refreshDue,
  retryAfterMs,
  takeCall,
  vendorOfMake,
  type RateState,
  type RefreshCandidate,
} from '../shared/warranty';

test('the vendor of a make, in any case and spelling; HP Enterprise and others are none', () => {
  expect(vendorOfMake('Dell Inc.')).toBe('dell');
  expect(vendorOfMake('DELL')).toBe('dell');
  expect(vendorOfMake('LENOVO')).toBe('lenovo');
  expect(vendorOfMake(' Lenovo (Beijing) ')).toBe('lenovo');
  expect(vendorOfMake('HP')).toBe('hp');
  expect(vendorOfMake('Hewlett-Packard')).toBe('hp');
  expect(vendorOfMake('HP Inc.')).toBe('hp');
  expect(vendorOfMake('Hewlett Packard Enterprise')).toBeNull();
  expect(vendorOfMake('HPE')).toBeNull();
  expect(vendorOfMake('Apple')).toBeNull();
  expect(vendorOfMake('Dellwood')).toBeNull();
  expect(vendorOfMake('')).toBeNull();
  expect(vendorOfMake(null)).toBeNull();
});

test('offline default: start is the purchase date, expiry the purchase date plus the term (month ends kept)', () => {
  expect(offlineWarranty('2023-03-15', 36)).toEqual({ warranty_start: '2023-03-15', warranty_expiry: '2026-03-15' });
  expect(offlineWarranty('2024-01-31', 1)).toEqual({ warranty_start: '2024-01-31', warranty_expiry: '2024-02-29' });
  expect(offlineWarranty('2024-02-29', 12)).toEqual({ warranty_start: '2024-02-29', warranty_expiry: '2025-02-28' });
  expect(offlineWarranty(null, 36)).toBeNull();
  expect(offlineWarranty('not a date', 36)).toBeNull();
  expect(offlineWarranty('2024-01-01', 0)).toBeNull();
});

test("a vendor's entitlements: earliest start, latest end; date-times read as their day; bad dates ignored", () => {
  expect(
    entitlementDates([
      { start: '2022-05-01T05:00:00Z', end: '2025-05-01T04:59:59Z' },
      { start: '2022-05-01T05:00:00Z', end: '2027-04-30T23:59:59.000Z' },
      { start: 'garbage', end: '2021-13-45' },
    ]),
  ).toEqual({ warranty_start: '2022-05-01', warranty_expiry: '2027-04-30' });
  expect(entitlementDates([{ end: '2026-01-01' }])).toEqual({ warranty_start: null, warranty_expiry: '2026-01-01' });
  expect(entitlementDates([])).toBeNull();
  expect(isoDay('2024-02-30')).toBeNull();
});

describe('overwrite policy', () => {
  const found = { warranty_start: '2022-01-10', warranty_expiry: '2025-01-10' };
  const empty = { warranty_start: null, warranty_expiry: null, sources: {} };

  test('empty fields are filled under either policy, by the service or the offline default', () => {
    for (const policy of ['fill_missing', 'replace'] as const)
      for (const source of ['warranty:dell', OFFLINE_SOURCE])
        expect(decideWarranty(empty, found, source, policy)).toEqual({ set: found, seen: [], result: 'updated' });
  });

  test('a manual value is kept when only filling, replaced by the service under replace, never by a default', () => {
    const manual = {
      warranty_start: '2022-01-01',
      warranty_expiry: '2024-12-31',
      sources: { warranty_start: 'manual', warranty_expiry: 'manual' },
    };
    expect(decideWarranty(manual, found, 'warranty:dell', 'fill_missing')).toEqual({
      set: {},
      seen: [],
      result: 'unchanged',
    });
    expect(decideWarranty(manual, found, 'warranty:dell', 'replace').set).toEqual(found);
    expect(decideWarranty(manual, found, OFFLINE_SOURCE, 'replace').result).toBe('unchanged');
  });

  test("a lookup's own value is refreshed; an offline guess gives way to the service's answer but not vice versa", () => {
    const byDell = { ...found, sources: { warranty_start: 'warranty:dell', warranty_expiry: 'warranty:dell' } };
    const extended = { warranty_start: '2022-01-10', warranty_expiry: '2027-01-10' };
    expect(decideWarranty(byDell, extended, 'warranty:dell', 'fill_missing')).toEqual({
      set: { warranty_expiry: '2027-01-10' },
      seen: ['warranty_start'],
      result: 'updated',
    });
    expect(decideWarranty(byDell, extended, OFFLINE_SOURCE, 'fill_missing').result).toBe('unchanged');
    const guessed = { ...found, sources: { warranty_start: OFFLINE_SOURCE, warranty_expiry: OFFLINE_SOURCE } };
    expect(decideWarranty(guessed, extended, 'warranty:dell', 'fill_missing').set).toEqual({
      warranty_expiry: '2027-01-10',
    });
    // A changed term refreshes the tenant's own earlier guess.
    expect(decideWarranty(guessed, extended, OFFLINE_SOURCE, 'fill_missing').set).toEqual({
      warranty_expiry: '2027-01-10',
    });
  });

  test('the same values again change nothing (idempotent); a missing found field leaves the field alone', () => {
    const byDell = { ...found, sources: { warranty_start: 'warranty:dell', warranty_expiry: 'warranty:dell' } };
    expect(decideWarranty(byDell, found, 'warranty:dell', 'replace')).toEqual({
      set: {},
      seen: ['warranty_start', 'warranty_expiry'],
      result: 'unchanged',
    });
    expect(
      decideWarranty(empty, { warranty_start: null, warranty_expiry: '2025-01-10' }, 'warranty:hp', 'fill_missing').set,
    ).toEqual({ warranty_expiry: '2025-01-10' });
  });
});

test('batches of at most the vendor limit, in order', () => {
  const serials = Array.from({ length: 250 }, (_, i) => `S${i}`);
  const batches = chunk(serials, 100);
  expect(batches.map((b) => b.length)).toEqual([100, 100, 50]);
  expect(batches.flat()).toEqual(serials);
  expect(chunk([], 100)).toEqual([]);
  expect(() => chunk(serials, 0)).toThrow();
});

test('rate budget: N calls a minute go at once, the next waits for the oldest to leave the window', () => {
  const t0 = 1_000_000;
  let st: RateState = { calls: [], blockedUntil: null };
  for (let i = 0; i < 3; i++) {
    const r = takeCall(st, 3, t0 + i * 1000);
    expect(r.delayMs).toBe(0);
    st = r.state;
  }
  expect(st.calls).toEqual([t0, t0 + 1000, t0 + 2000]);
  // Full: the state stays, the wait is until the oldest call leaves the window.
  expect(takeCall(st, 3, t0 + 5000)).toEqual({ delayMs: 55_000, state: st });
  const later = takeCall(st, 3, t0 + 60_000);
  expect(later.delayMs).toBe(0);
  expect(later.state.calls).toEqual([t0 + 1000, t0 + 2000, t0 + 60_000]); // the oldest left the window
  expect(takeCall(later.state, 3, t0 + 60_500).delayMs).toBe(500);
  // A lower limit than the calls in the window (the setting was lowered): wait until enough have left.
  expect(takeCall(later.state, 1, t0 + 60_500).delayMs).toBe(60_000 - 500);
  // The window's length is a parameter.
  expect(takeCall({ calls: [t0, t0 + 100], blockedUntil: null }, 2, t0 + 200, 1000).delayMs).toBe(800);
  expect(() => takeCall(st, 0, t0)).toThrow(/limit/);
});

test("rate budget: a 429's Retry-After holds every call until then, and the budget starts afresh after it", () => {
  const t0 = 1_000_000;
  const full: RateState = { calls: [t0, t0 + 1, t0 + 2], blockedUntil: null };
  const held = blockCalls(full, t0 + 200_000);
  expect(held).toEqual({ calls: [], blockedUntil: t0 + 200_000 });
  expect(takeCall(held, 3, t0 + 150_000)).toEqual({ delayMs: 50_000, state: held });
  const after = takeCall(held, 3, t0 + 200_000);
  expect(after).toEqual({ delayMs: 0, state: { calls: [t0 + 200_000], blockedUntil: null } });
  // A shorter Retry-After from another process does not shorten a longer hold.
  expect(blockCalls(held, t0 + 100_000).blockedUntil).toBe(t0 + 200_000);
  expect(blockCalls(held, t0 + 300_000).blockedUntil).toBe(t0 + 300_000);
});

test('Retry-After: seconds or an HTTP date, kept within 1 s and 5 minutes; absent means a minute', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  expect(retryAfterMs('2', now)).toBe(2000);
  expect(retryAfterMs('0', now)).toBe(1000);
  expect(retryAfterMs('86400', now)).toBe(300_000);
  expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
  expect(retryAfterMs(null, now)).toBe(60_000);
  expect(retryAfterMs('soon', now)).toBe(60_000);
});

test('nightly refresh: due assets a vendor can look up, oldest lookups first, capped', () => {
  const now = Date.parse('2026-06-01T02:30:00Z');
  const DAY = 86_400_000;
  const c = (asset_id: number, o: Partial<RefreshCandidate> = {}): RefreshCandidate => ({
    asset_id,
    make: 'Dell',
    serial: `S${asset_id}`,
    purchase_date: null,
    warranty_expiry: '2027-01-01',
    last_looked_up: null,
    ...o,
  });
  expect(refreshDue(c(1), now)).toBe(true); // never looked up
  expect(refreshDue(c(1, { last_looked_up: now - DAY }), now)).toBe(false);
  expect(refreshDue(c(1, { last_looked_up: now - 29 * DAY }), now)).toBe(false);
  expect(refreshDue(c(1, { last_looked_up: now - 31 * DAY }), now)).toBe(true);
  // Still no expiry after a lookup: tried again weekly, not every night.
  expect(refreshDue(c(1, { last_looked_up: now - DAY, warranty_expiry: null }), now)).toBe(false);
  expect(refreshDue(c(1, { last_looked_up: now - 6 * DAY, warranty_expiry: null }), now)).toBe(false);
  expect(refreshDue(c(1, { last_looked_up: now - 8 * DAY, warranty_expiry: null }), now)).toBe(true);

  const on = { enabled: true, api: true };
  const vendors = { dell: on, lenovo: { enabled: true, api: false }, hp: { enabled: false, api: true } };
  const list = [
    c(1, { last_looked_up: now - 40 * DAY }),
    c(2, { last_looked_up: now - DAY }), // fresh: left out
    c(3), // never
    c(4, { last_looked_up: now - 9 * DAY, warranty_expiry: null }),
    c(5, { make: 'Apple' }), // no vendor
    c(6, { make: 'HP' }), // vendor off
    c(7, { make: 'Lenovo' }), // no service and no purchase date: nothing to look up
    c(8, { make: 'Lenovo', purchase_date: '2024-01-01' }), // the offline default
    c(9, { serial: null }), // Dell's service needs a serial; no purchase date either
    c(10, { last_looked_up: now - 60 * DAY }),
  ];
  expect(nightlyScope(list, vendors, now)).toEqual([3, 8, 10, 1, 4]);
  expect(nightlyScope(list, vendors, now, 3)).toEqual([3, 8, 10]);
  expect(nightlyScope(list, { ...vendors, dell: { enabled: true, api: false } }, now)).toEqual([8]);
});
