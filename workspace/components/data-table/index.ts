/** The workspace's data table (workspace/sdk.ts): DataTable and the types pages declare columns with. */
export { DataTable, type DataTableProps, type DataTableSelection } from './DataTable';
export type { DataTableColumn, DataTableSort, CellValue, SortDir } from './model';
export type { DataTablePaging } from './Pager';
