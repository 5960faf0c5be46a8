/**
 * The field each stack object type of the CS object API answers with (customer-success.md section 7), shared by the
 * server (defineStackObject checks a definition's responseKey) and the workspace client (a missing field raises
 * 'invalid return found for request: {status} - {request}').
 */
export const STACK_OBJECT_KEYS = {
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
