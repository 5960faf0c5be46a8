/** /lcisupport/adminEtlManager: ETL schedules per tenant integration; enable/disable, run now (queues a job). */
import { Button, Switch, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { api } from '../../../../workspace/sdk';
import { AdminPageHeader, SUPPORT_HOME } from '../core/AdminPageHeader';
import { act, Confirm, DataTable, Loaded, TenantSelect, useAdminData, when } from './admin-ui';

interface Schedule {
  tenant_integration_id: number;
  tenant_id: number;
  tenant_name: string;
  integration_name: string;
  integration_status: string;
  interval_minutes: number | null;
  enabled_flag: boolean;
  last_run_at: string | null;
  last_status: string | null;
}
const STATUS_INTENT: Record<string, 'success' | 'danger' | 'primary'> = {
  succeeded: 'success',
  failed: 'danger',
  running: 'primary',
  queued: 'primary',
};

export default function EtlManagerPage() {
  const [tenantId, setTenantId] = useState<number | null>(null);
  const state = useAdminData<{ schedules: Schedule[] }>(
    `/v3/lcisupport/etlschedules${tenantId ? `?tenantId=${tenantId}` : ''}`,
  );
  const [pending, setPending] = useState<{ s: Schedule; action: 'run' | 'disable' } | null>(null);
  const setEnabled = (s: Schedule, enabled: boolean) =>
    act(
      () => api.put(`/v3/lcisupport/etlschedules/${s.tenant_integration_id}`, { enabled_flag: enabled }),
      `${s.integration_name} of ${s.tenant_name}: schedule ${enabled ? 'enabled' : 'disabled'}`,
    ).then(() => state.reload());
  return (
    <>
      <AdminPageHeader title="ETL Manager" subtitle="Schedules of each tenant's integrations" back={SUPPORT_HOME}>
        <Button icon="refresh" text="Refresh" loading={state.busy} onClick={state.reload} />
      </AdminPageHeader>
      <TenantSelect value={tenantId} onChange={setTenantId} allowAll="All tenants" />
      <Loaded state={state} what="ETL schedules">
        {(d) => (
          <DataTable
            rows={d.schedules}
            rowKey={(s) => s.tenant_integration_id}
            empty="No integrations"
            cols={[
              { header: 'Tenant', cell: (s) => `${s.tenant_name} (${s.tenant_id})` },
              { header: 'Integration', cell: (s) => `${s.integration_name} (${s.integration_status})` },
              { header: 'Every', cell: (s) => (s.interval_minutes ? `${s.interval_minutes} min` : '') },
              {
                header: 'Enabled',
                cell: (s) => (
                  <Switch
                    aria-label={`Schedule of ${s.integration_name} for ${s.tenant_name}`}
                    checked={s.enabled_flag}
                    style={{ margin: 0 }}
                    onChange={(e) => {
                      if (e.currentTarget.checked) void setEnabled(s, true);
                      else setPending({ s, action: 'disable' });
                    }}
                  />
                ),
              },
              {
                header: 'Last run',
                cell: (s) => (
                  <>
                    {when(s.last_run_at)}{' '}
                    {s.last_status && (
                      <Tag minimal intent={STATUS_INTENT[s.last_status]}>
                        {s.last_status}
                      </Tag>
                    )}
                  </>
                ),
              },
              {
                header: '',
                cell: (s) => (
                  <Button
                    size="small"
                    icon="play"
                    text="Run now"
                    aria-label={`Run ${s.integration_name} of ${s.tenant_name} now`}
                    onClick={() => setPending({ s, action: 'run' })}
                  />
                ),
              },
            ]}
          />
        )}
      </Loaded>
      <Confirm
        open={!!pending}
        intent={pending?.action === 'disable' ? 'warning' : 'primary'}
        confirm={pending?.action === 'run' ? 'Run now' : 'Disable'}
        text={
          pending &&
          (pending.action === 'run' ? (
            <>
              Run the ETL of <strong>{pending.s.integration_name}</strong> for {pending.s.tenant_name} now? A job is
              queued; its run shows in ETL Reports.
            </>
          ) : (
            <>
              Disable the ETL schedule of <strong>{pending.s.integration_name}</strong> for {pending.s.tenant_name}? Its
              data stops refreshing.
            </>
          ))
        }
        onClose={() => setPending(null)}
        onConfirm={() => {
          const p = pending!;
          setPending(null);
          if (p.action === 'disable') void setEnabled(p.s, false);
          else
            void act(
              () => api.post(`/v3/lcisupport/etlschedules/${p.s.tenant_integration_id}/run`),
              `ETL of ${p.s.integration_name} queued`,
            ).then(() => state.reload());
        }}
      />
    </>
  );
}
