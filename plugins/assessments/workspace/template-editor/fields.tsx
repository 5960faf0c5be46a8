/** The template editor's form fields: text, key, weight, framework tags, and the problems of an item. */
import { Callout, FormGroup, InputGroup, NumericInput, TextArea, type Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { WEIGHT_MAX, WEIGHT_MIN } from '../../shared/api';
import type { Problem } from './content';

/** A labelled text: one line, or a text area of `rows` lines. */
export function TextField({
  id,
  label,
  value,
  onChange,
  disabled,
  rows,
  helperText,
  intent,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange(v: string): void;
  disabled?: boolean;
  rows?: number;
  helperText?: string;
  intent?: Intent;
  placeholder?: string;
}) {
  return (
    <FormGroup label={label} labelFor={id} intent={intent} helperText={helperText}>
      {rows ? (
        <TextArea
          id={id}
          fill
          rows={rows}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <InputGroup
          id={id}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
        />
      )}
    </FormGroup>
  );
}

export function KeyField({
  id,
  value,
  onChange,
  disabled,
  problem,
}: {
  id: string;
  value: string;
  onChange(v: string): void;
  disabled: boolean;
  /** The key's problem, if any (in place of the help). */
  problem: string | undefined;
}) {
  return (
    <FormGroup
      label="Key"
      labelFor={id}
      inline
      intent={problem ? 'danger' : 'none'}
      helperText={problem ?? 'Stable across versions: answers and comparisons use it.'}
    >
      <InputGroup id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
    </FormGroup>
  );
}

export function WeightField({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: number;
  onChange(n: number): void;
  disabled: boolean;
}) {
  return (
    <FormGroup label="Weight" labelFor={id} helperText="0 (not scored) to 5" inline>
      <NumericInput
        id={id}
        min={WEIGHT_MIN}
        max={WEIGHT_MAX}
        stepSize={1}
        value={value}
        disabled={disabled}
        onValueChange={(n) => Number.isFinite(n) && onChange(Math.round(n))}
      />
    </FormGroup>
  );
}

/** Framework tags, comma separated; the list is taken on blur. */
export function TagsInput({
  id,
  tags,
  disabled,
  onChange,
}: {
  id: string;
  tags: string[];
  disabled: boolean;
  onChange(t: string[]): void;
}) {
  const [text, setText] = useState(tags.join(', '));
  useEffect(() => setText(tags.join(', ')), [tags]);
  return (
    <InputGroup
      id={id}
      value={text}
      disabled={disabled}
      onChange={(e) => setText(e.target.value)}
      onBlur={() =>
        onChange(
          text
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        )
      }
    />
  );
}

/** The problems of an item (and below it), if any; with a title, as an alert (the ones that stop a save). */
export function ProblemList({ problems, title }: { problems: Problem[]; title?: string }) {
  return problems.length ? (
    <Callout intent="danger" role={title ? 'alert' : undefined} className="lci-as-gap" title={title}>
      <ul>
        {problems.map((x, i) => (
          <li key={i}>
            {x.path}: {x.message}
          </li>
        ))}
      </ul>
    </Callout>
  ) : null;
}
