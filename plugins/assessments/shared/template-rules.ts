/**
 * Rules of a template's content that its schema cannot say (pure; the server refuses with these field errors and
 * the template editor shows them): keys unique (sections, categories within a section, questions within the
 * template), a scale's min below its max, a choice with at least two options of distinct values, a number's
 * target only on number questions, and how many questions a template holds.
 */
import { MAX_QUESTIONS_PER_TEMPLATE, type AnswerValue, type TemplateContent, type TemplateQuestion } from './api';

export interface ContentProblem {
  /** Field path below the content, e.g. `sections.0.categories.1.questions.2.options`. */
  path: string;
  message: string;
}

export function contentProblems(content: TemplateContent): ContentProblem[] {
  const out: ContentProblem[] = [];
  const sectionKeys = new Set<string>();
  const questionKeys = new Set<string>();
  let count = 0;
  content.sections.forEach((s, si) => {
    const sp = `sections.${si}`;
    if (sectionKeys.has(s.key)) out.push({ path: `${sp}.key`, message: `Section key "${s.key}" is used twice` });
    sectionKeys.add(s.key);
    const categoryKeys = new Set<string>();
    s.categories.forEach((c, ci) => {
      const cp = `${sp}.categories.${ci}`;
      if (categoryKeys.has(c.key))
        out.push({ path: `${cp}.key`, message: `Category key "${c.key}" is used twice in its section` });
      categoryKeys.add(c.key);
      c.questions.forEach((q, qi) => {
        const qp = `${cp}.questions.${qi}`;
        count += 1;
        if (questionKeys.has(q.key))
          out.push({ path: `${qp}.key`, message: `Question key "${q.key}" is used twice in the template` });
        questionKeys.add(q.key);
        out.push(...questionProblems(q, qp));
      });
    });
  });
  if (count === 0) out.push({ path: 'sections', message: 'A template has at least one question' });
  if (count > MAX_QUESTIONS_PER_TEMPLATE)
    out.push({ path: 'sections', message: `At most ${MAX_QUESTIONS_PER_TEMPLATE} questions per template` });
  return out;
}

function questionProblems(q: TemplateQuestion, p: string): ContentProblem[] {
  const out: ContentProblem[] = [];
  if (q.type === 'scale' && q.scale && q.scale.min >= q.scale.max)
    out.push({ path: `${p}.scale.max`, message: 'The highest value must be above the lowest' });
  if (q.type === 'choice') {
    const options = q.options ?? [];
    if (options.length < 2) out.push({ path: `${p}.options`, message: 'A choice question has at least two options' });
    const seen = new Set<string>();
    options.forEach((o, i) => {
      if (seen.has(o.value))
        out.push({ path: `${p}.options.${i}.value`, message: `Option "${o.value}" is used twice` });
      seen.add(o.value);
    });
  } else if (q.options?.length) out.push({ path: `${p}.options`, message: 'Only choice questions have options' });
  if (q.type !== 'scale' && q.scale) out.push({ path: `${p}.scale`, message: 'Only scale questions have a scale' });
  if (q.type !== 'number' && q.number)
    out.push({ path: `${p}.number`, message: 'Only number questions have a target' });
  return out;
}

/** Why a value does not fit a question's type (null: it fits). Null values (clearing the answer) always fit. */
export function answerValueProblem(q: TemplateQuestion, v: AnswerValue): string | null {
  if (v === null) return null;
  switch (q.type) {
    case 'yesno':
      return typeof v === 'boolean' ? null : 'A yes/no answer is true or false';
    case 'scale': {
      const min = q.scale?.min ?? 0;
      const max = q.scale?.max ?? 5;
      if (typeof v !== 'number' || !Number.isInteger(v)) return `A whole number ${min} to ${max}`;
      return v < min || v > max ? `A whole number ${min} to ${max}` : null;
    }
    case 'choice':
      return typeof v === 'string' && (q.options ?? []).some((o) => o.value === v)
        ? null
        : `One of: ${(q.options ?? []).map((o) => o.value).join(', ')}`;
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) ? null : 'A number';
    case 'text':
      return typeof v === 'string' ? null : 'Text';
    default:
      return 'Unknown question type';
  }
}
