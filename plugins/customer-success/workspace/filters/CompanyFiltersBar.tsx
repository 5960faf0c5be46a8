/**
 * The company-level filters of the selected company (customer-success.md section 3 "Filters"): one searchable
 * checklist each for locations, asset types and asset statuses (choices from the companies plugin's GET
 * company/{id}/filter), a "N selected" tag and Clear (empties the three selections). A load failure is only shown
 * as a muted note (section 8: filters are only logged).
 */
import { Button, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { api, FilterMenu, type FilterOption } from '../../../../workspace/sdk';
import {
  COMPANY_FILTER_FIELDS,
  COMPANY_FILTER_LABELS,
  type CompanyFilterField,
} from '../../shared/company-filter-rules';
import { useCompanyFilters } from './company-filters';

interface FilterData {
  locations: { tenant_company_location_id: number; location_name: string }[];
  asset_types: { asset_type_id: number; asset_type_moniker: string }[];
  asset_statuses: { tenant_asset_status_id: number; moniker: string }[];
}

function optionsOf(d: FilterData): Record<CompanyFilterField, FilterOption[]> {
  return {
    locations: d.locations
      .filter((l) => l.tenant_company_location_id !== -1)
      .map((l) => ({ value: l.tenant_company_location_id, label: l.location_name })),
    assetTypes: d.asset_types.map((t) => ({ value: t.asset_type_id, label: t.asset_type_moniker })),
    assetStatuses: d.asset_statuses.map((s) => ({ value: s.tenant_asset_status_id, label: s.moniker })),
  };
}

export function CompanyFiltersBar({ tenantId, companyId }: { tenantId: number; companyId: number }) {
  const { selections, count, select, clear } = useCompanyFilters();
  const [options, setOptions] = useState<Record<CompanyFilterField, FilterOption[]> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setOptions(null);
    setFailed(false);
    api.get<{ filter_data: FilterData }>(`/v3/tenant/${tenantId}/company/${companyId}/filter`).then(
      (r) => {
        if (live) setOptions(optionsOf(r.filter_data));
      },
      (e) => {
        console.warn('The company filters could not be loaded', e);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [tenantId, companyId]);
  if (failed) return <p className="bp6-text-muted bp6-text-small">The company filters could not be loaded.</p>;
  if (!options) return <Spinner size={16} aria-label="Loading the company filters" />;
  return (
    <div className="cs-company-filters" role="group" aria-label="Company filters">
      {COMPANY_FILTER_FIELDS.map((f) => (
        <FilterMenu
          key={f}
          label={COMPANY_FILTER_LABELS[f]}
          options={options[f]}
          selected={selections[f]}
          onChange={(v) => select(f, v as number[])}
        />
      ))}
      {count > 0 && (
        <>
          <Tag intent="primary" minimal>
            {count} selected
          </Tag>
          <Button variant="minimal" icon="cross" text="Clear" aria-label="Clear company filters" onClick={clear} />
        </>
      )}
    </div>
  );
}
