/** What each question type brings to the take view and the results (question-types/index.tsx maps type -> renderer). */
import type { ComponentType } from 'react';
import type { AnswerValue, TemplateQuestion } from '../../shared/api';

/** The props of a type's answer control. */
export interface AnswerControlProps {
  q: TemplateQuestion;
  value: AnswerValue;
  editable: boolean;
  onChange(v: AnswerValue): void;
}

export interface QuestionRenderer {
  /** The answer control. */
  Control: ComponentType<AnswerControlProps>;
  /** An answer as text (results, comparison); `v` is never empty here. */
  text(q: TemplateQuestion, v: NonNullable<AnswerValue>): string;
  /** The answer a key press gives (Y / N, a digit), if any. */
  keyAnswer?(q: TemplateQuestion, key: string): AnswerValue | undefined;
  /**
   * The control keeps a draft of what is typed (text, number): it starts afresh for each question, and E focuses
   * its field (#as-q-input).
   */
  typed?: boolean;
}
