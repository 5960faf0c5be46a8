/**
 * The contracts as every Customer Success view reads them: the companies plugin's contractsOf without the contracts
 * whose vendor or account is excluded by an active TenantCsContractExclude row (values compared unescaped, by
 * shared/contract-exclusion-match.ts). Segments' monthly value, the dashboard, insights, headlines and the details
 * tile all read contracts through server/segments/contracts.ts, which calls this.
 */
import type { Trx } from '../../../../kernel/index';
import { contractsOf } from '../../../companies/public';
import { excludedKeys, isContractExcluded } from '../../shared/contract-exclusion-match';
import { listExclusions } from './store';

export async function csContractsOf(db: Trx, opts: { tenantCompanyId?: number } = {}): ReturnType<typeof contractsOf> {
  const exclusions = await listExclusions(db, 1);
  const contracts = await contractsOf(db, opts);
  if (exclusions.length === 0) return contracts;
  const keys = excludedKeys(exclusions);
  return contracts.filter((c) => !isContractExcluded(c, keys));
}
