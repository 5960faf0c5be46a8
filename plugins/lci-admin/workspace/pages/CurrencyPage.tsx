/** /lcisupport/currency: tenants with their currency; a change asks for confirmation and is audited. */
import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { api } from '../../../../workspace/sdk';
import { AdminPageHeader, SUPPORT_HOME } from '../core/AdminPageHeader';
import { act, Confirm, DataTable, Loaded, useAdminData } from './admin-ui';

interface Tenant {
  tenant_id: number;
  name: string;
  currency: string;
}

export default function CurrencyPage() {
  const [search, setSearch] = useState('');
  const state = useAdminData<{ currencies: string[]; tenants: Tenant[] }>(
    `/v3/lcisupport/currency${search ? `?search=${encodeURIComponent(search)}` : ''}`,
  );
  const [change, setChange] = useState<{ t: Tenant; to: string } | null>(null);
  return (
    <>
      <AdminPageHeader title="Currency" subtitle="A tenant's currency for prices and reports" back={SUPPORT_HOME} />
      <InputGroup
        leftIcon="search"
        placeholder="Search tenants by name or id"
        aria-label="Search tenants"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ maxWidth: 320, marginBottom: 12 }}
      />
      <Loaded state={state} what="tenants">
        {(d) => (
          <DataTable
            rows={d.tenants}
            rowKey={(t) => t.tenant_id}
            empty="No tenant matches"
            cols={[
              { header: 'Tenant', cell: (t) => `${t.name} (${t.tenant_id})` },
              {
                header: 'Currency',
                cell: (t) => (
                  <HTMLSelect
                    aria-label={`Currency of ${t.name}`}
                    value={t.currency}
                    options={d.currencies}
                    onChange={(e) => setChange({ t, to: e.target.value })}
                  />
                ),
              },
            ]}
          />
        )}
      </Loaded>
      <Confirm
        open={!!change}
        confirm="Change currency"
        text={
          <>
            Change the currency of <strong>{change?.t.name}</strong> from {change?.t.currency} to {change?.to}?
          </>
        }
        onClose={() => setChange(null)}
        onConfirm={() => {
          const c = change!;
          setChange(null);
          void act(
            () => api.put(`/v3/lcisupport/currency/${c.t.tenant_id}`, { currency: c.to }),
            `${c.t.name} now uses ${c.to}`,
          ).then(() => state.reload());
        }}
      />
    </>
  );
}
