/**
 * Filter resolvers of filteredGet, by field. tenantCompanyIds and tenantCompanyGoalIds are built in
 * (filters/resolve.ts); segmentIds (segments area) and healthCodes / effortCodes (metrics area) are added by
 * their areas: define with defineCsFilterResolver and list here.
 */
import { groupFilter, managerFilter } from '../accounts/filters';
import { effortCodeFilter, healthCodeFilter } from '../metrics/filters';
import { segmentFilter } from '../segments/filters';
import type { CsFilterResolverDef } from './resolver';

export const CS_FILTER_RESOLVERS: CsFilterResolverDef[] = [
  managerFilter,
  groupFilter,
  segmentFilter, // segments
  healthCodeFilter, // health and effort
  effortCodeFilter,
];
