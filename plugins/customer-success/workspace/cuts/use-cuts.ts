/** The tenant's cuts of a type (POST v3/tenant/{tenantId}/cutscores get_cuts -> cut_scores), for colouring scores. */
import { useEffect, useState } from 'react';
import { api, useTenant } from '../../../../workspace/sdk';
import { defaultCuts, type CutsType, type CutVariant } from '../../shared/cut-scores';
import { expectField, tenantIdOrThrow } from '../cs-api';

export interface CutRow {
  max: number;
  max_score: number;
  variant: CutVariant;
  color: string;
  tenantCsHealthCutId?: number | null;
  tenantCsEffortCutId?: number | null;
}

export async function fetchCuts(tenantId: unknown, cutsType: CutsType): Promise<CutRow[]> {
  const path = `/v3/tenant/${tenantIdOrThrow(tenantId)}/cutscores`;
  const r = expectField<{ cut_scores: CutRow[] }>(
    await api.post(path, { operation: 'get_cuts', payload: { cutsType } }),
    'cut_scores',
    `POST ${path} get_cuts`,
  );
  return r.cut_scores;
}

/** The cuts of a type; the defaults until loaded (and when loading fails). `reload` after a save. */
export function useCuts(cutsType: CutsType): { cuts: CutRow[]; reload(): void } {
  const tenant = useTenant();
  const [cuts, setCuts] = useState<CutRow[]>(() =>
    defaultCuts(cutsType).map((c) => ({ ...c, max_score: c.max, color: '' })),
  );
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    fetchCuts(tenant?.tenantId, cutsType).then(
      (c) => {
        if (live) setCuts(c);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [tenant?.tenantId, cutsType, n]);
  return { cuts, reload: () => setN((x) => x + 1) };
}
