/**
 * The assets pages, declared once (common/pages.ts): plugin.ts derives its pages and nav items from them, the
 * workspace (later) its routes and nav icons. The url is the permission key of every asset route too.
 */
import { declarePages } from '../../../common/pages';

/**
 * The "asset list" of the home area (platform.md 2.4), named as the spec's "user list" is (/userList). Not /assets:
 * the workspace serves its built files under /assets/.
 */
export const ASSET_LIST_PAGE = '/assetList';

export const ASSETS_PAGES = declarePages({
  pages: [
    {
      url: ASSET_LIST_PAGE,
      title: 'Asset List',
      icon: 'desktop',
      // No nav entry until the workspace page exists (issue 17 part 3): then
      // nav: { title: 'Assets', level: 1, modules: ['Core', 'AIR'], sort: 40 } (its modules: Core and AIR).
    },
  ],
});
