/** The plan's company limit as the companies page shows it (GET companylimit): may one more company be active? */
import type { z } from 'zod';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../workspace/sdk';
import type { companyLimitAnswer } from '../shared/company-limit';

export type CompanyLimit = z.infer<typeof companyLimitAnswer>;

export function useCompanyLimit(tenantId: number | undefined): { limit: CompanyLimit | null; reload(): Promise<void> } {
  const [limit, setLimit] = useState<CompanyLimit | null>(null);
  const reload = useCallback(async () => {
    if (!tenantId) return;
    try {
      setLimit(await api.get<CompanyLimit>(`/v3/tenant/${tenantId}/companylimit`));
    } catch {
      setLimit(null); // the server still refuses what the plan does not allow
    }
  }, [tenantId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { limit, reload };
}
