/** /lcisupport/initialSyncInProgress: integrations whose first synchronisation is running, oldest first; mark done or reset. */
import { Button, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { api } from '../../../../workspace/sdk';
import { AdminPageHeader, SUPPORT_HOME } from '../core/AdminPageHeader';
import { act, Confirm, DataTable, Loaded, useAdminData, when } from './admin-ui';

interface Row {
  tenant_integration_id: number;
  tenant_id: number;
  tenant_name: string;
  integration_name: string;
  is_primary: boolean;
  integration_status: string;
  initial_sync_started_at: string | null;
}

export default function InitialSyncPage() {
  const state = useAdminData<{ in_progress: Row[] }>('/v3/lcisupport/initialsync');
  const [pending, setPending] = useState<{ r: Row; action: 'done' | 'reset' } | null>(null);
  return (
    <>
      <AdminPageHeader
        title="Initial Sync In Progress"
        subtitle="Tenants whose first synchronisation is still running"
        back={SUPPORT_HOME}
      >
        <Button icon="refresh" text="Refresh" loading={state.busy} onClick={state.reload} />
      </AdminPageHeader>
      <Loaded state={state} what="initial syncs">
        {(d) => (
          <DataTable
            rows={d.in_progress}
            rowKey={(r) => r.tenant_integration_id}
            empty="No initial sync in progress"
            cols={[
              { header: 'Tenant', cell: (r) => `${r.tenant_name} (${r.tenant_id})` },
              {
                header: 'Integration',
                cell: (r) => (
                  <>
                    {r.integration_name}{' '}
                    {r.is_primary && (
                      <Tag minimal intent="primary">
                        primary
                      </Tag>
                    )}
                  </>
                ),
              },
              { header: 'Status', cell: (r) => r.integration_status },
              { header: 'Started', cell: (r) => when(r.initial_sync_started_at) },
              {
                header: '',
                cell: (r) => (
                  <>
                    <Button
                      size="small"
                      icon="tick"
                      text="Mark done"
                      aria-label={`Mark ${r.integration_name} of ${r.tenant_name} done`}
                      onClick={() => setPending({ r, action: 'done' })}
                    />{' '}
                    <Button
                      size="small"
                      icon="reset"
                      intent="warning"
                      text="Reset"
                      aria-label={`Reset ${r.integration_name} of ${r.tenant_name}`}
                      onClick={() => setPending({ r, action: 'reset' })}
                    />
                  </>
                ),
              },
            ]}
          />
        )}
      </Loaded>
      <Confirm
        open={!!pending}
        intent={pending?.action === 'reset' ? 'warning' : 'primary'}
        confirm={pending?.action === 'reset' ? 'Reset' : 'Mark done'}
        text={
          pending &&
          (pending.action === 'done' ? (
            <>
              Mark the initial sync of <strong>{pending.r.integration_name}</strong> for {pending.r.tenant_name} as
              done?
            </>
          ) : (
            <>
              Reset the initial sync of <strong>{pending.r.integration_name}</strong> for {pending.r.tenant_name}? It
              will start again from the beginning.
            </>
          ))
        }
        onClose={() => setPending(null)}
        onConfirm={() => {
          const p = pending!;
          setPending(null);
          void act(
            () => api.post(`/v3/lcisupport/initialsync/${p.r.tenant_integration_id}`, { action: p.action }),
            p.action === 'done' ? 'Initial sync marked done' : 'Initial sync reset',
          ).then(() => state.reload());
        }}
      />
    </>
  );
}
