/** Demo data for `lci db seed`: the demo tenant's integrations, an ETL schedule and a few ETL runs. */
import type { FixtureContext } from '../../../../kernel/index';

export async function pagesFixtures({ db, tenantId, log }: FixtureContext): Promise<void> {
  await db.withTenant(tenantId, async (trx) => {
    if (await trx('tenant_integrations').where({ tenant_id: tenantId }).first('tenant_integration_id')) return;
    const [psa] = await trx('tenant_integrations')
      .insert({
        tenant_id: tenantId,
        integration_name: 'CW Manage',
        is_primary: true,
        integration_status: 'active',
        initial_sync_status: 'done',
        initial_sync_started_at: trx.raw("now() - interval '30 days'"),
        initial_sync_completed_at: trx.raw("now() - interval '30 days'"),
      })
      .returning('tenant_integration_id');
    const [docs] = await trx('tenant_integrations')
      .insert({
        tenant_id: tenantId,
        integration_name: 'ITGlue',
        integration_status: 'pending',
        initial_sync_status: 'in_progress',
        initial_sync_started_at: trx.raw("now() - interval '3 hours'"),
      })
      .returning('tenant_integration_id');
    const psaId = Number(psa.tenant_integration_id);
    const docsId = Number(docs.tenant_integration_id);
    await trx('etl_schedules').insert([
      {
        tenant_id: tenantId,
        tenant_integration_id: psaId,
        interval_minutes: 60,
        enabled_flag: true,
        last_run_at: trx.raw("now() - interval '1 hour'"),
      },
      { tenant_id: tenantId, tenant_integration_id: docsId, interval_minutes: 1440, enabled_flag: false },
    ]);
    const run = (
      hoursAgo: number,
      status: string,
      read: number,
      written: number,
      errors: number,
      message: string | null,
      id = psaId,
    ) => ({
      tenant_id: tenantId,
      tenant_integration_id: id,
      trigger: 'schedule',
      status,
      rows_read: read,
      rows_written: written,
      error_count: errors,
      error_message: message,
      started_at: trx.raw(`now() - interval '${hoursAgo} hours'`),
      finished_at: status === 'running' ? null : trx.raw(`now() - interval '${hoursAgo} hours' + interval '4 minutes'`),
    });
    await trx('etl_runs').insert([
      run(3, 'succeeded', 1840, 1840, 0, null),
      run(2, 'failed', 212, 0, 1, 'PSA API answered 429 Too Many Requests; retried 3 times'),
      run(1, 'succeeded', 1902, 1899, 3, '3 tickets skipped: company not found'),
      { ...run(3, 'running', 5400, 5100, 0, null, docsId), trigger: 'initial' },
    ]);
    log('integrations CW Manage (primary), ITGlue (initial sync in progress) with ETL runs');
  });
}
