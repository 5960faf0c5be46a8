/**
 * The field each Customer Success object type answers with (customer-success.md section 7: "reads ..."). Shared by
 * the server (a definition's responseKey must match; checked at start) and the workspace client (csGet raises
 * 'invalid return found for request: {status} - {request}' when the field is missing). Add an entry per type.
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
  // stack (catalogue: services, categories, tags, company tags)
  TenantCsStackService: 'tenantCsStackServices',
  TenantCsStackCategory: 'tenantCsStackCategories',
  TenantCsStackTag: 'tenantCsStackTags',
  TenantCompanyCsStackTagManager: 'tenantCompanyCsStackTags',
  // stack alignment and the overview matrix
  TenantCompanyStackAlignment: 'tenantCompanyStackAlignments',
  TenantCsRptStackMatrix: 'stackMatrix',
  // contract exclusions
  TenantCsContractExclude: 'tenantCsContractExcludes',
} as const;

export type CsObjectName = keyof typeof CS_OBJECT_KEYS;
