/**
 * Customer Success's own object types of the object API (customer-success.md section 7), registered into
 * csObjectsPoint by plugin.ts like any other plugin's. To add one: define it with defineCsObject in
 * server/<area>/objects.ts and list it here (another plugin registers its own: see README.md).
 */
import type { CsObjectDef } from './object-api/registry';
import { tenantAccountGroup, tenantAccountManager } from './accounts/objects';
import { tenantCsEffortCut, tenantCsHealthCut } from './cuts/objects';
import { tenantCompanyGoal, tenantCompanyGoalTask, tenantCsCrossCompanyGoals } from './goals/objects';
import { METRIC_OBJECTS } from './metrics/objects';
import { SEGMENT_OBJECTS } from './segments/objects';
import { tenantCsDashboardMetrics } from './dashboard/objects';
import { tenantCsInsights } from './insights/objects';
import { DETAIL_OBJECTS } from './detail/objects';

export const CS_OBJECTS: CsObjectDef[] = [
  // accounts
  tenantAccountGroup,
  tenantAccountManager,
  // cut scores
  tenantCsHealthCut,
  tenantCsEffortCut,
  // goals
  tenantCompanyGoal,
  tenantCompanyGoalTask,
  tenantCsCrossCompanyGoals,
  // health and effort
  ...METRIC_OBJECTS,
  // segments, dashboard, insights, company detail
  ...SEGMENT_OBJECTS,
  tenantCsDashboardMetrics,
  tenantCsInsights,
  ...DETAIL_OBJECTS,
];
