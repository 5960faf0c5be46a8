/**
 * The settings pages, declared once (common/pages.ts). /accountsettings is open during a subscription violation
 * (platform.md 4.7 step 15); tenant admins edit it, other users with access read it.
 */
import { declarePages } from '../../../common/pages';

export const ACCOUNT_SETTINGS_PAGE = '/accountsettings';

export const SETTINGS_PAGES = declarePages({
  pages: [
    {
      url: ACCOUNT_SETTINGS_PAGE,
      title: 'Account Settings',
      module: 'Any',
      icon: 'cog',
      nav: { level: 2, parent: '/settings', sort: 10 },
    },
  ],
});
