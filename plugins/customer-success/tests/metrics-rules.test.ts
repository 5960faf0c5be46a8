/** Health and effort rules (customer-success.md sections 3 and 9): placeholder score, overall score, delta, inputs. */
import { csatPercent, parseCsatRating } from '../shared/csat-score';
import { inRanges, rangesForVariants } from '../shared/cut-ranges';
import { cutFor, DEFAULT_EFFORT_CUTS, DEFAULT_HEALTH_CUTS } from '../shared/cut-scores';
import { formatDelta, healthDelta } from '../shared/health-delta';
import { monthKey, monthStart, monthsBefore } from '../shared/history-month';
import { CALC_CODES, isCalcCode } from '../shared/metric-calc-codes';
import { overallScore } from '../shared/overall-score';
import { placeholderScore } from '../shared/placeholder-score';
import { inWindow, rollingWindow } from '../shared/rolling-window';
import { roundHalfAway } from '../shared/rounding';
import { ticketsInput, ticketTableCounts } from '../shared/ticket-input';

describe('placeholder score: weight x value / max, rounded', () => {
  test('examples', () => {
    expect(placeholderScore(20, 3, 10)).toBe(6);
    expect(placeholderScore(25, 1, 3)).toBe(8); // 8.33
    expect(placeholderScore(25, 2, 3)).toBe(17); // 16.67
    expect(placeholderScore(10, 1, 4)).toBe(3); // 2.5 rounds up
    expect(placeholderScore(30, 0, 5)).toBe(0);
  });
  test('a value above max scores above the weight (the rule as written)', () => {
    expect(placeholderScore(10, 15, 10)).toBe(15);
  });
  test('no value, or a max that is not positive, gives no score', () => {
    expect(placeholderScore(10, null, 5)).toBeNull();
    expect(placeholderScore(10, undefined, 5)).toBeNull();
    expect(placeholderScore(10, 3, 0)).toBeNull();
    expect(placeholderScore(10, 3, -2)).toBeNull();
    expect(placeholderScore(10, Number.NaN, 5)).toBeNull();
  });
});

describe('overall score of a company', () => {
  test('equals the sum of placeholder scores when weights add up to 100', () => {
    const m = [
      { weight: 50, max: 10, value: 8 },
      { weight: 30, max: 5, value: 5 },
      { weight: 20, max: 100, value: 40 },
    ];
    expect(overallScore(m)).toBe(40 + 30 + 8);
    expect(overallScore(m)).toBe(m.reduce((s, x) => s + placeholderScore(x.weight, x.value, x.max)!, 0));
  });
  test('is the share of the weight earned when weights do not add up to 100', () => {
    expect(
      overallScore([
        { weight: 1, max: 10, value: 5 },
        { weight: 3, max: 4, value: 4 },
      ]),
    ).toBe(88); // (0.5 + 3) / 4
  });
  test('metrics without a value leave the total; none at all gives no score', () => {
    expect(
      overallScore([
        { weight: 50, max: 10, value: 10 },
        { weight: 50, max: 10, value: null },
      ]),
    ).toBe(100);
    expect(overallScore([{ weight: 50, max: 10, value: null }])).toBeNull();
    expect(overallScore([])).toBeNull();
  });
  test('a value is held within 0..max, so a metric never earns more than its weight', () => {
    expect(
      overallScore([
        { weight: 50, max: 10, value: 30 },
        { weight: 50, max: 10, value: 0 },
      ]),
    ).toBe(50);
    expect(
      overallScore([
        { weight: 50, max: 10, value: -5 },
        { weight: 50, max: 10, value: 10 },
      ]),
    ).toBe(50);
  });
  test('a zero weight or max is ignored', () => {
    expect(
      overallScore([
        { weight: 0, max: 10, value: 1 },
        { weight: 10, max: 0, value: 1 },
        { weight: 10, max: 10, value: 7 },
      ]),
    ).toBe(70);
  });
});

describe('health delta: percent versus previous, one decimal; green up, red down, grey none', () => {
  test('up and down', () => {
    expect(healthDelta(66, 60)).toEqual({ percent: 10, direction: 'up', color: 'green' });
    expect(healthDelta(50, 60)).toEqual({ percent: -16.7, direction: 'down', color: 'red' });
    expect(healthDelta(61, 60)).toEqual({ percent: 1.7, direction: 'up', color: 'green' });
  });
  test('no change, or a change that rounds to 0.0, is none', () => {
    expect(healthDelta(60, 60)).toEqual({ percent: 0, direction: 'none', color: 'grey' });
    expect(healthDelta(10000.4, 10000)).toEqual({ percent: 0, direction: 'none', color: 'grey' });
  });
  test('without a previous or current value there is no delta', () => {
    expect(healthDelta(60, null)).toEqual({ percent: null, direction: 'none', color: 'grey' });
    expect(healthDelta(null, 60)).toEqual({ percent: null, direction: 'none', color: 'grey' });
    expect(healthDelta(undefined, undefined).color).toBe('grey');
  });
  test('from a previous 0 only the direction shows', () => {
    expect(healthDelta(5, 0)).toEqual({ percent: null, direction: 'up', color: 'green' });
    expect(healthDelta(0, 0)).toEqual({ percent: 0, direction: 'none', color: 'grey' });
  });
  test('formatting', () => {
    expect(formatDelta(healthDelta(66, 60))).toBe('+10.0%');
    expect(formatDelta(healthDelta(50, 60))).toBe('-16.7%');
    expect(formatDelta(healthDelta(60, 60))).toBe('0.0%');
    expect(formatDelta(healthDelta(60, null))).toBe('--');
  });
});

test('rounding is half away from zero without binary drift', () => {
  expect(roundHalfAway(2.5)).toBe(3);
  expect(roundHalfAway(-2.5)).toBe(-3);
  expect(roundHalfAway(1.005, 2)).toBe(1.01);
  expect(roundHalfAway(-0.04, 1)).toBe(0);
  expect(Object.is(roundHalfAway(-0.04, 1), -0)).toBe(false);
});

test('calc codes are the five of the spec', () => {
  expect([...CALC_CODES].sort()).toEqual([
    'assessment-template',
    'custom',
    'number-of-locations',
    'number-of-tickets',
    'smileback-csat',
  ]);
  expect(isCalcCode('custom')).toBe(true);
  expect(isCalcCode('Custom')).toBe(false);
});

describe('rolling window', () => {
  test('covers the last N days including the day of asOf', () => {
    const w = rollingWindow(new Date('2024-03-31T15:00:00Z'), 30);
    expect(w.from.toISOString()).toBe('2024-03-02T00:00:00.000Z');
    expect(w.to.toISOString()).toBe('2024-04-01T00:00:00.000Z');
    expect(inWindow(new Date('2024-03-02T00:00:00Z'), w)).toBe(true);
    expect(inWindow(new Date('2024-03-01T23:59:59Z'), w)).toBe(false);
    expect(inWindow(new Date('2024-03-31T23:59:59Z'), w)).toBe(true);
    expect(inWindow(new Date('2024-04-01T00:00:00Z'), w)).toBe(false);
  });
  test('one day is the day itself; zero or fractions are refused', () => {
    const w = rollingWindow(new Date('2024-01-10T08:00:00Z'), 1);
    expect(w.from.toISOString()).toBe('2024-01-10T00:00:00.000Z');
    expect(() => rollingWindow(new Date(), 0)).toThrow(RangeError);
    expect(() => rollingWindow(new Date(), 1.5)).toThrow(RangeError);
  });
});

describe('ticket input', () => {
  test('plain count unless switched to per user', () => {
    expect(ticketsInput(12, { switchTicketsByUserFlag: false, users: 4 })).toBe(12);
    expect(ticketsInput(12, { switchTicketsByUserFlag: true, users: 4 })).toBe(3);
    expect(ticketsInput(10, { switchTicketsByUserFlag: true, users: 3 })).toBe(3.33);
  });
  test('a company without users keeps the plain count', () => {
    expect(ticketsInput(7, { switchTicketsByUserFlag: true, users: 0 })).toBe(7);
  });
  test('excluded ticket tables do not count, case-insensitively', () => {
    expect(ticketTableCounts('cwtickets', ['attickets'])).toBe(true);
    expect(ticketTableCounts('CWTickets', ['cwtickets'])).toBe(false);
    expect(ticketTableCounts('imported', [])).toBe(true);
  });
});

describe('SmileBack CSAT', () => {
  test('percent of positive reactions, one decimal', () => {
    expect(csatPercent({ positive: 2, neutral: 1, negative: 0 })).toBe(66.7);
    expect(csatPercent({ positive: 0, neutral: 0, negative: 3 })).toBe(0);
    expect(csatPercent({ positive: 0, neutral: 0, negative: 0 })).toBeNull();
  });
  test('ratings as survey tools export them', () => {
    expect(parseCsatRating(' Positive ')).toBe('positive');
    expect(parseCsatRating('1')).toBe('positive');
    expect(parseCsatRating('-1')).toBe('negative');
    expect(parseCsatRating('0')).toBe('neutral');
    expect(parseCsatRating('unhappy')).toBe('negative');
    expect(parseCsatRating('5')).toBeNull();
    expect(parseCsatRating('')).toBeNull();
  });
});

test('months of the history', () => {
  const d = new Date('2024-01-15T12:00:00Z');
  expect(monthStart(d)).toBe('2024-01-01');
  expect(monthsBefore(d, 1)).toBe('2023-12-01');
  expect(monthsBefore(d, 12)).toBe('2023-01-01');
  expect(monthsBefore(d, -1)).toBe('2024-02-01');
  expect(monthKey('2024-01-01')).toBe('2024-01');
  expect(monthKey(new Date('2023-12-01T00:00:00Z'))).toBe('2023-12');
});

describe('score ranges of cut variants (the SQL form of cutFor)', () => {
  test('default health cuts: danger up to 49, warning 50..79, success 80..100', () => {
    expect(rangesForVariants(['danger'], DEFAULT_HEALTH_CUTS)).toEqual([{ above: null, upTo: 49 }]);
    expect(rangesForVariants(['Warning', 'success'], DEFAULT_HEALTH_CUTS)).toEqual([
      { above: 49, upTo: 79 },
      { above: 79, upTo: 100 },
    ]);
    expect(rangesForVariants(['info'], DEFAULT_HEALTH_CUTS)).toEqual([]);
  });
  test('a score is in the ranges of the variants exactly when cutFor gives one of them', () => {
    const custom = [
      { max: 100, variant: 'info' as const },
      { max: 20, variant: 'danger' as const },
      { max: 60, variant: 'danger' as const },
      { max: 90, variant: 'success' as const },
    ];
    for (const cuts of [DEFAULT_HEALTH_CUTS, DEFAULT_EFFORT_CUTS, custom]) {
      for (const variants of [['danger'], ['warning', 'success'], ['info', 'danger'], ['success']]) {
        const ranges = rangesForVariants(variants, cuts);
        for (let score = 0; score <= 100; score++) {
          const v = cutFor(score, cuts)?.variant;
          expect([score, inRanges(score, ranges)]).toEqual([score, v !== undefined && variants.includes(v)]);
        }
      }
    }
  });
});
