import { defineWorkspacePlugin, pageNavIcons, pageRoutes } from '../../../workspace/sdk';
import { ACCOUNT_SETTINGS_PAGE, SETTINGS_PAGES } from '../shared/pages';
import { tenantSettingsData } from './session-data';

/**
 * Settings: /accountsettings (renders the `settingsSections` slot), its own sections (General, Logo, Display), and the
 * tenant settings every page formats with (session data read by workspace/sdk.ts useTenantFormat and the top bar).
 */
export default defineWorkspacePlugin({
  id: 'settings',
  routes: pageRoutes(SETTINGS_PAGES, { [ACCOUNT_SETTINGS_PAGE]: () => import('./AccountSettingsPage') }),
  navIcons: pageNavIcons(SETTINGS_PAGES),
  sessionData: [tenantSettingsData],
  slots: {
    settingsSections: [
      {
        id: 'general',
        title: 'General',
        order: 10,
        page: ACCOUNT_SETTINGS_PAGE,
        component: () => import('./GeneralSection'),
      },
      { id: 'logo', title: 'Logo', order: 20, page: ACCOUNT_SETTINGS_PAGE, component: () => import('./LogoSection') },
      {
        id: 'display',
        title: 'Display',
        order: 30,
        page: ACCOUNT_SETTINGS_PAGE,
        component: () => import('./DisplaySection'),
      },
    ],
  },
});
