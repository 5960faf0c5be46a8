/**
 * A user's settings of one data table (the workspace's DataTable, workspace/components/data-table): the columns shown
 * and their order, and optionally the sort, kept per tenant, user and table on the server
 * (GET/PUT /v3/tenant/:tenantId/tableSettings/:tableKey, kernel/table-settings). Shared by the server's routes and
 * the workspace's table.
 */
import { z } from 'zod';

/** A table's key: the page's name for it ('assetList', 'contracts', 'findings'). */
const TABLE_KEY = /^[A-Za-z][A-Za-z0-9._-]{0,79}$/;
/** A column's id (the table's own names: 'warranty_expiry', 'name'). */
const COLUMN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const TABLE_SETTINGS_MAX_COLUMNS = 100;

const columnId = z.string().regex(COLUMN_ID, 'Must be a column id (letters, digits, dot, dash, underscore)');

export const tableSettingsParams = z.object({
  tenantId: z.coerce.number().int().positive(),
  tableKey: z.string().regex(TABLE_KEY, 'Must be a table key (a letter, then letters, digits, dot, dash, underscore)'),
});

const tableSort = z.object({ key: columnId, dir: z.enum(['asc', 'desc']) }).strict();
export type TableSort = z.output<typeof tableSort>;

/**
 * PUT body (the whole of the user's settings of the table): `columns` the shown columns in their order (null: the
 * table's default), `hidden` the columns the user left out (a column in neither list came later: it shows as its
 * default says), `sort` the last sort chosen (null: the table's default).
 */
export const tableSettingsBody = z
  .object({
    columns: z
      .array(columnId)
      .min(1, 'Choose at least one column')
      .max(TABLE_SETTINGS_MAX_COLUMNS)
      .superRefine((cols, ctx) => {
        cols.forEach((c, i) => {
          if (cols.indexOf(c) !== i) ctx.addIssue({ code: 'custom', path: [i], message: 'Column given twice' });
        });
      })
      .nullable(),
    hidden: z.array(columnId).max(TABLE_SETTINGS_MAX_COLUMNS).optional(),
    sort: tableSort.nullable().optional(),
  })
  .strict();
export type TableSettingsBody = z.input<typeof tableSettingsBody>;

export const tableSettingsAnswer = z.object({
  columns: z.array(z.string()).nullable(),
  /** null: not recorded (settings saved without it): every column not in `columns` is hidden. */
  hidden: z.array(z.string()).nullable(),
  sort: tableSort.nullable(),
  /** false: the user saved none for this table (the defaults apply). */
  saved: z.boolean(),
});
export type TableSettings = z.output<typeof tableSettingsAnswer>;

export const tableSettingsPath = (tenantId: number, tableKey: string) =>
  `/v3/tenant/${tenantId}/tableSettings/${encodeURIComponent(tableKey)}`;
