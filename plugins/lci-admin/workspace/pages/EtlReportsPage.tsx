/** /lciadmin/etlreports: ETL runs of every tenant and integration, newest first, with totals; filter by tenant and status. */
import { Callout, FormGroup, HTMLSelect, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { AdminPageHeader } from '../core/AdminPageHeader';
import { DataTable, Loaded, TenantSelect, useAdminData, when } from './admin-ui';

interface Run {
  etl_run_id: number;
  tenant_id: number;
  tenant_name: string;
  integration_name: string;
  trigger: string;
  status: string;
  started_at: string;
  finished_at: string | null;
  rows_read: number;
  rows_written: number;
  error_count: number;
  error_message: string | null;
}
interface Totals {
  runs: number;
  succeeded: number;
  failed: number;
  running: number;
  rows_read: number;
  rows_written: number;
  errors: number;
}
const STATUSES = ['queued', 'running', 'succeeded', 'failed'];
const INTENT: Record<string, 'success' | 'danger' | 'primary'> = {
  succeeded: 'success',
  failed: 'danger',
  running: 'primary',
  queued: 'primary',
};
const n = (x: number) => Number(x).toLocaleString();

export default function EtlReportsPage() {
  const [tenantId, setTenantId] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const qs = new URLSearchParams({
    ...(tenantId ? { tenantId: String(tenantId) } : {}),
    ...(status ? { status } : {}),
  }).toString();
  const state = useAdminData<{ runs: Run[]; totals: Totals }>(`/v3/lciadmin/etlreports${qs ? `?${qs}` : ''}`);
  return (
    <>
      <AdminPageHeader
        title="ETL Reports"
        subtitle="Runs of the tenants' integrations: status, rows and errors (latest 200)"
      />
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <TenantSelect value={tenantId} onChange={setTenantId} allowAll="All tenants" />
        <FormGroup label="Status" labelFor="etl-status" inline>
          <HTMLSelect
            id="etl-status"
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            options={[{ value: '', label: 'Any' }, ...STATUSES.map((s) => ({ value: s, label: s }))]}
          />
        </FormGroup>
      </div>
      <Loaded state={state} what="ETL runs">
        {(d) => (
          <>
            <Callout intent={d.totals.failed ? 'warning' : 'none'} style={{ marginBottom: 12 }}>
              {d.totals.runs} run(s): {d.totals.succeeded} succeeded, {d.totals.failed} failed, {d.totals.running}{' '}
              queued or running; {n(d.totals.rows_read)} rows read, {n(d.totals.rows_written)} written,{' '}
              {n(d.totals.errors)} error(s).
            </Callout>
            <DataTable
              rows={d.runs}
              rowKey={(r) => r.etl_run_id}
              empty="No ETL runs"
              cols={[
                { header: 'Started', cell: (r) => when(r.started_at) },
                { header: 'Tenant', cell: (r) => `${r.tenant_name} (${r.tenant_id})` },
                { header: 'Integration', cell: (r) => r.integration_name },
                { header: 'Trigger', cell: (r) => r.trigger },
                {
                  header: 'Status',
                  cell: (r) => (
                    <Tag minimal intent={INTENT[r.status]}>
                      {r.status}
                    </Tag>
                  ),
                },
                { header: 'Rows read', cell: (r) => n(r.rows_read) },
                { header: 'Written', cell: (r) => n(r.rows_written) },
                {
                  header: 'Errors',
                  cell: (r) =>
                    r.error_count ? (
                      <span title={r.error_message ?? ''}>
                        {r.error_count}: {r.error_message}
                      </span>
                    ) : (
                      0
                    ),
                },
              ]}
            />
          </>
        )}
      </Loaded>
    </>
  );
}
