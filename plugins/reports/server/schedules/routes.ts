/**
 * The scheduledReports routes (customer-success.md 7) under /v3/tenant/:tenantId/: list, options of the dialog,
 * create, change (version: a stale one answers 409), delete, the delivery log and "send now". Thin: parse with
 * shared/schedule-api.ts, call the service, audit. Every route serves the builder's page '/reportbuilder' (reading
 * needs any access, writing Read/Write: Read Only is refused).
 */
import type { Kernel, RouteRegistrar } from '../../../../kernel/index';
import {
  createScheduleBody,
  deleteScheduleQuery,
  optionsAnswer,
  optionsQuery,
  runNowAnswer,
  runsAnswer,
  runsQuery,
  scheduleDeleteAnswer,
  scheduleListAnswer,
  scheduleListQuery,
  scheduleParams,
  scheduleTenantParams,
  scheduleWriteAnswer,
  updateScheduleBody,
} from '../../shared/schedule-api';
import { REPORT_BUILDER_PAGE } from '../../shared/pages';
import {
  createSchedule,
  editSchedule,
  listSchedules,
  removeSchedule,
  runNow,
  scheduleOptions,
  scheduleRuns,
} from './service';

const page = REPORT_BUILDER_PAGE;
const base = '/v3/tenant/:tenantId/scheduledReports';

export function scheduleRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(
    base,
    {
      summary: 'Scheduled reports of the tenant with their next run and last run status',
      params: scheduleTenantParams,
      query: scheduleListQuery,
      page,
      response: scheduleListAnswer,
    },
    async ({ db, query }) => ({ schedules: await listSchedules(db, query) }),
  );

  r.get(
    `${base}/options`,
    {
      summary: "What a schedule may use: the tenant's companies, a company's contacts with e-mail, users, time zone",
      params: scheduleTenantParams,
      query: optionsQuery,
      page,
      response: optionsAnswer,
    },
    async ({ db, tenantId, query }) => scheduleOptions(k, db, tenantId, query.companyId),
  );

  r.post(
    base,
    {
      summary: 'Schedule a report for e-mail delivery',
      params: scheduleTenantParams,
      body: createScheduleBody,
      page,
      response: scheduleWriteAnswer,
    },
    async ({ db, tenantId, caller, body, audit }) => {
      const schedule = await createSchedule(k, db, tenantId, caller?.userId ?? null, body);
      await audit(
        'report_schedule.insert',
        { name: schedule.name, tenant_company_id: schedule.tenant_company_id },
        String(schedule.report_schedule_id),
      );
      return { schedule, records_updated: 1 as const };
    },
  );

  r.put(
    `${base}/:scheduleId`,
    {
      summary: 'Change a scheduled report (the version read is required; a stale one answers 409)',
      params: scheduleParams,
      body: updateScheduleBody,
      page,
      response: scheduleWriteAnswer,
    },
    async ({ db, tenantId, params, body, audit }) => {
      const schedule = await editSchedule(k, db, tenantId, params.scheduleId, body);
      const changed = Object.keys(body).filter((f) => f !== 'version');
      await audit('report_schedule.update', { changed }, String(params.scheduleId));
      return { schedule, records_updated: 1 as const };
    },
  );

  r.delete(
    `${base}/:scheduleId`,
    {
      summary: 'Delete a scheduled report and its delivery log (a stale version answers 409)',
      params: scheduleParams,
      query: deleteScheduleQuery,
      page,
      response: scheduleDeleteAnswer,
    },
    async ({ db, params, query, audit }) => {
      await removeSchedule(db, params.scheduleId, query.version);
      await audit('report_schedule.delete', {}, String(params.scheduleId));
      return { records_updated: 1 as const, report_schedule_id: params.scheduleId };
    },
  );

  r.get(
    `${base}/:scheduleId/runs`,
    {
      summary: 'The delivery log of a scheduled report: its runs, newest first, with a delivery per recipient',
      params: scheduleParams,
      query: runsQuery,
      page,
      response: runsAnswer,
    },
    async ({ db, params, query }) => ({ runs: await scheduleRuns(db, params.scheduleId, query.limit) }),
  );

  r.post(
    `${base}/:scheduleId/run`,
    {
      summary: 'Send a scheduled report now (recorded as a manual run)',
      params: scheduleParams,
      page,
      response: runNowAnswer,
    },
    async ({ db, tenantId, params, audit }) => {
      const run = await runNow(k, db, tenantId, params.scheduleId);
      await audit('report_schedule.run', { period_key: run.period_key, status: run.status }, String(params.scheduleId));
      return { run };
    },
  );
}
