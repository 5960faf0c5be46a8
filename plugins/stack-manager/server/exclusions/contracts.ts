/**
 * Contract exclusions as Customer Success's contract filter (csContractFiltersPoint): CS leaves out of every view
 * (segments' monthly value, the dashboard, insights, headlines, the details tile) the contracts whose vendor or
 * account is excluded by an active TenantCsContractExclude row (values compared unescaped, by
 * shared/contract-exclusion-match.ts).
 */
import type { CsContractFilterDef } from '../../../customer-success/public';
import { excludedKeys, isContractExcluded } from '../../shared/contract-exclusion-match';
import { listExclusions } from './store';

export const contractExclusionFilter: CsContractFilterDef = {
  name: 'contract-exclusions',
  async excludes(db) {
    const exclusions = await listExclusions(db, 1);
    if (exclusions.length === 0) return null;
    const keys = excludedKeys(exclusions);
    return (contract) => isContractExcluded(contract, keys);
  },
};
