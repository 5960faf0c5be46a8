/**
 * Stack Manager pages, declared once (common/pages.ts): plugin.ts derives its pages and nav items from them, the
 * workspace its routes, nav icons and the links it adds to the CS admin page. The urls are the permission keys of
 * the stack objects and the access lists (customer-success.md section 2).
 */
import { declarePages } from '../../../common/pages';

export const STACK_MANAGER_PAGE = '/cs/admin/stackManager';
export const STACK_ALIGNMENT_OVERVIEW_PAGE = '/cs/stackAlignmentOverview';
export const CS_APP_SETTINGS_PAGE = '/cs/admin/csAppSettings';

export const STACK_PAGES = declarePages({
  pages: [
    { url: STACK_MANAGER_PAGE, title: 'Stack Manager', requiresAdmin: true },
    {
      url: STACK_ALIGNMENT_OVERVIEW_PAGE,
      title: 'Stack Alignment Overview',
      icon: 'grid',
      nav: { level: 1, modules: ['Customer Success'], sort: 27 },
    },
    { url: CS_APP_SETTINGS_PAGE, title: 'Customer Success App Settings', requiresAdmin: true },
  ],
});
