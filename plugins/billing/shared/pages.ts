/**
 * The billing plugin's pages, declared once (common/pages.ts): plugin.ts derives its pages and nav items from them,
 * the workspace its routes and nav icons.
 */
import { declarePages } from '../../../common/pages';

export const SUBSCRIPTION_PAGE = '/subscription';

export const BILLING_PAGES = declarePages({
  pages: [
    // Under Settings: in every tenant administrator's menu, and in other users' menus when their security group lists
    // it. The workspace route itself has no access-list check (guard steps 13-15 and the violation page send users
    // there; non-admins see it read-only).
    {
      url: SUBSCRIPTION_PAGE,
      title: 'Subscription',
      module: 'Any',
      route: { page: false },
      icon: 'credit-card',
      nav: { level: 2, parent: '/settings', sort: 30 },
    },
  ],
});
