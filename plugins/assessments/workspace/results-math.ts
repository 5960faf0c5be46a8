/**
 * Pure arithmetic of the assessment pages (tests/results-math.test.ts): the trend of each completed event in the
 * list and each answer's contribution to the overall score on the results summary.
 */
import type { Answer, AssessmentEvent, EventScores, TemplateContent } from '../shared/api';
import { questionFraction } from '../shared/scoring';

export interface Trend {
  previous: number;
  delta: number;
}

/**
 * The trend of each completed event: its overall score against the previous completed event (by date, then id) of
 * the same company and template. Events without a score or without a previous one have none.
 */
export function trends(events: readonly AssessmentEvent[]): Map<number, Trend> {
  const out = new Map<number, Trend>();
  const groups = new Map<string, AssessmentEvent[]>();
  for (const e of events) {
    if (e.status !== 'completed' || e.overall_score === null) continue;
    const k = `${e.tenant_company_id}:${e.assessment_template_id}`;
    groups.set(k, [...(groups.get(k) ?? []), e]);
  }
  for (const list of groups.values()) {
    list.sort((a, b) => a.assessed_on.localeCompare(b.assessed_on) || a.assessment_event_id - b.assessment_event_id);
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1].overall_score!;
      out.set(list[i].assessment_event_id, {
        previous: prev,
        delta: Math.round((list[i].overall_score! - prev) * 10) / 10,
      });
    }
  }
  return out;
}

/** Points of the overall score each scored, answered question earned (the weighted means unrolled). */
export function contributions(content: TemplateContent, answers: readonly Answer[], scores: EventScores) {
  const byKey = new Map(answers.map((a) => [a.question_key, a]));
  const out = new Map<string, number>();
  const scoredSections = scores.sections.filter((s) => s.score !== null && s.weight > 0);
  const sumS = scoredSections.reduce((n, s) => n + s.weight, 0);
  for (const s of content.sections) {
    if (!scoredSections.some((x) => x.key === s.key)) continue;
    const cats = scores.categories.filter((c) => c.section_key === s.key && c.score !== null && c.weight > 0);
    const sumC = cats.reduce((n, c) => n + c.weight, 0);
    for (const c of s.categories) {
      if (!cats.some((x) => x.key === c.key)) continue;
      const answered = c.questions.filter((q) => questionFraction(q, byKey.get(q.key)) !== null);
      const sumQ = answered.reduce((n, q) => n + q.weight, 0);
      for (const q of answered) {
        const f = questionFraction(q, byKey.get(q.key))!;
        out.set(q.key, f * 100 * (q.weight / sumQ) * (c.weight / sumC) * (s.weight / sumS));
      }
    }
  }
  return out;
}
