/**
 * The scoring rules (pure; the server and the browser run them, tests/scoring-rules.test.ts checks them).
 *
 * - A question's score is a fraction 0..1 of its answer: yes/no: yes 1, no 0; scale: (value - min) / (max - min);
 *   choice: the option's score over the highest option score; number with a target: atLeast: value / target capped
 *   at 1 (0 below zero), atMost: 1 at or under the target, else target / value. Text questions, numbers without a
 *   target and questions of weight 0 are not scored.
 * - Unanswered (value null) and N/A answers are left out: they change neither the numerator nor the denominator.
 * - A category's score is the weighted mean (question weights) of its scored answers; a section's the weighted mean
 *   (category weights) of its categories that have a score; the overall score the weighted mean (section weights)
 *   of the sections that have one. A category or section of weight 0 counts for nothing above it. Scores are
 *   0..100 with one decimal; null when nothing below is scored and answered.
 */
import type { AnswerValue, CategoryScore, EventScores, ScoreNode, TemplateContent, TemplateQuestion } from './api';

export interface AnswerInput {
  question_key: string;
  value: AnswerValue;
  na: boolean;
  finding?: boolean;
}

/** Whether a question counts in scores at all (its type and weight). */
export function isScored(q: TemplateQuestion): boolean {
  if (q.weight <= 0) return false;
  if (q.type === 'text') return false;
  if (q.type === 'number') return q.number?.target !== undefined;
  if (q.type === 'choice') return (q.options ?? []).some((o) => o.score > 0);
  return true;
}

const scaleOf = (q: TemplateQuestion) => ({ min: q.scale?.min ?? 0, max: q.scale?.max ?? 5 });

/** The fraction 0..1 an answer earns, or null when it earns none (not scored, unanswered, N/A, or not a fit). */
export function questionFraction(q: TemplateQuestion, a: Pick<AnswerInput, 'value' | 'na'> | undefined): number | null {
  if (!a || a.na || a.value === null || a.value === undefined || !isScored(q)) return null;
  const v = a.value;
  switch (q.type) {
    case 'yesno':
      return typeof v === 'boolean' ? (v ? 1 : 0) : null;
    case 'scale': {
      const { min, max } = scaleOf(q);
      if (typeof v !== 'number' || max <= min) return null;
      return clamp01((v - min) / (max - min));
    }
    case 'choice': {
      const options = q.options ?? [];
      const best = Math.max(0, ...options.map((o) => o.score));
      const chosen = options.find((o) => o.value === v);
      return chosen && best > 0 ? clamp01(chosen.score / best) : null;
    }
    case 'number': {
      const target = q.number?.target;
      if (typeof v !== 'number' || target === undefined) return null;
      if ((q.number?.direction ?? 'atLeast') === 'atMost') {
        if (v <= target) return 1;
        return v <= 0 ? 1 : clamp01(target / v);
      }
      if (v >= target) return 1;
      return target <= 0 ? 0 : clamp01(v / target);
    }
    default:
      return null;
  }
}

/** A question's score 0..100 (one decimal), or null (questionFraction). */
export function questionScore(q: TemplateQuestion, a: Pick<AnswerInput, 'value' | 'na'> | undefined): number | null {
  const f = questionFraction(q, a);
  return f === null ? null : round1(f * 100);
}

/** Whether the question has an answer (a value, or N/A). */
export function isAnswered(a: Pick<AnswerInput, 'value' | 'na'> | undefined): boolean {
  return !!a && (a.na || (a.value !== null && a.value !== undefined && a.value !== ''));
}

/** Category, section and overall scores, the progress and the number of findings of a set of answers. */
export function scoreEvent(content: TemplateContent, answers: readonly AnswerInput[]): EventScores {
  const byKey = new Map(answers.map((a) => [a.question_key, a]));
  const sections: ScoreNode[] = [];
  const categories: CategoryScore[] = [];
  let total = 0;
  let answeredAll = 0;
  let findings = 0;
  const overall = new Mean();
  for (const s of content.sections) {
    const sectionMean = new Mean();
    let sAnswered = 0;
    let sScorable = 0;
    for (const c of s.categories) {
      const catMean = new Mean();
      let cAnswered = 0;
      let cScorable = 0;
      for (const q of c.questions) {
        const a = byKey.get(q.key);
        total += 1;
        if (isAnswered(a)) answeredAll += 1;
        if (a?.finding) findings += 1;
        if (!isScored(q)) continue;
        cScorable += 1;
        const f = questionFraction(q, a);
        if (f === null) continue;
        cAnswered += 1;
        catMean.add(f, q.weight);
      }
      const score = catMean.value();
      categories.push({
        key: c.key,
        section_key: s.key,
        title: c.title,
        weight: c.weight,
        score: score === null ? null : round1(score * 100),
        answered: cAnswered,
        scorable: cScorable,
      });
      if (score !== null) sectionMean.add(score, c.weight);
      sAnswered += cAnswered;
      sScorable += cScorable;
    }
    const score = sectionMean.value();
    sections.push({
      key: s.key,
      title: s.title,
      weight: s.weight,
      score: score === null ? null : round1(score * 100),
      answered: sAnswered,
      scorable: sScorable,
    });
    if (score !== null) overall.add(score, s.weight);
  }
  const o = overall.value();
  return {
    overall: o === null ? null : round1(o * 100),
    sections,
    categories,
    progress: { answered: answeredAll, total, percent: total ? Math.floor((answeredAll / total) * 100) : 0 },
    findings,
  };
}

/** A weighted mean that is null while no weight has been added. */
class Mean {
  private sum = 0;
  private weights = 0;
  add(value: number, weight: number): void {
    if (weight <= 0) return;
    this.sum += value * weight;
    this.weights += weight;
  }
  value(): number | null {
    return this.weights > 0 ? this.sum / this.weights : null;
  }
}

function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x));
}
function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

/** Every question of a content, in order, with its section and category keys. */
export function questionsOf(
  content: TemplateContent,
): { section_key: string; category_key: string; question: TemplateQuestion }[] {
  return content.sections.flatMap((s) =>
    s.categories.flatMap((c) => c.questions.map((q) => ({ section_key: s.key, category_key: c.key, question: q }))),
  );
}
