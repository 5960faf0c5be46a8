/**
 * The schedule rules (shared/schedule-rules.ts): next run times per frequency, in a time zone with daylight saving
 * time, the period of each run (one run record per schedule and period) and a missed run sent once, for the latest
 * missed period.
 */
import {
  describeFrequency,
  dueRun,
  isoWeek,
  manualPeriodKey,
  nextRunAt,
  nextRuns,
  periodKey,
  quarterStartMonths,
  ruleProblem,
  zonedInstant,
  type ScheduleRule,
} from '../shared/schedule-rules';

const NY = 'America/New_York';
const iso = (t: Date | null) => t?.toISOString() ?? null;
const weekly = (weekday: number, sendTime = '08:00', timeZone = NY): ScheduleRule => ({
  frequency: 'weekly',
  weekday,
  sendTime,
  timeZone,
});

describe('zonedInstant', () => {
  test('a wall-clock time in New York in winter (UTC-5) and in summer (UTC-4)', () => {
    expect(iso(zonedInstant({ year: 2026, month: 1, day: 15, hour: 8, minute: 0 }, NY))).toBe(
      '2026-01-15T13:00:00.000Z',
    );
    expect(iso(zonedInstant({ year: 2026, month: 7, day: 15, hour: 8, minute: 0 }, NY))).toBe(
      '2026-07-15T12:00:00.000Z',
    );
  });
  test('a time skipped by the spring jump (2026-03-08 02:30) runs after the jump, at 03:30 EDT', () => {
    expect(iso(zonedInstant({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, NY))).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });
  test('a time that happens twice in the autumn (2026-11-01 01:30) runs the first time (EDT)', () => {
    expect(iso(zonedInstant({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, NY))).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });
  test('east of UTC: Europe/Berlin and a half-hour zone', () => {
    expect(iso(zonedInstant({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, 'Europe/Berlin'))).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(iso(zonedInstant({ year: 2026, month: 6, day: 1, hour: 9, minute: 0 }, 'Asia/Kolkata'))).toBe(
      '2026-06-01T03:30:00.000Z',
    );
  });
});

describe('nextRunAt', () => {
  test('weekly: the next Monday at 08:00 New York time, strictly after the given instant', () => {
    // Friday 2026-11-27 10:00 UTC
    const after = new Date('2026-11-27T10:00:00Z');
    expect(iso(nextRunAt(weekly(1), after))).toBe('2026-11-30T13:00:00.000Z');
    // On the Monday itself, before and at 08:00
    expect(iso(nextRunAt(weekly(1), new Date('2026-11-30T12:59:00Z')))).toBe('2026-11-30T13:00:00.000Z');
    expect(iso(nextRunAt(weekly(1), new Date('2026-11-30T13:00:00Z')))).toBe('2026-12-07T13:00:00.000Z');
  });

  test('weekly across the March switch: 08:00 local stays 08:00 local (13:00Z then 12:00Z)', () => {
    const runs = nextRuns(weekly(0), new Date('2026-02-28T00:00:00Z'), 3);
    expect(runs.map(iso)).toEqual(['2026-03-01T13:00:00.000Z', '2026-03-08T12:00:00.000Z', '2026-03-15T12:00:00.000Z']);
  });

  test('weekly across the November switch, at a time that happens twice that night', () => {
    const runs = nextRuns(weekly(0, '01:30'), new Date('2026-10-24T00:00:00Z'), 3);
    expect(runs.map(iso)).toEqual(['2026-10-25T05:30:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-08T06:30:00.000Z']);
  });

  test('weekly at a time skipped by the March jump runs once that day, at 03:30 EDT', () => {
    const runs = nextRuns(weekly(0, '02:30'), new Date('2026-03-02T00:00:00Z'), 2);
    expect(runs.map(iso)).toEqual(['2026-03-08T07:30:00.000Z', '2026-03-15T06:30:00.000Z']);
  });

  test('the local day decides, not the UTC day: Monday 08:00 in Tokyo is Sunday 23:00 UTC', () => {
    expect(iso(nextRunAt(weekly(1, '08:00', 'Asia/Tokyo'), new Date('2026-11-27T00:00:00Z')))).toBe(
      '2026-11-29T23:00:00.000Z',
    );
  });

  test('monthly on a day of the month and on the last day (February, leap year)', () => {
    const day15: ScheduleRule = { frequency: 'monthly', monthDay: 15, sendTime: '09:30', timeZone: 'UTC' };
    expect(nextRuns(day15, new Date('2026-11-15T09:30:00Z'), 2).map(iso)).toEqual([
      '2026-12-15T09:30:00.000Z',
      '2027-01-15T09:30:00.000Z',
    ]);
    const last: ScheduleRule = { frequency: 'monthly', monthDay: 'last', sendTime: '17:00', timeZone: 'UTC' };
    expect(nextRuns(last, new Date('2028-01-31T18:00:00Z'), 3).map(iso)).toEqual([
      '2028-02-29T17:00:00.000Z',
      '2028-03-31T17:00:00.000Z',
      '2028-04-30T17:00:00.000Z',
    ]);
  });

  test('quarterly on calendar quarters and on fiscal quarters (fiscal year from February)', () => {
    const calendar: ScheduleRule = {
      frequency: 'quarterly',
      quarterBasis: 'calendar',
      sendTime: '08:00',
      timeZone: NY,
    };
    expect(nextRuns(calendar, new Date('2026-11-27T00:00:00Z'), 3).map(iso)).toEqual([
      '2027-01-01T13:00:00.000Z',
      '2027-04-01T12:00:00.000Z',
      '2027-07-01T12:00:00.000Z',
    ]);
    const fiscal: ScheduleRule = { ...calendar, quarterBasis: 'fiscal', fiscalYearStartMonth: 2 };
    expect(quarterStartMonths('fiscal', 2)).toEqual([2, 5, 8, 11]);
    expect(nextRuns(fiscal, new Date('2026-11-27T00:00:00Z'), 2).map(iso)).toEqual([
      '2027-02-01T13:00:00.000Z',
      '2027-05-01T12:00:00.000Z',
    ]);
  });

  test('review date: one run on that day, none after it', () => {
    const review: ScheduleRule = {
      frequency: 'review_date',
      reviewDate: '2026-12-01',
      sendTime: '07:00',
      timeZone: NY,
    };
    expect(iso(nextRunAt(review, new Date('2026-11-27T00:00:00Z')))).toBe('2026-12-01T12:00:00.000Z');
    expect(nextRunAt(review, new Date('2026-12-01T12:00:00Z'))).toBeNull();
    expect(nextRuns(review, new Date('2026-11-01T00:00:00Z'), 3)).toHaveLength(1);
  });

  test('an incomplete rule has no next run and its problem names the field', () => {
    expect(ruleProblem({ frequency: 'weekly', sendTime: '08:00', timeZone: NY })).toEqual([
      'weekday',
      'Choose the day of the week',
    ]);
    expect(ruleProblem({ frequency: 'monthly', monthDay: 31, sendTime: '08:00', timeZone: NY })?.[0]).toBe('monthDay');
    expect(ruleProblem({ ...weekly(1), sendTime: '8am' })?.[0]).toBe('sendTime');
    expect(ruleProblem({ ...weekly(1), timeZone: 'Mars/Olympus' })?.[0]).toBe('timeZone');
    expect(
      ruleProblem({ frequency: 'review_date', reviewDate: '2026-02-30', sendTime: '08:00', timeZone: NY })?.[0],
    ).toBe('reviewDate');
    expect(ruleProblem(weekly(1))).toBeNull();
    expect(nextRunAt({ frequency: 'weekly', sendTime: '08:00', timeZone: NY }, new Date())).toBeNull();
  });
});

describe('periodKey', () => {
  test('ISO weeks, including a week that belongs to the next year', () => {
    expect(periodKey(weekly(1), new Date('2026-11-23T13:00:00Z'))).toBe('2026-W48');
    expect(isoWeek({ year: 2026, month: 12, day: 31 })).toEqual({ year: 2026, week: 53 });
    expect(isoWeek({ year: 2027, month: 1, day: 4 })).toEqual({ year: 2027, week: 1 });
    expect(isoWeek({ year: 2024, month: 12, day: 30 })).toEqual({ year: 2025, week: 1 });
  });

  test('the period is that of the local day, not of the UTC day', () => {
    // Sunday 2026-11-29 23:30 New York is Monday 04:30 UTC: still week 48 in New York
    expect(periodKey(weekly(0, '23:30'), new Date('2026-11-30T04:30:00Z'))).toBe('2026-W48');
  });

  test('months, calendar and fiscal quarters, review dates', () => {
    const monthly: ScheduleRule = { frequency: 'monthly', monthDay: 'last', sendTime: '20:00', timeZone: NY };
    // 2026-11-30 20:00 New York = 2026-12-01 01:00 UTC: November's run
    expect(periodKey(monthly, new Date('2026-12-01T01:00:00Z'))).toBe('2026-11');
    const q: ScheduleRule = { frequency: 'quarterly', quarterBasis: 'calendar', sendTime: '08:00', timeZone: NY };
    expect(periodKey(q, new Date('2026-10-01T12:00:00Z'))).toBe('2026-Q4');
    const fq: ScheduleRule = { ...q, quarterBasis: 'fiscal', fiscalYearStartMonth: 4 };
    expect(periodKey(fq, new Date('2026-10-01T12:00:00Z'))).toBe('FY2026-Q3');
    expect(periodKey(fq, new Date('2027-01-01T13:00:00Z'))).toBe('FY2026-Q4');
    expect(periodKey(fq, new Date('2027-04-01T12:00:00Z'))).toBe('FY2027-Q1');
    const review: ScheduleRule = {
      frequency: 'review_date',
      reviewDate: '2026-12-01',
      sendTime: '07:00',
      timeZone: NY,
    };
    expect(periodKey(review, new Date('2026-12-01T12:00:00Z'))).toBe('review-2026-12-01');
    expect(manualPeriodKey(new Date('2026-11-27T05:00:00Z'))).toBe('manual-2026-11-27T05:00:00.000Z');
  });

  test('every run of a year has its own period (no two runs share one)', () => {
    for (const rule of [
      weekly(3),
      { frequency: 'monthly', monthDay: 'last', sendTime: '23:30', timeZone: 'Pacific/Auckland' } as ScheduleRule,
      {
        frequency: 'quarterly',
        quarterBasis: 'fiscal',
        fiscalYearStartMonth: 7,
        sendTime: '00:15',
        timeZone: NY,
      } as ScheduleRule,
    ]) {
      const runs = nextRuns(rule, new Date('2026-01-01T00:00:00Z'), 60);
      const keys = runs.map((t) => periodKey(rule, t));
      expect(new Set(keys).size).toBe(runs.length);
    }
  });
});

describe('dueRun (the tick)', () => {
  const rule = weekly(1); // Mondays 08:00 New York
  const monday = new Date('2026-11-23T13:00:00Z');

  test('not due yet: nothing', () => {
    expect(dueRun(rule, monday, new Date('2026-11-23T12:59:59Z'))).toBeNull();
    expect(dueRun(rule, null, new Date('2026-11-23T14:00:00Z'))).toBeNull();
  });

  test('due: this period, and the next run a week later', () => {
    const r = dueRun(rule, monday, new Date('2026-11-23T13:02:00Z'))!;
    expect(r).toEqual({
      dueAt: monday,
      periodKey: '2026-W48',
      missed: 0,
      nextRunAt: new Date('2026-11-30T13:00:00Z'),
    });
  });

  test('missed by three periods: one run, for the latest missed period, and the next run after now', () => {
    // down from before 2026-11-23 until Wednesday 2026-12-09: Mondays 11-23, 11-30 and 12-07 were missed
    const r = dueRun(rule, monday, new Date('2026-12-09T10:00:00Z'))!;
    expect(r.dueAt.toISOString()).toBe('2026-12-07T13:00:00.000Z');
    expect(r.periodKey).toBe('2026-W50');
    expect(r.missed).toBe(2);
    expect(iso(r.nextRunAt)).toBe('2026-12-14T13:00:00.000Z');
    // the tick after recovery: the stored next run is in the future, nothing more is due
    expect(dueRun(rule, r.nextRunAt, new Date('2026-12-09T10:05:00Z'))).toBeNull();
  });

  test('a review date missed while down is sent once on recovery and never again', () => {
    const review: ScheduleRule = {
      frequency: 'review_date',
      reviewDate: '2026-12-01',
      sendTime: '07:00',
      timeZone: NY,
    };
    const r = dueRun(review, new Date('2026-12-01T12:00:00Z'), new Date('2026-12-03T00:00:00Z'))!;
    expect(r.periodKey).toBe('review-2026-12-01');
    expect(r.nextRunAt).toBeNull();
  });
});

test('describeFrequency', () => {
  expect(describeFrequency(weekly(1))).toBe('Weekly on Monday');
  expect(describeFrequency({ frequency: 'monthly', monthDay: 'last' })).toBe('Monthly on the last day');
  expect(describeFrequency({ frequency: 'quarterly', quarterBasis: 'fiscal' })).toBe('Quarterly (fiscal quarters)');
});

describe('a tenant east of UTC at 23:30 UTC (its today is already tomorrow)', () => {
  const at = new Date('2026-11-30T23:30:00Z'); // Auckland: Tuesday 2026-12-01 12:30 NZDT
  test('monthly on day 1 at 08:00 Auckland has run already: the next is 2027-01-01 08:00 NZDT', () => {
    const rule = { frequency: 'monthly' as const, monthDay: 1, sendTime: '08:00', timeZone: 'Pacific/Auckland' };
    expect(nextRunAt(rule, at)?.toISOString()).toBe('2026-12-31T19:00:00.000Z');
    expect(periodKey(rule, new Date('2026-11-30T19:00:00Z'))).toBe('2026-12');
  });
  test('weekly on Tuesday at 18:00 Auckland is later today there (05:00 UTC), not a week away', () => {
    const rule = { frequency: 'weekly' as const, weekday: 2, sendTime: '18:00', timeZone: 'Pacific/Auckland' };
    expect(nextRunAt(rule, at)?.toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });
});
