/**
 * Support requests (platform.md 2.4 "support (issueType, priorityLevel)"): tenants file requests to internal
 * support from /support (attachments through signed upload links, mail through the outbox) and follow their status
 * and answers; internal support lists, filters and answers them on /lcisupport/supportRequests.
 */
import { navItemDefs, pageDefs } from '../../common/pages';
import { definePlugin } from '../../kernel/index';
import { supportFixtures } from './server/fixtures';
import { routes } from './server/routes';
import { createSupportService, type SupportInstance } from './server/service';
import { SUPPORT_PAGES } from './shared/pages';

export default definePlugin<SupportInstance>({
  id: 'support',
  // No module: an area every tenant has (README "Modules"); 'Any' says so, a route that needs one declares it.
  module: 'Any',
  description: 'Support requests: filed by tenants on /support, answered by internal support on /lcisupport.',
  pages: pageDefs(SUPPORT_PAGES),
  navItems: navItemDefs(SUPPORT_PAGES),
  setup: (k) => createSupportService(k),
  routes,
  fixtures: supportFixtures,
});
