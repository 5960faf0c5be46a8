import { placeCompanies, placeSegment } from '../shared/segment-placement';
import { autoCalcBounds, median } from '../shared/segment-auto-calc';
import {
  DEFAULT_SEGMENT_SETTINGS,
  SEGMENT_QUADRANTS,
  segmentBoundsErrors,
  segmentName,
} from '../shared/segment-settings';
import { contractMonthlyValue, isCurrentContract, monthlyValue, monthsPerCycle } from '../shared/monthly-value';

const b = DEFAULT_SEGMENT_SETTINGS;

describe('segment defaults (section 3 and 9)', () => {
  it('are colorBy health, value 0/500/1000, effort 0/50/100, sliders shown', () => {
    expect(b).toMatchObject({
      colorBy: 'health',
      minSegValue: 0,
      cutSegValue: 500,
      maxSegValue: 1000,
      minSegEffort: 0,
      cutSegEffort: 50,
      maxSegEffort: 100,
      showValueSliders: true,
      showEffortSliders: true,
    });
    expect(b.segmentNames.map((s) => s.segmentId)).toEqual([1, 2, 3, 4]);
  });
  it('names a segment, falling back to the default name', () => {
    expect(segmentName({ segmentNames: [{ segmentId: 2, name: 'Heavy' }] }, 2)).toBe('Heavy');
    expect(segmentName({ segmentNames: [] }, 1)).toBe('Ideal');
  });
  it('rejects bounds out of order, naming the field', () => {
    expect(segmentBoundsErrors(b)).toEqual({});
    expect(segmentBoundsErrors({ ...b, cutSegValue: 1200 })).toHaveProperty('cutSegValue');
    expect(segmentBoundsErrors({ ...b, cutSegEffort: -1 })).toHaveProperty('cutSegEffort');
    expect(segmentBoundsErrors({ ...b, maxSegEffort: 0 })).toHaveProperty('maxSegEffort');
  });
});

describe('placement rule (value vs effort quadrant)', () => {
  it('places each quadrant', () => {
    expect(placeSegment(800, 20, b)).toBe(1);
    expect(placeSegment(800, 70, b)).toBe(2);
    expect(placeSegment(100, 20, b)).toBe(3);
    expect(placeSegment(100, 70, b)).toBe(4);
    for (const [id, q] of Object.entries(SEGMENT_QUADRANTS)) {
      const v = q.value === 'high' ? 900 : 10;
      const e = q.effort === 'high' ? 90 : 10;
      expect(placeSegment(v, e, b)).toBe(Number(id));
    }
  });
  it('counts a value or effort at the cut as high', () => {
    expect(placeSegment(500, 49.99, b)).toBe(1);
    expect(placeSegment(499.99, 50, b)).toBe(4);
  });
  it('clamps values outside the range and treats missing as the minimum', () => {
    expect(placeSegment(5000, -10, b)).toBe(1);
    expect(placeSegment(-5, 500, b)).toBe(4);
    expect(placeSegment(null, null, b)).toBe(3);
  });
  it('moves a company when a cut moves past it', () => {
    expect(placeSegment(400, 20, b)).toBe(3);
    expect(placeSegment(400, 20, { ...b, cutSegValue: 300 })).toBe(1);
    expect(placeSegment(400, 40, { ...b, cutSegEffort: 30 })).toBe(4);
  });
  it('places many companies', () => {
    expect(
      placeCompanies(
        [
          { tenantCompanyId: 1, value: 600, effort: 60 },
          { tenantCompanyId: 2, value: 0, effort: 0 },
        ],
        b,
      ).map((p) => p.segmentId),
    ).toEqual([2, 3]);
  });
});

describe('automatic calculation (segAutoCalc)', () => {
  it('takes min and max of the data and cuts at the median', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    const r = autoCalcBounds(
      [
        { value: 120.4, effort: 10 },
        { value: 900.2, effort: 80 },
        { value: 300, effort: 30 },
        { value: null, effort: null },
      ],
      b,
    );
    expect(r).toEqual({
      minSegValue: 120,
      cutSegValue: 300,
      maxSegValue: 901,
      minSegEffort: 10,
      cutSegEffort: 30,
      maxSegEffort: 80,
    });
  });
  it('keeps the current bounds when an axis has no spread', () => {
    expect(autoCalcBounds([], b)).toMatchObject({ minSegValue: 0, cutSegValue: 500, maxSegValue: 1000 });
    expect(
      autoCalcBounds(
        [
          { value: 5, effort: 5 },
          { value: 5, effort: 50 },
        ],
        b,
      ),
    ).toMatchObject({ minSegValue: 0, cutSegValue: 500, maxSegValue: 1000, minSegEffort: 5, maxSegEffort: 50 });
  });
});

describe('monthly value (value axis)', () => {
  it('converts the billing cycle to months', () => {
    expect(monthsPerCycle('Monthly')).toBe(1);
    expect(monthsPerCycle('quarterly')).toBe(3);
    expect(monthsPerCycle('Semi-Annually')).toBe(6);
    expect(monthsPerCycle('Annually')).toBe(12);
    expect(monthsPerCycle('Multi-Year')).toBe(36);
    expect(monthsPerCycle('One-Time')).toBe(0);
    expect(monthsPerCycle(null)).toBe(0);
    expect(contractMonthlyValue({ cost: '1,200', billing_cycle: 'Yearly' })).toBe(100);
  });
  it('sums current contracts only', () => {
    const today = '2025-06-15';
    expect(isCurrentContract({ end_date: '2025-06-15' }, today)).toBe(true);
    expect(isCurrentContract({ end_date: '2025-06-14' }, today)).toBe(false);
    expect(isCurrentContract({ contract_status: 'Cancelled' }, today)).toBe(false);
    expect(isCurrentContract({ contract_status: 'Pending' }, today)).toBe(false);
    expect(isCurrentContract({ contract_status: 'Active', end_date: null }, today)).toBe(true);
    expect(
      monthlyValue(
        [
          { cost: 300, billing_cycle: 'Monthly', end_date: null },
          { cost: 1000, billing_cycle: 'Quarterly', end_date: '2026-01-01' },
          { cost: 999, billing_cycle: 'Monthly', end_date: '2024-01-01' },
          { cost: 50, billing_cycle: 'One Time' },
        ],
        today,
      ),
    ).toBe(633.33);
  });
});

import { isSegmentStale, SEGMENT_MAX_AGE_MS } from '../shared/segment-staleness';

describe('stale segment data', () => {
  const now = 10_000_000;
  const fresh = { stale_data: false, computedAt: now - 1000 };
  const base = { settingsUpdatedAt: now - 5000, inputsChangedAt: now - 5000, now };
  it('is fresh when computed after every change and recently', () => {
    expect(isSegmentStale(fresh, base)).toBe(false);
    expect(isSegmentStale(fresh, { settingsUpdatedAt: null, inputsChangedAt: null, now })).toBe(false);
  });
  it('is stale when flagged, missing, older than a change, or too old', () => {
    expect(isSegmentStale(null, base)).toBe(true);
    expect(isSegmentStale({ ...fresh, stale_data: true }, base)).toBe(true);
    expect(isSegmentStale(fresh, { ...base, settingsUpdatedAt: now - 10 })).toBe(true);
    expect(isSegmentStale(fresh, { ...base, inputsChangedAt: now - 10 })).toBe(true);
    expect(isSegmentStale({ stale_data: false, computedAt: now - SEGMENT_MAX_AGE_MS - 1 }, base)).toBe(true);
  });
});
