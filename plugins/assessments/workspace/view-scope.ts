/**
 * The companies the current module view shows (platform.md 1: the Assessment Only view lists assessment-only
 * companies): the shell's rule (workspace/guard.ts companiesForView), so the assessment pages agree with the
 * company selector. `restricted`: the view shows fewer than the active companies.
 */
import { useMemo } from 'react';
import { companiesForView, useCompanies, useModuleView, type Company } from '../../../workspace/sdk';

export interface ViewScope {
  /** null while the companies load. */
  companies: Company[] | null;
  restricted: boolean;
  /** The view's company ids (a Set for filtering rows). */
  ids: Set<number> | null;
  view: string | null;
}

export function useViewScope(): ViewScope {
  const all = useCompanies();
  const view = useModuleView();
  return useMemo(() => {
    if (!all) return { companies: null, restricted: false, ids: null, view: view?.text ?? null };
    const inView = companiesForView(all, view);
    const restricted = inView.length < companiesForView(all, null).length;
    return {
      companies: [...inView].sort((x, y) => x.name.localeCompare(y.name)),
      restricted,
      ids: new Set(inView.map((c) => c.tenant_company_id)),
      view: view?.text ?? null,
    };
  }, [all, view]);
}
