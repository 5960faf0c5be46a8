/**
 * The seeded "Import your companies" item linked /datamanager/companies, which is no page: the companies page is
 * /datamanagercompanies. Fixes the link in place (existing databases and new ones, which ran 0041 first). Items whose
 * link is still no page (/integrations until an integrations plugin exists) are hidden from tenants by the
 * hidden-link rule (shared/onboarding.ts), not here.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex('lci_onboarding_items')
    .where({ link_url: '/datamanager/companies' })
    .update({ link_url: '/datamanagercompanies', updated_at: knex.fn.now() });
}

export async function down(knex: Knex): Promise<void> {
  await knex('lci_onboarding_items')
    .where({ moniker: 'Import your companies', link_url: '/datamanagercompanies' })
    .update({ link_url: '/datamanager/companies' });
}
