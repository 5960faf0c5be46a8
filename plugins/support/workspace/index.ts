/** The browser side of support: /support for tenants, /lcisupport/supportRequests for internal support (lazy chunks). */
import { defineWorkspacePlugin, pageNavIcons, pageRoutes } from '../../../workspace/sdk';
import { SUPPORT_INBOX_PAGE, SUPPORT_PAGE, SUPPORT_PAGES } from '../shared/pages';

export default defineWorkspacePlugin({
  id: 'support',
  routes: pageRoutes(SUPPORT_PAGES, {
    [SUPPORT_PAGE]: () => import('./SupportPage'),
    [SUPPORT_INBOX_PAGE]: () => import('./SupportInboxPage'),
  }),
  navIcons: pageNavIcons(SUPPORT_PAGES),
});
