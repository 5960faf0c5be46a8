/** /lciadmin/adminsummary: totals, job health and the tenants (search, sort, a drawer per tenant with impersonation). */
import { Callout, Card, Elevation, H5, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { api, PageLoadError, PageLoading } from '../../../../../workspace/sdk';
import { AdminPageHeader } from '../AdminPageHeader';
import { useLoad } from '../useLoad';
import { nextSort, visibleTenants, type Sort } from './table';
import { TenantDrawer } from './TenantDrawer';
import { TenantTable } from './TenantTable';
import type { AdminSummary, TenantSummary } from './types';

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card elevation={Elevation.ONE}>
      <div className="bp6-text-muted">{label}</div>
      <div style={{ fontSize: 24, fontWeight: 600 }}>{value}</div>
    </Card>
  );
}

export default function AdminSummaryPage() {
  const { data, error, loading, reload } = useLoad(() => api.get<AdminSummary>('/v3/lciadmin/summary'), []);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>({ key: 'name', dir: 'asc' });
  const [open, setOpen] = useState<TenantSummary | null>(null);
  const rows = useMemo(() => (data ? visibleTenants(data.tenants, search, sort) : []), [data, search, sort]);

  if (loading && !data)
    return (
      <div>
        <AdminPageHeader title="Admin Summary" back={false} />
        <PageLoading what="the admin summary" />
      </div>
    );
  if (error && !data)
    return (
      <div>
        <AdminPageHeader title="Admin Summary" back={false} />
        <PageLoadError title="The admin summary could not be loaded" error={error} retry={reload} busy={loading} />
      </div>
    );
  const s = data!;
  return (
    <div>
      <AdminPageHeader
        title="Admin Summary"
        back={false}
        subtitle={`Generated ${new Date(s.generatedAt).toLocaleString()}`}
      />
      <div className="lci-cards" style={{ marginBottom: 20 }}>
        <Figure label="Tenants (active)" value={`${s.totals.tenants} (${s.totals.activeTenants})`} />
        <Figure label="Active companies" value={s.totals.activeCompanies ?? 'n/a'} />
        <Figure label="Users" value={s.totals.users} />
        <Figure label="Tenants active in 30 days" value={s.totals.activeLast30Days} />
      </div>
      <Card elevation={Elevation.ONE} style={{ marginBottom: 20 }} aria-label="Job health">
        <H5>Job health</H5>
        {!s.jobs.available ? (
          <Callout intent="warning">{s.jobs.note ?? 'Job statistics are unavailable.'}</Callout>
        ) : (
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            {Object.entries(s.jobs.byState).map(([state, n]) => (
              <Tag key={state} minimal intent={state === 'failed' && n > 0 ? 'danger' : 'none'}>
                {state}: {n}
              </Tag>
            ))}
            <Tag intent={s.jobs.failedLast24h > 0 ? 'danger' : 'success'}>
              failed in the last 24 h: {s.jobs.failedLast24h}
            </Tag>
            {!s.jobs.queues.length && <span className="bp6-text-muted">No job queues.</span>}
          </div>
        )}
      </Card>
      <InputGroup
        leftIcon="search"
        placeholder="Search tenants by name, id or subscription status"
        value={search}
        aria-label="Search tenants"
        onChange={(e) => setSearch(e.currentTarget.value)}
        style={{ marginBottom: 12, maxWidth: 420 }}
      />
      {rows.length ? (
        <TenantTable rows={rows} sort={sort} onSort={(k) => setSort((c) => nextSort(c, k))} onOpen={setOpen} />
      ) : (
        <NonIdealState icon="search" title={s.tenants.length ? 'No tenant matches the search' : 'No tenants yet'} />
      )}
      <TenantDrawer tenant={open} onClose={() => setOpen(null)} />
    </div>
  );
}
