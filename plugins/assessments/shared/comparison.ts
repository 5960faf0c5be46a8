/**
 * The comparison rules (pure; the server and the browser run them, tests/comparison-rules.test.ts checks them).
 *
 * - Two sides are compared: `before` (the earlier event, or the tenant's average) and `after` (the later event, or
 *   the event compared with the average). Each side is a set of scores by stable key: questions by question key,
 *   categories by category key, sections by section key, and the overall score. Keys are stable across template
 *   versions, so events taken with different versions compare: a key in only one side is `added` (only after) or
 *   `removed` (only before).
 * - A score of 0..100 (one decimal) or null (not scored, unanswered or N/A). delta = after - before (one decimal);
 *   change: improved (delta > 0), declined (delta < 0), unchanged (delta 0), newly_scored (scored only after: a question
 *   answered for the first time, so no delta), not_scored (not scored after).
 * - The tenant's average side: the mean of the scores of the sides given (the latest completed event per company
 *   of the same template), per key over the sides that have a score for it (null when none has).
 * - Order of the rows: the after side's template order, then the keys only the before side has.
 */
import type { AnswerValue, EventScores, QuestionType, TemplateContent } from './api';
import { questionScore, questionsOf, type AnswerInput } from './scoring';

export const CHANGES = ['improved', 'declined', 'unchanged', 'newly_scored', 'not_scored', 'added', 'removed'] as const;
export type Change = (typeof CHANGES)[number];
export const CHANGE_LABELS: Record<Change, string> = {
  improved: 'Improved',
  declined: 'Declined',
  unchanged: 'Unchanged',
  newly_scored: 'Newly scored',
  not_scored: 'Not scored',
  added: 'Added',
  removed: 'Removed',
};

export interface SideQuestion {
  key: string;
  section_key: string;
  category_key: string;
  text: string;
  type: QuestionType;
  score: number | null;
  /** The answer (null on the average side or when unanswered). */
  value: AnswerValue;
  na: boolean;
  finding: boolean;
}
export interface SideNode {
  key: string;
  /** The category's section (categories only). */
  section_key: string;
  title: string;
  score: number | null;
}
/** One side of a comparison: the scores of one event, or an average of events. */
export interface Side {
  overall: number | null;
  sections: SideNode[];
  categories: SideNode[];
  questions: SideQuestion[];
}

/** The side of one event: its template version's content, answers and scores (shared/scoring.ts). */
export function eventSide(content: TemplateContent, answers: readonly AnswerInput[], scores: EventScores): Side {
  const byKey = new Map(answers.map((a) => [a.question_key, a]));
  return {
    overall: scores.overall,
    sections: scores.sections.map((s) => ({ key: s.key, section_key: s.key, title: s.title, score: s.score })),
    categories: scores.categories.map((c) => ({
      key: c.key,
      section_key: c.section_key,
      title: c.title,
      score: c.score,
    })),
    questions: questionsOf(content).map(({ section_key, category_key, question: q }) => {
      const a = byKey.get(q.key);
      return {
        key: q.key,
        section_key,
        category_key,
        text: q.text,
        type: q.type,
        score: questionScore(q, a),
        value: a?.value ?? null,
        na: a?.na ?? false,
        finding: a?.finding ?? false,
      };
    }),
  };
}

export const round1 = (x: number): number => Math.round(x * 10) / 10;

function mean(values: (number | null)[]): number | null {
  const xs = values.filter((v): v is number => v !== null);
  return xs.length ? round1(xs.reduce((s, v) => s + v, 0) / xs.length) : null;
}

/** Union of items by key in first-seen order, with the scores of every side by key. */
function averageNodes<T extends { key: string; score: number | null }>(lists: T[][], blank: (x: T) => T): T[] {
  const order: T[] = [];
  const scores = new Map<string, (number | null)[]>();
  for (const list of lists)
    for (const x of list) {
      if (!scores.has(x.key)) {
        scores.set(x.key, []);
        order.push(x);
      }
      scores.get(x.key)!.push(x.score);
    }
  return order.map((x) => ({ ...blank(x), score: mean(scores.get(x.key)!) }));
}

/** The average of sides (the tenant average): per key the mean of the sides' scores; null for an empty list. */
export function averageSide(sides: readonly Side[]): Side | null {
  if (!sides.length) return null;
  return {
    overall: mean(sides.map((s) => s.overall)),
    sections: averageNodes(
      sides.map((s) => s.sections),
      (x) => x,
    ),
    categories: averageNodes(
      sides.map((s) => s.categories),
      (x) => x,
    ),
    questions: averageNodes(
      sides.map((s) => s.questions),
      (x) => ({ ...x, value: null, na: false, finding: false }),
    ),
  };
}

/** improved / declined / unchanged / newly_scored / not_scored of two scores, with the delta (after - before). */
export function changeOf(
  before: number | null,
  after: number | null,
): { delta: number | null; change: Exclude<Change, 'added' | 'removed'> } {
  if (after === null) return { delta: null, change: 'not_scored' };
  if (before === null) return { delta: null, change: 'newly_scored' };
  const delta = round1(after - before);
  return { delta, change: delta > 0 ? 'improved' : delta < 0 ? 'declined' : 'unchanged' };
}

export interface NodeComparison {
  key: string;
  section_key: string;
  title: string;
  before: number | null;
  after: number | null;
  delta: number | null;
  change: Change;
}
export interface QuestionComparison {
  key: string;
  section_key: string;
  category_key: string;
  text: string;
  type: QuestionType;
  before: number | null;
  after: number | null;
  before_value: AnswerValue;
  after_value: AnswerValue;
  before_finding: boolean;
  after_finding: boolean;
  delta: number | null;
  change: Change;
}
export type ChangeCounts = Record<Change, number>;
export interface ComparisonResult {
  overall: { before: number | null; after: number | null; delta: number | null; change: Change };
  sections: NodeComparison[];
  categories: NodeComparison[];
  questions: QuestionComparison[];
  /** Questions per change. */
  counts: ChangeCounts;
}

function pair<T extends { key: string; score: number | null }, R>(
  before: T[],
  after: T[],
  row: (x: T, b: T | undefined, a: T | undefined, change: Change, delta: number | null) => R,
): R[] {
  const b = new Map(before.map((x) => [x.key, x]));
  const a = new Map(after.map((x) => [x.key, x]));
  const out: R[] = [];
  for (const x of after) {
    const old = b.get(x.key);
    if (!old) out.push(row(x, undefined, x, 'added', null));
    else {
      const c = changeOf(old.score, x.score);
      out.push(row(x, old, x, c.change, c.delta));
    }
  }
  for (const x of before) if (!a.has(x.key)) out.push(row(x, x, undefined, 'removed', null));
  return out;
}

/** Compares two sides: overall, per section, per category and per question (matched by key). */
export function compareSides(before: Side, after: Side): ComparisonResult {
  const node = (
    x: SideNode,
    b: SideNode | undefined,
    a: SideNode | undefined,
    change: Change,
    delta: number | null,
  ) => ({
    key: x.key,
    section_key: x.section_key,
    title: x.title,
    before: b?.score ?? null,
    after: a?.score ?? null,
    delta,
    change,
  });
  const questions = pair(before.questions, after.questions, (x, b, a, change, delta) => ({
    key: x.key,
    section_key: x.section_key,
    category_key: x.category_key,
    text: x.text,
    type: x.type,
    before: b?.score ?? null,
    after: a?.score ?? null,
    before_value: b?.value ?? null,
    after_value: a?.value ?? null,
    before_finding: b?.finding ?? false,
    after_finding: a?.finding ?? false,
    delta,
    change,
  }));
  const counts = Object.fromEntries(CHANGES.map((c) => [c, 0])) as ChangeCounts;
  for (const q of questions) counts[q.change] += 1;
  return {
    overall: { before: before.overall, after: after.overall, ...changeOf(before.overall, after.overall) },
    sections: pair(before.sections, after.sections, node),
    categories: pair(before.categories, after.categories, node),
    questions,
    counts,
  };
}

/**
 * Whether an answer is a finding candidate (suggested for the finding flag; the findings list shows them with
 * ?candidates=true): a scored answer earning less than half (a "no" on yes/no, the lower half of a scale, a choice
 * under half the best option's score, a number far from its target). Flagged answers are findings whatever their
 * score; N/A and unanswered questions never are.
 */
export const CANDIDATE_BELOW = 50;
export function isFindingCandidate(score: number | null): boolean {
  return score !== null && score < CANDIDATE_BELOW;
}
