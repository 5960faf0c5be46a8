/**
 * The contacts pages, declared once (common/pages.ts): plugin.ts derives its pages and nav items from them, the
 * workspace its routes and nav icons. The url is the permission key of the contact routes too.
 */
import { declarePages, type PageModuleName } from '../../../common/pages';

/** The "user list" of the home area (platform.md 2.4): the client companies' contacts. */
export const CONTACTS_PAGE = '/userList';

const MODULES: PageModuleName[] = ['Core', 'Customer Success', 'AIR', 'Assessment'];

export const CONTACTS_PAGES = declarePages({
  pages: [
    {
      url: CONTACTS_PAGE,
      title: 'Contacts',
      icon: 'people',
      nav: { level: 2, parent: '/datamanager', modules: MODULES, sort: 55 },
    },
  ],
});
