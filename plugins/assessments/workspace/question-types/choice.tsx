/** Choice: a button per option (its number on the keyboard). */
import { Button } from '@blueprintjs/core';
import type { AnswerControlProps, QuestionRenderer } from './types';

function ChoiceControl({ q, value: v, editable, onChange }: AnswerControlProps) {
  return (
    <div className="lci-as-choices">
      {(q.options ?? []).map((o, i) => (
        <Button
          key={o.value}
          data-answer="1"
          alignText="left"
          active={v === o.value}
          intent={v === o.value ? 'primary' : 'none'}
          disabled={!editable}
          aria-pressed={v === o.value}
          onClick={() => onChange(o.value)}
          text={`${i + 1}. ${o.label}`}
        />
      ))}
    </div>
  );
}

export const choice: QuestionRenderer = {
  Control: ChoiceControl,
  text: (q, v) => q.options?.find((o) => o.value === v)?.label ?? String(v),
  keyAnswer: (q, key) => (/^[0-9]$/.test(key) ? q.options?.[Number(key) - 1]?.value : undefined),
};
