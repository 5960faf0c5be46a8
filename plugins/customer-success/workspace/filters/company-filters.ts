/**
 * The selected company's company-level filters (locations, asset types, asset statuses) for the session: a jotai atom
 * driven by shared/company-filter-rules.ts, started afresh when another company is selected.
 */
import { atom, useAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { useSelectedCompany } from '../../../../workspace/sdk';
import {
  clearCompanyFilters,
  forCompany,
  initialCompanyFilterState,
  selectCompanyFilter,
  selectedCompanyFilterCount,
  type CompanyFilterField,
  type CompanyFilterState,
} from '../../shared/company-filter-rules';

export const companyFilterStateAtom = atom<CompanyFilterState>(initialCompanyFilterState());

export interface UseCompanyFilters {
  selections: CompanyFilterState['selections'];
  changeCount: number;
  count: number;
  select(field: CompanyFilterField, values: number[]): void;
  clear(): void;
}

export function useCompanyFilters(): UseCompanyFilters {
  const { companyId } = useSelectedCompany();
  const [state, setState] = useAtom(companyFilterStateAtom);
  useEffect(() => {
    setState((s) => forCompany(s, companyId ?? null));
  }, [companyId, setState]);
  const current = state.tenantCompanyId === (companyId ?? null) ? state : initialCompanyFilterState(companyId ?? null);
  const select = useCallback(
    (field: CompanyFilterField, values: number[]) => setState((s) => selectCompanyFilter(s, field, values)),
    [setState],
  );
  const clear = useCallback(() => setState((s) => clearCompanyFilters(s)), [setState]);
  return {
    selections: current.selections,
    changeCount: current.changeCount,
    count: selectedCompanyFilterCount(current),
    select,
    clear,
  };
}
