/**
 * 'Schedule Report for Email Delivery' (the builder's header action): schedule the report on screen for a company's
 * contacts and the tenant's users, and see this report's schedules with their next run, last status and delivery
 * log (send now, edit, delete with confirmation). Default export: the builder loads it lazily (actions.ts).
 */
import {
  Alert,
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
  Tag,
} from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { FormError, SubmitButton, useReadOnly, useSchemaForm, useTenantFormat } from '../../../../workspace/sdk';
import type { RunRow, ScheduleRow } from '../../shared/schedule-api';
import { REPORT_BUILDER_PAGE } from '../../shared/pages';
import { scheduleApi } from './client';
import { ScheduleForm, bodyOf, scheduleFieldOf, scheduleFormBody, valuesOf, type FormValues } from './ScheduleForm';

export interface ScheduleDialogProps {
  tenantId: number;
  templateId: number;
  templateName?: string;
  vers: number;
  companyId?: number | null;
  isOpen?: boolean;
  onClose(): void;
}

const STATUS_INTENT = {
  sent: 'success',
  partial: 'warning',
  failed: 'danger',
  running: 'none',
  skipped: 'none',
} as const;

function newValues(p: ScheduleDialogProps, timeZone: string): FormValues {
  return {
    name: p.templateName ? `${p.templateName} by e-mail` : 'Scheduled report',
    companyId: p.companyId ?? null,
    vers: null,
    frequency: 'monthly',
    weekday: 1,
    monthDay: 1,
    quarterBasis: 'calendar',
    reviewDate: '',
    sendTime: '08:00',
    timeZone,
    recipients: { contacts: [], users: [] },
    active: true,
  };
}

export default function ScheduleDialog(props: ScheduleDialogProps) {
  const { tenantId, templateId, vers, onClose } = props;
  const fmt = useTenantFormat();
  const readOnly = useReadOnly(REPORT_BUILDER_PAGE);
  const [tab, setTab] = useState<'form' | 'list'>(readOnly ? 'list' : 'form');
  const [editing, setEditing] = useState<ScheduleRow | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [schedules, setSchedules] = useState<ScheduleRow[] | null>(null);

  const reload = useCallback(() => {
    scheduleApi
      .list(tenantId, templateId)
      .then((r) => setSchedules(r.schedules))
      .catch((e: Error) => setError(e.message));
  }, [tenantId, templateId]);
  useEffect(reload, [reload]);

  const form = useSchemaForm({
    schema: scheduleFormBody,
    defaultValues: newValues(props, fmt.timeZone),
    toBody: (v) => bodyOf(v, templateId),
    fieldOf: scheduleFieldOf,
    fieldsMessage: (e) => (e as Error).message,
    onSubmit: async (body) => {
      setError(null);
      const r = editing
        ? await scheduleApi.update(tenantId, editing.report_schedule_id, { ...body, version: editing.version })
        : await scheduleApi.create(tenantId, body);
      setNotice(`"${r.schedule.name}" is scheduled.`);
      setEditing(null);
      reload();
      setTab('list');
    },
  });

  const start = (s: ScheduleRow | null) => {
    setEditing(s);
    form.reset(s ? valuesOf(s) : newValues(props, fmt.timeZone));
    setError(null);
    setTab('form');
  };

  return (
    <Dialog
      isOpen={props.isOpen ?? true}
      onClose={onClose}
      title="Schedule Report for Email Delivery"
      icon="envelope"
      style={{ width: 860, maxWidth: '95vw' }}
    >
      <DialogBody>
        {props.templateName && (
          <p>
            Report: <strong>{props.templateName}</strong>
          </p>
        )}
        {notice && (
          <Callout intent="success" style={{ marginBottom: 12 }} role="status">
            {notice}
          </Callout>
        )}
        <Tabs id="schedule-tabs" selectedTabId={tab} onChange={(t) => setTab(t as 'form' | 'list')}>
          {!readOnly && (
            <Tab
              id="form"
              title={editing ? `Edit "${editing.name}"` : 'New schedule'}
              panel={
                <>
                  {error && (
                    <Callout intent="danger" role="alert" style={{ marginBottom: 12 }}>
                      {error}
                    </Callout>
                  )}
                  <FormError control={form.control} style={{ marginBottom: 12 }} />
                  <ScheduleForm tenantId={tenantId} vers={vers} form={form} />
                </>
              }
            />
          )}
          <Tab
            id="list"
            title={`Schedules${schedules ? ` (${schedules.length})` : ''}`}
            panel={
              <ScheduleList
                tenantId={tenantId}
                schedules={schedules}
                readOnly={readOnly}
                onEdit={start}
                onChanged={reload}
              />
            }
          />
        </Tabs>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {tab === 'list' && !readOnly && <Button icon="add" text="New schedule" onClick={() => start(null)} />}
            <Button text="Close" onClick={onClose} />
            {tab === 'form' && !readOnly && <SubmitButton form={form} text={editing ? 'Save changes' : 'Schedule'} />}
          </>
        }
      />
    </Dialog>
  );
}

function ScheduleList({
  tenantId,
  schedules,
  readOnly,
  onEdit,
  onChanged,
}: {
  tenantId: number;
  schedules: ScheduleRow[] | null;
  readOnly: boolean;
  onEdit(s: ScheduleRow): void;
  onChanged(): void;
}) {
  const fmt = useTenantFormat();
  const [open, setOpen] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ScheduleRow | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!schedules) return <Spinner size={30} aria-label="Loading schedules" />;
  if (!schedules.length)
    return (
      <NonIdealState
        icon="calendar"
        title="No schedules yet"
        description="Schedule this report to e-mail it to a company's contacts and your team on a regular basis."
      />
    );

  const sendNow = async (s: ScheduleRow) => {
    setBusy(s.report_schedule_id);
    setError(null);
    try {
      await scheduleApi.runNow(tenantId, s.report_schedule_id);
      setOpen(s.report_schedule_id);
      onChanged();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {error && (
        <Callout intent="danger" role="alert" style={{ marginBottom: 12 }}>
          {error}
        </Callout>
      )}
      <HTMLTable compact striped style={{ width: '100%' }} aria-label="Scheduled reports">
        <thead>
          <tr>
            <th>Name</th>
            <th>Company</th>
            <th>Frequency</th>
            <th>Next run</th>
            <th>Last run</th>
            <th>
              <span className="bp6-text-muted">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {schedules.map((s) => (
            <ScheduleRowView
              key={s.report_schedule_id}
              s={s}
              next={s.next_run_at ? `${fmt.dateTime(s.next_run_at)}` : s.active ? '—' : 'Paused'}
              open={open === s.report_schedule_id}
              busy={busy === s.report_schedule_id}
              readOnly={readOnly}
              tenantId={tenantId}
              onToggle={() => setOpen(open === s.report_schedule_id ? null : s.report_schedule_id)}
              onEdit={() => onEdit(s)}
              onSendNow={() => void sendNow(s)}
              onDelete={() => setDeleting(s)}
            />
          ))}
        </tbody>
      </HTMLTable>
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon="trash"
        confirmButtonText="Delete schedule"
        cancelButtonText="Cancel"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          const s = deleting!;
          setDeleting(null);
          try {
            await scheduleApi.remove(tenantId, s.report_schedule_id, s.version);
            onChanged();
          } catch (e) {
            setError((e as Error).message);
          }
        }}
      >
        Delete the schedule "{deleting?.name}" and its delivery log? No more e-mails will be sent for it. Reports
        already sent stay in the report locker.
      </Alert>
    </>
  );
}

function ScheduleRowView({
  s,
  next,
  open,
  busy,
  readOnly,
  tenantId,
  onToggle,
  onEdit,
  onSendNow,
  onDelete,
}: {
  s: ScheduleRow;
  next: string;
  open: boolean;
  busy: boolean;
  readOnly: boolean;
  tenantId: number;
  onToggle(): void;
  onEdit(): void;
  onSendNow(): void;
  onDelete(): void;
}) {
  return (
    <>
      <tr>
        <td>{s.name}</td>
        <td>{s.company_name}</td>
        <td>
          {s.frequency_text} at {s.send_time} ({s.time_zone})
        </td>
        <td>{next}</td>
        <td>{s.last_run ? <Tag intent={STATUS_INTENT[s.last_run.status]}>{s.last_run.status}</Tag> : '—'}</td>
        <td style={{ whiteSpace: 'nowrap' }}>
          <Button
            small
            minimal
            icon={open ? 'chevron-up' : 'history'}
            text="Delivery log"
            aria-expanded={open}
            onClick={onToggle}
          />
          {!readOnly && (
            <>
              <Button small minimal icon="send-message" text="Send now" loading={busy} onClick={onSendNow} />
              <Button small minimal icon="edit" aria-label={`Edit ${s.name}`} onClick={onEdit} />
              <Button small minimal icon="trash" intent="danger" aria-label={`Delete ${s.name}`} onClick={onDelete} />
            </>
          )}
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={6}>
            <DeliveryLog tenantId={tenantId} scheduleId={s.report_schedule_id} stamp={s.last_run?.started_at ?? ''} />
          </td>
        </tr>
      )}
    </>
  );
}

function DeliveryLog({ tenantId, scheduleId, stamp }: { tenantId: number; scheduleId: number; stamp: string }) {
  const fmt = useTenantFormat();
  const [runs, setRuns] = useState<RunRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let gone = false;
    scheduleApi
      .runs(tenantId, scheduleId)
      .then((r) => !gone && setRuns(r.runs))
      .catch((e: Error) => !gone && setError(e.message));
    return () => {
      gone = true;
    };
  }, [tenantId, scheduleId, stamp]);
  if (error) return <Callout intent="danger">{error}</Callout>;
  if (!runs) return <Spinner size={20} aria-label="Loading the delivery log" />;
  if (!runs.length) return <p className="bp6-text-muted">Not sent yet.</p>;
  return (
    <div aria-label="Delivery log">
      {runs.map((r) => (
        <div key={r.report_schedule_run_id} style={{ marginBottom: 8 }}>
          <div>
            <Tag intent={STATUS_INTENT[r.status]}>{r.status}</Tag>{' '}
            <strong>{r.manual ? 'Sent now' : `Period ${r.period_key}`}</strong> · {fmt.dateTime(r.started_at)}
            {r.error ? ` · ${r.error}` : ''}
          </div>
          <HTMLTable compact style={{ width: '100%' }}>
            <tbody>
              {r.deliveries.map((d) => (
                <tr key={d.report_delivery_id}>
                  <td>{d.recipient_kind === 'contact' ? 'Contact' : 'User'}</td>
                  <td>{d.email || '—'}</td>
                  <td>{d.mode === 'attachment' ? 'Attached' : d.mode === 'link' ? 'Link' : ''}</td>
                  <td>
                    <Tag minimal intent={STATUS_INTENT[d.status]}>
                      {d.status}
                    </Tag>
                  </td>
                  <td>{d.error ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      ))}
    </div>
  );
}
