/**
 * The contract manager's table: the workspace's DataTable over the selected company's contracts (client sorting,
 * blanks last; each user's columns kept on the server under 'contracts'). Business impact, next due date and the
 * description can be shown from the column chooser. The row's actions (edit, copy, delete) when the page is
 * Read/Write.
 */
import { Button, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../../../workspace/sdk';
import type { Contract } from '../../shared/contract-fields';
import { formatTenantDate } from '../../shared/date-format';
import { formatCost } from './contract-form';

interface ContractsTableProps {
  contracts: Contract[];
  currency: string;
  dateFormat: string | null;
  readOnly: boolean;
  /** No other company to copy into. */
  copyDisabled: boolean;
  onEdit(c: Contract): void;
  onCopy(c: Contract): void;
  onDelete(c: Contract): void;
}

const statusIntent = (s: string) =>
  s === 'Active' ? 'success' : s === 'Expired' || s === 'Cancelled' ? 'danger' : 'none';

export function ContractsTable(p: ContractsTableProps) {
  const { currency, dateFormat, readOnly, copyDisabled, onEdit, onCopy, onDelete } = p;
  const columns = useMemo((): DataTableColumn<Contract>[] => {
    const date = (v: string | null) => formatTenantDate(v, dateFormat);
    const cols: DataTableColumn<Contract>[] = [
      { id: 'vendor', header: 'Vendor', value: (c) => c.vendor, required: true },
      { id: 'account', header: 'Account', value: (c) => c.account },
      { id: 'location', header: 'Location', value: (c) => c.location_moniker },
      {
        id: 'status',
        header: 'Status',
        value: (c) => c.contract_status,
        cell: (c) =>
          c.contract_status && (
            <Tag minimal intent={statusIntent(c.contract_status)}>
              {c.contract_status}
            </Tag>
          ),
      },
      {
        id: 'cost',
        header: 'Cost',
        value: (c) => c.cost,
        align: 'end',
        cell: (c) => (
          <>
            {formatCost(c.cost, currency)}
            {c.billing_cycle ? <span className="bp6-text-muted"> · {c.billing_cycle}</span> : null}
          </>
        ),
      },
      { id: 'end_date', header: 'End date', value: (c) => c.end_date, cell: (c) => date(c.end_date) },
      { id: 'notice_date', header: 'Notice date', value: (c) => c.notice_date, cell: (c) => date(c.notice_date) },
      { id: 'auto_renew', header: 'Auto-renew', value: (c) => (c.auto_renew_flag ? 'Yes' : 'No') },
      { id: 'business_impact', header: 'Business impact', value: (c) => c.business_impact, defaultShown: false },
      {
        id: 'next_due_date',
        header: 'Next due date',
        value: (c) => c.next_due_date,
        cell: (c) => date(c.next_due_date),
        defaultShown: false,
      },
      { id: 'description', header: 'Description', value: (c) => c.description, wrap: true, defaultShown: false },
    ];
    if (!readOnly)
      cols.push({
        id: 'actions',
        header: 'Actions',
        sort: false,
        required: true,
        className: 'lci-row-actions',
        cell: (c) => (
          <>
            <Button
              variant="minimal"
              icon="edit"
              aria-label={`Edit the ${c.vendor} contract`}
              onClick={() => onEdit(c)}
            />
            <Button
              variant="minimal"
              icon="duplicate"
              aria-label={`Copy the ${c.vendor} contract`}
              onClick={() => onCopy(c)}
              disabled={copyDisabled}
            />
            <Button
              variant="minimal"
              icon="trash"
              intent="danger"
              aria-label={`Delete the ${c.vendor} contract`}
              onClick={() => onDelete(c)}
            />
          </>
        ),
      });
    return cols;
  }, [currency, dateFormat, readOnly, copyDisabled, onEdit, onCopy, onDelete]);

  return (
    <DataTable
      label="Contracts"
      tableKey="contracts"
      className="lci-contracts"
      columns={columns}
      rows={p.contracts}
      rowKey={(c) => c.tenant_company_contract_id}
      noun={['contract', 'contracts']}
    />
  );
}
