/**
 * The template editor's model: what is selected (the template, or a section, category or question by its place),
 * new items with keys not used yet, an item's list, place and field path, moves, and the problems of a path.
 * Pure: the editor changes a clone of the content with these.
 */
import {
  DEFAULT_WEIGHT,
  type QuestionType,
  type TemplateCategory,
  type TemplateContent,
  type TemplateQuestion,
  type TemplateSection,
} from '../../shared/api';

export type Sel =
  | { kind: 'template' }
  | { kind: 'section'; s: number }
  | { kind: 'category'; s: number; c: number }
  | { kind: 'question'; s: number; c: number; q: number };
/** A section, category or question by its place. */
export type ItemSel = Exclude<Sel, { kind: 'template' }>;
export type ItemKind = ItemSel['kind'];
export type Item = TemplateSection | TemplateCategory | TemplateQuestion;

/** A problem of the content or the name, at its field path (e.g. sections.0.categories.1.key). */
export interface Problem {
  path: string;
  message: string;
}

const newQuestion = (key: string): TemplateQuestion => ({
  key,
  text: 'New question',
  type: 'yesno',
  weight: DEFAULT_WEIGHT,
  guidance: '',
  frameworkTags: [],
});
const newCategory = (key: string, qKey: string): TemplateCategory => ({
  key,
  title: 'New category',
  description: '',
  weight: DEFAULT_WEIGHT,
  questions: [newQuestion(qKey)],
});
const newSection = (key: string, cKey: string, qKey: string): TemplateSection => ({
  key,
  title: 'New section',
  description: '',
  weight: DEFAULT_WEIGHT,
  categories: [newCategory(cKey, qKey)],
});
export const EMPTY: TemplateContent = { sections: [newSection('s1', 'c1', 'q1')] };

/** A key not used yet: prefix + the smallest free number. */
export function freeKey(prefix: string, used: Set<string>): string {
  for (let i = 1; ; i++) if (!used.has(`${prefix}${i}`)) return `${prefix}${i}`;
}
export type Keys = ReturnType<typeof allKeys>;
export function allKeys(c: TemplateContent) {
  return {
    s: new Set(c.sections.map((x) => x.key)),
    c: new Set(c.sections.flatMap((x) => x.categories.map((y) => y.key))),
    q: new Set(c.sections.flatMap((x) => x.categories.flatMap((y) => y.questions.map((z) => z.key)))),
  };
}

/** A new item of the kind (a section or category with one of each below it), its keys not among `k`. */
export function newItem(kind: ItemKind, k: Keys): Item {
  if (kind === 'section') return newSection(freeKey('s', k.s), freeKey('c', k.c), freeKey('q', k.q));
  if (kind === 'category') return newCategory(freeKey('c', k.c), freeKey('q', k.q));
  return newQuestion(freeKey('q', k.q));
}

export function move<T>(list: T[], i: number, d: number): T[] {
  const j = i + d;
  if (j < 0 || j >= list.length) return list;
  const out = [...list];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}
export const clone = (c: TemplateContent): TemplateContent => JSON.parse(JSON.stringify(c)) as TemplateContent;

/** The list an item stands in (its siblings). */
export function siblingsOf(c: TemplateContent, at: ItemSel): Item[] {
  if (at.kind === 'section') return c.sections;
  if (at.kind === 'category') return c.sections[at.s].categories;
  return c.sections[at.s].categories[at.c].questions;
}
/** The item's place in its list. */
export const indexOf = (at: ItemSel): number => (at.kind === 'section' ? at.s : at.kind === 'category' ? at.c : at.q);
/** The item, if it is (still) there. */
export function itemAt(c: TemplateContent, at: ItemSel): Item | undefined {
  const section = c.sections[at.s];
  if (at.kind === 'section') return section;
  const category = section?.categories[at.c];
  return at.kind === 'category' ? category : category?.questions[at.q];
}
/** The item's field path, as problems name it. */
export function pathOf(at: ItemSel): string {
  const s = `sections.${at.s}`;
  if (at.kind === 'section') return s;
  const c = `${s}.categories.${at.c}`;
  return at.kind === 'category' ? c : `${c}.questions.${at.q}`;
}

/** The problems at a path or below it. */
export const problemsAt = (problems: Problem[], p: string) =>
  problems.filter((x) => x.path === p || x.path.startsWith(`${p}.`));

/** A question changed to another type, with that type's settings where it had none. */
export function setType(x: TemplateQuestion, t: QuestionType): void {
  x.type = t;
  if (t === 'choice' && !x.options?.length)
    x.options = [
      { value: 'yes', label: 'Yes', score: 1 },
      { value: 'partly', label: 'Partly', score: 0.5 },
      { value: 'no', label: 'No', score: 0 },
    ];
  if (t === 'scale' && !x.scale) x.scale = { min: 0, max: 5 };
  if (t === 'number' && !x.number) x.number = { direction: 'atLeast', unit: '' };
}
