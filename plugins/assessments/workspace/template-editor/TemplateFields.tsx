/**
 * The template's own form (the outline's top): name, description, the version shown (an older one can be viewed)
 * and, when saving makes a new version, that version's note.
 */
import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { TemplateAnswer } from '../../shared/api';
import { TextField } from './fields';

export function TemplateFields({
  name,
  description,
  note,
  loaded,
  readOnly,
  tried,
  askNote,
  setName,
  setDescription,
  setNote,
  viewVersion,
}: {
  name: string;
  description: string;
  note: string;
  loaded: TemplateAnswer | null;
  readOnly: boolean;
  /** A save was tried: a missing name is marked. */
  tried: boolean;
  /** Saving makes a new version: ask for its note. */
  askNote: boolean;
  setName(v: string): void;
  setDescription(v: string): void;
  setNote(v: string): void;
  /** Show another version (null: the current one). */
  viewVersion(v: number | null): void;
}) {
  return (
    <>
      <TextField
        id="as-t-name"
        label="Name"
        value={name}
        disabled={readOnly}
        onChange={setName}
        intent={tried && !name.trim() ? 'danger' : 'none'}
        helperText={tried && !name.trim() ? 'Required.' : undefined}
      />
      <TextField
        id="as-t-description"
        label="Description"
        rows={3}
        value={description}
        disabled={readOnly}
        onChange={setDescription}
      />
      {loaded && (
        <FormGroup
          label="Version"
          labelFor="as-t-version"
          helperText="Assessments keep the version they were taken with."
        >
          <HTMLSelect
            id="as-t-version"
            value={loaded.template_version}
            onChange={(e) => {
              const v = Number(e.target.value);
              viewVersion(v === loaded.template.current_version ? null : v);
            }}
            options={loaded.versions.map((v) => ({
              value: v.template_version,
              label: `v${v.template_version}${v.template_version === loaded.template.current_version ? ' (current)' : ''} · ${v.question_count} questions · used by ${v.event_count}${v.note ? ` · ${v.note}` : ''}`,
            }))}
          />
        </FormGroup>
      )}
      {askNote && (
        <TextField
          id="as-t-note"
          label="Note of the new version"
          value={note}
          onChange={setNote}
          placeholder="What changed"
        />
      )}
    </>
  );
}
