/**
 * Stack Manager (customer-success.md sections 2, 3, 7, 9): the ideal stack catalogue (services, products,
 * categories, tags), each company's stack tags and alignment, the Stack Alignment Overview matrix and contract
 * exclusions. It plugs into Customer Success only through CS's extension points (object types, dashboard charts,
 * contract filters) and into companies' CSV imports (kind `alignment`); CS imports nothing of it.
 */
import { navItemDefs, pageDefs } from '../../common/pages';
import { contribute, definePlugin } from '../../kernel/index';
import { csvImportsPoint } from '../companies/public';
import { csContractFiltersPoint, csDashboardChartsPoint, csObjectsPoint } from '../customer-success/public';
import { reportComponentsPoint } from '../reports/public';
import { alignmentFixtures } from './server/alignment/fixtures';
import { alignmentImport } from './server/alignment/import';
import { stackDashboardCharts } from './server/alignment/matrix';
import { ALIGNMENT_OBJECTS } from './server/alignment/objects';
import { contractExclusionFilter } from './server/exclusions/contracts';
import { EXCLUSION_OBJECTS } from './server/exclusions/objects';
import { stackCli } from './cli/stack';
import { stackFixtures } from './server/stack/fixtures';
import { stackAlignmentComponent } from './server/reports/stack-alignment-component';
import { STACK_OBJECTS } from './server/stack/objects';
import { registerStackRoutes } from './server/stack/routes';
import { STACK_PAGES } from './shared/pages';

export default definePlugin({
  id: 'stack-manager',
  dependsOn: ['companies', 'customer-success'],
  // The report builder's stack alignment component (registered only while reports is on).
  optionalDependsOn: ['reports'],
  module: 'Customer Success',
  description:
    'Stack Manager: the ideal stack catalogue, company stack alignment, the alignment overview and contract exclusions.',
  // These migrations were customer-success's until the stack area became this plugin: a database migrated before
  // keeps their records, moved to this owner (nothing re-runs).
  adoptsMigrations: [
    { from: 'customer-success', names: ['0060_cs_stack', '0061_cs_stack_alignment', '0062_cs_contract_excludes'] },
  ],
  pages: pageDefs(STACK_PAGES), // shared/pages.ts
  navItems: navItemDefs(STACK_PAGES),
  routes(r) {
    registerStackRoutes(r); // tags API v3/tenantadmin/:tenantId/tenanttag/
  },
  extend: [
    ...[...STACK_OBJECTS, ...ALIGNMENT_OBJECTS, ...EXCLUSION_OBJECTS].map((o) => contribute(csObjectsPoint, o)),
    contribute(csDashboardChartsPoint, stackDashboardCharts), // stackMrrAlignmentBy{Company,Service}Chart
    contribute(csContractFiltersPoint, contractExclusionFilter), // excluded vendors and accounts
    contribute(csvImportsPoint, alignmentImport), // lci import alignment, POST .../import/alignment
    contribute(reportComponentsPoint, stackAlignmentComponent), // report builder: cs_stack_alignment
  ],
  cli(program, { kernel }) {
    stackCli(program, kernel); // lci stack export|import
  },
  async fixtures(ctx) {
    await stackFixtures(ctx); // the ideal stack: categories, tags, services, products
    await alignmentFixtures(ctx); // company tags and alignment of the demo companies
  },
});
