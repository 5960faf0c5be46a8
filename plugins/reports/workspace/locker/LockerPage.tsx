/**
 * /reportlocker (customer-success.md 3 "Report locker", platform.md 3): every export kept for the tenant, grouped by
 * report type (Word report, CSV export, Chart image). Each type is a section whose items show name, company,
 * template and version, created, size, status and linked business review; "Show details" per type is remembered for
 * the user (off: the section shows only how many reports it holds). Actions: Download (a fresh link each time),
 * Rename (Enter saves), Link to business review (id and title; Unlink), Delete (a confirmation naming the report).
 * Read Only users list and download. Calls go over the realtime socket with the POST fallback (locker-client.ts).
 */
import { Button, Callout, Card, NonIdealState, Switch, Tag, type Intent } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  DataTable,
  PageHeader,
  PageLoadError,
  PageLoading,
  pushMessage,
  useReadOnly,
  useRealtimeStatus,
  useTenant,
  useTenantFormat,
  type DataTableColumn,
} from '../../../../workspace/sdk';
import { REPORT_LOCKER_PAGE } from '../../shared/pages';
import type { LockerListAnswer, ReportTypeView, SavedReport } from '../../shared/locker';
import { REPORT_RETENTION_DAYS } from '../../shared/retention';
import { DeleteReportAlert, LinkDialog, RenameDialog } from './LockerDialogs';
import { humanSize, lockerApi, startDownload, type LockerTransport } from './locker-client';
import './locker.css';

const STATUS: Record<SavedReport['status'], { label: string; intent: Intent }> = {
  pending: { label: 'Pending', intent: 'warning' },
  ready: { label: 'Ready', intent: 'success' },
  failed: { label: 'Failed', intent: 'danger' },
};

type Dialog = { kind: 'rename' | 'link' | 'delete'; report: SavedReport } | null;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export default function LockerPage() {
  const tenant = useTenant();
  const readOnly = useReadOnly(REPORT_LOCKER_PAGE);
  const socketOpen = useRealtimeStatus() === 'open';
  const socketRef = useRef(socketOpen);
  socketRef.current = socketOpen;
  const tr = useMemo<LockerTransport | null>(
    () => (tenant ? { tenantId: tenant.tenantId, socketOpen } : null),
    [tenant, socketOpen],
  );
  const [data, setData] = useState<LockerListAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [downloading, setDownloading] = useState<number | null>(null);

  const tenantId = tenant?.tenantId ?? null;
  const load = useCallback(async () => {
    if (tenantId === null) return;
    setBusy(true);
    try {
      // Read over HTTP or the socket, whichever is open now (the socket may open while the page loads).
      setData(await lockerApi.list({ tenantId, socketOpen: socketRef.current }));
      setError(null);
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  }, [tenantId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!tr) return null;

  const toggle = async (t: ReportTypeView, show: boolean) => {
    setData(
      (d) =>
        d && {
          ...d,
          report_types: d.report_types.map((x) => (x.report_type === t.report_type ? { ...x, show_details: show } : x)),
        },
    );
    if (readOnly) return; // kept for this visit only: a Read Only user cannot store the preference
    try {
      await lockerApi.showDetails(tr, t.report_type, show);
    } catch (e) {
      pushMessage({ msg_type: 'error', msg: `The setting could not be saved: ${message(e)}` });
    }
  };

  const download = async (r: SavedReport) => {
    setDownloading(r.saved_report_id);
    try {
      const d = await lockerApi.download(tr, r.saved_report_id);
      startDownload(d.download_url, d.file_name);
    } catch (e) {
      pushMessage({ msg_type: 'error', msg: `${r.name} could not be downloaded: ${message(e)}` });
    } finally {
      setDownloading(null);
    }
  };

  const replace = (saved: SavedReport) =>
    setData((d) => {
      if (!d) return d;
      const swap = (list: SavedReport[]) => list.map((x) => (x.saved_report_id === saved.saved_report_id ? saved : x));
      return {
        saved_reports: swap(d.saved_reports),
        report_types: d.report_types.map((t) => ({ ...t, items: swap(t.items) })),
      };
    });
  const drop = (id: number) =>
    setData((d) => {
      if (!d) return d;
      const keep = (list: SavedReport[]) => list.filter((x) => x.saved_report_id !== id);
      return {
        saved_reports: keep(d.saved_reports),
        report_types: d.report_types.map((t) => ({ ...t, items: keep(t.items) })),
      };
    });

  const subtitle = `Your exports (Word reports, CSV exports and chart images), kept for ${REPORT_RETENTION_DAYS} days.`;

  return (
    <div className="lci-page lci-locker">
      <PageHeader title="Report Locker" subtitle={subtitle} readOnly={readOnly}>
        <Button icon="refresh" text="Refresh" onClick={() => void load()} loading={busy && data !== null} />
      </PageHeader>
      {error && data === null ? (
        <PageLoadError
          title="The report locker could not be loaded"
          error={error}
          retry={() => void load()}
          busy={busy}
        />
      ) : data === null ? (
        <PageLoading what="saved reports" />
      ) : data.saved_reports.length === 0 ? (
        <NonIdealState
          icon="archive"
          title="No saved reports yet"
          description={`Reports you export from the report builder and the CSV downloads of list pages are kept here for ${REPORT_RETENTION_DAYS} days.`}
        />
      ) : (
        <>
          {error && (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          )}
          {data.report_types.map((t) => (
            <TypeSection
              key={t.report_type}
              type={t}
              readOnly={readOnly}
              downloading={downloading}
              onToggle={(show) => void toggle(t, show)}
              onDownload={(r) => void download(r)}
              onAction={(kind, report) => setDialog({ kind, report })}
            />
          ))}
        </>
      )}
      {dialog?.kind === 'rename' && (
        <RenameDialog
          report={dialog.report}
          onClose={() => setDialog(null)}
          save={async (name) => replace((await lockerApi.rename(tr, dialog.report.saved_report_id, name)).saved_report)}
        />
      )}
      {dialog?.kind === 'link' && (
        <LinkDialog
          report={dialog.report}
          onClose={() => setDialog(null)}
          save={async (qbr) => replace((await lockerApi.link(tr, dialog.report.saved_report_id, qbr)).saved_report)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteReportAlert
          report={dialog.report}
          onClose={() => setDialog(null)}
          confirm={async () => {
            await lockerApi.remove(tr, dialog.report.saved_report_id);
            drop(dialog.report.saved_report_id);
          }}
        />
      )}
    </div>
  );
}

function TypeSection({
  type,
  readOnly,
  downloading,
  onToggle,
  onDownload,
  onAction,
}: {
  type: ReportTypeView;
  readOnly: boolean;
  downloading: number | null;
  onToggle(show: boolean): void;
  onDownload(r: SavedReport): void;
  onAction(kind: 'rename' | 'link' | 'delete', r: SavedReport): void;
}) {
  const fmt = useTenantFormat();
  const columns = useMemo(
    (): DataTableColumn<SavedReport>[] => [
      {
        id: 'name',
        header: 'Name',
        value: (r) => r.name,
        required: true,
        cell: (r) => (
          <>
            <strong>{r.name}</strong>
            <div className="bp6-text-muted bp6-text-small">{r.file_name}</div>
          </>
        ),
      },
      { id: 'company', header: 'Company', value: (r) => r.company_name, cell: (r) => r.company_name ?? '—' },
      {
        id: 'template',
        header: 'Template',
        value: (r) => r.template_name,
        cell: (r) => (r.template_name ? `${r.template_name}${r.vers ? ` (version ${r.vers})` : ''}` : '—'),
      },
      {
        id: 'created',
        header: 'Created',
        value: (r) => r.created_at,
        firstDir: 'desc',
        cell: (r) => fmt.dateTime(r.created_at),
      },
      {
        id: 'size',
        header: 'Size',
        value: (r) => (r.status === 'ready' ? r.size_bytes : null),
        align: 'end',
        cell: (r) => (r.status === 'ready' ? humanSize(r.size_bytes) : '—'),
      },
      {
        id: 'status',
        header: 'Status',
        value: (r) => STATUS[r.status].label,
        cell: (r) => (
          <>
            <Tag intent={STATUS[r.status].intent} minimal title={r.error ?? undefined}>
              {STATUS[r.status].label}
            </Tag>
            {r.status === 'failed' && r.error && <div className="bp6-text-small">{r.error}</div>}
          </>
        ),
      },
      {
        id: 'review',
        header: 'Business review',
        value: (r) => r.qbr_title,
        cell: (r) =>
          r.qbr_title ? `${r.qbr_title} (#${r.qbr_id})` : <span className="bp6-text-muted">Not linked</span>,
      },
      {
        id: 'actions',
        header: 'Actions',
        sort: false,
        required: true,
        className: 'lci-locker-actions',
        cell: (r) => (
          <>
            <Button
              size="small"
              icon="download"
              text="Download"
              aria-label={`Download ${r.name}`}
              disabled={r.status !== 'ready'}
              loading={downloading === r.saved_report_id}
              onClick={() => onDownload(r)}
            />
            {!readOnly && r.rename_report && (
              <Button
                size="small"
                variant="minimal"
                icon="edit"
                text="Rename"
                aria-label={`Rename ${r.name}`}
                onClick={() => onAction('rename', r)}
              />
            )}
            {!readOnly && r.link_to_qbr && (
              <Button
                size="small"
                variant="minimal"
                icon="link"
                text={r.qbr_id ? 'Change link' : 'Link to business review'}
                aria-label={`Link ${r.name} to a business review`}
                onClick={() => onAction('link', r)}
              />
            )}
            {!readOnly && (
              <Button
                size="small"
                variant="minimal"
                intent="danger"
                icon="trash"
                text="Delete"
                aria-label={`Delete ${r.name}`}
                onClick={() => onAction('delete', r)}
              />
            )}
          </>
        ),
      },
    ],
    [fmt, readOnly, downloading, onDownload, onAction],
  );
  const headingId = `locker-type-${type.report_type}`;
  const count = type.items.length;
  return (
    <Card className="lci-locker-type" role="region" aria-labelledby={headingId}>
      <div className="lci-locker-type-head">
        <h2 id={headingId} className="bp6-heading">
          {type.label}{' '}
          <Tag minimal round>
            {count}
          </Tag>
        </h2>
        <Switch
          checked={type.show_details}
          label="Show details"
          aria-label={`Show details of ${type.label}`}
          onChange={(e) => onToggle(e.currentTarget.checked)}
        />
      </div>
      {count === 0 ? (
        <p className="bp6-text-muted">No {type.label.toLowerCase()}s saved yet.</p>
      ) : !type.show_details ? (
        <p className="bp6-text-muted">
          {count} {count === 1 ? 'report' : 'reports'} (details hidden).
        </p>
      ) : (
        <DataTable
          label={`${type.label}s`}
          tableKey="reportLocker"
          className="lci-locker-table"
          columns={columns}
          rows={type.items}
          rowKey={(r) => r.saved_report_id}
          rowLabel={(r) => r.name}
          fill={false}
        />
      )}
    </Card>
  );
}
