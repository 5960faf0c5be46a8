/** /lciadmin/admin: impersonation — pick a tenant (search by name or id), optionally a security group, and start. */
import { Callout, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { api, PageLoadError, PageLoading, useSession } from '../../../../../workspace/sdk';
import { AdminPageHeader } from '../AdminPageHeader';
import { matchesSearch } from '../summary/table';
import type { AdminSummary } from '../summary/types';
import { useLoad } from '../useLoad';
import { ImpersonationControls } from './ImpersonationControls';

export default function AdminPage() {
  const session = useSession();
  const { data, error, loading, reload } = useLoad(
    () => api.get<AdminSummary>('/v3/lciadmin/summary').then((s) => s.tenants),
    [],
  );
  const [search, setSearch] = useState('');
  const [tenantId, setTenantId] = useState<string>('');
  const tenants = useMemo(
    () => (data ?? []).filter((t) => matchesSearch(t, search)).sort((a, b) => a.name.localeCompare(b.name)),
    [data, search],
  );
  const tenant = (data ?? []).find((t) => String(t.tenantId) === tenantId) ?? null;

  const header = (
    <AdminPageHeader
      title="Admin"
      subtitle="Impersonate a tenant or one of its security groups. Every action while impersonating is audited with both identities."
    />
  );
  if (loading && !data)
    return (
      <div>
        {header}
        <PageLoading what="tenants" />
      </div>
    );
  if (error && !data)
    return (
      <div>
        {header}
        <PageLoadError title="Tenants could not be loaded" error={error} retry={reload} busy={loading} />
      </div>
    );
  const allowed = !!session?.user.allowImpersonationFlag;
  return (
    <div style={{ maxWidth: 640 }}>
      {header}
      {session?.impersonation && (
        <Callout icon="person" intent="primary" style={{ marginBottom: 16 }}>
          Impersonating {session.impersonation.tenantName}. Use "Stop impersonating" in the banner to return to your own
          tenant.
        </Callout>
      )}
      <FormGroup label="Find a tenant" labelFor="lci-imp-search">
        <InputGroup
          id="lci-imp-search"
          leftIcon="search"
          placeholder="Name or id"
          value={search}
          disabled={!allowed}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      </FormGroup>
      <FormGroup
        label="Tenant"
        labelFor="lci-imp-tenant"
        helperText={tenants.length ? undefined : 'No tenant matches the search.'}
      >
        <HTMLSelect
          id="lci-imp-tenant"
          value={tenantId}
          disabled={!allowed}
          onChange={(e) => setTenantId(e.currentTarget.value)}
          fill
          options={[
            { value: '', label: 'Pick a tenant…' },
            ...tenants.map((t) => ({
              value: String(t.tenantId),
              label: `${t.name} (${t.tenantId})${t.active ? '' : ' – inactive'}`,
            })),
          ]}
        />
      </FormGroup>
      <ImpersonationControls key={tenant?.tenantId ?? 0} tenant={tenant} />
    </div>
  );
}
