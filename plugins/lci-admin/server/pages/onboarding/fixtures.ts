/** Demo data: the demo tenant has imported its companies (that checklist item is done); the rest is still open. */
import type { FixtureContext } from '../../../../../kernel/index';
import { upsertCompletion } from './store';

export async function onboardingFixtures({ db, tenantId, log }: FixtureContext): Promise<void> {
  await db.withTenant(tenantId, async (trx) => {
    if (await trx('tenant_onboarding_items').first('lci_onboarding_item_id')) return;
    const item = await trx('lci_onboarding_items')
      .where({ moniker: 'Import your companies', active_flag: true })
      .first('lci_onboarding_item_id');
    if (!item) return;
    await upsertCompletion(trx, tenantId, Number(item.lci_onboarding_item_id), true, null);
    log('lci-admin: onboarding checklist with "Import your companies" done');
  });
}
