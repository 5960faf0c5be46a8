/**
 * Client contacts (issue 15 part A2): the people of a tenant's client companies, with their role in reviews. A plugin
 * of its own that depends on companies: its table references companies', its import kind registers into companies'
 * CSV imports, and reviews and scheduled reports will read contacts through public.ts.
 */
import { navItemDefs, pageDefs } from '../../common/pages';
import { contribute, definePlugin } from '../../kernel/index';
import { csvImportsPoint, customFieldTargetsPoint } from '../companies/public';
import { contactsCustomFieldTarget } from './server/custom-field-target';
import { contactsCli } from './cli/commands';
import { contactsImport } from './import/contacts-import';
import { contactsFixtures } from './server/fixtures';
import { routes } from './server/routes';
import { CONTACTS_PAGES } from './shared/pages';

export default definePlugin({
  id: 'contacts',
  description:
    "Client contacts of a tenant's companies (name, e-mail, phone, title, role in reviews, active, source); the contact and userList routes; CSV import kind contacts.",
  dependsOn: ['companies'],
  // No module: an area every tenant has (README "Modules"); 'Any' says so, a route that needs one declares it.
  module: 'Any',
  pages: pageDefs(CONTACTS_PAGES), // shared/pages.ts
  navItems: navItemDefs(CONTACTS_PAGES),
  // Contacts' custom fields (defined on /customfields, values at customfields/values/contacts).
  extend: [contribute(csvImportsPoint, contactsImport), contribute(customFieldTargetsPoint, contactsCustomFieldTarget)],
  routes,
  cli: contactsCli,
  fixtures: contactsFixtures,
});
