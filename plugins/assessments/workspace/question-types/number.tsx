/**
 * Number: a number with the question's unit and target, saved after a pause while typing, on Enter, Escape or blur
 * (E on the keyboard focuses it); what is not a number is marked and not saved.
 */
import { InputGroup, Tag } from '@blueprintjs/core';
import type { AnswerControlProps, QuestionRenderer } from './types';
import { useDraftText } from './use-draft-text';

function NumberControl({ q, value, editable, onChange }: AnswerControlProps) {
  const { text, change, commit } = useDraftText('as-q-input', value, (t) => {
    if (t.trim() === '') {
      onChange(null);
      return true;
    }
    const n = Number(t);
    if (!Number.isFinite(n)) return false;
    onChange(n);
    return true;
  });
  const invalid = text.trim() !== '' && !Number.isFinite(Number(text));
  return (
    <div>
      <InputGroup
        id="as-q-input"
        aria-label="Answer"
        inputMode="decimal"
        value={text}
        disabled={!editable}
        intent={invalid ? 'danger' : 'none'}
        rightElement={q.number?.unit ? <Tag minimal>{q.number.unit}</Tag> : undefined}
        onChange={(e) => change(e.target.value)}
        onBlur={() => commit(text)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === 'Escape') {
            commit(text);
            (e.target as HTMLInputElement).blur();
          }
        }}
      />
      {invalid && <div className="lci-as-down">A number, e.g. 12 or 3.5</div>}
      {q.number?.target !== undefined && (
        <div className="lci-as-muted">
          Target: {q.number.direction === 'atMost' ? 'at most' : 'at least'} {q.number.target} {q.number.unit}
        </div>
      )}
    </div>
  );
}

export const number: QuestionRenderer = {
  Control: NumberControl,
  text: (q, v) => `${String(v)}${q.number?.unit ? ` ${q.number.unit}` : ''}`,
  typed: true,
};
