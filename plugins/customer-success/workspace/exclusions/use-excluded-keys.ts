/**
 * The active contract exclusions as match keys, for workspace views that read contracts from the companies plugin
 * directly (the company detail's contracts tile). null while loading; no exclusions when they cannot be loaded.
 */
import { useEffect, useState } from 'react';
import type { ContractExclusion } from '../../shared/contract-exclusion';
import { excludedKeys, type ExcludedKeys } from '../../shared/contract-exclusion-match';
import { useCsApi } from '../cs-api';

export function useExcludedKeys(): ExcludedKeys | null {
  const cs = useCsApi();
  const [keys, setKeys] = useState<ExcludedKeys | null>(null);
  useEffect(() => {
    let live = true;
    cs.csGet<'TenantCsContractExclude', ContractExclusion[]>('TenantCsContractExclude')
      .then((r) => { if (live) setKeys(excludedKeys(r.tenantCsContractExcludes)); }, () => { if (live) setKeys(excludedKeys([])); });
    return () => { live = false; };
  }, [cs]);
  return keys;
}
