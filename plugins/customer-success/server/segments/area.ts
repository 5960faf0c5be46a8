/**
 * What the segments, dashboard, insights and company detail areas add to the plugin definition: the realtime
 * function customerSegments (their pages and menu entries are declared in shared/pages.ts).
 */
import type { RealtimeFunctionDef } from '../../../../kernel/index';
import { CS_MODULE } from '../object-api/paths';
import { customerSegments } from './realtime';
import type { CsServices } from '../services';

/**
 * customerSegments stores the fresh placements it computes: a write, like its normal-call twin (TenantCompanySegment
 * action refresh: module Customer Success, write), so both pass the same checks (maintenance, billing's write guard).
 */
export const areaRealtime = (cs: CsServices): Record<string, RealtimeFunctionDef> => ({
  customerSegments: { handler: customerSegments(cs), module: CS_MODULE, write: true },
});
