/**
 * The companies list's table: the workspace's DataTable over the tenant's companies as shown (custom-field filter
 * applied), sorted here (blanks last), each user's columns kept on the server under 'companies': name, seats,
 * modules, one column per custom field, active (a switch), and the custom-field edit button on Read/Write pages.
 */
import { Button, Switch, Tag, Tooltip } from '@blueprintjs/core';
import { useMemo } from 'react';
import { DataTable, type Company, type DataTableColumn } from '../../../workspace/sdk';
import type { RecordValuesState } from '../shared/workspace-points';
import { customFieldColumns } from './custom-fields/columns';

export interface CompanyRow extends Company {
  moniker: string;
  seats: number;
}

interface CompaniesTableProps {
  rows: CompanyRow[];
  custom: Pick<RecordValuesState, 'fields' | 'values'>;
  readOnly: boolean;
  /** Above the plan's company limit: an inactive company cannot be activated (the reason as the tooltip). */
  full: boolean;
  limitMessage: string | null;
  onToggle(c: CompanyRow): void;
  onEditFields(c: CompanyRow): void;
}

const modules = (c: CompanyRow) =>
  [c.assessment_only_flag && 'Assessment only', c.air_only_flag && 'AIR only'].filter(Boolean).join(', ');

export function CompaniesTable(p: CompaniesTableProps) {
  const { readOnly, full, limitMessage, onToggle, onEditFields } = p;
  const { fields, values } = p.custom;
  const columns = useMemo((): DataTableColumn<CompanyRow>[] => {
    const cols: DataTableColumn<CompanyRow>[] = [
      { id: 'company', header: 'Company', value: (c) => c.moniker, required: true },
      { id: 'seats', header: 'Seats', value: (c) => c.seats, align: 'end' },
      {
        id: 'modules',
        header: 'Modules',
        value: modules,
        cell: (c) => (
          <>
            {c.assessment_only_flag && <Tag minimal>Assessment only</Tag>}{' '}
            {c.air_only_flag && <Tag minimal>AIR only</Tag>}
          </>
        ),
      },
      ...customFieldColumns<CompanyRow>({ fields, values }, (c) => c.tenant_company_id),
      {
        id: 'active',
        header: 'Active',
        value: (c) => c.is_active,
        cell: (c) => (
          <Tooltip content={limitMessage ?? ''} disabled={!(full && !c.is_active)} placement="left">
            <Switch
              checked={c.is_active}
              // Above the limit an inactive company cannot be activated; deactivating stays possible.
              disabled={readOnly || (full && !c.is_active)}
              aria-label={`${c.moniker} active`}
              onChange={() => onToggle(c)}
            />
          </Tooltip>
        ),
      },
    ];
    if (fields.length > 0 && !readOnly)
      cols.push({
        id: 'actions',
        header: 'Actions',
        sort: false,
        required: true,
        cell: (c) => (
          <Button
            variant="minimal"
            size="small"
            icon="edit"
            text="Fields"
            aria-label={`Edit custom fields of ${c.moniker}`}
            onClick={() => onEditFields(c)}
          />
        ),
      });
    return cols;
  }, [fields, values, readOnly, full, limitMessage, onToggle, onEditFields]);

  return (
    <DataTable
      label="Companies"
      tableKey="companies"
      columns={columns}
      rows={p.rows}
      rowKey={(c) => c.tenant_company_id}
      noun={['company', 'companies']}
    />
  );
}
