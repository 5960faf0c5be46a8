/**
 * A question's own fields: its text, type (a type's settings get defaults when it is chosen), weight, the settings
 * of its type (QuestionSettings.tsx), guidance and framework tags.
 */
import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { QUESTION_TYPE_LABELS, QUESTION_TYPES, type QuestionType, type TemplateQuestion } from '../../shared/api';
import { setType } from './content';
import { TagsInput, TextField, WeightField } from './fields';
import { QUESTION_SETTINGS } from './QuestionSettings';

export function QuestionFields({
  q,
  editable,
  set,
}: {
  q: TemplateQuestion;
  editable: boolean;
  set(f: (x: TemplateQuestion) => void): void;
}) {
  const Settings = QUESTION_SETTINGS[q.type];
  return (
    <>
      <TextField
        id="as-q-text"
        label="Question"
        rows={2}
        value={q.text}
        disabled={!editable}
        onChange={(v) => set((x) => (x.text = v))}
      />
      <FormGroup label="Type" labelFor="as-q-type" inline>
        <HTMLSelect
          id="as-q-type"
          value={q.type}
          disabled={!editable}
          onChange={(e) => {
            const t = e.target.value as QuestionType;
            set((x) => setType(x, t));
          }}
          options={QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }))}
        />
      </FormGroup>
      <WeightField
        id="as-q-weight"
        value={q.weight}
        disabled={!editable}
        onChange={(n) => set((x) => (x.weight = n))}
      />
      {Settings && <Settings q={q} editable={editable} set={set} />}
      <TextField
        id="as-q-guidance"
        label="Guidance"
        helperText="Shown to the assessor with the question."
        rows={3}
        value={q.guidance}
        disabled={!editable}
        onChange={(v) => set((x) => (x.guidance = v))}
      />
      <FormGroup
        label="Framework tags"
        labelFor="as-q-tags"
        helperText='Comma separated, e.g. "CIS 1.1, NIST CSF PR.AC-1".'
      >
        <TagsInput
          id="as-q-tags"
          tags={q.frameworkTags}
          disabled={!editable}
          onChange={(t) => set((x) => (x.frameworkTags = t))}
        />
      </FormGroup>
    </>
  );
}
