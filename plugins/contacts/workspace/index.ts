/**
 * The browser side of contacts: the /userList page (shared/pages.ts; lazily loaded) and the company detail's Contacts
 * tab (slot companyDetailTabs of /cs/company/detail, opened by the anchor #contacts too). The tab shows to users who
 * may open /userList; the Data Manager menu and the companies page lead to the page for tenants without Customer
 * Success.
 */
import { defineWorkspacePlugin, pageNavIcons, pageRoutes } from '../../../workspace/sdk';
import { CONTACTS_PAGE, CONTACTS_PAGES } from '../shared/pages';

export default defineWorkspacePlugin({
  id: 'contacts',
  routes: pageRoutes(CONTACTS_PAGES, { [CONTACTS_PAGE]: () => import('./ContactsPage') }),
  navIcons: pageNavIcons(CONTACTS_PAGES),
  slots: {
    // The companies page leads to the contacts (for tenants without Customer Success's company detail too).
    pageHeaderActions: [
      {
        id: 'contacts',
        title: 'Contacts',
        on: '/datamanagercompanies',
        page: CONTACTS_PAGE,
        icon: 'people',
        to: CONTACTS_PAGE,
      },
    ],
    companyDetailTabs: [
      {
        id: 'contacts',
        title: 'Contacts',
        order: 20,
        page: CONTACTS_PAGE,
        component: () => import('./CompanyContactsTab'),
      },
    ],
  },
});
