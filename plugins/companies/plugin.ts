import { definePlugin } from '../../kernel/index';
import { routes, COMPANIES_PAGE } from './server/routes';
import { insertCompany, listCompanies } from './server/service';

export default definePlugin({
  id: 'companies',
  description: 'Client companies of a tenant: list, add, update; active-company provider for guard and plan limits.',
  pages: [{ url: COMPANIES_PAGE, title: 'Companies', requiresAdmin: false }],
  navItems: [{ url: COMPANIES_PAGE, title: 'Companies', level: 2, parentUrl: '/datamanager', icon: 'office', modules: ['Core', 'Customer Success', 'AIR', 'Assessment'], sort: 50 }],
  routes,
  providers: {
    async activeCompanies(trx, _tenantId, kind) {
      const rows = await listCompanies(trx, { activeOnly: true, kind });
      return rows.map((r) => ({ tenant_company_id: r.tenant_company_id, name: r.moniker }));
    },
  },
  async fixtures({ db, tenantId, log }) {
    await db.withTenant(tenantId, async (trx) => {
      const existing = new Set((await listCompanies(trx)).map((c) => c.moniker));
      const demo = [
        { moniker: 'Acme Dental Group', seats: 42 },
        { moniker: 'Brightwater Logistics', seats: 118 },
        { moniker: 'Cedar Ridge Law', seats: 17 },
        { moniker: 'Northwind Clinics', seats: 65, assessment_only_flag: true },
        { moniker: 'Summit Manufacturing', seats: 230, air_only_flag: true },
      ].filter((c) => !existing.has(c.moniker));
      for (const c of demo) await insertCompany(trx, tenantId, c);
      if (demo.length) log(`companies: ${demo.length} demo companies`);
    });
  },
});
