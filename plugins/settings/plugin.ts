/**
 * Settings: the tenant's formats (currency, date format, time zone, fiscal year start), app settings with users' own
 * values (bordered_tables), the tenant logo, and the /accountsettings page that shows the workspace's
 * `settingsSections` slot. Migrations and the workspace side are found by folder.
 */
import { navItemDefs, pageDefs } from '../../common/pages';
import { definePlugin } from '../../kernel/index';
import { settingsFixtures } from './server/fixtures';
import { routes } from './server/routes';
import { createSettingsService, type SettingsInstance } from './server/service';
import { SETTINGS_PAGES } from './shared/pages';

export default definePlugin<SettingsInstance>({
  id: 'settings',
  // No module: an area every tenant has (README "Modules"); 'Any' says so, a route that needs one declares it.
  module: 'Any',
  description: 'Settings: tenant formats, app settings, logo and the account settings page.',
  pages: pageDefs(SETTINGS_PAGES),
  navItems: navItemDefs(SETTINGS_PAGES),
  setup: (k) => createSettingsService(k),
  routes,
  fixtures: settingsFixtures,
});
