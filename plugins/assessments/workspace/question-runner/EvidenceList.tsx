/**
 * The evidence files of an answer: listed with their download links; when editable, attached (PDF, images, text,
 * CSV, Word, Excel; at most 25 MB) through a signed upload link, and removed (confirmed).
 */
import { Button, Callout, FileInput, Icon } from '@blueprintjs/core';
import { useState } from 'react';
import { api } from '../../../../workspace/sdk';
import { assessmentPaths, EVIDENCE_CONTENT_TYPES, EVIDENCE_MAX_BYTES, type Evidence } from '../../shared/api';
import { errorText } from '../ui';

const human = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(0)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

export function EvidenceList({
  tenantId,
  eventId,
  questionKey,
  files,
  editable,
  onChange,
}: {
  tenantId: number;
  eventId: number;
  questionKey: string;
  files: Evidence[];
  editable: boolean;
  onChange(): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File) => {
    setError(null);
    const type = file.type || (file.name.endsWith('.txt') ? 'text/plain' : '');
    if (!(EVIDENCE_CONTENT_TYPES as readonly string[]).includes(type))
      return setError(`${file.name}: PDF, images, text, CSV, Word or Excel files only.`);
    if (file.size > EVIDENCE_MAX_BYTES) return setError(`${file.name}: at most 25 MB.`);
    if (file.size === 0) return setError(`${file.name} is empty.`);
    setBusy(true);
    try {
      const out = await api.post<{ evidence: Evidence; upload_url: string }>(
        assessmentPaths.evidence(tenantId, eventId),
        { questionKey, fileName: file.name, contentType: type, bytes: file.size },
        { expect: 'upload_url' },
      );
      const res = await fetch(out.upload_url, { method: 'PUT', headers: { 'content-type': type }, body: file });
      if (!res.ok) {
        await api
          .del(assessmentPaths.evidenceOne(tenantId, eventId, out.evidence.assessment_evidence_id))
          .catch(() => undefined);
        throw new Error(`The upload failed (${res.status}).`);
      }
      onChange();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (x: Evidence) => {
    if (!window.confirm(`Remove the evidence file ${x.file_name}?`)) return;
    try {
      await api.del(assessmentPaths.evidenceOne(tenantId, eventId, x.assessment_evidence_id));
      onChange();
    } catch (e) {
      setError(errorText(e));
    }
  };
  if (!editable && files.length === 0) return null;
  return (
    <div className="lci-as-evidence" aria-label="Evidence">
      <b>Evidence</b>
      {files.length > 0 && (
        <ul>
          {files.map((x) => (
            <li key={x.assessment_evidence_id}>
              <Icon icon="paperclip" size={12} />{' '}
              <a href={x.download_url} target="_blank" rel="noreferrer">
                {x.file_name}
              </a>{' '}
              <span className="lci-as-muted">{human(x.bytes)}</span>
              {editable && (
                <Button
                  minimal
                  small
                  icon="trash"
                  aria-label={`Remove ${x.file_name}`}
                  onClick={() => void remove(x)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <FileInput
          text={busy ? 'Uploading…' : 'Attach a file…'}
          disabled={busy}
          inputProps={{
            'aria-label': 'Attach evidence',
            accept: EVIDENCE_CONTENT_TYPES.join(','),
            onChange: (e) => {
              const f = (e.target as HTMLInputElement).files?.[0];
              (e.target as HTMLInputElement).value = '';
              if (f) void upload(f);
            },
          }}
        />
      )}
      {error && (
        <Callout intent="danger" role="alert">
          {error}
        </Callout>
      )}
    </div>
  );
}
