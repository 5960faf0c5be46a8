/**
 * The settings of a question's type: a scale's lowest and highest value, a choice's options (value, label, score),
 * a number's target, direction and unit. Yes / No and text have none.
 */
import { Button, FormGroup, HTMLSelect, InputGroup, NumericInput } from '@blueprintjs/core';
import type { ComponentType } from 'react';
import type { QuestionType, TemplateQuestion } from '../../shared/api';
import { freeKey } from './content';
import { TextField } from './fields';

interface SettingsProps {
  q: TemplateQuestion;
  editable: boolean;
  set(f: (x: TemplateQuestion) => void): void;
}

type Scale = NonNullable<TemplateQuestion['scale']>;
/** A scale's lowest and highest value (0 and 5 unless set). */
const SCALE_ENDS = [
  { end: 'min', label: 'Lowest', fallback: 0 },
  { end: 'max', label: 'Highest', fallback: 5 },
] as const;
/** The scale with one end set (the other end's default when the question had no scale). */
const withEnd = (s: Scale | undefined, end: 'min' | 'max', n: number): Scale =>
  end === 'min' ? { ...(s ?? { max: 5 }), min: n } : { ...(s ?? { min: 0 }), max: n };

function ScaleSettings({ q, editable, set }: SettingsProps) {
  return (
    <div className="lci-as-two">
      {SCALE_ENDS.map(({ end, label, fallback }) => (
        <FormGroup key={end} label={label} labelFor={`as-q-${end}`}>
          <NumericInput
            id={`as-q-${end}`}
            value={q.scale?.[end] ?? fallback}
            disabled={!editable}
            onValueChange={(n) => Number.isFinite(n) && set((x) => (x.scale = withEnd(x.scale, end, Math.round(n))))}
          />
        </FormGroup>
      ))}
    </div>
  );
}

function ChoiceSettings({ q, editable, set }: SettingsProps) {
  return (
    <FormGroup label="Options (value, label, score)">
      {(q.options ?? []).map((o, oi) => (
        <div key={oi} className="lci-as-option-row">
          {(['value', 'label'] as const).map((field) => (
            <InputGroup
              key={field}
              aria-label={`Option ${oi + 1} ${field}`}
              value={o[field]}
              disabled={!editable}
              onChange={(e) => {
                const v = e.target.value;
                set((x) => (x.options![oi][field] = v));
              }}
            />
          ))}
          <NumericInput
            aria-label={`Option ${oi + 1} score`}
            min={0}
            value={o.score}
            disabled={!editable}
            onValueChange={(n) => Number.isFinite(n) && set((x) => (x.options![oi].score = n))}
            fill
          />
          {editable && (
            <Button
              minimal
              icon="cross"
              aria-label={`Remove option ${oi + 1}`}
              onClick={() => set((x) => x.options!.splice(oi, 1))}
            />
          )}
        </div>
      ))}
      {editable && (
        <Button
          small
          icon="add"
          text="Option"
          onClick={() =>
            set(
              (x) =>
                (x.options = [
                  ...(x.options ?? []),
                  {
                    value: freeKey('o', new Set((x.options ?? []).map((y) => y.value))),
                    label: 'Option',
                    score: 0,
                  },
                ]),
            )
          }
        />
      )}
    </FormGroup>
  );
}

function NumberSettings({ q, editable, set }: SettingsProps) {
  return (
    <div className="lci-as-two">
      <TextField
        id="as-q-target"
        label="Target (empty: not scored)"
        value={q.number?.target === undefined ? '' : String(q.number.target)}
        disabled={!editable}
        onChange={(v) => {
          const raw = v.trim();
          const n = Number(raw);
          set((x) => {
            const base = x.number ?? { direction: 'atLeast' as const, unit: '' };
            x.number =
              raw === '' || !Number.isFinite(n)
                ? { direction: base.direction, unit: base.unit }
                : { ...base, target: n };
          });
        }}
      />
      <FormGroup label="The answer should be" labelFor="as-q-direction">
        <HTMLSelect
          id="as-q-direction"
          value={q.number?.direction ?? 'atLeast'}
          disabled={!editable}
          onChange={(e) => {
            const d = e.target.value as 'atLeast' | 'atMost';
            set((x) => (x.number = { ...(x.number ?? { unit: '' }), direction: d }));
          }}
          options={[
            { value: 'atLeast', label: 'At least the target' },
            { value: 'atMost', label: 'At most the target' },
          ]}
        />
      </FormGroup>
      <TextField
        id="as-q-unit"
        label="Unit"
        value={q.number?.unit ?? ''}
        disabled={!editable}
        onChange={(u) => set((x) => (x.number = { ...(x.number ?? { direction: 'atLeast' }), unit: u }))}
      />
    </div>
  );
}

export const QUESTION_SETTINGS: Partial<Record<QuestionType, ComponentType<SettingsProps>>> = {
  scale: ScaleSettings,
  choice: ChoiceSettings,
  number: NumberSettings,
};
