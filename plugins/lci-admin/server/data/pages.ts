/** Pages and navigation items of part "data" (declared in shared/pages.ts). */
import { navItemDefs, pageDefs } from '../../../../common/pages';
import { DATA_PAGE_DECLS } from '../../shared/pages';

export const DATA_PAGES = pageDefs(DATA_PAGE_DECLS);
export const DATA_NAV = navItemDefs(DATA_PAGE_DECLS);
