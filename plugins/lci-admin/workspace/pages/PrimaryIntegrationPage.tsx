/** /lcisupport/primaryIntegrationChange: a tenant's integrations; changing the primary needs the tenant's name typed. */
import { Button, FormGroup, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { api, useDirtyPage } from '../../../../workspace/sdk';
import { AdminPageHeader, SUPPORT_HOME } from '../core/AdminPageHeader';
import { act, DataTable, Loaded, Problem, TenantSelect, useAdminData, when } from './admin-ui';
import { confirms } from './form-rules';

interface Integration {
  tenant_integration_id: number;
  integration_name: string;
  is_primary: boolean;
  integration_status: string;
  initial_sync_status: string;
  initial_sync_completed_at: string | null;
}
interface Data {
  tenant: { tenant_id: number; name: string };
  integrations: Integration[];
  choices: string[];
  statuses: string[];
}

function Change({ d, onDone }: { d: Data; onDone(): void }) {
  const primary = d.integrations.find((i) => i.is_primary);
  const [form, setForm] = useState({ integration_name: '', integration_status: 'pending', confirm: '' });
  const { setDirty } = useDirtyPage();
  const set = (p: Partial<typeof form>) => {
    setForm({ ...form, ...p });
    setDirty(true);
  };
  const problem = !form.integration_name
    ? 'Choose the new primary integration.'
    : form.integration_name === primary?.integration_name && form.integration_status === primary.integration_status
      ? `${form.integration_name} is already the primary integration with this status.`
      : !confirms(form.confirm, d.tenant.name)
        ? `Type the tenant's name "${d.tenant.name}" to confirm.`
        : null;
  const save = async () => {
    if (
      await act(
        () => api.put(`/v3/lcisupport/primaryintegration/${d.tenant.tenant_id}`, form),
        `${d.tenant.name}: primary integration is now ${form.integration_name}`,
      )
    ) {
      setForm({ integration_name: '', integration_status: 'pending', confirm: '' });
      setDirty(false);
      onDone();
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem) void save();
      }}
      style={{ maxWidth: 640, marginTop: 24 }}
      aria-label="Change the primary integration"
    >
      <h3>Change the primary integration</h3>
      <p className="bp6-text-muted">
        The former primary ({primary?.integration_name ?? 'none'}) stays connected as another integration. This is
        audited in the tenant.
      </p>
      <FormGroup label="New primary" labelFor="pi-name" inline>
        <HTMLSelect
          id="pi-name"
          value={form.integration_name}
          onChange={(e) => set({ integration_name: e.target.value })}
        >
          <option value="">Choose…</option>
          {d.choices.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label="Integration status"
          value={form.integration_status}
          options={d.statuses}
          onChange={(e) => set({ integration_status: e.target.value })}
          style={{ marginLeft: 8 }}
        />
      </FormGroup>
      <FormGroup
        label={
          <>
            Type <strong>{d.tenant.name}</strong> to confirm
          </>
        }
        labelFor="pi-confirm"
      >
        <InputGroup
          id="pi-confirm"
          value={form.confirm}
          autoComplete="off"
          onChange={(e) => set({ confirm: e.target.value })}
        />
      </FormGroup>
      {(form.integration_name || form.confirm) && <Problem text={problem} />}
      <Button
        type="submit"
        intent="danger"
        icon="swap-horizontal"
        text="Change primary integration"
        disabled={!!problem}
      />
    </form>
  );
}

export default function PrimaryIntegrationPage() {
  const [tenantId, setTenantId] = useState<number | null>(null);
  const state = useAdminData<Data>(tenantId ? `/v3/lcisupport/primaryintegration/${tenantId}` : null);
  return (
    <>
      <AdminPageHeader
        title="Primary Integration"
        subtitle="A tenant's primary PSA integration and its status"
        back={SUPPORT_HOME}
      />
      <TenantSelect value={tenantId} onChange={setTenantId} />
      {tenantId && (
        <Loaded state={state} what="integrations">
          {(d) => (
            <>
              <DataTable
                rows={d.integrations}
                rowKey={(i) => i.tenant_integration_id}
                empty={`${d.tenant.name} has no integration yet`}
                cols={[
                  {
                    header: 'Integration',
                    cell: (i) => (
                      <>
                        {i.integration_name}{' '}
                        {i.is_primary && (
                          <Tag intent="primary" minimal>
                            primary
                          </Tag>
                        )}
                      </>
                    ),
                  },
                  { header: 'Status', cell: (i) => i.integration_status },
                  {
                    header: 'Initial sync',
                    cell: (i) =>
                      `${(i.initial_sync_status ?? '').replace('_', ' ')}${i.initial_sync_completed_at ? ` (${when(i.initial_sync_completed_at)})` : ''}`,
                  },
                ]}
              />
              <Change key={d.tenant.tenant_id} d={d} onDone={state.reload} />
            </>
          )}
        </Loaded>
      )}
    </>
  );
}
