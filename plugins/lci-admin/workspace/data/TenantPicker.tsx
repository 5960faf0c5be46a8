/** Picks a tenant by name or id for the support data pages (a searchable select). */
import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { TenantChoice } from './api';

export function TenantPicker({ tenants, value, onChange, disabled }: { tenants: TenantChoice[]; value: number | null; onChange: (id: number | null) => void; disabled?: boolean }) {
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return tenants.filter((t) => !f || t.name.toLowerCase().includes(f) || String(t.tenantId) === f || t.tenantId === value);
  }, [tenants, filter, value]);
  return (
    <FormGroup label="Tenant" labelFor="lci-data-tenant" inline>
      <div style={{ display: 'flex', gap: 8 }}>
        <InputGroup leftIcon="search" placeholder="Filter by name or id" value={filter} onChange={(e) => setFilter(e.target.value)} aria-label="Filter tenants" disabled={disabled} />
        <HTMLSelect id="lci-data-tenant" value={value ?? ''} disabled={disabled} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
          <option value="">Choose a tenant…</option>
          {shown.map((t) => <option key={t.tenantId} value={t.tenantId}>{t.name} ({t.tenantId}){t.activeFlag ? '' : ' – inactive'}</option>)}
        </HTMLSelect>
      </div>
    </FormGroup>
  );
}
