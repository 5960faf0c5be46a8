/**
 * Headlines of a company (customer-success.md 3 "Headlines: keyed by company"): short lines worth
 * reading first, built from the company's data on a given day (decision, README "Company detail"):
 * - the health score change against the previous value (the health delta of shared/health-delta.ts, when not none);
 * - contracts ending within 90 days, and notice dates within 30 days ('Notice date for X is in 2 weeks');
 * - contracts that ended (end date passed) but are still active;
 * - open goals past their due date, and open goals due within 30 days;
 * - the company's segment.
 * Most urgent first: danger, then warning, then info.
 */
import { differenceInCalendarDays } from 'date-fns';
import { healthDelta } from './health-delta';
import { parseDay, relativeDays } from './relative-time';

export interface HeadlineInput {
  health?: { current: number | null; previous: number | null };
  contracts?: { label: string; end_date?: string | null; notice_date?: string | null; active?: boolean }[];
  goals?: { title: string; due_date?: string | null; completed?: boolean }[];
  segmentName?: string | null;
}
export interface Headline {
  code: string;
  text: string;
  variant: 'danger' | 'warning' | 'info' | 'success';
}

const RANK: Record<Headline['variant'], number> = { danger: 0, warning: 1, success: 2, info: 3 };

export function buildHeadlines(input: HeadlineInput, today: Date): Headline[] {
  const out: Headline[] = [];
  const daysUntil = (d: string) => differenceInCalendarDays(parseDay(d), today);
  const h = input.health;
  const d = h ? healthDelta(h.current, h.previous) : null;
  if (h && d && d.direction !== 'none') {
    const by = d.percent === null ? '' : ` ${Math.abs(d.percent)}%`;
    out.push(
      d.direction === 'up'
        ? { code: 'healthUp', text: `Health score up${by} to ${h.current}`, variant: 'success' }
        : { code: 'healthDown', text: `Health score down${by} to ${h.current}`, variant: 'danger' },
    );
  }
  for (const c of input.contracts ?? []) {
    if (c.active === false) continue;
    if (c.end_date) {
      const n = daysUntil(c.end_date);
      if (n < 0)
        out.push({ code: 'contractEnded', text: `Contract ${c.label} ended ${relativeDays(-n)}`, variant: 'danger' });
      else if (n <= 90)
        out.push({
          code: 'contractEnding',
          text: `Contract ${c.label} ends ${n === 0 ? 'today' : relativeDays(-n)}`,
          variant: 'warning',
        });
    }
    if (c.notice_date) {
      const n = daysUntil(c.notice_date);
      if (n >= 0 && n <= 30)
        out.push({
          code: 'noticeDate',
          text: `Notice date for ${c.label} is ${n === 0 ? 'today' : relativeDays(-n)}`,
          variant: 'warning',
        });
    }
  }
  for (const g of input.goals ?? []) {
    if (g.completed || !g.due_date) continue;
    const n = daysUntil(g.due_date);
    if (n < 0)
      out.push({ code: 'goalOverdue', text: `Goal ${g.title} was due ${relativeDays(-n)}`, variant: 'danger' });
    else if (n <= 30)
      out.push({
        code: 'goalDue',
        text: `Goal ${g.title} is due ${n === 0 ? 'today' : relativeDays(-n)}`,
        variant: 'warning',
      });
  }
  if (input.segmentName) out.push({ code: 'segment', text: `In the ${input.segmentName} segment`, variant: 'info' });
  return out.sort((a, b) => RANK[a.variant] - RANK[b.variant]);
}
