/**
 * The question types of the take view and the results: one renderer a type (its answer control, its answer as text,
 * the keys that answer it), looked up by the question's type.
 */
import type { Answer, AnswerValue, QuestionType, TemplateQuestion } from '../../shared/api';
import { choice } from './choice';
import { number } from './number';
import { scale } from './scale';
import { text } from './text';
import type { QuestionRenderer } from './types';
import { yesno } from './yesno';

export const QUESTION_RENDERERS: Record<QuestionType, QuestionRenderer> = { yesno, scale, choice, text, number };

/** A type this build does not know is answered and shown as text. */
export const rendererOf = (q: TemplateQuestion): QuestionRenderer => QUESTION_RENDERERS[q.type] ?? text;

export function valueText(q: TemplateQuestion, v: AnswerValue | undefined): string {
  if (v === null || v === undefined || v === '') return '–';
  return rendererOf(q).text(q, v);
}

/** The answer control of the question's type (a typed one starts afresh for each question). */
export function AnswerControl({
  q,
  a,
  editable,
  onChange,
}: {
  q: TemplateQuestion;
  a: Answer | undefined;
  editable: boolean;
  onChange(v: AnswerValue): void;
}) {
  const { Control, typed } = rendererOf(q);
  return (
    <Control key={typed ? q.key : undefined} q={q} value={a?.value ?? null} editable={editable} onChange={onChange} />
  );
}
