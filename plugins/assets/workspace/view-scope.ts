/**
 * The companies the current module view shows (platform.md 1: the Asset Insights view lists AIR-only companies; the
 * Assessment Only view assessment-only ones), as the asset pages pass them to the server: `ids` is undefined when the
 * view shows every active company (no filter: the whole tenant), else the view's company ids (tenantCompanyIds=).
 * The rule is the shell's (workspace/guard.ts companiesForView), so the pages agree with the company selector.
 */
import { useMemo } from 'react';
import { companiesForView, useCompanies, useModuleView, type Company } from '../../../workspace/sdk';

export interface ViewScope {
  /** null while the companies load. */
  companies: Company[] | null;
  /** The view's companies are fewer than the active companies (AIR or Assessment Only view). */
  restricted: boolean;
  ids: number[] | undefined;
  view: string | null;
}

export function useViewScope(): ViewScope {
  const all = useCompanies();
  const view = useModuleView();
  return useMemo(() => {
    if (!all) return { companies: null, restricted: false, ids: undefined, view: view?.text ?? null };
    const inView = companiesForView(all, view);
    const restricted = inView.length < companiesForView(all, null).length;
    return {
      companies: [...inView].sort((x, y) => x.name.localeCompare(y.name)),
      restricted,
      ids: restricted ? inView.map((c) => c.tenant_company_id) : undefined,
      view: view?.text ?? null,
    };
  }, [all, view]);
}

/** The ids to ask for: the chosen company when it is in the view, else the view's (undefined: all). */
export function scopeIds(scope: ViewScope, chosen: number | null): number[] | undefined {
  if (chosen !== null && scope.companies?.some((c) => c.tenant_company_id === chosen)) return [chosen];
  return scope.ids;
}
