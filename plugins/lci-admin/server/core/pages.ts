/** Pages and navigation items of the areas, the summary, maintenance mode, impersonation and the audit log (declared in shared/pages.ts). */
import { navItemDefs, pageDefs } from '../../../../common/pages';
import { CORE_PAGE_DECLS } from '../../shared/pages';

export const CORE_PAGES = pageDefs(CORE_PAGE_DECLS);
/** The kernel's catalogue already has the area entries /lciadmin, /lciadmin/adminsummary and /lcisupport (kernel/access/catalog.ts). */
export const CORE_NAV = navItemDefs(CORE_PAGE_DECLS);
