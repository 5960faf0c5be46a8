/**
 * Insights over a date range (TenantCsInsights; decision in README "Insights"): what falls in the range
 * (contract ends and notice dates, goal due dates) and how scores moved in it (monthly averages of health and
 * effort; each company's health change from its first to its last month in the range). Ranges include both
 * ends; dates are YYYY-MM-DD, months YYYY-MM.
 */
import { healthDelta, type HealthDelta } from './health-delta';
import type { DateRange } from './date-presets';

export const inRange = (day: string | null | undefined, r: DateRange): boolean =>
  !!day && day.slice(0, 10) >= r.startDate && day.slice(0, 10) <= r.endDate;

/** The months a range touches, oldest first. */
export function monthsInRange(r: DateRange): string[] {
  const out: string[] = [];
  let [y, m] = r.startDate.slice(0, 7).split('-').map(Number);
  const end = r.endDate.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key > end) break;
    out.push(key);
    if (++m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

export interface ScoreHistoryRow {
  tenantCompanyId: number;
  scoreType: 'health' | 'effort';
  month: string;
  score: number | null;
}
export interface TrendPoint {
  month: string;
  averageHealthScore: number | null;
  averageEffortScore: number | null;
  companies: number;
}

const avg = (xs: number[]) => (xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10 : null);

/** Per month of the range: the average health and effort score of the companies with a score that month. */
export function scoreTrend(rows: ScoreHistoryRow[], r: DateRange): TrendPoint[] {
  return monthsInRange(r).map((month) => {
    const of = rows.filter((x) => x.month === month && x.score !== null);
    const health = of.filter((x) => x.scoreType === 'health').map((x) => x.score!);
    const effort = of.filter((x) => x.scoreType === 'effort').map((x) => x.score!);
    return {
      month,
      averageHealthScore: avg(health),
      averageEffortScore: avg(effort),
      companies: new Set(of.map((x) => x.tenantCompanyId)).size,
    };
  });
}

export interface HealthChange {
  tenantCompanyId: number;
  fromMonth: string;
  toMonth: string;
  from: number;
  to: number;
  delta: HealthDelta;
}

/**
 * Each company's health change in the range: its first and last scored month in the range (at least two
 * months), when the delta is not none. Biggest moves first (declines before rises of the same size).
 */
export function healthChanges(rows: ScoreHistoryRow[], r: DateRange): HealthChange[] {
  const months = new Set(monthsInRange(r));
  const by = new Map<number, ScoreHistoryRow[]>();
  for (const x of rows) {
    if (x.scoreType !== 'health' || x.score === null || !months.has(x.month)) continue;
    by.set(x.tenantCompanyId, [...(by.get(x.tenantCompanyId) ?? []), x]);
  }
  const out: HealthChange[] = [];
  for (const [id, list] of by) {
    if (list.length < 2) continue;
    list.sort((a, b) => a.month.localeCompare(b.month));
    const first = list[0];
    const last = list[list.length - 1];
    const delta = healthDelta(last.score, first.score);
    if (delta.direction === 'none') continue;
    out.push({
      tenantCompanyId: id,
      fromMonth: first.month,
      toMonth: last.month,
      from: first.score!,
      to: last.score!,
      delta,
    });
  }
  return out.sort(
    (a, b) =>
      Math.abs(b.to - b.from) - Math.abs(a.to - a.from) ||
      a.to - a.from - (b.to - b.from) ||
      a.tenantCompanyId - b.tenantCompanyId,
  );
}
