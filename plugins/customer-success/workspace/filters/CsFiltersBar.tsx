/**
 * The filters bar of the Customer Success pages (customer-success.md sections 3, 4 "Filters"): account managers,
 * account groups, segments, companies, health codes, effort codes and goals. A change raises the change counter
 * (pages reload on it: `useCsFilters().changeCount`); Clear empties the selections.
 *
 *   <CsFiltersBar />                                   // every field
 *   <CsFiltersBar fields={['tenantCompanyIds', 'healthCodes']} />
 */
import { Button, Tag } from '@blueprintjs/core';
import { FilterMenu } from '../../../../workspace/sdk';
import { CS_FILTER_FIELDS, selectedCount, type CsFilterField } from '../../shared/filter-rules';
import { useCsFilterOptions } from './options';
import { useCsFilters } from './state';
import './filters.css';

export const FILTER_LABELS: Record<CsFilterField, string> = {
  tenantAccountManagerIds: 'Account Managers',
  tenantAccountGroupIds: 'Account Groups',
  segmentIds: 'Segments',
  tenantCompanyIds: 'Companies',
  healthCodes: 'Health',
  effortCodes: 'Effort',
  tenantCompanyGoalIds: 'Goals',
};

export function CsFiltersBar({ fields = CS_FILTER_FIELDS }: { fields?: readonly CsFilterField[] }) {
  const { filters, changeCount, filtered, select, clear } = useCsFilters();
  const { options, error } = useCsFilterOptions();
  const n = selectedCount(filters);
  return (
    <div
      className="cs-filters-bar"
      role="toolbar"
      aria-label="Customer Success filters"
      data-change-count={changeCount}
    >
      {fields.map((f) => (
        <FilterMenu
          key={f}
          label={FILTER_LABELS[f]}
          options={options[f]}
          selected={filters[f] as (number | string)[]}
          onChange={(v) => select(f, v as never)}
        />
      ))}
      {filtered && (
        <Tag intent="primary" minimal round aria-label={`${n} filters selected`}>
          {n} selected
        </Tag>
      )}
      <Button variant="minimal" icon="filter-remove" text="Clear" disabled={n === 0} onClick={clear} />
      {error && (
        <span className="bp6-text-muted cs-filters-error" role="status">
          Filter choices could not be loaded: {error}
        </span>
      )}
    </div>
  );
}

/** The bar as a lazily loaded module (provided to dependents' pages: csFiltersBarPoint, workspace/index.ts). */
export default CsFiltersBar;
