/** Demo data of settings for the demo tenant: a settings row with the defaults, so the page starts filled in. */
import type { FixtureContext } from '../../../kernel/index';

export async function settingsFixtures({ db, tenantId, log }: FixtureContext): Promise<void> {
  await db.withTenant(tenantId, async (trx) => {
    const had = await trx('tenant_settings').first('tenant_id').where({ tenant_id: tenantId });
    if (had) return;
    await trx('tenant_settings').insert({
      tenant_id: tenantId,
      time_zone: 'America/New_York',
      fiscal_year_start_month: 1,
    });
    log('settings: tenant settings (time zone America/New_York)');
  });
}
