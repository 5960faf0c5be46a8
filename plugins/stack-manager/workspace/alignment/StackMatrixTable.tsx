/**
 * The stack matrix as a Blueprint Table: only the visible cells are rendered (virtualised), so thousands of rows
 * scroll smoothly; the first column (the row names) is frozen; each cell is a plain text Cell formatted with one
 * shared formatter. Company names (rows of StackByCompanyPivot, columns of StackByServicePivot) open the company's
 * stack alignment.
 */
import { HotkeysProvider } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, Table } from '@blueprintjs/table';
import '@blueprintjs/table/lib/css/table.css';
import { useCallback, useMemo } from 'react';
import { stackCellFormatter, type StackTableView } from '../../shared/stack-overview';

const NAME_WIDTH = 240;
const CELL_WIDTH = 130;

export interface StackMatrixTableProps {
  table: StackTableView;
  currency: string;
  onOpenCompany(id: number): void;
}

export function StackMatrixTable({ table, currency, onOpenCompany }: StackMatrixTableProps) {
  const fmt = useMemo(() => stackCellFormatter(table.view, currency), [table.view, currency]);
  const companyRows = table.rowHeader === 'Company';
  const lastRow = table.rows.length - 1;
  const totalClass = (row: number) => (table.rows[row]?.id === null ? 'cs-stack-total' : undefined);

  const nameCell = useCallback(
    (row: number) => {
      const r = table.rows[row];
      if (!r) return <Cell />;
      if (companyRows && r.id !== null) {
        const id = r.id;
        return (
          <Cell interactive tooltip={r.name}>
            <button type="button" className="cs-stack-link" onClick={() => onOpenCompany(id)}>
              {r.name}
            </button>
          </Cell>
        );
      }
      return (
        <Cell className={totalClass(row)} tooltip={r.name}>
          {r.name}
        </Cell>
      );
    },
    [table, companyRows, onOpenCompany],
  );

  const valueCell = useCallback(
    (row: number, col: number) => {
      const v = table.cells[row]?.[col - 1];
      const total = table.columns[col - 1]?.id === null || row === lastRow;
      return <Cell className={total ? 'cs-stack-total cs-stack-num' : 'cs-stack-num'}>{fmt(v)}</Cell>;
    },
    [table, fmt, lastRow],
  );

  const header = useCallback(
    (col: number) => {
      const c = table.columns[col - 1];
      if (!c) return <ColumnHeaderCell name={table.rowHeader} />;
      if (!companyRows && c.id !== null) {
        const id = c.id;
        return (
          <ColumnHeaderCell
            name={c.name}
            nameRenderer={(name) => (
              <button type="button" className="cs-stack-link" title={name} onClick={() => onOpenCompany(id)}>
                {name}
              </button>
            )}
          />
        );
      }
      return <ColumnHeaderCell name={c.name} className={c.id === null ? 'cs-stack-total' : undefined} />;
    },
    [table, companyRows, onOpenCompany],
  );

  const widths = useMemo(() => [NAME_WIDTH, ...table.columns.map(() => CELL_WIDTH)], [table.columns]);

  return (
    <HotkeysProvider>
      <div
        className="cs-stack-table"
        role="region"
        aria-label="Stack alignment matrix"
        data-rows={table.rows.length}
        data-columns={table.columns.length}
      >
        <Table
          key={`${table.pivot}-${table.view}`}
          numRows={table.rows.length}
          numFrozenColumns={1}
          enableRowHeader={false}
          enableFocusedCell={false}
          enableMultipleSelection={false}
          columnWidths={widths}
          defaultRowHeight={28}
          cellRendererDependencies={[table, fmt]}
        >
          {[
            <Column
              key="name"
              id="name"
              name={table.rowHeader}
              cellRenderer={nameCell}
              columnHeaderCellRenderer={() => <ColumnHeaderCell name={table.rowHeader} />}
            />,
            ...table.columns.map((c, i) => (
              <Column
                key={`${c.id ?? 'total'}-${i}`}
                id={`c${i}`}
                name={c.name}
                cellRenderer={valueCell}
                columnHeaderCellRenderer={() => header(i + 1)}
              />
            )),
          ]}
        </Table>
      </div>
    </HotkeysProvider>
  );
}
