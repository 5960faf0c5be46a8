/** The file of an img_file or msword_file component: shows the chosen file and uploads a new one (signed link). */
import { FileInput, FormGroup, Icon } from '@blueprintjs/core';
import { useState } from 'react';
import { ACCEPT, uploadRefusal, uploadReportFile, type UploadKind } from './upload';

export interface FileFieldProps {
  id: string;
  tenantId: number;
  kind: UploadKind;
  label: string;
  fileName?: string;
  readOnly?: boolean;
  /** Saves the uploaded file's key and name in the component (or the company's content). */
  onUploaded(file: { fileKey: string; fileName: string }): Promise<void>;
}

export function FileField({ id, tenantId, kind, label, fileName, readOnly, onUploaded }: FileFieldProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const refusal = uploadRefusal(file, kind);
    setError(refusal);
    if (refusal) return;
    setBusy(true);
    try {
      const up = await uploadReportFile(tenantId, file);
      await onUploaded({ fileKey: up.fileKey, fileName: up.fileName || file.name });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const what = kind === 'image' ? 'PNG, JPEG or GIF image up to 10 MB.' : 'Word document (.docx) up to 10 MB.';
  return (
    <FormGroup
      label={label}
      labelFor={id}
      intent={error ? 'danger' : 'none'}
      helperText={error ?? (busy ? 'Uploading…' : what)}
    >
      <div className="lci-report-file-current">
        <Icon icon={kind === 'image' ? 'media' : 'document'} aria-hidden />
        <span>{fileName ? fileName : <span className="bp6-text-muted">No file chosen yet</span>}</span>
      </div>
      {!readOnly && (
        <FileInput
          text={busy ? 'Uploading…' : fileName ? 'Replace the file…' : 'Choose a file…'}
          buttonText="Browse"
          disabled={busy}
          inputProps={{ id, accept: ACCEPT[kind], 'aria-label': label }}
          onInputChange={(e) => {
            const input = e.target as HTMLInputElement;
            void choose(input.files?.[0]);
            input.value = '';
          }}
        />
      )}
    </FormGroup>
  );
}
