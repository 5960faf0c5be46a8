/**
 * Files chosen for a request or a reply: a picker (refused types, sizes and counts are said at once; the server
 * checks again) and the chosen files, each removable. The parent keeps the files and the field's error.
 */
import { FileInput, FormGroup, Tag } from '@blueprintjs/core';
import { addPicked } from './upload';

export function FilesField({
  id,
  label,
  hint,
  files,
  error,
  onFiles,
  onError,
}: {
  id: string;
  label: string;
  hint: string;
  files: File[];
  error?: string;
  onFiles(files: File[]): void;
  onError(message: string | undefined): void;
}) {
  return (
    <FormGroup label={label} labelFor={id} intent={error ? 'danger' : 'none'} helperText={error ?? hint}>
      <FileInput
        text={files.length ? `${files.length} file(s) chosen` : 'Choose files…'}
        inputProps={{ id, multiple: true, 'aria-label': label }}
        onInputChange={(e) => {
          const input = e.target as HTMLInputElement;
          const added = addPicked(files, [...(input.files ?? [])]);
          input.value = '';
          if ('error' in added) return onError(added.error);
          onError(undefined);
          onFiles(added.files);
        }}
      />
      <div style={{ marginTop: 6, display: 'flex', gap: 6, flexWrap: 'wrap' }}>
        {files.map((f, i) => (
          <Tag key={`${f.name}-${i}`} onRemove={() => onFiles(files.filter((_, j) => j !== i))}>
            {f.name}
          </Tag>
        ))}
      </div>
    </FormGroup>
  );
}
