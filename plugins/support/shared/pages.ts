/**
 * The support pages, declared once (common/pages.ts): /support for every tenant user (one of the pages that stay
 * open in a company-limit violation), and the internal inbox in the /lcisupport area.
 */
import { declarePages } from '../../../common/pages';

export const SUPPORT_PAGE = '/support';
export const SUPPORT_INBOX_PAGE = '/lcisupport/supportRequests';

export const SUPPORT_PAGES = declarePages({
  pages: [
    { url: SUPPORT_PAGE, title: 'Support', icon: 'help', module: 'Any', neverHide: true, nav: { level: 1, sort: 900 } },
    {
      url: SUPPORT_INBOX_PAGE,
      title: 'Support Requests',
      icon: 'inbox',
      internalOnly: true,
      module: 'Any',
      route: { page: false },
      nav: { level: 2, parent: '/lcisupport', sort: 10 },
    },
  ],
});
