/**
 * The reports plugin's 'csv' file export (slots.fileExports `reportLocker`): a CSV the user downloaded from a table
 * page is kept in the report locker (POST /v3/tenant/:tenantId/reportlocker/csv). A table above the locker's limits
 * (shared/locker.ts) is not sent; the shell logs the refusal.
 */
import { api, type CsvExportHandler } from '../../../../workspace/sdk';
import {
  CSV_MAX_COLUMNS,
  CSV_MAX_ROWS,
  lockerPaths,
  MSG_CSV_TOO_MANY_COLUMNS,
  MSG_CSV_TOO_MANY_ROWS,
} from '../../shared/locker';

const keepCsv: CsvExportHandler = async (tenantId, file) => {
  if (file.rows.length > CSV_MAX_ROWS) throw new Error(MSG_CSV_TOO_MANY_ROWS);
  if (file.header.length > CSV_MAX_COLUMNS) throw new Error(MSG_CSV_TOO_MANY_COLUMNS);
  await api.post(lockerPaths.csv(tenantId), file, { expect: 'saved_report_id' });
};
export default keepCsv;
