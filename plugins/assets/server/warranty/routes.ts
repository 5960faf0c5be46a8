/**
 * The warranty lookup routes under /v3/tenant/:tenantId/ (platform.md 3 "warranty lookup settings", 7.4):
 *
 * - GET `warrantyLookupSettings`: any access to /assetList. Credentials are never answered, only whether set.
 * - PUT `warrantyLookupSettings`: a tenant admin with Read/Write on /assetList (the vendors' credentials and the
 *   overwrite policy act on every company's assets, as account settings do).
 * - POST `warrantyLookup/run`, GET `warrantyLookup/runs[/:runId]`, GET `warrantyLookup/log`: Read/Write on
 *   /assetList to start a run (it writes assets), any access to follow runs and read the log.
 */
import type { Kernel, RouteRegistrar } from '../../../../kernel/index';
import { HttpError, notFound } from '../../../../kernel/index';
import { ASSET_LIST_PAGE } from '../../shared/pages';
import {
  warrantyLogAnswer,
  warrantyLogQuery,
  warrantyRunAnswer,
  warrantyRunBody,
  warrantyRunParams,
  warrantyRunsAnswer,
  warrantyRunStarted,
  warrantySettingsAnswer,
  warrantySettingsBody,
  warrantyTenantParams,
} from '../../shared/warranty-api';
import { createRun, sealerOf, settingsView, WARRANTY_JOB, type WarrantyJobData } from './service';
import { getRun, listLookups, listRuns, readSettings, saveSettings, updateRun } from './store';

const page = ASSET_LIST_PAGE;

export function warrantyRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(
    '/v3/tenant/:tenantId/warrantyLookupSettings',
    {
      summary:
        'Warranty lookup settings: on/off, overwrite policy, per vendor on/off, standard term, call budget, credentials set (never their values)',
      params: warrantyTenantParams,
      page,
      response: warrantySettingsAnswer,
    },
    async ({ db }) => ({ settings: settingsView(await readSettings(db), sealerOf(k)) }),
  );

  r.put(
    '/v3/tenant/:tenantId/warrantyLookupSettings',
    {
      summary: 'Change the warranty lookup settings (tenant admin); a credential is stored sealed, null clears it',
      params: warrantyTenantParams,
      body: warrantySettingsBody,
      auth: 'tenantAdmin',
      page,
      response: warrantySettingsAnswer,
    },
    async ({ db, tenantId, body, audit }) => {
      const sealer = sealerOf(k);
      const { changed } = await saveSettings(db, tenantId, body, sealer);
      await audit('asset.warranty_settings.update', { changed });
      return { settings: settingsView(await readSettings(db), sealer) };
    },
  );

  r.post(
    '/v3/tenant/:tenantId/warrantyLookup/run',
    {
      summary:
        "Start a warranty lookup of the tenant's assets (or one company's, or the ones named); answers the run and its job id",
      params: warrantyTenantParams,
      body: warrantyRunBody,
      page,
      response: warrantyRunStarted,
    },
    async ({ db, tenantId, body, caller, audit }) => {
      const run = await createRun(db, tenantId, body, 'manual', caller?.userId ?? null);
      const data: WarrantyJobData = {
        tenantId,
        runId: run.warranty_run_id,
        ...(caller ? { userId: caller.userId } : {}),
      };
      const jobId = await k.jobs.send(WARRANTY_JOB, data as unknown as Record<string, unknown>, { retryLimit: 0 });
      if (!jobId) throw new HttpError(503, 'The warranty lookup could not be queued; try again.');
      await updateRun(db, run.warranty_run_id, { job_id: jobId });
      await audit(
        'asset.warranty_lookup.run',
        { tenant_company_id: body.tenantCompanyId ?? null, asset_count: body.assetIds?.length ?? null, job_id: jobId },
        String(run.warranty_run_id),
      );
      return { run_id: run.warranty_run_id, job_id: jobId, run: { ...run, job_id: jobId } };
    },
  );

  r.get(
    '/v3/tenant/:tenantId/warrantyLookup/runs',
    {
      summary: 'The latest warranty lookup runs, newest first',
      params: warrantyTenantParams,
      page,
      response: warrantyRunsAnswer,
    },
    async ({ db }) => ({ runs: await listRuns(db, 20) }),
  );

  r.get(
    '/v3/tenant/:tenantId/warrantyLookup/runs/:runId',
    {
      summary: 'A warranty lookup run: status, progress (0..100) and counts',
      params: warrantyRunParams,
      page,
      response: warrantyRunAnswer,
    },
    async ({ db, params }) => {
      const run = await getRun(db, params.runId);
      if (!run) throw notFound(`No warranty lookup run ${params.runId}`);
      const { scope: _scope, ...answer } = run;
      void _scope;
      return { run: answer };
    },
  );

  r.get(
    '/v3/tenant/:tenantId/warrantyLookup/log',
    {
      summary: "The warranty lookup log: each asset's lookups with vendor, source, result and dates, newest first",
      params: warrantyTenantParams,
      query: warrantyLogQuery,
      page,
      response: warrantyLogAnswer,
    },
    async ({ db, query }) => ({ lookups: await listLookups(db, query) }),
  );
}
