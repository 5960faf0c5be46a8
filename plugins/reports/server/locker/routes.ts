/**
 * The report locker's two paths (customer-success.md 7): the realtime function AsyncReportLocker and its POST
 * fallback `POST /v3/tenant/:tenantId/reportlocker`, same payloads and answers; and the CSV export route
 * `POST /v3/tenant/:tenantId/reportlocker/csv`. Permission key '/reportlocker': Read Only may list and download.
 */
import type { Kernel, RealtimeFunctionDef, RouteRegistrar } from '../../../../kernel/index';
import {
  csvExportAnswer,
  csvExportBody,
  LOCKER_FUNCTION,
  lockerAnswer,
  lockerParams,
  lockerPayload,
  lockerWrites,
} from '../../shared/locker';
import { REPORT_LOCKER_PAGE } from '../../shared/pages';
import { keepCsv } from './csv';
import { runLockerAction } from './service';

const page = REPORT_LOCKER_PAGE;

export function lockerRoutes(r: RouteRegistrar, k: Kernel): void {
  r.post(
    '/v3/tenant/:tenantId/reportlocker',
    {
      summary:
        'Report locker (HTTP fallback of AsyncReportLocker): list (saved_reports and report_types), rename, link_to_qbr, show_details, delete, download',
      params: lockerParams,
      body: lockerPayload,
      page,
      write: lockerWrites,
      response: lockerAnswer,
    },
    async ({ db, tenantId, caller, body, audit }) =>
      runLockerAction({ k, db, tenantId, caller: caller!, audit }, body, page),
  );

  r.post(
    '/v3/tenant/:tenantId/reportlocker/csv',
    {
      summary:
        'Keep a CSV export of a table page in the report locker (formulas escaped, BOM); answers a download link',
      params: lockerParams,
      body: csvExportBody,
      page,
      response: csvExportAnswer,
    },
    async ({ db, tenantId, caller, body, audit }) => {
      const r = await keepCsv(k, db, tenantId, caller!.userId, body);
      await audit(
        'reports.csv.export',
        { file_name: body.fileName, rows: body.rows.length, columns: body.header.length },
        String(r.saved_report_id),
      );
      return r;
    },
  );
}

/** AsyncReportLocker over the socket (and the kernel's generic apiinvoke fallback). */
export function lockerRealtime(k: Kernel): Record<string, RealtimeFunctionDef> {
  return {
    [LOCKER_FUNCTION]: {
      page,
      write: lockerWrites,
      handler: ({ caller, tenantId, db, payload }) =>
        runLockerAction(
          {
            k,
            db,
            tenantId,
            caller,
            audit: (action, details, target) =>
              k.audit.write(db, {
                tenantId,
                actorUserId: caller.userId,
                action,
                target,
                details: { ...details, via: 'realtime' },
              }),
          },
          payload,
          page,
        ),
    },
  };
}
