/** Yes / No: two buttons (Y and N on the keyboard). */
import { Button, ButtonGroup, Intent } from '@blueprintjs/core';
import type { AnswerControlProps, QuestionRenderer } from './types';

function YesNoControl({ value: v, editable, onChange }: AnswerControlProps) {
  return (
    <ButtonGroup large>
      {[
        { value: true, text: 'Yes', key: 'Y', intent: Intent.SUCCESS },
        { value: false, text: 'No', key: 'N', intent: Intent.DANGER },
      ].map((o) => (
        <Button
          key={o.text}
          data-answer="1"
          active={v === o.value}
          intent={v === o.value ? o.intent : Intent.NONE}
          disabled={!editable}
          aria-pressed={v === o.value}
          aria-keyshortcuts={o.key}
          onClick={() => onChange(o.value)}
          text={`${o.text} (${o.key})`}
        />
      ))}
    </ButtonGroup>
  );
}

export const yesno: QuestionRenderer = {
  Control: YesNoControl,
  text: (_q, v) => (v === true ? 'Yes' : v === false ? 'No' : String(v)),
  keyAnswer: (_q, key) => {
    const lower = key.toLowerCase();
    return lower === 'y' || lower === 'n' ? lower === 'y' : undefined;
  },
};
