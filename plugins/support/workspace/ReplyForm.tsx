/**
 * The tenant's reply to a request on /support: text and files (uploaded through signed links as when filing), sent
 * to support; an answered or closed request is open again. Leaving with an unsent reply asks first.
 */
import { Button, Callout, FormGroup, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { api, ApiError, useDirtyPage } from '../../../workspace/sdk';
import { replyPath, type ReplyBody, type SupportRequest } from '../shared/api';
import { MAX_ATTACHMENTS } from '../shared/rules';
import { FilesField } from './FilesField';
import { uploadFile } from './upload';

type Fields = Partial<Record<'body' | 'attachments', string>>;

export function ReplyForm({
  tenantId,
  request,
  onSent,
  onCancel,
}: {
  tenantId: number;
  request: SupportRequest;
  onSent(request: SupportRequest): void;
  onCancel(): void;
}) {
  const id = request.request_id;
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fields, setFields] = useState<Fields>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { setDirty } = useDirtyPage();
  useEffect(() => setDirty(body.trim() !== '' || files.length > 0), [body, files, setDirty]);

  const send = async () => {
    setError(null);
    if (!body.trim()) return setFields({ body: 'Required.' });
    setFields({});
    setBusy(true);
    try {
      const attachments = [];
      for (const f of files) attachments.push(await uploadFile(tenantId, f));
      const sent: ReplyBody = { body, attachments };
      const r = await api.post<{ request: SupportRequest }>(replyPath(tenantId, id), sent);
      setDirty(false);
      onSent(r.request);
    } catch (e) {
      const named: Fields = {};
      if (e instanceof ApiError)
        for (const f of e.fields ?? []) named[f.path.split('.')[1] as keyof Fields] ??= f.message;
      setFields(named);
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-label={`Reply to request ${id}`}
      style={{ marginTop: 12 }}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      {error && (
        <Callout intent="danger" role="alert" style={{ marginBottom: 8 }}>
          {error}
        </Callout>
      )}
      <FormGroup
        label="Your reply"
        labelFor={`support-reply-${id}`}
        intent={fields.body ? 'danger' : 'none'}
        helperText={fields.body ?? 'Sent to Lifecycle support; an answered request is open again.'}
      >
        <TextArea
          id={`support-reply-${id}`}
          fill
          rows={4}
          maxLength={5000}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          autoFocus
        />
      </FormGroup>
      <FilesField
        id={`support-reply-files-${id}`}
        label="Files of the reply"
        hint={`Up to ${MAX_ATTACHMENTS} files of 5 MB.`}
        files={files}
        error={fields.attachments}
        onFiles={setFiles}
        onError={(attachments) => setFields((f) => ({ ...f, attachments }))}
      />
      <div style={{ display: 'flex', gap: 8 }}>
        <Button type="submit" intent="primary" icon="send-message" text="Send reply" loading={busy} />
        <Button
          text="Cancel"
          disabled={busy}
          onClick={() => {
            setDirty(false);
            onCancel();
          }}
        />
      </div>
    </form>
  );
}
