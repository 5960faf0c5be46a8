/** SQL of tenant integrations (tenant_integrations; system scope). */
import { withTenantNames, type Trx } from '../../../../../kernel/index';

const shape = (r: any) => ({
  ...r,
  tenant_id: Number(r.tenant_id),
  tenant_integration_id: Number(r.tenant_integration_id),
});

/** The tenant's integrations, the primary first, then by name. */
export async function tenantIntegrations(db: Trx, tenantId: number): Promise<any[]> {
  const rows = await db('tenant_integrations')
    .where({ tenant_id: tenantId })
    .orderBy([{ column: 'is_primary', order: 'desc' }, { column: 'integration_name' }])
    .select();
  return rows.map(shape);
}

export async function primaryIntegration(
  db: Trx,
  tenantId: number,
): Promise<{ integration_name: string; integration_status: string } | null> {
  return (
    (await db('tenant_integrations')
      .where({ tenant_id: tenantId, is_primary: true })
      .first('integration_name', 'integration_status')) ?? null
  );
}

/** Makes an integration (created when absent) the tenant's only primary one. */
export async function makePrimary(
  db: Trx,
  tenantId: number,
  integrationName: string,
  integrationStatus: string,
): Promise<void> {
  await db('tenant_integrations').where({ tenant_id: tenantId, is_primary: true }).update({ is_primary: false });
  await db('tenant_integrations')
    .insert({
      tenant_id: tenantId,
      integration_name: integrationName,
      is_primary: true,
      integration_status: integrationStatus,
    })
    .onConflict(['tenant_id', 'integration_name'])
    .merge(['is_primary', 'integration_status']);
}

/** Integrations whose initial synchronisation is in progress, oldest first, with the tenant's name. */
export async function syncsInProgress(db: Trx): Promise<any[]> {
  const rows = await db('tenant_integrations')
    .where('initial_sync_status', 'in_progress')
    .orderBy('initial_sync_started_at')
    .select(
      'tenant_integration_id',
      'tenant_id',
      'integration_name',
      'is_primary',
      'integration_status',
      'initial_sync_started_at',
    );
  return (await withTenantNames(db, rows)).map(shape);
}

export async function findIntegration(db: Trx, integrationId: number): Promise<any | null> {
  return (await db('tenant_integrations').where({ tenant_integration_id: integrationId }).first()) ?? null;
}

/** done: completed now; reset: not started (to run again). */
export async function setInitialSyncStatus(db: Trx, integrationId: number, action: 'done' | 'reset'): Promise<void> {
  const patch =
    action === 'done'
      ? { initial_sync_status: 'done', initial_sync_completed_at: db.fn.now() }
      : { initial_sync_status: 'not_started', initial_sync_started_at: null, initial_sync_completed_at: null };
  await db('tenant_integrations').where({ tenant_integration_id: integrationId }).update(patch);
}
