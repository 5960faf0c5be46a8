/** /lciadmin/lcionboardingadmin: every tenant's onboarding progress; open one to tick or untick its items. */
import { Button, Checkbox, ProgressBar } from '@blueprintjs/core';
import { useState } from 'react';
import { api } from '../../../../workspace/sdk';
import { AdminPageHeader } from '../core/AdminPageHeader';
import { act, DataTable, Loaded, useAdminData, when } from './admin-ui';

interface Progress {
  tenant_id: number;
  name: string;
  completed: number;
  total: number;
  percent: number;
  last_completed_at: string | null;
}
interface Item {
  lci_onboarding_item_id: number;
  moniker: string;
  description: string;
  completed_flag: boolean;
  completed_at: string | null;
}

function TenantChecklist({ tenantId, onChanged }: { tenantId: number; onChanged(): void }) {
  const state = useAdminData<{ tenant: { name: string }; onboarding_items: Item[]; percent: number }>(
    `/v3/lciadmin/onboarding/${tenantId}`,
  );
  const toggle = async (i: Item) => {
    if (
      await act(
        () =>
          api.put(`/v3/lciadmin/onboarding/${tenantId}`, {
            lci_onboarding_item_id: i.lci_onboarding_item_id,
            completed_flag: !i.completed_flag,
          }),
        `${i.moniker}: ${i.completed_flag ? 'not done' : 'done'}`,
      )
    ) {
      state.reload();
      onChanged();
    }
  };
  return (
    <Loaded state={state} what="the checklist">
      {(d) => (
        <section aria-label={`Checklist of ${d.tenant.name}`} style={{ marginBottom: 24 }}>
          <h3>
            {d.tenant.name}: {d.percent}% done
          </h3>
          <DataTable
            rows={d.onboarding_items}
            rowKey={(i) => i.lci_onboarding_item_id}
            empty="No active onboarding items"
            cols={[
              {
                header: 'Done',
                cell: (i) => (
                  <Checkbox
                    checked={i.completed_flag}
                    aria-label={`${i.moniker} done`}
                    onChange={() => void toggle(i)}
                    style={{ margin: 0 }}
                  />
                ),
              },
              { header: 'Item', cell: (i) => i.moniker },
              { header: 'Description', cell: (i) => i.description },
              { header: 'Completed', cell: (i) => when(i.completed_at) },
            ]}
          />
        </section>
      )}
    </Loaded>
  );
}

export default function OnboardingAdminPage() {
  const state = useAdminData<{ total_items: number; tenants: Progress[] }>('/v3/lciadmin/onboarding');
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <AdminPageHeader title="Onboarding Progress" subtitle="How far each tenant is through the onboarding checklist" />
      {open && <TenantChecklist key={open} tenantId={open} onChanged={state.reload} />}
      <Loaded state={state} what="onboarding progress">
        {(d) => (
          <DataTable
            rows={d.tenants}
            rowKey={(t) => t.tenant_id}
            empty="No tenants"
            cols={[
              { header: 'Tenant', cell: (t) => `${t.name} (${t.tenant_id})` },
              {
                header: 'Progress',
                cell: (t) => (
                  <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                    <ProgressBar
                      value={t.percent / 100}
                      stripes={false}
                      intent={t.percent === 100 ? 'success' : 'primary'}
                    />
                    <span>
                      {t.completed}/{t.total}
                    </span>
                  </div>
                ),
              },
              { header: 'Last completed', cell: (t) => when(t.last_completed_at) },
              {
                header: '',
                cell: (t) => (
                  <Button
                    size="small"
                    icon="properties"
                    text={open === t.tenant_id ? 'Shown above' : 'Checklist'}
                    disabled={open === t.tenant_id}
                    aria-label={`Checklist of ${t.name}`}
                    onClick={() => setOpen(t.tenant_id)}
                  />
                ),
              },
            ]}
          />
        )}
      </Loaded>
    </>
  );
}
