/**
 * A tenant's integrations: the primary integration and its integration_status (/lcisupport/primaryIntegrationChange,
 * changed only with the tenant's name typed as confirmation), and initial synchronisations still running
 * (/lcisupport/initialSyncInProgress: mark done, or reset to run again). Both audited in the tenant.
 */
import { z } from 'zod';
import { notFound, type Kernel, type RouteRegistrar, type Trx } from '../../../../kernel/index';
import { auditTenant, fieldError, id, requireTenant, targetParams } from './shared';

export const PRIMARY_INTEGRATION_PAGE = '/lcisupport/primaryIntegrationChange';
export const INITIAL_SYNC_PAGE = '/lcisupport/initialSyncInProgress';
/** platform.md section 9: the PSA integrations of the asset module. */
export const INTEGRATIONS = ['CW Manage', 'Autotask', 'Syncro', 'HaloPSA', 'ITGlue', 'Hudu', 'NinjaOne'] as const;
export const INTEGRATION_STATUSES = ['pending', 'active', 'error', 'disconnected'] as const;

export const primaryBody = z.object({
  integration_name: z.enum(INTEGRATIONS, { message: `Must be one of ${INTEGRATIONS.join(', ')}` }),
  integration_status: z.enum(INTEGRATION_STATUSES).default('pending'),
  confirm: z.string().trim().min(1, 'Type the tenant\'s name to confirm.').max(200),
});
const syncBody = z.object({ action: z.enum(['done', 'reset']) });

/** Whether the typed confirmation matches the tenant's name (case and surrounding spaces ignored; pure). */
export const confirms = (typed: string, name: string) => typed.trim().toLowerCase() === name.trim().toLowerCase();

export async function tenantIntegrations(db: Trx, tenantId: number) {
  const rows = await db('tenant_integrations').where({ tenant_id: tenantId }).orderBy([{ column: 'is_primary', order: 'desc' }, { column: 'integration_name' }]).select();
  return rows.map((r: any) => ({ ...r, tenant_id: Number(r.tenant_id), tenant_integration_id: Number(r.tenant_integration_id) }));
}

/** Makes an integration the tenant's primary one (creating it when absent); the former primary stays as another integration. */
export async function changePrimary(k: Kernel, db: Trx, ctx: { caller: any }, tenantId: number, b: z.output<typeof primaryBody>, via?: Record<string, unknown>) {
  const t = await requireTenant(db, tenantId);
  if (!confirms(b.confirm, t.name)) throw fieldError('body.confirm', `Does not match the tenant's name "${t.name}".`);
  const before = await db('tenant_integrations').where({ tenant_id: tenantId, is_primary: true }).first('integration_name', 'integration_status');
  await db('tenant_integrations').where({ tenant_id: tenantId, is_primary: true }).update({ is_primary: false });
  await db('tenant_integrations').insert({ tenant_id: tenantId, integration_name: b.integration_name, is_primary: true, integration_status: b.integration_status })
    .onConflict(['tenant_id', 'integration_name']).merge(['is_primary', 'integration_status']);
  await auditTenant(k, db, ctx, tenantId, 'lcisupport.primaryIntegration.change', {
    from: before ? { integration_name: before.integration_name, integration_status: before.integration_status } : null,
    to: { integration_name: b.integration_name, integration_status: b.integration_status }, ...(via ?? {}),
  }, String(tenantId));
  return { tenant: { tenant_id: tenantId, name: t.name }, integrations: await tenantIntegrations(db, tenantId) };
}

export async function initialSyncsInProgress(db: Trx) {
  const rows = await db('tenant_integrations as i').join('tenants as t', 't.tenant_id', 'i.tenant_id').where('i.initial_sync_status', 'in_progress')
    .orderBy('i.initial_sync_started_at').select('i.tenant_integration_id', 'i.tenant_id', 't.name as tenant_name', 'i.integration_name', 'i.is_primary', 'i.integration_status', 'i.initial_sync_started_at');
  return rows.map((r: any) => ({ ...r, tenant_id: Number(r.tenant_id), tenant_integration_id: Number(r.tenant_integration_id) }));
}

export async function setInitialSync(k: Kernel, db: Trx, ctx: { caller: any }, integrationId: number, action: 'done' | 'reset', via?: Record<string, unknown>) {
  const row = await db('tenant_integrations').where({ tenant_integration_id: integrationId }).first();
  if (!row) throw notFound(`Integration ${integrationId} not found`);
  const patch = action === 'done'
    ? { initial_sync_status: 'done', initial_sync_completed_at: db.fn.now() }
    : { initial_sync_status: 'not_started', initial_sync_started_at: null, initial_sync_completed_at: null };
  await db('tenant_integrations').where({ tenant_integration_id: integrationId }).update(patch);
  await auditTenant(k, db, ctx, Number(row.tenant_id), `lcisupport.initialSync.${action}`, { integration_name: row.integration_name, from: row.initial_sync_status, ...(via ?? {}) }, String(integrationId));
  return { tenant_integration_id: integrationId, tenant_id: Number(row.tenant_id), integration_name: row.integration_name, initial_sync_status: action === 'done' ? 'done' : 'not_started' };
}

export function integrationRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get('/v3/lcisupport/primaryintegration/:targetTenantId', { auth: 'internal', scope: 'system', page: PRIMARY_INTEGRATION_PAGE, params: targetParams, summary: 'A tenant\'s integrations and which is primary' }, async ({ db, params }) => {
    const t = await requireTenant(db, params.targetTenantId);
    return { tenant: { tenant_id: t.tenant_id, name: t.name }, integrations: await tenantIntegrations(db, t.tenant_id), choices: INTEGRATIONS, statuses: INTEGRATION_STATUSES };
  });
  r.put('/v3/lcisupport/primaryintegration/:targetTenantId', { auth: 'internal', scope: 'system', page: PRIMARY_INTEGRATION_PAGE, params: targetParams, body: primaryBody, summary: 'Changes a tenant\'s primary integration; confirm carries the tenant\'s name' }, async (ctx) =>
    changePrimary(k, ctx.db, ctx, ctx.params.targetTenantId, ctx.body));

  r.get('/v3/lcisupport/initialsync', { auth: 'internal', scope: 'system', page: INITIAL_SYNC_PAGE, summary: 'Integrations whose initial synchronisation is in progress, oldest first' }, async ({ db }) => ({
    in_progress: await initialSyncsInProgress(db),
  }));
  r.post('/v3/lcisupport/initialsync/:integrationId', { auth: 'internal', scope: 'system', page: INITIAL_SYNC_PAGE, params: z.object({ integrationId: id }), body: syncBody, summary: 'Marks an initial sync done, or resets it to run again' }, async (ctx) =>
    setInitialSync(k, ctx.db, ctx, ctx.params.integrationId, ctx.body.action));
}
