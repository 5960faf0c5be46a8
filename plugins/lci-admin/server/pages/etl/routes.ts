/** ETL reports (/lciadmin/etlreports) and schedules (/lcisupport/adminEtlManager) routes (internal admins). */
import { z } from 'zod';
import type { Kernel, RouteRegistrar } from '../../../../../kernel/index';
import { when } from '../responses';
import { id } from '../shared';
import {
  ETL_MANAGER_PAGE,
  ETL_REPORTS_PAGE,
  etlReports,
  etlSchedules,
  reportsQuery,
  RUN_STATUSES,
  runNow,
  scheduleBody,
  setSchedule,
} from './service';

const integrationParams = z.object({ integrationId: id });
const run = z.object({
  etl_run_id: z.number().int(),
  tenant_id: z.number().int(),
  tenant_name: z.string(),
  integration_name: z.string(),
  trigger: z.enum(['schedule', 'manual', 'initial']),
  status: z.enum(RUN_STATUSES),
  started_at: when,
  finished_at: when.nullable(),
  rows_read: z.number().int(),
  rows_written: z.number().int(),
  error_count: z.number().int(),
  error_message: z.string().nullable(),
});
const reportsResponse = z.object({
  runs: z.array(run),
  totals: z.object({
    runs: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    running: z.number().int(),
    rows_read: z.number().int(),
    rows_written: z.number().int(),
    errors: z.number().int(),
  }),
});
const schedule = z.object({
  tenant_integration_id: z.number().int(),
  tenant_id: z.number().int(),
  tenant_name: z.string(),
  integration_name: z.string(),
  integration_status: z.string(),
  etl_schedule_id: z.number().int().nullable(),
  interval_minutes: z.number().int().nullable(),
  enabled_flag: z.boolean(),
  last_run_at: when.nullable(),
  next_run_at: when.nullable(),
  last_status: z.enum(RUN_STATUSES).nullable(),
});

export function etlRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(
    '/v3/lciadmin/etlreports',
    {
      auth: 'internal',
      scope: 'system',
      page: ETL_REPORTS_PAGE,
      query: reportsQuery,
      response: reportsResponse,
      summary: 'ETL runs of every tenant and integration, newest first, with totals',
    },
    async ({ db, query }) => etlReports(db, query),
  );
  r.get(
    '/v3/lcisupport/etlschedules',
    {
      auth: 'internal',
      scope: 'system',
      page: ETL_MANAGER_PAGE,
      query: z.object({ tenantId: id.optional() }),
      response: z.object({ schedules: z.array(schedule) }),
      summary: 'ETL schedules per tenant integration',
    },
    async ({ db, query }) => ({ schedules: await etlSchedules(db, query.tenantId) }),
  );
  r.put(
    '/v3/lcisupport/etlschedules/:integrationId',
    {
      auth: 'internal',
      scope: 'system',
      page: ETL_MANAGER_PAGE,
      params: integrationParams,
      body: scheduleBody,
      response: z.object({ schedule }),
      summary: "Enables or disables an integration's ETL schedule",
    },
    async (ctx) => ({ schedule: await setSchedule(k, ctx.db, ctx, ctx.params.integrationId, ctx.body) }),
  );
  r.post(
    '/v3/lcisupport/etlschedules/:integrationId/run',
    {
      auth: 'internal',
      scope: 'system',
      page: ETL_MANAGER_PAGE,
      params: integrationParams,
      response: z.object({ etl_run_id: z.number().int(), job_id: z.string().nullable(), status: z.literal('queued') }),
      summary: "Runs an integration's ETL now (a pg-boss job)",
    },
    async (ctx) => runNow(k, ctx.db, ctx, ctx.params.integrationId),
  );
}
