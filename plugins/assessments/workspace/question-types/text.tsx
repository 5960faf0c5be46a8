/** Text: a free answer, saved after a pause while typing, on blur or Escape (E on the keyboard focuses it). */
import { TextArea } from '@blueprintjs/core';
import type { AnswerControlProps, QuestionRenderer } from './types';
import { useDraftText } from './use-draft-text';

function TextControl({ value, editable, onChange }: AnswerControlProps) {
  const { text, change, commit } = useDraftText('as-q-input', value, (t) => {
    onChange(t === '' ? null : t);
    return true;
  });
  return (
    <TextArea
      id="as-q-input"
      aria-label="Answer"
      fill
      rows={3}
      value={text}
      disabled={!editable}
      onChange={(e) => change(e.target.value)}
      onBlur={() => commit(text)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          commit(text);
          (e.target as HTMLTextAreaElement).blur();
        }
      }}
    />
  );
}

export const text: QuestionRenderer = { Control: TextControl, text: (_q, v) => String(v), typed: true };
