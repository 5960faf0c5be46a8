/**
 * /support?issueType&priorityLevel: file a request to internal support (the query preselects issue type and
 * priority), with attachments uploaded through signed links; below, the requests with their status and the
 * conversation, where the tenant replies and closes. Support's answers and status changes arrive live (the list
 * reloads; the shell shows the toast); times are in the tenant's time zone, shown with it.
 */
import { Button, Callout, FormGroup, HTMLSelect, InputGroup, NonIdealState, TextArea } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  api,
  ApiError,
  PageHeader,
  PageLoadError,
  PageLoading,
  useDirtyPage,
  useTenant,
  useTenantFormat,
} from '../../../workspace/sdk';
import { closePath, requestsPath, type FileRequestBody, type SupportRequest } from '../shared/api';
import { REQUESTS_TARGET } from '../shared/live';
import {
  ISSUE_TYPES,
  ISSUE_TYPE_LABELS,
  MAX_ATTACHMENTS,
  PRIORITY_LABELS,
  PRIORITY_LEVELS,
  preselect,
  type IssueType,
  type PriorityLevel,
} from '../shared/rules';
import { FilesField } from './FilesField';
import { useReloadOn } from './live';
import { ReplyForm } from './ReplyForm';
import { RequestCard } from './RequestCard';
import { uploadFile } from './upload';

type FieldErrors = Partial<Record<'issue_type' | 'priority_level' | 'subject' | 'description' | 'attachments', string>>;

function errorsOf(e: unknown): { message: string; fields: FieldErrors } {
  const fields: FieldErrors = {};
  if (e instanceof ApiError)
    for (const f of e.fields ?? []) {
      const name = f.path.split('.')[1] as keyof FieldErrors;
      fields[name] ??= f.message;
    }
  return { message: (e as Error).message, fields };
}

export default function SupportPage() {
  const tenantId = useTenant()?.tenantId;
  const initial = useMemo(() => preselect(window.location.search), []);
  const [issueType, setIssueType] = useState<IssueType | ''>(initial.issueType ?? '');
  const [priority, setPriority] = useState<PriorityLevel>(initial.priorityLevel ?? 'normal');
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const [filed, setFiled] = useState<number | null>(null);
  const [requests, setRequests] = useState<SupportRequest[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [replying, setReplying] = useState<number | null>(null);
  const [closing, setClosing] = useState<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const { setDirty } = useDirtyPage();
  // Times in the tenant's time zone (Account Settings), with the zone shown: the reader may be elsewhere.
  const when = useTenantFormat().dateTimeZone;

  useEffect(
    () => setDirty(subject.trim() !== '' || description.trim() !== '' || files.length > 0),
    [subject, description, files, setDirty],
  );

  const load = useCallback(async () => {
    if (tenantId == null) return;
    setLoadError(null);
    try {
      setRequests((await api.get<{ requests: SupportRequest[] }>(requestsPath(tenantId))).requests);
    } catch (e) {
      setLoadError((e as Error).message);
    }
  }, [tenantId]);
  useEffect(() => {
    void load();
  }, [load]);
  // Support answered or changed a status: the list shows it at once (the toast is the shell's).
  useReloadOn(REQUESTS_TARGET, () => void load());

  const replaced = (r: SupportRequest) =>
    setRequests((list) => list && list.map((x) => (x.request_id === r.request_id ? r : x)));
  const close = async (id: number) => {
    if (tenantId == null) return;
    setClosing(id);
    setActionError(null);
    try {
      replaced((await api.post<{ request: SupportRequest }>(closePath(tenantId, id), {})).request);
    } catch (e) {
      setActionError((e as Error).message);
    } finally {
      setClosing(null);
    }
  };

  const submit = async () => {
    if (tenantId == null) return;
    const missing: FieldErrors = {};
    if (!issueType) missing.issue_type = 'Required.';
    if (!subject.trim()) missing.subject = 'Required.';
    if (!description.trim()) missing.description = 'Required.';
    setFields(missing);
    setError(null);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const attachments = [];
      for (const f of files) attachments.push(await uploadFile(tenantId, f));
      const body: FileRequestBody = {
        issue_type: issueType as IssueType,
        priority_level: priority,
        subject,
        description,
        attachments,
      };
      const r = await api.post<{ request: SupportRequest }>(requestsPath(tenantId), body);
      setFiled(r.request.request_id);
      setSubject('');
      setDescription('');
      setFiles([]);
      setDirty(false);
      await load();
    } catch (e) {
      const { message, fields: f } = errorsOf(e);
      setError(message);
      setFields(f);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="lci-page">
      <PageHeader title="Support" subtitle="Ask Lifecycle support for help; you are answered here and by e-mail." />
      <form
        aria-label="New support request"
        style={{ maxWidth: 720 }}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {filed !== null && (
          <Callout intent="success" role="status" style={{ marginBottom: 12 }}>
            Request #{filed} was sent to Lifecycle support. You will get an e-mail when it is answered.
          </Callout>
        )}
        {error && (
          <Callout intent="danger" role="alert" style={{ marginBottom: 12 }}>
            {error}
          </Callout>
        )}
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <FormGroup
            label="Issue type"
            labelFor="support-issue-type"
            intent={fields.issue_type ? 'danger' : 'none'}
            helperText={fields.issue_type}
          >
            <HTMLSelect
              id="support-issue-type"
              value={issueType}
              onChange={(e) => setIssueType(e.target.value as IssueType)}
            >
              <option value="">Choose…</option>
              {ISSUE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {ISSUE_TYPE_LABELS[t]}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup
            label="Priority"
            labelFor="support-priority"
            intent={fields.priority_level ? 'danger' : 'none'}
            helperText={fields.priority_level}
          >
            <HTMLSelect
              id="support-priority"
              value={priority}
              onChange={(e) => setPriority(e.target.value as PriorityLevel)}
            >
              {PRIORITY_LEVELS.map((p) => (
                <option key={p} value={p}>
                  {PRIORITY_LABELS[p]}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        </div>
        <FormGroup
          label="Subject"
          labelFor="support-subject"
          intent={fields.subject ? 'danger' : 'none'}
          helperText={fields.subject}
        >
          <InputGroup
            id="support-subject"
            value={subject}
            maxLength={200}
            onChange={(e) => setSubject(e.target.value)}
          />
        </FormGroup>
        <FormGroup
          label="Description"
          labelFor="support-description"
          intent={fields.description ? 'danger' : 'none'}
          helperText={fields.description ?? 'What happened, where, and what you expected.'}
        >
          <TextArea
            id="support-description"
            fill
            rows={6}
            maxLength={5000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </FormGroup>
        <FilesField
          id="support-attachments"
          label="Attachments"
          hint={`Up to ${MAX_ATTACHMENTS} files of 5 MB: images, PDF, text, CSV, Word, Excel or ZIP.`}
          files={files}
          error={fields.attachments}
          onFiles={setFiles}
          onError={(attachments) => setFields((f) => ({ ...f, attachments }))}
        />
        <Button type="submit" intent="primary" text="Send to support" loading={busy} />
      </form>
      <h3 style={{ marginTop: 24 }}>Your requests</h3>
      {loadError ? (
        <PageLoadError title="Could not load your requests" error={loadError} retry={() => void load()} busy={false} />
      ) : requests === null ? (
        <PageLoading what="support requests" />
      ) : requests.length === 0 ? (
        <NonIdealState
          icon="help"
          title="No support requests yet"
          description="Requests you send appear here with their status and answers."
        />
      ) : (
        <>
          {actionError && (
            <Callout intent="danger" role="alert" style={{ marginBottom: 12 }}>
              {actionError}
            </Callout>
          )}
          {requests.map((r) => (
            <RequestCard
              key={r.request_id}
              request={r}
              when={when}
              actions={
                <>
                  <Button
                    icon="comment"
                    text="Reply"
                    aria-label={`Reply to request ${r.request_id}`}
                    disabled={replying === r.request_id}
                    onClick={() => setReplying(r.request_id)}
                  />
                  {r.status !== 'closed' && (
                    <Button
                      icon="tick-circle"
                      text="Close"
                      aria-label={`Close request ${r.request_id}`}
                      loading={closing === r.request_id}
                      onClick={() => void close(r.request_id)}
                    />
                  )}
                </>
              }
            >
              {replying === r.request_id && tenantId != null && (
                <ReplyForm
                  tenantId={tenantId}
                  request={r}
                  onCancel={() => setReplying(null)}
                  onSent={(sent) => {
                    setReplying(null);
                    replaced(sent);
                  }}
                />
              )}
            </RequestCard>
          ))}
        </>
      )}
    </div>
  );
}
