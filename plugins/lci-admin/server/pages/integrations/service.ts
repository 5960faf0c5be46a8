/**
 * A tenant's integrations: the primary integration and its integration_status (/lcisupport/primaryIntegrationChange,
 * changed only with the tenant's name typed as confirmation), and initial synchronisations still running
 * (/lcisupport/initialSyncInProgress: mark done, or reset to run again). Both audited in the tenant.
 */
import { z } from 'zod';
import { notFound, type Kernel, type Trx } from '../../../../../kernel/index';
import { auditTenant, fieldError, requireTenant } from '../shared';
import {
  findIntegration,
  makePrimary,
  primaryIntegration,
  setInitialSyncStatus,
  syncsInProgress,
  tenantIntegrations,
} from './store';

export { tenantIntegrations };
export const initialSyncsInProgress = syncsInProgress;

export const PRIMARY_INTEGRATION_PAGE = '/lcisupport/primaryIntegrationChange';
export const INITIAL_SYNC_PAGE = '/lcisupport/initialSyncInProgress';
/** platform.md section 9: the PSA integrations of the asset module. */
export const INTEGRATIONS = ['CW Manage', 'Autotask', 'Syncro', 'HaloPSA', 'ITGlue', 'Hudu', 'NinjaOne'] as const;
export const INTEGRATION_STATUSES = ['pending', 'active', 'error', 'disconnected'] as const;

export const primaryBody = z.object({
  integration_name: z.enum(INTEGRATIONS, { message: `Must be one of ${INTEGRATIONS.join(', ')}` }),
  integration_status: z.enum(INTEGRATION_STATUSES).default('pending'),
  confirm: z.string().trim().min(1, "Type the tenant's name to confirm.").max(200),
});
export const syncBody = z.object({ action: z.enum(['done', 'reset']) });

/** Whether the typed confirmation matches the tenant's name (case and surrounding spaces ignored; pure). */
const confirms = (typed: string, name: string) => typed.trim().toLowerCase() === name.trim().toLowerCase();

/** Makes an integration the tenant's primary one (creating it when absent); the former primary stays as another integration. */
export async function changePrimary(
  k: Kernel,
  db: Trx,
  ctx: { caller: any },
  tenantId: number,
  b: z.output<typeof primaryBody>,
  via?: Record<string, unknown>,
) {
  const t = await requireTenant(db, tenantId);
  if (!confirms(b.confirm, t.name)) throw fieldError('body.confirm', `Does not match the tenant's name "${t.name}".`);
  const before = await primaryIntegration(db, tenantId);
  await makePrimary(db, tenantId, b.integration_name, b.integration_status);
  await auditTenant(
    k,
    db,
    ctx,
    tenantId,
    'lcisupport.primaryIntegration.change',
    {
      from: before
        ? { integration_name: before.integration_name, integration_status: before.integration_status }
        : null,
      to: { integration_name: b.integration_name, integration_status: b.integration_status },
      ...(via ?? {}),
    },
    String(tenantId),
  );
  return { tenant: { tenant_id: tenantId, name: t.name }, integrations: await tenantIntegrations(db, tenantId) };
}

export async function setInitialSync(
  k: Kernel,
  db: Trx,
  ctx: { caller: any },
  integrationId: number,
  action: 'done' | 'reset',
  via?: Record<string, unknown>,
) {
  const row = await findIntegration(db, integrationId);
  if (!row) throw notFound(`Integration ${integrationId} not found`);
  await setInitialSyncStatus(db, integrationId, action);
  await auditTenant(
    k,
    db,
    ctx,
    Number(row.tenant_id),
    `lcisupport.initialSync.${action}`,
    { integration_name: row.integration_name, from: row.initial_sync_status, ...(via ?? {}) },
    String(integrationId),
  );
  return {
    tenant_integration_id: integrationId,
    tenant_id: Number(row.tenant_id),
    integration_name: row.integration_name,
    initial_sync_status: action === 'done' ? 'done' : 'not_started',
  };
}
