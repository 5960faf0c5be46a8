/**
 * What the segments, dashboard, insights and company detail areas add to the plugin definition: their pages
 * (permission keys), menu entries and the realtime function customerSegments.
 */
import type { NavItemDef, PageDef, RealtimeFunctionDef } from '../../../../kernel/index';
import { CS_MODULE } from '../object-api/routes';
import { COMPANY_DETAIL_PAGE, CS_DASHBOARD_PAGE } from '../pages';
import { INSIGHTS_PAGE, SEGMENT_MANAGER_PAGE } from './pages';
import { customerSegments } from './realtime';
import type { CsServices } from '../services';

export const AREA_PAGES: PageDef[] = [
  { url: CS_DASHBOARD_PAGE, title: 'Customer Success Dashboard' },
  { url: SEGMENT_MANAGER_PAGE, title: 'Segment Manager' },
  { url: INSIGHTS_PAGE, title: 'Insights' },
  { url: COMPANY_DETAIL_PAGE, title: 'Company Detail' },
];

export const AREA_NAV_ITEMS: NavItemDef[] = [
  { url: CS_DASHBOARD_PAGE, title: 'Customer Success Dashboard', level: 1, icon: 'dashboard', modules: ['Customer Success'], sort: 10 },
  { url: SEGMENT_MANAGER_PAGE, title: 'Segment Manager', level: 1, icon: 'scatter-plot', modules: ['Customer Success'], sort: 20 },
  { url: INSIGHTS_PAGE, title: 'Insights', level: 1, icon: 'lightbulb', modules: ['Customer Success'], sort: 25 },
];

/**
 * customerSegments stores the fresh placements it computes: a write, like its normal-call twin (TenantCompanySegment
 * action refresh: module Customer Success, write), so both pass the same checks (maintenance, billing's write guard).
 */
export const areaRealtime = (cs: CsServices): Record<string, RealtimeFunctionDef> => ({ customerSegments: { handler: customerSegments(cs), module: CS_MODULE, write: true } });
