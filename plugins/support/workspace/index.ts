/**
 * The browser side of support: /support for tenants, /lcisupport/supportRequests for internal support (lazy chunks),
 * and its card on internal support's hub /lcisupport (the shell's supportHubCards slot) with the open count.
 */
import { defineWorkspacePlugin, pageNavIcons, pageRoutes } from '../../../workspace/sdk';
import { SUPPORT_INBOX_PAGE, SUPPORT_PAGE, SUPPORT_PAGES } from '../shared/pages';

export default defineWorkspacePlugin({
  id: 'support',
  routes: pageRoutes(SUPPORT_PAGES, {
    [SUPPORT_PAGE]: () => import('./SupportPage'),
    [SUPPORT_INBOX_PAGE]: () => import('./SupportInboxPage'),
  }),
  navIcons: pageNavIcons(SUPPORT_PAGES),
  slots: {
    supportHubCards: [
      {
        id: 'supportRequests',
        title: 'Support Requests',
        description: 'Requests tenants filed: answer them, follow their replies.',
        icon: 'inbox',
        page: SUPPORT_INBOX_PAGE,
        internalOnly: true,
        order: 10,
        figure: () => import('./OpenRequestsFigure'),
      },
    ],
  },
});
