/**
 * /lcisupport/supportRequests: support requests of every tenant for internal support, filtered by status, priority
 * and tenant, each with its conversation (answers and the tenant's replies); answering sets the status and mails
 * the requester. New requests, replies and closings arrive live; times are in the viewer's (browser's) zone, shown.
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  NonIdealState,
  TextArea,
} from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  api,
  ApiError,
  browserTimeZone,
  formatDateTimeZone,
  PageHeader,
  PageLoadError,
  PageLoading,
  useTenantFormat,
} from '../../../workspace/sdk';
import { INTERNAL_REQUESTS_PATH, type AnswerBody, type InternalSupportRequest } from '../shared/api';
import { INBOX_TARGET } from '../shared/live';
import {
  PRIORITY_LABELS,
  PRIORITY_LEVELS,
  REQUEST_STATUSES,
  STATUS_LABELS,
  type PriorityLevel,
  type RequestStatus,
} from '../shared/rules';
import { useReloadOn } from './live';
import { RequestCard } from './RequestCard';

function AnswerDialog({
  request,
  onClose,
  onDone,
}: {
  request: InternalSupportRequest;
  onClose(): void;
  onDone(): void;
}) {
  const [status, setStatus] = useState<RequestStatus>(request.status === 'open' ? 'answered' : request.status);
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const body: AnswerBody = { status, answer };
      await api.put(`${INTERNAL_REQUESTS_PATH}/${request.request_id}`, body);
      onDone();
    } catch (e) {
      setError(e instanceof ApiError && e.fields?.length ? e.fields[0]!.message : (e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={`Answer #${request.request_id}: ${request.subject}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <DialogBody>
          {error && (
            <Callout intent="danger" role="alert" style={{ marginBottom: 8 }}>
              {error}
            </Callout>
          )}
          <FormGroup label="Status" labelFor="support-answer-status">
            <HTMLSelect
              id="support-answer-status"
              value={status}
              onChange={(e) => setStatus(e.target.value as RequestStatus)}
            >
              {REQUEST_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup
            label="Answer"
            labelFor="support-answer-text"
            helperText="Mailed to the requester and shown on their Support page."
          >
            <TextArea
              id="support-answer-text"
              fill
              rows={6}
              maxLength={5000}
              value={answer}
              onChange={(e) => setAnswer(e.target.value)}
              autoFocus
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button type="submit" intent="primary" text="Save" loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

export default function SupportInboxPage() {
  const [status, setStatus] = useState<RequestStatus | ''>('');
  const [priority, setPriority] = useState<PriorityLevel | ''>('');
  const [tenant, setTenant] = useState('');
  const [requests, setRequests] = useState<InternalSupportRequest[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [answering, setAnswering] = useState<InternalSupportRequest | null>(null);
  // Requests come from tenants in every zone: times in the viewer's own zone, shown with it.
  const { dateFormat } = useTenantFormat();
  const when = useMemo(() => {
    const zone = browserTimeZone();
    return (iso: string) => formatDateTimeZone(iso, dateFormat, zone);
  }, [dateFormat]);

  const load = useCallback(async () => {
    setBusy(true);
    setError(null);
    const q = new URLSearchParams();
    if (status) q.set('status', status);
    if (priority) q.set('priority_level', priority);
    try {
      const r = await api.get<{ requests: InternalSupportRequest[] }>(`${INTERNAL_REQUESTS_PATH}?${q.toString()}`);
      setRequests(r.requests);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }, [status, priority]);
  useEffect(() => {
    void load();
  }, [load]);
  // A tenant filed, replied or closed (or another of support answered): the list shows it at once.
  useReloadOn(INBOX_TARGET, () => void load());

  const tenants = useMemo(
    () =>
      [...new Map((requests ?? []).map((r) => [r.tenant_id, r.tenant_name])).entries()].sort((a, b) =>
        a[1].localeCompare(b[1]),
      ),
    [requests],
  );
  const shown = (requests ?? []).filter((r) => !tenant || String(r.tenant_id) === tenant);

  return (
    <div className="lci-page">
      <PageHeader title="Support Requests" subtitle="Requests filed by tenants from their Support page." />
      <div
        role="search"
        aria-label="Filter support requests"
        style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 12 }}
      >
        <FormGroup label="Status" labelFor="support-filter-status" inline>
          <HTMLSelect
            id="support-filter-status"
            value={status}
            onChange={(e) => setStatus(e.target.value as RequestStatus | '')}
          >
            <option value="">All</option>
            {REQUEST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="Priority" labelFor="support-filter-priority" inline>
          <HTMLSelect
            id="support-filter-priority"
            value={priority}
            onChange={(e) => setPriority(e.target.value as PriorityLevel | '')}
          >
            <option value="">All</option>
            {PRIORITY_LEVELS.map((p) => (
              <option key={p} value={p}>
                {PRIORITY_LABELS[p]}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="Tenant" labelFor="support-filter-tenant" inline>
          <HTMLSelect id="support-filter-tenant" value={tenant} onChange={(e) => setTenant(e.target.value)}>
            <option value="">All</option>
            {tenants.map(([id, name]) => (
              <option key={id} value={String(id)}>
                {name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <Button
          text="Clear"
          variant="minimal"
          disabled={!status && !priority && !tenant}
          onClick={() => {
            setStatus('');
            setPriority('');
            setTenant('');
          }}
        />
      </div>
      {error ? (
        <PageLoadError title="Could not load support requests" error={error} retry={() => void load()} busy={busy} />
      ) : requests === null ? (
        <PageLoading what="support requests" />
      ) : shown.length === 0 ? (
        <NonIdealState
          icon="inbox"
          title="No support requests"
          description={
            status || priority || tenant ? 'None match these filters.' : 'Requests tenants file appear here.'
          }
        />
      ) : (
        shown.map((r) => (
          <RequestCard
            key={r.request_id}
            request={r}
            when={when}
            extra={<strong>{r.tenant_name} · </strong>}
            actions={
              <Button
                icon="comment"
                text="Answer"
                aria-label={`Answer request ${r.request_id}`}
                onClick={() => setAnswering(r)}
              />
            }
          />
        ))
      )}
      {answering && (
        <AnswerDialog
          request={answering}
          onClose={() => setAnswering(null)}
          onDone={() => {
            setAnswering(null);
            void load();
          }}
        />
      )}
    </div>
  );
}
