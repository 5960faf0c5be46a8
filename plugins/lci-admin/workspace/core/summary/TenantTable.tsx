/** The tenants of the admin summary: sortable headers (buttons), a row opens the tenant's drawer (click or Enter). */
import { HTMLTable, Icon } from '@blueprintjs/core';
import { formatDate, formatDateTime } from '../format';
import type { Sort, SortKey } from './table';
import type { TenantSummary } from './types';

const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'tenantId', label: 'ID', numeric: true },
  { key: 'name', label: 'Tenant' },
  { key: 'created', label: 'Created' },
  { key: 'subscriptionStatus', label: 'Subscription' },
  { key: 'activeCompanies', label: 'Active companies', numeric: true },
  { key: 'users', label: 'Users', numeric: true },
  { key: 'lastActivity', label: 'Last activity' },
];

function cell(t: TenantSummary, key: SortKey): string {
  switch (key) {
    case 'created':
      return formatDate(t.created);
    case 'lastActivity':
      return formatDateTime(t.lastActivity);
    case 'activeCompanies':
      return t.activeCompanies === null ? 'n/a' : String(t.activeCompanies);
    case 'name':
      return t.active ? t.name : `${t.name} (inactive)`;
    default:
      return String(t[key]);
  }
}

export function TenantTable({
  rows,
  sort,
  onSort,
  onOpen,
}: {
  rows: TenantSummary[];
  sort: Sort;
  onSort(key: SortKey): void;
  onOpen(t: TenantSummary): void;
}) {
  return (
    <HTMLTable interactive striped compact style={{ width: '100%' }} aria-label="Tenants">
      <thead>
        <tr>
          {COLUMNS.map((c) => (
            <th
              key={c.key}
              aria-sort={sort.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
              style={c.numeric ? { textAlign: 'right' } : undefined}
            >
              <button
                type="button"
                className="bp6-button bp6-minimal bp6-small"
                onClick={() => onSort(c.key)}
                aria-label={`Sort by ${c.label}`}
              >
                {c.label}
                {sort.key === c.key && (
                  <Icon icon={sort.dir === 'asc' ? 'sort-asc' : 'sort-desc'} size={12} style={{ marginLeft: 4 }} />
                )}
              </button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((t) => (
          <tr
            key={t.tenantId}
            tabIndex={0}
            style={{ cursor: 'pointer' }}
            onClick={() => onOpen(t)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onOpen(t);
            }}
            aria-label={`Open ${t.name}`}
          >
            {COLUMNS.map((c) => (
              <td key={c.key} style={c.numeric ? { textAlign: 'right' } : undefined}>
                {cell(t, c.key)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
