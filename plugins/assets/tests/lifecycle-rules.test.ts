/**
 * The lifecycle and merge rules (shared/lifecycle.ts, shared/merge.ts): every rule and its edges (month ends, leap
 * years, missing dates, zero settings, the precedence of the lifecycle state, the due soon windows), and the merge of
 * records by make + serial with each field's source and conflict rule.
 */
import { addMonths, tenantToday } from '../../../common/dates';
import {
  ageInMonths,
  dueSoon,
  endOfLifeDate,
  eolState,
  lifecycleOf,
  lifecycleState,
  replacementCost,
  warrantyState,
  type LifecycleSettings,
} from '../shared/lifecycle';
import { mergeKey, mergeRecords, type SourceRecord } from '../shared/merge';

const laptop: LifecycleSettings = {
  default_replacement_cost: 1400,
  default_life_in_months: 48,
  approaching_duration_in_months_eol: 6,
  approaching_duration_in_months_warranty: 3,
};

describe('addMonths', () => {
  test.each([
    ['2024-01-15', 1, '2024-02-15'],
    ['2024-01-31', 1, '2024-02-29'], // leap year
    ['2023-01-31', 1, '2023-02-28'],
    ['2024-03-31', 1, '2024-04-30'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2024-02-29', 48, '2028-02-29'],
    ['2024-11-30', 3, '2025-02-28'],
    ['2024-03-31', -1, '2024-02-29'],
    ['2024-05-10', 0, '2024-05-10'],
  ])('%s + %d months = %s', (d, n, want) => expect(addMonths(d, n)).toBe(want));
  test('refuses a date that is no calendar day', () => {
    expect(() => addMonths('2023-02-29', 1)).toThrow(RangeError);
    expect(() => addMonths('29/02/2024', 1)).toThrow(RangeError);
    expect(() => addMonths('2024-13-01', 1)).toThrow(RangeError);
    expect(() => addMonths('2024-1-011', 1)).toThrow(RangeError);
  });
  test('agrees with date arithmetic on every day of 2023-2024 for -13..130 months (the rule written with Date)', () => {
    const byDate = (date: string, n: number) => {
      const [y, m, d] = date.split('-').map(Number);
      const first = new Date(Date.UTC(y, m - 1 + n, 1));
      const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
      return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)))
        .toISOString()
        .slice(0, 10);
    };
    let wrong = 0;
    for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2025, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      for (let n = -13; n <= 130; n += 7) if (addMonths(day, n) !== byDate(day, n)) wrong++;
    }
    expect(wrong).toBe(0);
  });
});

describe('warranty state', () => {
  test('no expiry is unknown', () => expect(warrantyState(null, 3, '2025-06-01')).toBe('unknown'));
  test('the expiry day is still covered; the day after is expired', () => {
    expect(warrantyState('2025-06-01', 0, '2025-06-01')).toBe('in_warranty');
    expect(warrantyState('2025-05-31', 0, '2025-06-01')).toBe('expired');
  });
  test('expiring within the approaching months, inclusive of the last day', () => {
    expect(warrantyState('2025-09-01', 3, '2025-06-01')).toBe('expiring');
    expect(warrantyState('2025-09-02', 3, '2025-06-01')).toBe('in_warranty');
    expect(warrantyState('2025-06-01', 3, '2025-06-01')).toBe('expiring');
  });
  test('approaching over a month end: 2024-11-30 + 3 months is 2025-02-28', () => {
    expect(warrantyState('2025-02-28', 3, '2024-11-30')).toBe('expiring');
    expect(warrantyState('2025-03-01', 3, '2024-11-30')).toBe('in_warranty');
  });
  test('0 approaching months: never expiring', () =>
    expect(warrantyState('2025-06-02', 0, '2025-06-01')).toBe('in_warranty'));
});

describe('age in months', () => {
  test('missing purchase date: null; a future one: 0', () => {
    expect(ageInMonths(null, '2025-06-01')).toBeNull();
    expect(ageInMonths('2026-01-01', '2025-06-01')).toBe(0);
  });
  test.each([
    ['2024-01-15', '2024-02-14', 0],
    ['2024-01-15', '2024-02-15', 1],
    ['2024-01-31', '2024-02-28', 0],
    ['2024-01-31', '2024-02-29', 1], // the last day of February counts as a month from the 31st
    ['2023-01-31', '2023-02-28', 1],
    ['2020-02-29', '2021-02-28', 12],
    ['2020-02-29', '2024-02-28', 47],
    ['2020-02-29', '2024-02-29', 48],
    ['2021-06-01', '2025-06-01', 48],
  ])('bought %s, as of %s: %d months', (p, asOf, want) => expect(ageInMonths(p, asOf)).toBe(want));
  test('is the largest n with purchase + n months <= asOf, for every purchase day of 2024 as of 2025 month ends', () => {
    let wrong = 0;
    for (const asOf of ['2025-02-28', '2025-03-01', '2025-04-30', '2025-12-31']) {
      for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2025, 0, 1); t += 86_400_000) {
        const bought = new Date(t).toISOString().slice(0, 10);
        let n = 0;
        while (addMonths(bought, n + 1) <= asOf) n++;
        if (ageInMonths(bought, asOf) !== n) wrong++;
      }
    }
    expect(wrong).toBe(0);
  });
});

describe('end of life', () => {
  test('the eol_date wins over purchase + life', () =>
    expect(endOfLifeDate({ eol_date: '2026-01-01', purchase_date: '2020-01-01' }, 48)).toBe('2026-01-01'));
  test('else purchase + default life (month end clamped)', () =>
    expect(endOfLifeDate({ eol_date: null, purchase_date: '2020-02-29' }, 12)).toBe('2021-02-28'));
  test('no purchase date, or a life of 0: none', () => {
    expect(endOfLifeDate({ eol_date: null, purchase_date: null }, 48)).toBeNull();
    expect(endOfLifeDate({ eol_date: null, purchase_date: '2020-01-01' }, 0)).toBeNull();
  });
  test('reached on the day; approaching within the months, inclusive; ok after; unknown without a date', () => {
    expect(eolState('2025-06-01', 6, '2025-06-01')).toBe('reached');
    expect(eolState('2025-12-01', 6, '2025-06-01')).toBe('approaching');
    expect(eolState('2025-12-02', 6, '2025-06-01')).toBe('ok');
    expect(eolState('2025-06-02', 0, '2025-06-01')).toBe('ok');
    expect(eolState(null, 6, '2025-06-01')).toBe('unknown');
  });
});

describe('lifecycle state precedence', () => {
  test.each([
    ['expired', 'reached', 'eol_reached'],
    ['in_warranty', 'reached', 'eol_reached'],
    ['expired', 'approaching', 'out_of_warranty'],
    ['expired', 'unknown', 'out_of_warranty'],
    ['expiring', 'approaching', 'eol_approaching'],
    ['unknown', 'approaching', 'eol_approaching'],
    ['expiring', 'ok', 'warranty_expiring'],
    ['expiring', 'unknown', 'warranty_expiring'],
    ['unknown', 'unknown', 'unknown'],
    ['unknown', 'ok', 'healthy'],
    ['in_warranty', 'unknown', 'healthy'],
    ['in_warranty', 'ok', 'healthy'],
  ] as const)('warranty %s, eol %s: %s', (w, e, want) => expect(lifecycleState(w, e)).toBe(want));
});

describe('replacement', () => {
  test("the asset's cost, else the type's default; none without a type", () => {
    expect(replacementCost(900, laptop)).toBe(900);
    expect(replacementCost(0, laptop)).toBe(0);
    expect(replacementCost(null, laptop)).toBe(1400);
    expect(replacementCost(null, null)).toBeNull();
  });
  test('due soon: the smallest window holding the due date, overdue on or after it', () => {
    const asOf = '2025-01-01';
    expect(dueSoon(null, asOf)).toBeNull();
    expect(dueSoon('2025-01-01', asOf)).toBe('overdue');
    expect(dueSoon('2024-12-31', asOf)).toBe('overdue');
    expect(dueSoon('2025-04-01', asOf)).toBe(90); // day 90
    expect(dueSoon('2025-04-02', asOf)).toBe(120);
    expect(dueSoon('2025-05-01', asOf)).toBe(120); // day 120
    expect(dueSoon('2025-06-30', asOf)).toBe(180); // day 180
    expect(dueSoon('2026-01-01', asOf)).toBe(365); // day 365
    expect(dueSoon('2026-01-02', asOf)).toBeNull();
  });
});

describe('lifecycleOf', () => {
  test('every field of an asset with a type', () => {
    expect(
      lifecycleOf(
        { purchase_date: '2021-08-31', warranty_expiry: '2024-08-31', eol_date: null, cost: null },
        laptop,
        '2025-03-15',
      ),
    ).toEqual({
      warranty_state: 'expired',
      age_months: 42,
      replacement_due: '2025-08-31',
      eol_state: 'approaching',
      lifecycle_state: 'out_of_warranty',
      replacement_cost: 1400,
      due_soon: 180,
    });
  });
  test('without a type: no derived end of life, no approaching windows, no default cost', () => {
    expect(
      lifecycleOf(
        { purchase_date: '2015-01-01', warranty_expiry: '2025-03-20', eol_date: null, cost: null },
        null,
        '2025-03-15',
      ),
    ).toMatchObject({
      warranty_state: 'in_warranty',
      replacement_due: null,
      eol_state: 'unknown',
      lifecycle_state: 'healthy',
      replacement_cost: null,
    });
  });
  test('no dates at all: unknown', () => {
    expect(
      lifecycleOf({ purchase_date: null, warranty_expiry: null, eol_date: null, cost: 50 }, laptop, '2025-03-15'),
    ).toMatchObject({ lifecycle_state: 'unknown', age_months: null, replacement_cost: 50, due_soon: null });
  });
});

describe('merge by make + serial', () => {
  const rec = (
    source: SourceRecord['source'],
    seen_at: string,
    fields: SourceRecord['fields'],
    source_id: string | null = null,
  ): SourceRecord => ({
    source,
    source_id,
    seen_at,
    fields,
  });

  test('the key ignores case and spaces; no serial, no key', () => {
    expect(mergeKey(' Dell ', 'ab 12 C')).toBe(mergeKey('dell', 'AB12c'));
    expect(mergeKey('Dell', 'AB12')).not.toBe(mergeKey('Lenovo', 'AB12'));
    expect(mergeKey('Dell', '  ')).toBeNull();
    expect(mergeKey('Dell', null)).toBeNull();
  });

  test('records of several sources merge with each field from its rule and source recorded', () => {
    const merged = mergeRecords([
      rec('csv', '2025-01-01T00:00:00Z', {
        make: 'Dell',
        serial: 'ABC123',
        name: 'FRONT-PC',
        purchase_date: '2021-03-01',
        warranty_expiry: '2024-03-01',
        model: 'OptiPlex',
      }),
      rec(
        'rmm',
        '2025-03-01T00:00:00Z',
        {
          make: 'DELL',
          serial: 'abc 123',
          name: 'FRONTDESK-01',
          purchase_date: '2021-04-01',
          warranty_expiry: '2025-03-01',
          last_seen_at: '2025-03-01T09:00:00Z',
          model: '',
        },
        'rmm-7',
      ),
      rec(
        'psa',
        '2025-02-01T00:00:00Z',
        {
          make: 'Dell',
          serial: 'ABC123',
          purchase_date: '2021-02-15',
          warranty_expiry: '2026-03-01',
          last_seen_at: '2025-02-01T00:00:00Z',
        },
        'psa-9',
      ),
    ]);
    expect(merged).toHaveLength(1);
    const [m] = merged;
    expect(m.values).toMatchObject({
      name: 'FRONTDESK-01', // most recently seen source
      purchase_date: '2021-02-15', // earliest
      warranty_expiry: '2026-03-01', // latest
      last_seen_at: '2025-03-01T09:00:00Z', // latest
      model: 'OptiPlex', // an empty value never wins
    });
    expect(m.sources.name).toEqual({ source: 'rmm', source_id: 'rmm-7', seen_at: '2025-03-01T00:00:00Z' });
    expect(m.sources.purchase_date?.source).toBe('psa');
    expect(m.sources.warranty_expiry?.source).toBe('psa');
    expect(m.sources.model?.source).toBe('csv');
    expect(m.records).toHaveLength(3);
  });

  test('records without a serial or with another make stay apart', () => {
    const merged = mergeRecords([
      rec('csv', '2025-01-01T00:00:00Z', { make: 'Dell', serial: null, name: 'A' }),
      rec('csv', '2025-01-01T00:00:00Z', { make: 'Dell', serial: null, name: 'B' }),
      rec('csv', '2025-01-01T00:00:00Z', { make: 'HP', serial: 'X1', name: 'C' }),
      rec('csv', '2025-01-01T00:00:00Z', { make: 'Lenovo', serial: 'X1', name: 'D' }),
    ]);
    expect(merged.map((m) => m.values.name)).toEqual(['A', 'B', 'C', 'D']);
  });

  test('the rules are configurable per field; ties in seen time go to the later record', () => {
    const rs = [
      rec('csv', '2025-01-01T00:00:00Z', {
        make: 'HP',
        serial: 'S',
        purchase_date: '2020-01-01',
        warranty_expiry: '2023-01-01',
        name: 'one',
      }),
      rec('psa', '2025-01-01T00:00:00Z', {
        make: 'HP',
        serial: 'S',
        purchase_date: '2021-01-01',
        warranty_expiry: '2022-01-01',
        name: 'two',
      }),
    ];
    const [byDefault] = mergeRecords(rs);
    expect(byDefault.values).toMatchObject({ purchase_date: '2020-01-01', warranty_expiry: '2023-01-01', name: 'two' });
    const [custom] = mergeRecords(rs, { purchase_date: 'latest', warranty_expiry: 'most_recent', name: 'earliest' });
    expect(custom.values).toMatchObject({ purchase_date: '2021-01-01', warranty_expiry: '2022-01-01', name: 'one' });
  });
});

describe("due soon on the tenant's today (common/dates tenantToday)", () => {
  const due = '2026-11-30';
  test('a tenant east of UTC at 23:30 UTC is on the next day: due today is overdue there, not yet in UTC', () => {
    const at = new Date('2026-11-29T23:30:00Z');
    expect(dueSoon(due, tenantToday({ timeZone: 'Pacific/Auckland' }, at))).toBe('overdue');
    expect(dueSoon(due, tenantToday({ timeZone: 'Asia/Tokyo' }, at))).toBe('overdue');
    expect(dueSoon(due, tenantToday({ timeZone: 'UTC' }, at))).toBe(90);
  });
  test('New York across its daylight-saving days: the day turns at local midnight (05:00 UTC, then 04:00 UTC)', () => {
    const ny = { timeZone: 'America/New_York' };
    expect(dueSoon('2026-03-08', tenantToday(ny, new Date('2026-03-08T04:59:00Z')))).toBe(90);
    expect(dueSoon('2026-03-08', tenantToday(ny, new Date('2026-03-08T05:00:00Z')))).toBe('overdue');
    // The 90-day window from 2026-03-08 ends on 2026-06-06 whatever the clock change in between.
    expect(dueSoon('2026-06-06', tenantToday(ny, new Date('2026-03-08T05:00:00Z')))).toBe(90);
    expect(dueSoon('2026-06-07', tenantToday(ny, new Date('2026-03-08T05:00:00Z')))).toBe(120);
    expect(dueSoon('2026-11-01', tenantToday(ny, new Date('2026-11-02T04:30:00Z')))).toBe('overdue'); // EST: 23:30
    expect(dueSoon('2026-11-02', tenantToday(ny, new Date('2026-11-02T04:30:00Z')))).toBe(90);
  });
  test('Berlin: 23:30 UTC in summer is already tomorrow there', () => {
    expect(dueSoon('2026-07-02', tenantToday({ timeZone: 'Europe/Berlin' }, new Date('2026-07-01T23:30:00Z')))).toBe(
      'overdue',
    );
  });
});
