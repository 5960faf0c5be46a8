/**
 * The field each Customer Success object type answers with (customer-success.md section 7: "reads ..."). Shared by
 * the server (a definition's responseKey must match; checked at start) and the workspace client (csGet raises
 * 'invalid return found for request: {status} - {request}' when the field is missing). Add an entry per type (another plugin's object types have their own map, e.g. stack-manager's shared/stack-objects.ts).
 */
export const CS_OBJECT_KEYS = {
  // accounts
  TenantAccountGroup: 'tenantAccountGroups',
  TenantAccountManager: 'tenantAccountManagers',
  // cut scores
  TenantCsHealthCut: 'tenantCsHealthCuts',
  TenantCsEffortCut: 'tenantCsEffortCuts',
  // goals
  TenantCompanyGoal: 'tenantCompanyGoals',
  TenantCompanyGoalTask: 'tenantCompanyGoalTasks',
  TenantCsCrossCompanyGoals: 'tenantCsCrossCompanyGoals',
  // health and effort
  TenantCsHealthMetric: 'tenantCsHealthMetrics',
  TenantCsEffortMetric: 'tenantCsEffortMetrics',
  TenantCsEffortDisplayInfo: 'tenantCsEffortDisplayInfo',
  CompanyCsHealthMetricValues: 'companyCsHealthMetricValues',
  CompanyCsEffortMetricValues: 'companyCsEffortMetricValues',
  CompanyCsHealthMetricHistoricValues: 'companyCsHealthMetricHistoricValues',
  CompanyCsEffortMetricHistoricValues: 'companyCsEffortMetricHistoricValues',
  // segments, dashboard, insights, company detail
  TenantCsSegmentSettings: 'tenantCsSegmentSettings',
  TenantCompanySegment: 'segments',
  TenantCompanyCsSegment: 'segments',
  TenantCsDashboardMetrics: 'dashboardMetrics',
  TenantCsInsights: 'insights',
  CustomerSuccessDetailsTile: 'customerSuccessDetailsTile',
  TenantCompanyProfile: 'tenantCompanyProfile',
  TenantCsHeadlines: 'headlines',
  // contracts as CS reads them (without those a contract filter leaves out)
  TenantCompanyCsContract: 'contracts',
} as const;
