/** Scale: a button per value from the lowest to the highest (a number field beyond 21 values); digits answer. */
import { Button, ButtonGroup, NumericInput } from '@blueprintjs/core';
import type { TemplateQuestion } from '../../shared/api';
import type { AnswerControlProps, QuestionRenderer } from './types';

const range = (q: TemplateQuestion) => ({ min: q.scale?.min ?? 0, max: q.scale?.max ?? 5 });

function ScaleControl({ q, value: v, editable, onChange }: AnswerControlProps) {
  const { min, max } = range(q);
  const values = max - min <= 20 ? Array.from({ length: max - min + 1 }, (_, i) => min + i) : [];
  if (values.length === 0)
    return (
      <NumericInput
        aria-label="Value"
        min={min}
        max={max}
        value={typeof v === 'number' ? v : ''}
        disabled={!editable}
        onValueChange={(n) => Number.isFinite(n) && onChange(n)}
      />
    );
  return (
    <ButtonGroup large className="lci-as-scale">
      {values.map((n) => (
        <Button
          key={n}
          data-answer="1"
          active={v === n}
          intent={v === n ? 'primary' : 'none'}
          disabled={!editable}
          aria-pressed={v === n}
          title={q.scale?.labels?.[String(n)]}
          onClick={() => onChange(n)}
          text={q.scale?.labels?.[String(n)] ? `${n} ${q.scale.labels[String(n)]}` : String(n)}
        />
      ))}
    </ButtonGroup>
  );
}

export const scale: QuestionRenderer = {
  Control: ScaleControl,
  text: (q, v) => {
    const label = q.scale?.labels?.[String(v)];
    return label ? `${String(v)} (${label})` : String(v);
  },
  keyAnswer: (q, key) => {
    if (!/^[0-9]$/.test(key)) return undefined;
    const d = Number(key);
    const { min, max } = range(q);
    return d >= min && d <= max ? d : undefined;
  },
};
