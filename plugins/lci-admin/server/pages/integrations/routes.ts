/** Primary integration (/lcisupport/primaryIntegrationChange) and initial sync (/lcisupport/initialSyncInProgress) routes. */
import { z } from 'zod';
import type { Kernel, RouteRegistrar } from '../../../../../kernel/index';
import { tenantRef, when } from '../responses';
import { id, requireTenant, targetParams } from '../shared';
import {
  changePrimary,
  INITIAL_SYNC_PAGE,
  initialSyncsInProgress,
  INTEGRATION_STATUSES,
  INTEGRATIONS,
  PRIMARY_INTEGRATION_PAGE,
  primaryBody,
  setInitialSync,
  syncBody,
  tenantIntegrations,
} from './service';

const status = z.enum(INTEGRATION_STATUSES);
const syncStatus = z.enum(['not_started', 'in_progress', 'done']);
const integration = z.object({
  tenant_id: z.number().int(),
  tenant_integration_id: z.number().int(),
  integration_name: z.string(),
  is_primary: z.boolean(),
  integration_status: status,
  initial_sync_status: syncStatus,
  initial_sync_started_at: when.nullable(),
  initial_sync_completed_at: when.nullable(),
  created_at: when,
});
const tenantIntegrationsResponse = z.object({ tenant: tenantRef, integrations: z.array(integration) });
const syncsResponse = z.object({
  in_progress: z.array(
    z.object({
      tenant_integration_id: z.number().int(),
      tenant_id: z.number().int(),
      tenant_name: z.string(),
      integration_name: z.string(),
      is_primary: z.boolean(),
      integration_status: status,
      initial_sync_started_at: when.nullable(),
    }),
  ),
});
const syncResponse = z.object({
  tenant_integration_id: z.number().int(),
  tenant_id: z.number().int(),
  integration_name: z.string(),
  initial_sync_status: z.enum(['done', 'not_started']),
});

export function integrationRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(
    '/v3/lcisupport/primaryintegration/:targetTenantId',
    {
      auth: 'internal',
      scope: 'system',
      page: PRIMARY_INTEGRATION_PAGE,
      params: targetParams,
      summary: "A tenant's integrations and which is primary",
      response: tenantIntegrationsResponse.extend({
        choices: z.array(z.enum(INTEGRATIONS)),
        statuses: z.array(status),
      }),
    },
    async ({ db, params }) => {
      const t = await requireTenant(db, params.targetTenantId);
      return {
        tenant: { tenant_id: t.tenant_id, name: t.name },
        integrations: await tenantIntegrations(db, t.tenant_id),
        choices: [...INTEGRATIONS],
        statuses: [...INTEGRATION_STATUSES],
      };
    },
  );
  r.put(
    '/v3/lcisupport/primaryintegration/:targetTenantId',
    {
      auth: 'internal',
      scope: 'system',
      page: PRIMARY_INTEGRATION_PAGE,
      params: targetParams,
      body: primaryBody,
      response: tenantIntegrationsResponse,
      summary: "Changes a tenant's primary integration; confirm carries the tenant's name",
    },
    async (ctx) => changePrimary(k, ctx.db, ctx, ctx.params.targetTenantId, ctx.body),
  );

  r.get(
    '/v3/lcisupport/initialsync',
    {
      auth: 'internal',
      scope: 'system',
      page: INITIAL_SYNC_PAGE,
      response: syncsResponse,
      summary: 'Integrations whose initial synchronisation is in progress, oldest first',
    },
    async ({ db }) => ({
      in_progress: await initialSyncsInProgress(db),
    }),
  );
  r.post(
    '/v3/lcisupport/initialsync/:integrationId',
    {
      auth: 'internal',
      scope: 'system',
      page: INITIAL_SYNC_PAGE,
      params: z.object({ integrationId: id }),
      body: syncBody,
      response: syncResponse,
      summary: 'Marks an initial sync done, or resets it to run again',
    },
    async (ctx) => setInitialSync(k, ctx.db, ctx, ctx.params.integrationId, ctx.body.action),
  );
}
